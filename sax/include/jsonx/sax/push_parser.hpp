// The resumable push parser: feed() chunks of any size, cut at any byte, then finish().
//
//   jsonx::push_parser parser(handler);
//   while (read(chunk)) parser.feed(chunk);   // throws jsonx::parse_exception on bad input
//   parser.finish();
//
// The handler sees exactly the same events, and the same verdict, however the input is cut.
// feed() keeps no pointer into the caller's bytes after it returns: a token cut by the chunk
// end is copied (only that token). Strings wholly inside one chunk that need no unescaping
// reach the handler as views into the chunk.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <system_error>

#include "jsonx/sax/detail/parser_core.hpp"
#include "jsonx/sax/error.hpp"
#include "jsonx/sax/handler.hpp"
#include "jsonx/sax/lookahead.hpp"
#include "jsonx/sax/parse_options.hpp"
#include "jsonx/sax/partial.hpp"

namespace jsonx {

template <handler H>
class push_parser {
 public:
  explicit push_parser(H& handler, const parse_options& options = {}) : core_(handler, options) {}

  /// Parses the next piece of input. Returns how many bytes of `chunk` were consumed: all of
  /// them, unless the parse ended inside it (an error, a handler stop, or the end of the first
  /// value with parse_options::stop_after_value, where the rest belongs to the caller).
  /// After a failure it consumes nothing and sets parse_errc::parser_failed; error() keeps
  /// the first error until reset().
  std::size_t feed(std::string_view chunk, std::error_code& ec) { return core_.feed(chunk, ec); }
  /// feed() for a stream decoder that parses value after value out of one buffer
  /// (jsonx/sax/lookahead.hpp): the bytes from the chunk's end up to ahead.end may be indexed
  /// with it, never parsed, and that index is kept, across reset() too, for the next feeds of
  /// the same ahead.buffer_id: a new value after the one that ended, or the same value going on.
  /// Events and verdicts are exactly those of feed(chunk, ec).
  std::size_t feed(std::string_view chunk, lookahead ahead, std::error_code& ec) {
    return core_.feed(chunk, ahead, ec);
  }
  /// Throwing flavour of feed(): throws parse_exception exactly when the error-code flavour
  /// reports an error, a handler's stop (stopped_by_handler, condition::stopped) included.
  std::size_t feed(std::string_view chunk) {
    std::error_code ec;
    std::size_t used = core_.feed(chunk, ec);
    if (ec) throw parse_exception(core_.error());
    return used;
  }

  /// Declares the end of the input: what was fed must be complete. After a failure it sets
  /// the failure's code again.
  void finish(std::error_code& ec) { core_.finish(ec); }
  /// Throwing flavour of finish(): throws parse_exception as feed() does.
  void finish() {
    std::error_code ec;
    core_.finish(ec);
    if (ec) throw parse_exception(core_.error());
  }

  /// Snapshots of a text still arriving (jsonx/sax/partial.hpp), between feeds: sends `sink`
  /// the events that close what was fed so far (the value cut by the end if `mode` keeps it,
  /// then the end of each open container with the count it keeps; sink.discard_key() where
  /// the last member's key has no value kept). The parser is left as it was: the sink takes
  /// the events back (dom::parser's partial() is built on this). False, with error() set, if
  /// the input is already invalid.
  template <class Sink>
  bool emit_partial_close(Sink& sink, partial_mode mode) {
    return core_.emit_partial_close(sink, mode);
  }
  /// Between feeds: true if finish() would find the value complete, false if the input so
  /// far is cut short (a container, string or number open) or failed.
  bool complete_if_finished() const noexcept { return core_.complete_if_finished(); }

  /// True once a complete top-level value has ended the parse: after finish() succeeded, or
  /// with stop_after_value as soon as the first value is complete.
  bool done() const noexcept { return core_.done(); }
  /// True after an error or a handler stop; error() tells which.
  bool failed() const noexcept { return core_.failed(); }
  /// The error, with offset, line, column and excerpt (code is ok if none).
  const parse_error& error() const noexcept { return core_.error(); }
  /// Bytes consumed since the last reset, across all feeds.
  std::uint64_t bytes_consumed() const noexcept { return core_.bytes_consumed(); }
  /// Between feeds: the bytes of earlier chunks the parser keeps (copied) for the token cut
  /// by the last chunk end, whose events are still to come (0 if no token is cut; a string's
  /// opening quote and the parts already delivered are not kept).
  std::size_t bytes_held() const noexcept { return core_.bytes_held(); }
  /// Top-level values completed since the last reset.
  std::uint64_t values_completed() const noexcept { return core_.values_completed(); }
  /// The kernel indexing this parser's input.
  simd::kernel_id kernel() const noexcept { return core_.kernel(); }
  /// Calls of the indexer since construction (a statistic: a window of up to 32 KiB each, a
  /// lookahead's kept index shows as fewer).
  std::uint64_t windows_indexed() const noexcept { return core_.windows_indexed(); }
  const parse_options& options() const noexcept { return core_.options(); }
  H& handler() noexcept { return core_.handler(); }

  /// Ready for a new input; buffers are kept, so reuse does not reallocate.
  void reset() noexcept { core_.reset(); }
  /// Ready for a new input, with another handler.
  void reset(H& handler) noexcept { core_.reset(handler); }

 private:
  detail::parser_core<H> core_;
};

/// Parses a whole buffer. Returns false and fills `error` on failure (a handler stop included).
template <handler H>
bool parse(std::string_view input, H& handler, parse_error& error,
           const parse_options& options = {}) {
  detail::parser_core<H> core(handler, options);
  std::error_code ec;
  core.feed(input, ec);
  if (!ec) core.finish(ec);
  error = core.error();
  return !ec;
}

/// Parses a whole buffer; throws parse_exception on failure (a handler's stop included, as
/// for feed() and finish()).
template <handler H>
void parse(std::string_view input, H& handler, const parse_options& options = {}) {
  parse_error error;
  if (!parse(input, handler, error, options)) throw parse_exception(std::move(error));
}

}  // namespace jsonx
