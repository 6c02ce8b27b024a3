// Helpers of the parallel decoder's tests: generated NDJSON and JSON text sequences (good and
// bad records, blank lines, CRLF, huge records), the outcomes of a decode run in a comparable
// form, and a writer thread that feeds a pipe or a socket in random-sized pieces.
#pragma once

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "jsonx/stream/decoder.hpp"

namespace jsonx::test {

/// What one decode() call gave: a value (in a comparable text form) or an error (all of its
/// location but the excerpt, whose length depends on the buffer around the error).
struct decode_outcome {
  bool is_error = false;
  std::string value;
  std::error_code code;
  std::uint64_t offset = 0, line = 0, column = 0, value_index = 0;
  std::string path;
  bool operator==(const decode_outcome&) const = default;
};

inline decode_outcome error_outcome(const stream::stream_error& e) {
  decode_outcome o;
  o.is_error = true;
  o.code = e.code;
  o.offset = e.offset;
  o.line = e.line;
  o.column = e.column;
  o.value_index = e.value_index;
  o.path = e.path;
  return o;
}

inline std::string describe(const decode_outcome& o) {
  if (!o.is_error) return "value " + o.value.substr(0, 80);
  return "error " + o.code.message() + " at byte " + std::to_string(o.offset) + " line " +
         std::to_string(o.line) + " column " + std::to_string(o.column) + " value_index " +
         std::to_string(o.value_index) + " path '" + o.path + "'";
}

/// Runs `next(std::string& value, stream_error& error) -> decode_status` to the end: every
/// value and error in order. A final error (strict mode) is recorded once and then asked
/// again: it must come back the same (recorded as a second outcome), and the run stops.
template <class Next>
std::vector<decode_outcome> collect_outcomes(Next&& next, bool errors_final) {
  std::vector<decode_outcome> out;
  for (;;) {
    std::string value;
    stream::stream_error error;
    const stream::decode_status s = next(value, error);
    if (s == stream::decode_status::value) {
      decode_outcome o;
      o.value = std::move(value);
      out.push_back(std::move(o));
      continue;
    }
    if (s != stream::decode_status::error) break;
    out.push_back(error_outcome(error));
    if (errors_final) {
      stream::stream_error again;
      std::string ignored;
      if (next(ignored, again) == stream::decode_status::error) out.push_back(error_outcome(again));
      break;
    }
  }
  return out;
}

/// The first difference of two runs, or "" if they are equal.
inline std::string first_difference(const std::vector<decode_outcome>& expected,
                                    const std::vector<decode_outcome>& actual) {
  const std::size_t n = std::min(expected.size(), actual.size());
  for (std::size_t i = 0; i < n; ++i)
    if (!(expected[i] == actual[i]))
      return "outcome " + std::to_string(i) + ": expected " + describe(expected[i]) + ", got " +
             describe(actual[i]);
  if (expected.size() != actual.size())
    return "expected " + std::to_string(expected.size()) + " outcomes, got " +
           std::to_string(actual.size());
  return {};
}

/// A random JSON value of about `size` bytes (objects, arrays, escaped and non-ASCII strings,
/// numbers of every kind), on one line.
inline std::string random_json(std::mt19937_64& random, std::size_t size, int depth = 0) {
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(random() % n); };
  if (depth > 6 || size < 8) {
    static const char* const scalars[] = {
        "0",     "-12",  "3.25e-3", "18446744073709551615", "true",
        "false", "null", "\"\"",    "\"a\\\"b\\n\\u00e9\"", "\"caf\xc3\xa9 \xf0\x9f\x98\x80\"",
        "1e308", "-0.0"};
    return scalars[pick(std::size(scalars))];
  }
  std::string out;
  const bool object = pick(2) == 0;
  out += object ? '{' : '[';
  const std::size_t members = 1 + pick(6);
  for (std::size_t i = 0; i < members; ++i) {
    if (i != 0) out += ',';
    if (object) out += "\"k" + std::to_string(i) + "\":";
    out += random_json(random, size / members, depth + 1);
  }
  out += object ? '}' : ']';
  return out;
}

/// Generated NDJSON: mostly good lines of random sizes, with bad lines of many kinds (a
/// syntax error, a raw newline in a string, a value spanning two lines, two values on one
/// line, invalid UTF-8, a truncated value), blank and whitespace-only lines, CRLF endings,
/// and `huge_lines` lines of about `huge_bytes` each. The last line has no newline if
/// `unterminated_end`.
inline std::string generated_ndjson(std::uint64_t seed, std::size_t lines, bool with_bad,
                                    std::size_t huge_lines = 0, std::size_t huge_bytes = 0,
                                    bool unterminated_end = true) {
  std::mt19937_64 random(seed);
  static const char* const bad[] = {
      "{\"a\":1,}", "[1 2]",   "{\"a\":\"x\ny\"}", "[1,\n2]", "1 2", "tru",
      "\"\xff\"",   "{\"a\":", "{\"a\":1}}",       "  ]",     "nul", "{\"k\":[1,2,{\"x\":}]}"};
  std::string text;
  const std::size_t huge_every = huge_lines == 0 ? 0 : std::max<std::size_t>(lines / huge_lines, 1);
  for (std::size_t i = 0; i < lines; ++i) {
    const std::size_t kind = random() % 20;
    if (huge_every != 0 && i % huge_every == huge_every / 2) {
      std::string huge = "[";  // a long array of random values, on one line
      while (huge.size() < huge_bytes) huge += random_json(random, 200) + ",";
      huge += "0]";
      text += huge;
    } else if (with_bad && kind == 0) {
      text += bad[random() % std::size(bad)];
    } else if (kind == 1) {
      text += (random() % 2) ? "" : " \t ";  // a blank or whitespace-only line
    } else {
      text += random_json(random, 20 + random() % 400);
    }
    text += (random() % 5 == 0) ? "\r\n" : "\n";
  }
  if (unterminated_end) text += random_json(random, 100);
  return text;
}

/// JSON text sequences (RFC 7464): RS, a value (which may span lines), LF; with bad records
/// (no RS before a value, a syntax error, two values in one record), RS in the middle of a
/// line, and blank lines.
inline std::string generated_json_seq(std::uint64_t seed, std::size_t records) {
  std::mt19937_64 random(seed);
  std::string text;
  for (std::size_t i = 0; i < records; ++i) {
    const std::size_t kind = random() % 12;
    if (kind == 0) {
      text += random_json(random, 50) + "\n";  // no RS
    } else if (kind == 1) {
      text += "\x1E{\"a\":[1,\n2,}\n";
    } else if (kind == 2) {
      text +=
          "\x1E"
          "1 2\n";
    } else if (kind == 3) {
      text +=
          "\x1E"
          "[1,\n  2]\x1E{\"mid\":\"line\"}\n";  // an RS in the middle of a line
    } else if (kind == 4) {
      text += "\n\x1E\n";
    } else {
      text += "\x1E" + random_json(random, 20 + random() % 300) + "\n";
    }
  }
  return text;
}

/// Writes `text` into `fd` in random-sized pieces (1 byte to `max_piece`) on its own thread,
/// then closes `fd`.
class piecewise_writer {
 public:
  piecewise_writer(int fd, std::string_view text, std::size_t max_piece, std::uint64_t seed)
      : thread_([fd, text, max_piece, seed] {
          std::mt19937_64 random(seed);
          std::size_t at = 0;
          while (at < text.size()) {
            const std::size_t n = std::min<std::size_t>(1 + random() % max_piece, text.size() - at);
            const ssize_t written = ::write(fd, text.data() + at, n);
            if (written < 0) {
              if (errno == EINTR) continue;
              break;  // the reader closed its end
            }
            at += static_cast<std::size_t>(written);
          }
          ::close(fd);
        }) {}
  ~piecewise_writer() { thread_.join(); }

 private:
  std::thread thread_;
};

/// A pipe or a socketpair: {read end, write end}.
inline bool make_channel(bool socket, int fds[2]) {
  if (socket) return ::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0;
  return ::pipe(fds) == 0;
}

}  // namespace jsonx::test
