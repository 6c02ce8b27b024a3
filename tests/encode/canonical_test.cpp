// Canonical JSON (RFC 8785): the RFC's own examples (sections 3.2.2 and 3.2.3, the number table
// of appendix B), written here by hand from its text, and the rules behind them.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <string>

#include "jsonx/encode/canonical.hpp"
#include "jsonx/encode/write_error.hpp"

namespace {

std::string es(double value) {
  std::string out;
  EXPECT_TRUE(jsonx::append_ecmascript_number(value, out));
  return out;
}
std::string es_bits(std::uint64_t bits) {
  return es(std::bit_cast<double>(bits));
}

// RFC 8785 appendix B: IEEE-754 bit patterns and their ECMAScript serialization.
TEST(canonical_number, rfc_8785_appendix_b) {
  EXPECT_EQ(es_bits(0x0000000000000000), "0");
  EXPECT_EQ(es_bits(0x8000000000000000), "0");  // minus zero
  EXPECT_EQ(es_bits(0x0000000000000001), "5e-324");
  EXPECT_EQ(es_bits(0x8000000000000001), "-5e-324");
  EXPECT_EQ(es_bits(0x7fefffffffffffff), "1.7976931348623157e+308");
  EXPECT_EQ(es_bits(0xffefffffffffffff), "-1.7976931348623157e+308");
  EXPECT_EQ(es_bits(0x4340000000000000), "9007199254740992");
  EXPECT_EQ(es_bits(0xc340000000000000), "-9007199254740992");
  EXPECT_EQ(es_bits(0x4430000000000000), "295147905179352830000");
  EXPECT_EQ(es_bits(0x44b52d02c7e14af5), "9.999999999999997e+22");
  EXPECT_EQ(es_bits(0x44b52d02c7e14af6), "1e+23");
  EXPECT_EQ(es_bits(0x44b52d02c7e14af7), "1.0000000000000001e+23");
  EXPECT_EQ(es_bits(0x444b1ae4d6e2ef4e), "999999999999999700000");
  EXPECT_EQ(es_bits(0x444b1ae4d6e2ef4f), "999999999999999900000");
  EXPECT_EQ(es_bits(0x444b1ae4d6e2ef50), "1e+21");
  EXPECT_EQ(es_bits(0x3eb0c6f7a0b5ed8c), "9.999999999999997e-7");
  EXPECT_EQ(es_bits(0x3eb0c6f7a0b5ed8d), "0.000001");
  EXPECT_EQ(es_bits(0x41b3de4355555553), "333333333.3333332");
  EXPECT_EQ(es_bits(0x41b3de4355555554), "333333333.33333325");
  EXPECT_EQ(es_bits(0x41b3de4355555555), "333333333.3333333");
  EXPECT_EQ(es_bits(0x41b3de4355555556), "333333333.3333334");
  EXPECT_EQ(es_bits(0x41b3de4355555557), "333333333.33333343");
  EXPECT_EQ(es_bits(0xbecbf647612f3696), "-0.0000033333333333333333");
  EXPECT_EQ(es_bits(0x43143ff3c1cb0959), "1424953923781206.2");
  // NaN and Infinity: "must cause a compliant JCS implementation to terminate with an error".
  std::string out;
  EXPECT_FALSE(jsonx::append_ecmascript_number(std::bit_cast<double>(0x7fffffffffffffffULL), out));
  EXPECT_FALSE(jsonx::append_ecmascript_number(std::bit_cast<double>(0x7ff0000000000000ULL), out));
  EXPECT_EQ(out, "");
}

// ECMAScript Number::toString's four shapes and their borders.
TEST(canonical_number, shapes_and_borders) {
  EXPECT_EQ(es(1), "1");
  EXPECT_EQ(es(100), "100");
  EXPECT_EQ(es(1e20), "100000000000000000000");  // n = 21: still digits
  EXPECT_EQ(es(1e21), "1e+21");                  // n = 22: exponent form
  EXPECT_EQ(es(123.456), "123.456");
  EXPECT_EQ(es(0.5), "0.5");
  EXPECT_EQ(es(1e-6), "0.000001");  // n = -5
  EXPECT_EQ(es(1e-7), "1e-7");      // n = -6: exponent form
  EXPECT_EQ(es(1.5e-7), "1.5e-7");
  EXPECT_EQ(es(-2.5e30), "-2.5e+30");
  EXPECT_EQ(es(0.1 + 0.2), "0.30000000000000004");
}

// RFC 8785 section 3.2.2: the sample input and its canonical form (numbers, string escaping,
// literals, sorted names).
TEST(canonicalize, rfc_8785_section_3_2_2_example) {
  const std::string input =
      "{\n"
      "  \"numbers\": [333333333.33333329, 1E30, 4.50,\n"
      "              2e-3, 0.000000000000000000000000001],\n"
      "  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n"
      "  \"literals\": [null, true, false]\n"
      "}";
  EXPECT_EQ(jsonx::canonicalize(input),
            "{\"literals\":[null,true,false],"
            "\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
            "\"string\":\"\u20ac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
}

// RFC 8785 section 3.2.3: names sorted by UTF-16 code units: "\r", "1", U+0080, U+00F6,
// U+20AC, U+1F600 (a surrogate pair, D83D DE00), U+FB33 (after the pair in UTF-16 order, before
// it in UTF-8 byte order).
TEST(canonicalize, rfc_8785_section_3_2_3_sorting_example) {
  const std::string input =
      "{\n"
      "  \"\\u20ac\": \"Euro Sign\",\n"
      "  \"\\r\": \"Carriage Return\",\n"
      "  \"\\ufb33\": \"Hebrew Letter Dalet With Dagesh\",\n"
      "  \"1\": \"One\",\n"
      "  \"\\ud83d\\ude00\": \"Emoji: Grinning Face\",\n"
      "  \"\\u0080\": \"Control\",\n"
      "  \"\\u00f6\": \"Latin Small Letter O With Diaeresis\"\n"
      "}";
  EXPECT_EQ(jsonx::canonicalize(input),
            "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\","
            "\"\u00f6\":\"Latin Small Letter O With Diaeresis\",\"\u20ac\":\"Euro Sign\","
            "\"\U0001F600\":\"Emoji: Grinning Face\","
            "\"\uFB33\":\"Hebrew Letter Dalet With Dagesh\"}");
}

TEST(canonicalize, utf16_order_differs_from_utf8_only_above_u_ffff) {
  EXPECT_LT(jsonx::compare_as_utf16("\U00010000", "\uE000"), 0);  // D800 < E000
  EXPECT_GT(jsonx::compare_as_utf16("\U00010000", "\uD7FF"), 0);  // D800 > D7FF
  EXPECT_LT(jsonx::compare_as_utf16("\U00010000", "\U00010001"), 0);
  EXPECT_LT(jsonx::compare_as_utf16("ab", "abc"), 0);
  EXPECT_EQ(jsonx::compare_as_utf16("x\U0001F600", "x\U0001F600"), 0);
  EXPECT_GT(jsonx::compare_as_utf16("b", "a\U0001F600"), 0);
}

// Sorting is recursive; arrays keep their order; no whitespace; '/' and non-ASCII unescaped;
// control characters as their short escapes or \u00xx in lowercase.
TEST(canonicalize, nested_objects_arrays_and_strings) {
  EXPECT_EQ(jsonx::canonicalize(R"( { "b" : [ {"d":1,"c":2}, 3 ], "a" : {} } )"),
            R"({"a":{},"b":[{"c":2,"d":1},3]})");
  EXPECT_EQ(jsonx::canonicalize(R"("\u0001\u001f\b\t\n\f\r\u2028\/é")"),
            "\"\\u0001\\u001f\\b\\t\\n\\f\\r\u2028/\u00e9\"");
}

// Numbers are doubles: integers beyond 2^53 round, -0 is 0, exponents are normalized.
TEST(canonicalize, numbers_are_doubles) {
  EXPECT_EQ(jsonx::canonicalize("[9007199254740993, -0, 1E2, 0.10, 1e-400, "
                                "100000000000000000000000000000]"),
            "[9007199254740992,0,100,0.1,0,1e+29]");
}

// The writer loops instead of recursing: a depth limit raised far above the default is safe.
TEST(canonicalize, deep_nesting_with_a_raised_depth_limit) {
  constexpr std::size_t depth = 100000;
  std::string input;
  for (std::size_t i = 0; i < depth; ++i) input += i % 2 ? "{\"k\" : " : "[ ";
  input += "1";
  for (std::size_t i = depth; i-- > 0;) input += i % 2 ? " }" : " ]";
  jsonx::parse_options parsing;
  parsing.max_depth = depth;
  std::string expected;
  for (std::size_t i = 0; i < depth; ++i) expected += i % 2 ? "{\"k\":" : "[";
  expected += "1";
  for (std::size_t i = depth; i-- > 0;) expected += i % 2 ? "}" : "]";
  EXPECT_EQ(jsonx::canonicalize(input, parsing), expected);
}

TEST(canonicalize, errors) {
  std::string out;
  jsonx::parse_error error;
  EXPECT_FALSE(jsonx::canonicalize(R"({"a":1,"b":2,"a":3})", out, error));
  EXPECT_EQ(error.code, jsonx::write_errc::duplicate_key);
  EXPECT_EQ(error.offset, 18u);  // where the object ends
  EXPECT_FALSE(jsonx::canonicalize("[1, 1e400]", out, error));
  EXPECT_EQ(error.code, jsonx::write_errc::number_out_of_range);
  EXPECT_FALSE(jsonx::canonicalize("[1,", out, error));
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  EXPECT_THROW(jsonx::canonicalize("{\"a\":1,\"a\":1}"), jsonx::parse_exception);
  // The same name written two ways is still the same name.
  EXPECT_FALSE(jsonx::canonicalize(R"({"\u0061":1,"a":2})", out, error));
  EXPECT_EQ(error.code, jsonx::write_errc::duplicate_key);
}

}  // namespace
