// Numbers: the event kind and value at every 64-bit and double boundary, the exact source text,
// big numbers as text (never rounded silently), and the handler switches numbers_as_text and
// big_integers_as_double. Every double is also checked bit for bit against std::from_chars by
// the recorder.
#include <gtest/gtest.h>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

// "[" + text + "]", built by appending ("literal" + std::string&& trips a false -Wrestrict in
// GCC 12).
std::string in_array(std::string_view text) {
  std::string json = "[";
  json.append(text).append("]");
  return json;
}

class numbers : public kernel_test {
 protected:
  template <class Recorder = text_recorder>
  std::string events_of(std::string_view json) {
    parse_outcome whole =
        parse_chunked_fresh<Recorder>(json, chunking::whole(), with_kernel(kernel()));
    EXPECT_TRUE(whole.accepted) << json << ": " << verdict(whole);
    EXPECT_EQ(whole.check_failures, "") << json;
    parse_outcome bytewise =
        parse_chunked_fresh<Recorder>(json, chunking::fixed(1), with_kernel(kernel()));
    EXPECT_EQ(bytewise.log, whole.log) << json << " in 1-byte chunks";
    return whole.log;
  }
};

TEST_P(numbers, integer_boundaries) {
  EXPECT_EQ(events_of("0"), "i0=0\n");
  EXPECT_EQ(events_of("-0"), "i0=-0\n");
  EXPECT_EQ(events_of("-9223372036854775808"), "i-9223372036854775808=-9223372036854775808\n");
  EXPECT_EQ(events_of("9223372036854775807"), "i9223372036854775807=9223372036854775807\n");
  EXPECT_EQ(events_of("9223372036854775808"), "u9223372036854775808=9223372036854775808\n");
  EXPECT_EQ(events_of("18446744073709551615"), "u18446744073709551615=18446744073709551615\n");
  // Beyond 64 bits: the text, not a rounded value.
  EXPECT_EQ(events_of("18446744073709551616"), "x18446744073709551616\n");
  EXPECT_EQ(events_of("-9223372036854775809"), "x-9223372036854775809\n");
  EXPECT_EQ(events_of("99999999999999999999999"), "x99999999999999999999999\n");
}

TEST_P(numbers, doubles_are_correctly_rounded) {
  // Value checks against from_chars are in the recorder; these pin a few exact results too.
  EXPECT_EQ(events_of("0.1"), "d1.999999999999ap-4=0.1\n");
  EXPECT_EQ(events_of("-0.0"), "d-0p+0=-0.0\n");
  EXPECT_EQ(events_of("1E+2"), "d1.9p+6=1E+2\n");
  EXPECT_EQ(events_of("1.7976931348623157e308"), "d1.fffffffffffffp+1023=1.7976931348623157e308\n");
  EXPECT_EQ(events_of("4.9406564584124654e-324"),
            "d0.0000000000001p-1022=4.9406564584124654e-324\n");
  EXPECT_EQ(events_of("2.2250738585072011e-308"),
            "d0.fffffffffffffp-1022=2.2250738585072011e-308\n");
  // Hard cases for fast paths: 19+ significant digits, halfway points, long zeros.
  for (std::string_view hard :
       {"9007199254740993", "9007199254740993.0",
        "1.00000000000000011102230246251565404236316680908203125", "0.30000000000000004",
        "123456789012345678e-20", "7.2057594037927933e16", "1e-22", "1e22", "1e23",
        "8.98846567431158e307", "2.2250738585072014e-308",
        "0.000000000000000000000000000000000000000000001", "1448997445238699",
        "3.14159265358979323846264338327950288"}) {
    std::string json = in_array(hard);
    events_of(json);  // the recorder compares each value with std::from_chars bit for bit
  }
}

TEST_P(numbers, beyond_double_range_is_text_and_underflow_is_zero) {
  EXPECT_EQ(events_of("1e309"), "x1e309\n");
  EXPECT_EQ(events_of("-1.5e+9999"), "x-1.5e+9999\n");
  EXPECT_EQ(events_of("1e-400"), "d0p+0=1e-400\n");
  EXPECT_EQ(events_of("-1e-400"), "d-0p+0=-1e-400\n");
}

TEST_P(numbers, the_text_is_exactly_the_source_bytes) {
  EXPECT_EQ(events_of("[1.50,-0e-0,2E3,1e+01]"),
            "[\nd1.8p+0=1.50\nd-0p+0=-0e-0\nd1.f4p+10=2E3\nd1.4p+3=1e+01\n]4\n");
}

TEST_P(numbers, invalid_numbers_are_rejected) {
  for (std::string_view bad :
       {"01",    "-01",   "1.",   ".1",    "-",        "+1",        "1e",  "1e+",
        "--1",   "1.e3",  "0x1",  "1e+-3", "Infinity", "-Infinity", "NaN", "1_000",
        "1.5.2", "2e3e4", "1ee3", "-.5",   "0.e1",     "\xd9\xa1"}) {
    parse_outcome outcome =
        parse_chunked_fresh<text_recorder>(in_array(bad), chunking::whole(), with_kernel(kernel()));
    EXPECT_FALSE(outcome.accepted) << bad;
    EXPECT_EQ(outcome.log, "[\n") << bad;
  }
}

using text_only = event_recorder<recorder_config{.numbers_as_text = true}>;
using big_as_double = event_recorder<recorder_config{.big_integers_as_double = true}>;

TEST_P(numbers, numbers_as_text_delivers_every_number_unconverted) {
  EXPECT_EQ(events_of<text_only>("[0,-1,18446744073709551615,1e999,0.1,123456789012345678901]"),
            "[\nx0\nx-1\nx18446744073709551615\nx1e999\nx0.1\nx123456789012345678901\n]6\n");
}

// A handler that takes numbers as text skips the conversion but not the validation: every
// conformance file (numbers valid and invalid among them) gets the same verdict, error code and
// offset as for a handler that takes values, whole and in 1-byte chunks.
TEST_P(numbers, numbers_as_text_validates_exactly_like_converted_numbers) {
  const auto files = conformance_files("");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite not found (JSONX_CONFORMANCE_DIR)";
  std::size_t rejected = 0;
  for (const named_input* file : files) {
    for (const chunking& cut : {chunking::whole(), chunking::fixed(1)}) {
      const parse_outcome values =
          parse_chunked_fresh<text_recorder>(file->bytes, cut, with_kernel(kernel()));
      const parse_outcome texts =
          parse_chunked_fresh<text_only>(file->bytes, cut, with_kernel(kernel()));
      ASSERT_EQ(texts.accepted, values.accepted) << file->name;
      if (values.accepted) continue;
      ++rejected;
      EXPECT_EQ(texts.error.code, values.error.code) << file->name;
      EXPECT_EQ(texts.error.offset, values.error.offset) << file->name;
    }
  }
  EXPECT_GT(rejected, 100u);  // the n_ files, of which many are bad numbers
}

TEST_P(numbers, big_integers_as_double_rounds_only_big_integers) {
  EXPECT_EQ(
      events_of<big_as_double>("[18446744073709551616,-1,1e999,-123456789012345678901234567890]"),
      "[\nd1p+64\ni-1\nx1e999\nd-1.8ee90ff6c373ep+96\n]4\n");
}

// The straight-line paths for short integers and "integer '.' fraction" run only where 33 bytes
// follow a number's first byte, so each text here has 40 bytes of room after it, and its
// events are checked against from_chars (by the recorder) and against a parse in 1-byte chunks,
// which leaves every number to the general path. Every shape the paths take or decline: 1 to 9
// integer digits (leading zeros too), 0 to 22 fraction digits (so 1 to 31 digits in all, across
// the 8, 16 and 19-digit limits of the words and of one u64), with and without an exponent.
TEST_P(numbers, straight_line_paths_agree_with_the_general_path) {
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  auto random_digit = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<char>('0' + (state >> 33) % 10);
  };
  const std::string room(40, ' ');
  int cases = 0;
  for (std::string_view sign : {"", "-"}) {
    for (int integer_digits = 1; integer_digits <= 9; ++integer_digits) {
      for (int fraction_digits = 0; fraction_digits <= 22; ++fraction_digits) {
        for (std::string_view exponent : {"", "e5", "E-300"}) {
          for (int trial = 0; trial < 3; ++trial) {
            std::string text(sign);
            for (int d = 0; d < integer_digits; ++d) text += random_digit();
            if (integer_digits == 1 && trial == 0) text.back() = '0';  // "0.", "-0"
            if (fraction_digits != 0) {
              text += '.';
              for (int d = 0; d < fraction_digits; ++d) text += random_digit();
            }
            text += exponent;
            std::string json = "[";
            json.append(text).append(",").append(room).append("null]");
            parse_outcome whole =
                parse_chunked_fresh<text_recorder>(json, chunking::whole(), with_kernel(kernel()));
            parse_outcome bytewise =
                parse_chunked_fresh<text_recorder>(json, chunking::fixed(1), with_kernel(kernel()));
            const bool leading_zero = integer_digits > 1 && text[sign.size()] == '0';
            EXPECT_EQ(whole.accepted, !leading_zero) << text;
            EXPECT_EQ(whole.check_failures, "") << text;
            EXPECT_EQ(whole.log, bytewise.log) << text;
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_EQ(cases, 2 * 9 * 23 * 3 * 3);
}

// Bytes that end such a number early or continue it wrongly, with room after: rejected at the
// same byte as by the general path.
TEST_P(numbers, straight_line_paths_reject_what_the_general_path_rejects) {
  const std::string room(40, ' ');
  for (std::string_view bad :
       {"12.5.1", "12.", "12.e3", "1.2345678901234567.8", "123456789.5x", "01.5", "-.5", "1.5x",
        "1.23456789012345678901x", "12345678901234567x", "-x", "1.5-"}) {
    std::string json = "[";
    json.append(bad).append(",").append(room).append("null]");
    parse_outcome whole =
        parse_chunked_fresh<text_recorder>(json, chunking::whole(), with_kernel(kernel()));
    parse_outcome bytewise =
        parse_chunked_fresh<text_recorder>(json, chunking::fixed(1), with_kernel(kernel()));
    EXPECT_FALSE(whole.accepted) << bad;
    EXPECT_EQ(whole.error.code, bytewise.error.code) << bad;
    EXPECT_EQ(whole.error.offset, bytewise.error.offset) << bad;
    EXPECT_EQ(whole.log, "[\n") << bad;
  }
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(numbers);

}  // namespace
}  // namespace jsonx::test
