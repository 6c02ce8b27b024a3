// Feeding an input to a push_parser in chunks, the way the invariants demand it be tested.
//
// Every chunk is copied into a heap buffer of exactly its size, which is overwritten and freed as
// soon as feed() returns: a parser that reads past a chunk (invariant 5) or keeps a pointer into
// it after feed() (invariant 2) sees garbage, and AddressSanitizer reports the access.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "jsonx/sax/push_parser.hpp"
#include "jsonx/simd/kernel.hpp"

namespace jsonx::test {

/// How an input is cut into chunks.
class chunking {
 public:
  /// One chunk holding everything.
  static chunking whole() { return chunking(kind::whole, 0, 0); }
  /// Two chunks, cut before byte `offset` (0 and size give an empty first/last chunk).
  static chunking split_at(std::size_t offset) { return chunking(kind::split, offset, 0); }
  /// Chunks of `size` bytes (the last may be shorter); 1 is byte by byte.
  static chunking fixed(std::size_t size) { return chunking(kind::fixed, size, 0); }
  /// Chunks of random sizes in [0, max_size] (empty chunks included), from `seed`.
  static chunking random(std::uint64_t seed, std::size_t max_size) {
    return chunking(kind::random, max_size == 0 ? 1 : max_size, seed);
  }

  /// Size of the next chunk, the input having `remaining` bytes left after `offset`.
  std::size_t next(std::size_t offset, std::size_t remaining);
  /// "whole", "split at 17", "chunks of 1", "random chunks <= 64, seed 3".
  std::string describe() const;

 private:
  enum class kind { whole, split, fixed, random };
  chunking(kind k, std::size_t size, std::uint64_t seed) : kind_(k), size_(size), state_(seed) {}
  kind kind_;
  std::size_t size_;
  std::uint64_t state_;
  std::uint64_t seed_ = state_;
};

/// What a parse came to.
struct parse_outcome {
  bool accepted = false;             ///< no error from feed() or finish()
  parse_error error;                 ///< the parser's error() at the end
  std::string log;                   ///< the recorder's event log
  std::string check_failures;        ///< the recorder's failed value checks ("" if none)
  std::uint64_t bytes_consumed = 0;  ///< sum of feed() results
  bool done = false;                 ///< parser.done() at the end
  std::size_t feeds = 0;             ///< feed() calls made
};

/// Feeds `input` cut by `cut` to `parser` (fresh or reset), then finish() (unless a feed failed,
/// or stop_after_value ended the parse early), and collects what `recorder` saw.
template <class Recorder>
parse_outcome feed_all(push_parser<Recorder>& parser, Recorder& recorder, std::string_view input,
                       chunking cut) {
  parse_outcome outcome;
  std::error_code ec;
  bool ended_early = false;
  std::size_t offset = 0;
  do {
    std::size_t size = cut.next(offset, input.size() - offset);
    auto chunk = std::make_unique<char[]>(size);
    if (size != 0) std::memcpy(chunk.get(), input.data() + offset, size);
    std::size_t used = parser.feed(std::string_view(chunk.get(), size), ec);
    // A parser still looking at these bytes would now read quotes.
    if (size != 0) std::memset(chunk.get(), '"', size);
    ++outcome.feeds;
    offset += size;
    outcome.bytes_consumed += used;
    if (ec) break;
    if (used < size || (parser.options().stop_after_value && parser.done())) {
      ended_early = true;
      break;
    }
  } while (offset < input.size());
  if (!ec && !ended_early) parser.finish(ec);
  outcome.accepted = !ec;
  outcome.error = parser.error();
  outcome.done = parser.done();
  outcome.log = recorder.log();
  outcome.check_failures = recorder.check_failures();
  return outcome;
}

/// Parses with a new push_parser over `recorder` (used as it is, not cleared).
template <class Recorder>
parse_outcome parse_chunked(std::string_view input, chunking cut, Recorder& recorder,
                            const parse_options& options = {}) {
  push_parser<Recorder> parser(recorder, options);
  return feed_all(parser, recorder, input, cut);
}

/// The same with a fresh recorder of type Recorder (stopping at callback `stop_at`, 0: never).
template <class Recorder>
parse_outcome parse_chunked_fresh(std::string_view input, chunking cut,
                                  const parse_options& options = {}, std::size_t stop_at = 0) {
  Recorder recorder(stop_at);
  return parse_chunked(input, cut, recorder, options);
}

/// One parser and recorder reused, with reset(), for many parses: what a loop over thousands of
/// cuts needs (a parser's buffers are allocated once), and a test of reset() besides, since the
/// results are compared with those of fresh parsers.
template <class Recorder>
class reused_parser {
 public:
  explicit reused_parser(const parse_options& options) : parser_(recorder_, options) {}
  parse_outcome parse(std::string_view input, chunking cut, std::size_t stop_at = 0) {
    recorder_.clear();
    recorder_.stop_at(stop_at);
    parser_.reset();
    return feed_all(parser_, recorder_, input, cut);
  }

 private:
  Recorder recorder_;
  push_parser<Recorder> parser_;
};

/// The kernels this CPU runs.
std::vector<simd::kernel_id> supported_kernels();

/// Options that force `kernel` (parse_options::kernel) on top of `base`.
inline parse_options with_kernel(simd::kernel_id kernel, parse_options base = {}) {
  base.kernel = kernel;
  return base;
}

/// "accepted" or "<code message> at <offset>", for assertion messages.
std::string verdict(const parse_outcome& outcome);

}  // namespace jsonx::test
