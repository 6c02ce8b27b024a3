// What the fuzz targets share: how a fuzz input is split into JSON text and a chunking plan,
// a handler that records every event, and the parse driver that returns the verdict.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "jsonx/sax/push_parser.hpp"

namespace jsonx::fuzz {

/// Reports a broken invariant and aborts, so that libFuzzer saves the input (and the replay
/// test fails). `detail` may hold anything: it is printed with escapes.
[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "jsonx fuzz: %s\n", what);
  if (!detail.empty()) {
    std::string shown;
    for (unsigned char c : detail.substr(0, 4000)) {
      if (c >= 0x20 && c < 0x7F && c != '\\') {
        shown += static_cast<char>(c);
      } else {
        char escape[8];
        std::snprintf(escape, sizeof escape, "\\x%02X", c);
        shown += escape;
      }
    }
    std::fprintf(stderr, "%s\n", shown.c_str());
  }
  std::abort();
}

inline void check(bool condition, const char* what, std::string_view detail = {}) {
  if (!condition) fail(what, detail);
}

/// A fuzz input: the JSON text and the lengths of the chunks to feed it in (cycled).
///
/// Layout: if the first byte is 0xFF, the second byte's low 4 bits give a count n, the next n
/// bytes are chunk lengths (0 = an empty feed), and the rest is the JSON text; so the fuzzer
/// chooses the cut points and can still reach any text (0xFF 0x00 prefixes one that starts
/// with 0xFF). Otherwise the whole input is the text and the lengths come from a hash of it,
/// so that plain JSON files (seeds, the conformance suite) are also cut at varied places.
struct fuzz_input {
  std::string_view text;
  std::vector<std::uint8_t> chunk_lengths;
};

inline std::uint64_t mix64(std::uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

inline std::uint64_t hash_bytes(std::string_view bytes) {  // FNV-1a, then mixed
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001B3ull;
  return mix64(h);
}

inline fuzz_input decode_fuzz_input(const std::uint8_t* data, std::size_t size) {
  fuzz_input input;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (size >= 2 && data[0] == 0xFF) {
    std::size_t count = std::min<std::size_t>(data[1] & 0x0F, size - 2);
    input.chunk_lengths.assign(data + 2, data + 2 + count);
    input.text = bytes.substr(2 + count);
  } else {
    input.text = bytes;
  }
  if (input.chunk_lengths.empty()) {
    // Short lengths (1..16) cut inside tokens; longer ones (up to 200) cross 64-byte blocks.
    std::uint64_t h = hash_bytes(input.text);
    for (int i = 0; i < 4; ++i, h = mix64(h)) {
      input.chunk_lengths.push_back(static_cast<std::uint8_t>(i % 2 ? 1 + h % 200 : 1 + h % 16));
    }
  }
  return input;
}

/// Cuts `text` into the chunks of a plan: lengths cycled; a 0 length is an empty chunk. If a
/// whole cycle would make no progress (all zeros), the rest is one chunk after an empty one.
/// Empty chunks point into the text (a default-constructed string_view, whose data() is null,
/// is fed on purpose by fuzz_chunked only, so that other targets are not stopped by it).
inline std::vector<std::string_view> plan_chunks(std::string_view text,
                                                 const std::vector<std::uint8_t>& lengths) {
  std::vector<std::string_view> chunks;
  std::size_t at = 0;
  bool any_nonzero = false;
  for (std::uint8_t length : lengths) any_nonzero |= length != 0;
  if (!any_nonzero) {
    chunks.push_back(text.substr(0, 0));
    chunks.push_back(text);
    return chunks;
  }
  for (std::size_t i = 0; at < text.size(); i = (i + 1) % lengths.size()) {
    std::size_t length = std::min<std::size_t>(lengths[i], text.size() - at);
    chunks.push_back(text.substr(at, length));
    at += length;
  }
  return chunks;
}

inline std::vector<std::string_view> single_byte_chunks(std::string_view text) {
  std::vector<std::string_view> chunks;
  for (std::size_t i = 0; i < text.size(); ++i) chunks.push_back(text.substr(i, 1));
  return chunks;
}

/// True if `bytes` is well-formed UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
inline bool is_valid_utf8(std::string_view bytes) {
  std::size_t i = 0;
  while (i < bytes.size()) {
    unsigned char c = static_cast<unsigned char>(bytes[i]);
    std::size_t length;
    std::uint32_t min_code_point;
    std::uint32_t code_point;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      length = 2, min_code_point = 0x80, code_point = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      length = 3, min_code_point = 0x800, code_point = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      length = 4, min_code_point = 0x10000, code_point = c & 0x07;
    } else {
      return false;
    }
    if (i + length > bytes.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      unsigned char continuation = static_cast<unsigned char>(bytes[i + k]);
      if ((continuation & 0xC0) != 0x80) return false;
      code_point = (code_point << 6) | (continuation & 0x3F);
    }
    if (code_point < min_code_point || code_point > 0x10FFFF) return false;
    if (code_point >= 0xD800 && code_point <= 0xDFFF) return false;
    i += length;
  }
  return true;
}

/// The events of one parse, as a byte string that compares equal iff the events are equal.
/// Number texts are kept apart in `number_texts`, so that `events` can also be compared with
/// a library that does not keep them (simdjson).
struct event_log {
  std::string events;
  std::string number_texts;
  std::size_t event_count = 0;
  bool saw_number_text = false;  ///< an on_number_text event (a big or out-of-range number)
  std::size_t depth = 0;
  std::size_t max_depth = 0;

  void add(char tag, std::string_view payload = {}) {
    events += tag;
    events += std::to_string(payload.size());
    events += ':';
    events += payload;
    ++event_count;
  }
  void add_number(char tag, const void* value, std::size_t size, std::string_view text) {
    add(tag, std::string_view(static_cast<const char*>(value), size));
    number_texts += text;
    number_texts += '\n';
  }
  void add_count(char tag, std::size_t count) { add(tag, std::to_string(count)); }
};

/// Records every event. With `take_parts`, strings and keys may arrive in pieces: each piece
/// must be valid UTF-8 on its own (pieces never split a sequence), and the pieces joined are
/// logged as one event, so the log compares equal to a handler without parts.
/// `stop_at` (1-based event number, 0 = never) makes that callback return false.
template <bool take_parts>
class recording_handler_base {
 public:
  explicit recording_handler_base(std::size_t stop_at = 0) : stop_at_(stop_at) {}

  bool on_null() { return log("n"); }
  bool on_bool(bool value) { return log(value ? "t" : "f"); }
  bool on_int64(std::int64_t value, std::string_view text) {
    log_.add_number('i', &value, sizeof value, text);
    return go_on();
  }
  bool on_uint64(std::uint64_t value, std::string_view text) {
    log_.add_number('u', &value, sizeof value, text);
    return go_on();
  }
  bool on_double(double value, std::string_view text) {
    log_.add_number('d', &value, sizeof value, text);
    return go_on();
  }
  bool on_number_text(std::string_view text) {
    log_.saw_number_text = true;
    log_.add('N', text);
    return go_on();
  }
  bool on_string(std::string_view value) { return whole_string('s', value); }
  bool on_key(std::string_view key) { return whole_string('k', key); }
  bool on_object_begin() { return open("{"); }
  bool on_object_end(std::size_t count) { return close('}', count); }
  bool on_array_begin() { return open("["); }
  bool on_array_end(std::size_t count) { return close(']', count); }

  const event_log& events() const noexcept { return log_; }

 protected:
  bool part(std::string_view piece) {
    check(is_valid_utf8(piece), "a string part is not valid UTF-8 on its own", piece);
    pending_ += piece;
    return true;  // parts are not events of their own: stops happen at whole events
  }

 private:
  bool go_on() { return log_.event_count != stop_at_; }
  bool log(std::string_view tag) {
    log_.add(tag[0]);
    return go_on();
  }
  bool whole_string(char tag, std::string_view last_piece) {
    pending_ += last_piece;
    check(is_valid_utf8(pending_), "a string or key is not valid UTF-8", pending_);
    log_.add(tag, pending_);
    pending_.clear();
    return go_on();
  }
  bool open(std::string_view tag) {
    ++log_.depth;
    log_.max_depth = std::max(log_.max_depth, log_.depth);
    return log(tag);
  }
  bool close(char tag, std::size_t count) {
    --log_.depth;
    log_.add_count(tag, count);
    return go_on();
  }

  event_log log_;
  std::string pending_;
  std::size_t stop_at_;
};

/// Takes whole strings only.
using recording_handler = recording_handler_base<false>;

/// Takes strings and keys in parts.
class recording_parts_handler : public recording_handler_base<true> {
 public:
  using recording_handler_base<true>::recording_handler_base;
  bool on_string_part(std::string_view piece) { return part(piece); }
  bool on_key_part(std::string_view piece) { return part(piece); }
};

/// The verdict and events of one parse.
struct parse_outcome {
  event_log log;
  std::error_code code;
  std::uint64_t offset = 0;
  std::uint64_t line = 0;
  std::uint64_t column = 0;

  bool accepted() const noexcept { return !code; }
  /// "ok" or "<message> (code N)": for failure reports.
  std::string describe() const {
    if (!code) return "accepted";
    return code.message() + " at byte " + std::to_string(offset) + ", line " +
           std::to_string(line) + ", column " + std::to_string(column);
  }
};

/// Feeds `chunks` to `parser` (already reset), then finish(); the parser's handler must be a
/// fresh recording handler.
template <class Handler>
parse_outcome run_parser(push_parser<Handler>& parser,
                         const std::vector<std::string_view>& chunks) {
  std::error_code ec;
  std::uint64_t fed = 0;
  for (std::string_view chunk : chunks) {
    std::size_t used = parser.feed(chunk, ec);
    if (ec) break;
    check(used == chunk.size(), "feed() consumed less than its chunk without an error");
    fed += used;
  }
  if (!ec) {
    parser.finish(ec);
    if (!ec) check(parser.bytes_consumed() == fed, "bytes_consumed() differs from the bytes fed");
  }
  check(ec == parser.error().code, "feed()/finish() and error() disagree on the error");
  check(!ec == !parser.failed(), "failed() disagrees with the error");
  parse_outcome outcome;
  outcome.log = parser.handler().events();
  outcome.code = ec;
  outcome.offset = parser.error().offset;
  outcome.line = parser.error().line;
  outcome.column = parser.error().column;
  return outcome;
}

/// Parses `chunks` with a fresh handler of type Handler and the given options.
template <class Handler>
parse_outcome parse_chunks(const std::vector<std::string_view>& chunks,
                           const parse_options& options = {}, std::size_t stop_at = 0) {
  Handler handler(stop_at);
  push_parser<Handler> parser(handler, options);
  return run_parser(parser, chunks);
}

/// Checks that two parses of the same text agree: events, number texts and verdict (code,
/// offset, line, column).
inline void check_same_outcome(const parse_outcome& expected, const parse_outcome& actual,
                               const char* what, std::string_view text) {
  bool same_verdict = expected.code == actual.code && expected.offset == actual.offset &&
                      expected.line == actual.line && expected.column == actual.column;
  if (!same_verdict) {
    std::fprintf(stderr, "expected: %s\nactual:   %s\n", expected.describe().c_str(),
                 actual.describe().c_str());
    fail(what, text);
  }
  if (expected.log.events != actual.log.events) {
    std::fprintf(stderr, "events differ (%zu vs %zu events)\n", expected.log.event_count,
                 actual.log.event_count);
    fail(what, text);
  }
  if (expected.log.number_texts != actual.log.number_texts) {
    fail(what,
         "number texts differ:\n" + expected.log.number_texts + "---\n" + actual.log.number_texts);
  }
}

}  // namespace jsonx::fuzz
