// How jsonx prints a parse error, for every command:
//
//   jsonx: data.json: expected ',' or ']' after an array element at line 3, column 19 (byte 39)
//     [1, 2, 3 "streaming"]
//            ^
//
// The excerpt is built from the bytes the tool read, not from parse_error::excerpt, because
// the parser only holds its current chunk: with small chunks its excerpt would shrink to a
// byte or two. Here it is the same whatever --chunk-size is. The reporter keeps the last bytes
// before the chunk being parsed, and when an error is found near the end of a chunk it waits
// for the next chunk to supply the bytes after the error (in --lines mode the parse goes on
// meanwhile, so the reporter must not hold a pointer into the chunk).
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "jsonx/sax/error.hpp"
#include "progress_bar.hpp"

namespace jsonx::cli {

/// A parse error placed in the input as the user sees it: offset, line and column in the
/// input (after decompression). Its excerpt, the parser's own, is used when the offset lies
/// before the bytes the reporter kept (a token longer than its history).
using located_error = jsonx::parse_error;

class error_reporter {
 public:
  /// Errors go to `err` as "jsonx: NAME: ..."; the progress bar is erased before each.
  error_reporter(std::string name, std::FILE* err, progress_bar& bar)
      : name_(std::move(name)), err_(err), bar_(&bar) {}

  /// A chunk starting at input offset `offset` is about to be parsed: a waiting report takes
  /// the bytes it still needs from it.
  void begin_chunk(std::string_view chunk, std::uint64_t offset);
  /// Reports `error`, found while parsing `chunk` (the one given to begin_chunk). Printed at
  /// once if the excerpt is complete, else at the next begin_chunk() or finish(). `prefix`
  /// goes before the message ("record 3: ").
  void report(const located_error& error, std::string_view chunk, std::string prefix = {});
  /// The chunk has been parsed: its last bytes become the history.
  void end_chunk(std::string_view chunk);
  /// True while a report waits for the bytes after its error.
  bool waiting() const noexcept { return pending_.has_value(); }
  /// The input has ended: prints a waiting report.
  void finish();

  /// Prints "jsonx: NAME: text" (after erasing the progress bar).
  void print_message(const std::string& text);

 private:
  void print_pending();

  std::string name_;
  std::FILE* err_;
  progress_bar* bar_;
  std::string history_;  // the last bytes before the current chunk
  std::uint64_t history_start_ = 0;
  std::uint64_t chunk_offset_ = 0;
  // A report waiting for the bytes after its error.
  std::optional<located_error> pending_;
  std::string pending_prefix_;
  std::string pending_window_;
  std::uint64_t pending_window_start_ = 0;
};

}  // namespace jsonx::cli
