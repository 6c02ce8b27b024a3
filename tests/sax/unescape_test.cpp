// String unescaping (string_unescape.cpp): unescape_string()'s fast path (word-wide copies of
// the runs between escapes, table-driven hex, one store per code point) against the careful
// walk that validate_escapes() runs, on random string bodies dense with escapes: the same
// verdict, bytes consumed and error offset for every text, cut or not; and for valid texts the
// bytes simdjson decodes, appended after what the output held.
#include <gtest/gtest.h>

#include <simdjson.h>

#include <cstdint>
#include <random>
#include <string>

#include "jsonx/sax/detail/string_unescape.hpp"

namespace jsonx::test {
namespace {

// A random piece of a string body: plain text, raw UTF-8, an escape, or (with `faults`) a
// broken escape.
void append_piece(std::string& s, std::mt19937_64& rng, bool faults) {
  static constexpr char hex_digits[] = "0123456789abcdefABCDEF";
  auto hex4 = [&](std::uint32_t unit, bool upper) {
    const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    for (int shift = 12; shift >= 0; shift -= 4) s.push_back(digits[(unit >> shift) & 0xF]);
  };
  switch (rng() % (faults ? 12 : 8)) {
    case 0: {  // ASCII but quotes and backslashes, 0 to 20 bytes
      for (int n = static_cast<int>(rng() % 21); n > 0; --n) {
        const char c = static_cast<char>(' ' + rng() % 95);
        s.push_back(c == '\\' || c == '"' ? 'x' : c);
      }
      break;
    }
    case 1: {  // raw UTF-8: é, あ or 😀
      static constexpr const char* characters[] = {"\xC3\xA9", "\xE3\x81\x82", "\xF0\x9F\x98\x80"};
      s += characters[rng() % 3];
      break;
    }
    case 2:
      s += std::string("\\\"\\\\\\/\\b\\f\\n\\r\\t").substr(2 * (rng() % 8), 2);
      break;
    case 3:
    case 4: {  // \u of the BMP (no surrogate), either case
      std::uint32_t unit = static_cast<std::uint32_t>(rng() % 0xF800);
      if (unit >= 0xD800) unit += 0x800;
      s += "\\u";
      hex4(unit, rng() % 2);
      break;
    }
    case 5: {  // a surrogate pair
      s += "\\u";
      hex4(0xD800 + static_cast<std::uint32_t>(rng() % 0x400), rng() % 2);
      s += "\\u";
      hex4(0xDC00 + static_cast<std::uint32_t>(rng() % 0x400), rng() % 2);
      break;
    }
    case 6:  // runs of escapes
      for (int n = 0; n < 6; ++n) {
        s += "\\u";
        hex4(0x3040 + static_cast<std::uint32_t>(rng() % 0x60), false);
      }
      break;
    case 7:
      s += "\\u00";
      s.push_back(hex_digits[rng() % 8]);
      s.push_back(hex_digits[rng() % 22]);
      break;
    case 8:  // a bad escape character, or a bad hex digit
      s += rng() % 2 ? "\\x" : "\\u12G4";
      break;
    case 9:  // a lone low surrogate, or a high one followed by no low one
      s += rng() % 2 ? "\\uDC01" : (rng() % 2 ? "\\uD801x" : "\\uD801\\u0041");
      break;
    case 10:  // a high surrogate, then a second escape that is cut or bad
      s += rng() % 2 ? "\\uD83D\\u" : "\\uD83D\\n";
      break;
    default:  // an escape cut short (at the end, or followed by text)
      s += std::string("\\u12").substr(0, 1 + rng() % 4);
      break;
  }
}

std::string decoded_by_simdjson(const std::string& body, bool& valid) {
  simdjson::dom::parser parser;
  std::string_view value;
  valid = parser.parse("\"" + body + "\"").get(value) == simdjson::SUCCESS;
  return std::string(value);
}

TEST(unescape, fast_path_agrees_with_the_careful_walk_and_simdjson) {
  std::mt19937_64 rng(20261204);
  std::size_t valid_texts = 0, failed_texts = 0, cut_texts = 0;
  for (int iteration = 0; iteration < 20000; ++iteration) {
    const bool faults = iteration % 4 == 3;
    std::string body;
    for (int pieces = 1 + static_cast<int>(rng() % 12); pieces > 0; --pieces)
      append_piece(body, rng, faults);
    for (const bool more_may_follow : {false, true}) {
      std::string out = "kept";
      const detail::unescape_result fast =
          detail::unescape_string(body.data(), body.data() + body.size(), out, more_may_follow);
      const detail::unescape_result careful =
          detail::validate_escapes(body.data(), body.data() + body.size(), more_may_follow);
      ASSERT_EQ(fast.error, careful.error) << body;
      ASSERT_EQ(fast.consumed, careful.consumed) << body;
      ASSERT_EQ(fast.error_at, careful.error_at) << body;
      ASSERT_EQ(out.compare(0, 4, "kept"), 0) << body;
      if (fast.error == parse_errc::ok && fast.consumed < body.size()) ++cut_texts;
      if (more_may_follow) continue;
      bool valid = false;
      const std::string expected = decoded_by_simdjson(body, valid);
      ASSERT_EQ(valid, fast.error == parse_errc::ok) << body;
      if (valid) {
        ++valid_texts;
        ASSERT_EQ(out.substr(4), expected) << body;
      } else {
        ++failed_texts;
      }
    }
  }
  // The generator reached every kind of outcome.
  EXPECT_GT(valid_texts, 10000u);
  EXPECT_GT(failed_texts, 1000u);
  EXPECT_GT(cut_texts, 100u);
}

}  // namespace
}  // namespace jsonx::test
