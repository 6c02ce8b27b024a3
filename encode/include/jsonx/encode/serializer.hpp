// Serializing into a caller's fixed buffer, resumably (as Boost.JSON's serializer does):
//
//   jsonx::parsed_source source(json_text);   // or the DOM's event source for a document
//   jsonx::serializer s(options);
//   s.reset(source);
//   char buffer[4096];
//   while (!s.done()) send(s.read(buffer));   // any buffer size, down to 1 byte
//
// The output is byte for byte what a writer with the same options prints, whatever the buffer
// sizes. How: the serializer pulls events from a source one step at a time and lets its writer
// print straight into the caller's buffer; when the buffer fills in the middle of a step, the
// rest of that step's output is kept in a small spill buffer and handed out first by the next
// read(). Memory is bounded by one step's output (a step is one event for a document, one input
// slice for parsed_source), never by the document.
#pragma once

#include <concepts>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>

#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/error.hpp"
#include "jsonx/sax/parse_options.hpp"
#include "jsonx/sax/push_parser.hpp"

namespace jsonx {

/// Produces a JSON text as writer events, a step at a time. write_next() writes the next few
/// events (keep a step small: one value or one container boundary) and returns true while there
/// is more to write; false once the text is complete, or if it failed (set `ec`, or leave it to
/// the writer's error()).
template <class S>
concept event_source = requires(S& source, writer& w, std::error_code& ec) {
  { source.write_next(w, ec) } -> std::convertible_to<bool>;
};

class serializer {
 public:
  explicit serializer(const write_options& options = {});
  ~serializer();
  serializer(const serializer&) = delete;
  serializer& operator=(const serializer&) = delete;

  /// Starts serializing `source`, which must outlive the serialization.
  template <event_source S>
  void reset(S& source) {
    start(&source, [](void* s, writer& w, std::error_code& ec) -> bool {
      return static_cast<S*>(s)->write_next(w, ec);
    });
  }

  /// Writes the next bytes of the output to buffer[0, size): as many as fit. Returns how many;
  /// fewer than `size` only when the output is done, or on error (`ec` set).
  std::size_t read(char* buffer, std::size_t size, std::error_code& ec);
  /// Throwing flavour: returns the part of `buffer` written. Throws write_exception, or
  /// parse_exception for a parsed_source's bad input.
  std::string_view read(std::span<char> buffer);

  /// True once every byte of the output has been read.
  bool done() const noexcept;
  const std::error_code& error() const noexcept { return error_; }

 private:
  class spill_sink;
  using step_function = bool (*)(void*, writer&, std::error_code&);
  void start(void* source, step_function step);

  std::unique_ptr<spill_sink> sink_;
  std::unique_ptr<writer> writer_;
  void* source_ = nullptr;
  step_function step_ = nullptr;
  bool source_done_ = true;
  std::error_code error_;
};

/// An event_source that parses a JSON text held in memory, a slice at a time: a serializer over
/// it reformats (minifies, pretty-prints) into fixed buffers. Parse errors are reported by
/// read() as parse_errc codes, with the details in parse_error().
class parsed_source {
 public:
  static constexpr std::size_t default_slice_size = 4096;
  explicit parsed_source(std::string_view json, const parse_options& options = {},
                         std::size_t slice_size = default_slice_size)
      : json_(json), options_(options), slice_size_(slice_size ? slice_size : 1) {}

  bool write_next(writer& w, std::error_code& ec) {
    if (!parser_) parser_.emplace(w, options_);
    if (consumed_ < json_.size()) {
      std::string_view slice = json_.substr(consumed_, slice_size_);
      consumed_ += slice.size();
      parser_->feed(slice, ec);
      if (ec) return fail(w, ec);
      return true;
    }
    parser_->finish(ec);
    if (ec) return fail(w, ec);
    return false;
  }
  const jsonx::parse_error& parse_error() const noexcept { return error_; }

 private:
  bool fail(writer& w, std::error_code& ec) {
    error_ = parser_->error();
    // A stop by the writer is the writer's error; report that one.
    if (ec == parse_errc::stopped_by_handler && w.failed()) ec = w.error();
    return false;
  }

  std::string_view json_;
  parse_options options_;
  std::size_t slice_size_;
  std::size_t consumed_ = 0;
  std::optional<push_parser<writer>> parser_;
  jsonx::parse_error error_;
};

}  // namespace jsonx
