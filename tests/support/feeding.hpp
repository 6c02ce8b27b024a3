// Feeding an input to a push_parser in chunks, the way the invariants demand it be tested.
//
// Every chunk is copied into a heap buffer of exactly its size, which is overwritten and freed as
// soon as feed() returns: a parser that reads past a chunk (invariant 5) or keeps a pointer into
// it after feed() (invariant 2) sees garbage, and AddressSanitizer reports the access. An empty
// chunk whose data() is null (std::string_view{}) is the one fed as it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
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
  std::string check_failures;        ///< failed checks, one a line ("" if none): see feed_all
  std::uint64_t bytes_consumed = 0;  ///< sum of feed() results
  bool done = false;                 ///< parser.done() at the end
  std::size_t feeds = 0;             ///< feed() calls made
};

namespace detail {

// One parse, chunk after chunk: what feed_all() does, whatever cuts the chunks.
template <class Recorder>
class feed_run {
 public:
  explicit feed_run(push_parser<Recorder>& parser) : parser_(parser) {}

  // Feeds one chunk; false once the parse has ended (an error, or stop_after_value).
  bool feed(std::string_view chunk) {
    const std::size_t size = chunk.size();
    std::size_t used;
    if (chunk.data() == nullptr) {
      used = parser_.feed(chunk, ec_);  // std::string_view{}: what an empty read often gives
    } else {
      auto copy = std::make_unique<char[]>(size);
      if (size != 0) std::memcpy(copy.get(), chunk.data(), size);
      used = parser_.feed(std::string_view(copy.get(), size), ec_);
      // A parser still looking at these bytes would now read quotes.
      if (size != 0) std::memset(copy.get(), '"', size);
    }
    ++outcome_.feeds;
    outcome_.bytes_consumed += used;
    if (ec_) return false;
    const bool stopped_after_value = parser_.options().stop_after_value && parser_.done();
    if (used < size && !stopped_after_value)
      outcome_.check_failures += "parser: feed() consumed less than its chunk without an error\n";
    if (used < size || stopped_after_value) {
      ended_early_ = true;
      return false;
    }
    return true;
  }

  // finish() (unless a feed failed or the parse ended early), then the outcome.
  parse_outcome finish(const Recorder& recorder) {
    if (!ec_ && !ended_early_) {
      parser_.finish(ec_);
      if (!ec_ && parser_.bytes_consumed() != outcome_.bytes_consumed)
        outcome_.check_failures += "parser: bytes_consumed() differs from the bytes fed\n";
    }
    if (ec_ != parser_.error().code)
      outcome_.check_failures += "parser: feed()/finish() and error() disagree on the error\n";
    if (!ec_ != !parser_.failed())
      outcome_.check_failures += "parser: failed() disagrees with the error\n";
    outcome_.accepted = !ec_;
    outcome_.error = parser_.error();
    outcome_.done = parser_.done();
    outcome_.log = recorder.log();
    outcome_.check_failures = recorder.check_failures() + outcome_.check_failures;
    return std::move(outcome_);
  }

 private:
  push_parser<Recorder>& parser_;
  parse_outcome outcome_;
  std::error_code ec_;
  bool ended_early_ = false;
};

}  // namespace detail

/// Feeds `input` cut by `cut` to `parser` (fresh or reset), then finish() (unless a feed failed,
/// or stop_after_value ended the parse early), and collects what `recorder` saw.
///
/// check_failures holds the recorder's failed value checks, then the parser's API disagreeing
/// with itself: feed() taking less than its chunk without an error (or a stop_after_value
/// stop), bytes_consumed() differing from the bytes fed after a successful finish(), error()
/// or failed() disagreeing with what feed()/finish() returned.
template <class Recorder>
parse_outcome feed_all(push_parser<Recorder>& parser, Recorder& recorder, std::string_view input,
                       chunking cut) {
  detail::feed_run<Recorder> run(parser);
  std::size_t offset = 0;
  do {
    const std::size_t size = cut.next(offset, input.size() - offset);
    if (!run.feed(input.substr(offset, size))) break;
    offset += size;
  } while (offset < input.size());
  return run.finish(recorder);
}

/// The same over chunks already cut (see plan_chunks): each fed as above, except an empty chunk
/// whose data() is null, fed as it is.
template <class Recorder>
parse_outcome feed_all(push_parser<Recorder>& parser, Recorder& recorder,
                       const std::vector<std::string_view>& chunks) {
  detail::feed_run<Recorder> run(parser);
  for (std::string_view chunk : chunks)
    if (!run.feed(chunk)) break;
  return run.finish(recorder);
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

/// Parses chunks already cut with a new push_parser and a fresh recorder of type Recorder.
template <class Recorder>
parse_outcome parse_chunks(const std::vector<std::string_view>& chunks,
                           const parse_options& options = {}, std::size_t stop_at = 0) {
  Recorder recorder(stop_at);
  push_parser<Recorder> parser(recorder, options);
  return feed_all(parser, recorder, chunks);
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

/// `text` cut by a plan of chunk lengths, cycled; a 0 length is an empty chunk (pointing into
/// the text). If the plan makes no progress (all zeros), the chunks are an empty one, then the
/// whole text. An empty text gives no chunk.
std::vector<std::string_view> plan_chunks(std::string_view text,
                                          const std::vector<std::uint8_t>& lengths);

/// `text` one byte a chunk.
std::vector<std::string_view> single_byte_chunks(std::string_view text);

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
