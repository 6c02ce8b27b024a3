// The inputs of the `partial` tasks: documents made of twitter.json's statuses, arriving in
// small deltas, with a snapshot of the document so far after every delta.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "bench_cases.hpp"
#include "partial_closer.hpp"

namespace jsonx_bench {

/// The bytes of each delta of the `partial` tasks (a streamed model's output arrives a token,
/// a few bytes, at a time).
inline constexpr std::size_t partial_delta = 8;

/// A generated document: `{"statuses":[...]}` holding statuses of twitter.json, compact.
struct partial_document {
  corpus_file file;  ///< name "twitter_2k", ...; text; the reference tally (simdjson's DOM)
  std::size_t statuses = 0;
  std::size_t target_bytes = 0;
};

/// twitter_2k, twitter_20k, twitter_200k: for targets of 2, 20 and 200 KiB, the statuses of
/// twitter.json in file order, each minified (simdjson::to_string, raw UTF-8, as ndjson's
/// twitter_statuses) and added if the document stays within the target (one that would overflow
/// it is skipped and the next ones tried); a target no status fits (2 KiB: the smallest is 2,118
/// bytes) gets the smallest status alone. Built on first call; empty if twitter.json is absent.
std::span<const partial_document> partial_documents();

/// A task of snapshots, the mode they are taken in, and its closer_mode for the re-parse.
struct partial_task {
  std::string_view name;
  bool trailing;  ///< jsonx::partial_mode::trailing (strings and numbers kept), else strict
  closer_mode closer() const noexcept { return {trailing, trailing}; }
};
inline constexpr partial_task partial_tasks[] = {{"partial", true}, {"partial_strict", false}};

/// The snapshots whose values are checked (outside timing) among `count`: all of them for up
/// to 512 deltas, else the first 256, every 64th and the last.
inline bool checked_snapshot(std::size_t index, std::size_t count) noexcept {
  return count <= 512 || index < 256 || index % 64 == 0 || index + 1 == count;
}

/// The counters of a snapshot case, set after its loop: `snapshots` (deltas of `delta` bytes in
/// `text`: snapshots per document, or feeds per document without them), `ns_per_snapshot`
/// (CPU time per delta), and `mean_depth` (the open containers at the cuts, averaged: what a
/// snapshot's closing costs).
void report_snapshot_counters(benchmark::State& state, std::string_view text, std::size_t delta);

/// jsonx's side of the check of the re-parse, defined in jsonx_partial_adapter.cpp (no peer's
/// adapter includes jsonx, and the native ones are compiled with -march=native): a dom::parser
/// fed the document in order, whose snapshots are handed out serialized.
class jsonx_snapshots {
 public:
  explicit jsonx_snapshots(bool trailing);
  ~jsonx_snapshots();
  /// Feeds the next bytes; false, with `error` set, if the parser fails.
  bool feed(std::string_view bytes, std::string& error);
  /// The snapshot of what was fed, compact ("" for an empty document); false, with `error`
  /// set, if partial() fails.
  bool snapshot(std::string& out, std::string& error);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// `json` parsed and written compact by jsonx: the form in which the checks compare values
/// (so that number and escape formatting cannot differ); a message in parentheses if jsonx
/// rejects it.
std::string jsonx_normal_form(std::string_view json);

/// Where two serialized values first differ, with a few bytes of each from there, for
/// mismatch messages: "at byte N: `...` vs `...`".
std::string first_difference(std::string_view got, std::string_view expected);

}  // namespace jsonx_bench
