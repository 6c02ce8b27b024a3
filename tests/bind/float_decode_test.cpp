// Decoding a JSON number into a float rounds once, from the text: the float is the one
// std::from_chars<float> reads from the same text, bit for bit, with the same verdict where the
// number is beyond float range. The decoder takes it from the parser's correctly rounded double
// where that decides it and reads the text again where it does not (a double exactly halfway
// between two floats, subnormal floats, underflow, overflow): the texts below aim at both
// sides of that line, the midpoints between adjacent floats above all, written exactly and a
// hair above and below, where rounding through the double would round a tie to even.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "support/number_texts.hpp"

namespace {

std::uint32_t bits_of(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

float float_of_bits(std::uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

// What decode<float> must give for `text`: from_chars' float, or an out-of-range error (below
// the smallest float the result is a signed zero, as the rule documents).
::testing::AssertionResult decodes_as_from_chars(const std::string& text) {
  float expected = 0;
  const auto read = std::from_chars(text.data(), text.data() + text.size(), expected);
  if (read.ec == std::errc::result_out_of_range) {
    const bool too_large = jsonx::detail::decimal_magnitude(text) > 0;
    if (too_large) {
      jsonx::decode_error error;
      float out = 0;
      if (jsonx::decode(text, out, error))
        return ::testing::AssertionFailure() << text << " decoded, beyond float range";
      if (error.code != jsonx::bind_errc::number_out_of_range)
        return ::testing::AssertionFailure() << text << ": " << error.message();
      return ::testing::AssertionSuccess();
    }
    expected = text[0] == '-' ? -0.0f : 0.0f;
  } else if (read.ec != std::errc() || read.ptr != text.data() + text.size()) {
    return ::testing::AssertionFailure() << "the test made a bad text: " << text;
  }
  jsonx::decode_error error;
  float got = 0;
  if (!jsonx::decode(text, got, error))
    return ::testing::AssertionFailure() << text << ": " << error.message();
  if (bits_of(got) != bits_of(expected)) {
    char a[64], b[64];
    std::snprintf(a, sizeof a, "%.9g", static_cast<double>(got));
    std::snprintf(b, sizeof b, "%.9g", static_cast<double>(expected));
    return ::testing::AssertionFailure() << text << " decoded as " << a << ", from_chars " << b;
  }
  return ::testing::AssertionSuccess();
}

// The exact decimal value of a double (printf prints exact digits), in scientific notation.
std::string exact_text(double d) {
  char buffer[1100];
  std::snprintf(buffer, sizeof buffer, "%.767e", d);
  // Trailing zeros of the significand dropped (a shorter text of the same value).
  std::string text(buffer);
  const std::size_t e = text.find('e');
  std::size_t end = e;
  while (end > 0 && text[end - 1] == '0') --end;
  if (text[end - 1] == '.') --end;
  return text.substr(0, end) + text.substr(e);
}

// The text of `exact` (a significand "d.ddd" and an exponent) nudged up or down in its last
// place by a digit appended far beyond every double's precision.
std::string nudged(const std::string& exact, bool up) {
  const std::size_t e = exact.find('e');
  std::string significand = exact.substr(0, e);
  const std::string exponent = exact.substr(e);
  if (significand.find('.') == std::string::npos) significand += '.';
  if (up) return significand + "00000000000000000001" + exponent;
  // Down: the last nonzero digit less one, then nines.
  std::size_t last = significand.size() - 1;
  while (significand[last] == '0' || significand[last] == '.') --last;
  significand[last] = static_cast<char>(significand[last] - 1);
  return significand.substr(0, last + 1) + "99999999999999999999" + exponent;
}

TEST(BindFloatDecode, MidpointsBetweenFloatsExactlyAndAHairAside) {
  std::mt19937 rng(0x6d696470);
  int tested = 0;
  for (std::uint32_t biased_exponent = 0; biased_exponent < 255; ++biased_exponent) {
    for (int i = 0; i < 12; ++i) {
      const std::uint32_t low = (biased_exponent << 23) | (rng() & ((1u << 23) - 1));
      const float below = float_of_bits(low);
      const float above = std::nextafter(below, std::numeric_limits<float>::infinity());
      // Exact in a double: the midpoint of two adjacent floats has one bit more.
      const double midpoint = (static_cast<double>(below) + static_cast<double>(above)) / 2;
      for (double value : {midpoint, -midpoint}) {
        const std::string exact = exact_text(value);
        EXPECT_TRUE(decodes_as_from_chars(exact));
        EXPECT_TRUE(decodes_as_from_chars(nudged(exact, true)));
        EXPECT_TRUE(decodes_as_from_chars(nudged(exact, false)));
        tested += 3;
      }
    }
  }
  // The midpoint above the largest float: an error at it and above, the largest below it.
  const double beyond =
      (static_cast<double>(std::numeric_limits<float>::max()) + std::ldexp(1.0, 128)) / 2;
  EXPECT_TRUE(decodes_as_from_chars(exact_text(beyond)));
  EXPECT_TRUE(decodes_as_from_chars(nudged(exact_text(beyond), false)));
  EXPECT_TRUE(decodes_as_from_chars(nudged(exact_text(beyond), true)));
  EXPECT_GT(tested, 9000);
}

TEST(BindFloatDecode, DoublesNextToMidpointsAndFloats) {
  // The doubles around each midpoint and each float, written exactly: the parser's double is
  // then the text's own value, one ulp off a midpoint (decided by the double) or on it.
  std::mt19937 rng(0x6e657874);
  for (std::uint32_t biased_exponent = 0; biased_exponent < 255; biased_exponent += 3) {
    const std::uint32_t low = (biased_exponent << 23) | (rng() & ((1u << 23) - 1));
    const float f = float_of_bits(low);
    const double midpoint =
        (static_cast<double>(f) +
         static_cast<double>(std::nextafter(f, std::numeric_limits<float>::infinity()))) /
        2;
    for (double d : {std::nextafter(midpoint, 0.0), std::nextafter(midpoint, 1e300),
                     static_cast<double>(f), std::nextafter(static_cast<double>(f), 0.0),
                     std::nextafter(static_cast<double>(f), 1e300)})
      EXPECT_TRUE(decodes_as_from_chars(exact_text(d)));
  }
}

TEST(BindFloatDecode, RandomNumberTextsOfEveryForm) {
  // Numbers of every shape the number tests generate (valid ones only), and random decimals
  // across the float range and past it.
  jsonx::test::choice_source choices = jsonx::test::choice_source::seeded(0x666c7431);
  std::mt19937_64 rng(0x666c7432);
  int tested = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = jsonx::test::generate_number_text(choices);
    // JSON numbers with a fraction or an exponent (an integer arrives as an integer event,
    // converted by the other path, and "-0" is the integer 0 there).
    const jsonx::test::number_grammar grammar = jsonx::test::check_number_grammar(text);
    if (!grammar.valid || grammar.integer) continue;
    EXPECT_TRUE(decodes_as_from_chars(text));
    ++tested;
  }
  for (int i = 0; i < 20000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 24);
    std::string text = rng() % 2 ? "-" : "";
    text += static_cast<char>('1' + rng() % 9);
    if (digits > 1) text += '.';
    for (int d = 1; d < digits; ++d) text += static_cast<char>('0' + rng() % 10);
    text += 'e' + std::to_string(static_cast<int>(rng() % 100) - 50);
    EXPECT_TRUE(decodes_as_from_chars(text));
    ++tested;
  }
  EXPECT_GT(tested, 25000);
}

TEST(BindFloatDecode, ArraysInEveryChunking) {
  // The same floats through a vector, whole and fed in pieces (a number cut by a chunk end
  // reaches the rule whole, with its text).
  std::mt19937 rng(0x61727279);
  std::string json = "[";
  std::vector<float> expected;
  for (int i = 0; i < 400; ++i) {
    const std::uint32_t low = ((1 + rng() % 253) << 23) | (rng() & ((1u << 23) - 1));
    const float f = float_of_bits(low);
    const double midpoint =
        (static_cast<double>(f) +
         static_cast<double>(std::nextafter(f, std::numeric_limits<float>::infinity()))) /
        2;
    const std::string text = i % 3 == 0   ? exact_text(midpoint)
                             : i % 3 == 1 ? nudged(exact_text(midpoint), i % 2 == 0)
                                          : std::to_string(f);
    float value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    expected.push_back(value);
    if (i != 0) json += ',';
    json += text;
  }
  json += ']';
  for (std::size_t piece : {json.size(), std::size_t{4093}, std::size_t{61}, std::size_t{1}}) {
    std::vector<float> got;
    jsonx::typed_decoder<std::vector<float>> decoder(got);
    jsonx::decode_error error;
    bool ok = true;
    for (std::size_t at = 0; at < json.size() && ok; at += piece)
      ok = decoder.feed(std::string_view(json).substr(at, piece), error);
    ok = ok && decoder.finish(error);
    ASSERT_TRUE(ok) << error.message();
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i)
      ASSERT_EQ(bits_of(got[i]), bits_of(expected[i]))
          << "element " << i << ", pieces of " << piece;
  }
}

}  // namespace
