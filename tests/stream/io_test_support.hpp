// Helpers of the stream/io tests: sources that cut the input their own way, and the walk of a
// decoder's tokens written in the event-log format of tests/support (so that a token walk and
// a parse compare as strings).
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>

#include "jsonx/stream/decoder.hpp"
#include "support/event_log.hpp"

namespace jsonx::test {

/// Bytes in memory handed out 1..max_read bytes at a time (random sizes from `seed`), with,
/// if `would_block_every` is set, a would_block between reads now and then.
class trickle_source final : public stream::source {
 public:
  trickle_source(std::string_view bytes, std::size_t max_read, std::uint64_t seed = 1,
                 unsigned would_block_every = 0)
      : bytes_(bytes),
        max_read_(max_read == 0 ? 1 : max_read),
        random_(seed),
        would_block_every_(would_block_every) {}
  stream::read_result read_some(char* buffer, std::size_t size) override {
    if (would_block_every_ != 0 && random_() % would_block_every_ == 0)
      return {0, stream::read_status::would_block, {}};
    std::size_t n = 1 + random_() % max_read_;
    n = std::min({n, size, bytes_.size() - position_});
    if (n == 0) return {0, stream::read_status::end, {}};
    bytes_.copy(buffer, n, position_);
    position_ += n;
    ++reads_;
    return {n, stream::read_status::ok, {}};
  }
  std::size_t position() const { return position_; }
  std::size_t reads() const { return reads_; }

 private:
  std::string_view bytes_;
  std::size_t max_read_;
  std::mt19937_64 random_;
  unsigned would_block_every_;
  std::size_t position_ = 0;
  std::size_t reads_ = 0;
};

/// `bytes`, then an I/O error (EIO).
class failing_source final : public stream::source {
 public:
  explicit failing_source(std::string_view bytes) : bytes_(bytes) {}
  stream::read_result read_some(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, bytes_.size() - position_);
    if (n == 0)
      return {0, stream::read_status::error, std::error_code(EIO, std::system_category())};
    bytes_.copy(buffer, n, position_);
    position_ += n;
    return {n, stream::read_status::ok, {}};
  }

 private:
  std::string_view bytes_;
  std::size_t position_ = 0;
};

/// Walks every token of the stream into an event log (with end counts, as the parser gives
/// them). Returns false (and `error`) if the walk failed.
inline bool token_log(stream::decoder& decoder, std::string& log, stream::stream_error& error) {
  std::vector<std::size_t> counts;
  stream::token t;
  for (;;) {
    const stream::decode_status s = decoder.token(t, error);
    if (s == stream::decode_status::end_of_stream) return true;
    if (s != stream::decode_status::value) return false;
    // An element or member (not a key) counts in its container.
    if (!counts.empty() && t.kind != stream::token_kind::key &&
        t.kind != stream::token_kind::object_end && t.kind != stream::token_kind::array_end)
      ++counts.back();
    switch (t.kind) {
      case stream::token_kind::object_begin:
        log += '{';
        counts.push_back(0);
        break;
      case stream::token_kind::array_begin:
        log += '[';
        counts.push_back(0);
        break;
      case stream::token_kind::object_end:
      case stream::token_kind::array_end:
        append_end(log, t.delimiter(), counts.back());
        counts.pop_back();
        break;
      case stream::token_kind::key:
        append_sized(log, 'k', t.text);
        break;
      case stream::token_kind::string:
        append_sized(log, 's', t.text);
        break;
      case stream::token_kind::int64:
        append_int64(log, t.int64);
        break;
      case stream::token_kind::uint64:
        append_uint64(log, t.uint64);
        break;
      case stream::token_kind::double_:
        append_double(log, t.number);
        break;
      case stream::token_kind::number_text:
        log += 'x';
        log += t.text;
        break;
      case stream::token_kind::boolean:
        log += t.boolean ? 't' : 'f';
        break;
      case stream::token_kind::null:
        log += 'n';
        break;
    }
    log += '\n';
  }
}

}  // namespace jsonx::test
