// Floats round trip: a float is encoded as the shortest text that reads back as that float (not
// as the double it widens to), over every binade: random significands for each biased exponent
// (the subnormals are exponent 0), both signs, zero, the extremes, every power of two and of
// ten. Each text is std::to_chars' shortest for the float (".0" added where it would read as an
// integer; an integral float in fixed notation has its shortest digits padded with zeros, where
// to_chars writes its exact value), no text with fewer significant digits reads back as the
// float, and it reads back
// bit-exact through std::from_chars<float>, through jsonx::decode<float>, and as an array of a
// whole binade through jsonx::decode<std::vector<float>>.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "support/number_texts.hpp"

namespace {

bool same_bits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

std::vector<std::vector<float>> floats_of_every_binade(int per_binade) {
  std::mt19937 rng(0x666c6f61);
  std::vector<std::vector<float>> binades;
  for (std::uint32_t biased_exponent = 0; biased_exponent < 255; ++biased_exponent) {
    std::vector<float>& values = binades.emplace_back();
    for (int i = 0; i < per_binade; ++i) {
      const std::uint32_t bits = (biased_exponent << 23) | (rng() & ((1u << 23) - 1));
      float f;
      std::memcpy(&f, &bits, sizeof f);
      values.push_back(f);
      values.push_back(-f);
    }
  }
  std::vector<float>& edges = binades.emplace_back();
  using limits = std::numeric_limits<float>;
  for (float f : {0.0f, limits::max(), limits::min(), limits::denorm_min(),
                  std::nextafter(limits::min(), 0.0f), limits::epsilon(), 16777217.0f, 0.1f}) {
    edges.push_back(f);
    edges.push_back(-f);
  }
  for (int e = -149; e <= 127; ++e) edges.push_back(std::ldexp(1.0f, e));
  for (int e = -45; e <= 38; ++e)
    edges.push_back(std::strtof(("1e" + std::to_string(e)).c_str(), nullptr));
  return binades;
}

// std::to_chars' shortest text of `f`, with ".0" where it would read as an integer.
std::string shortest_float_text(float f) {
  char buffer[64];
  std::string text(buffer, std::to_chars(buffer, buffer + sizeof buffer, f).ptr);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

// The shortest digits of `f` (std::to_chars' scientific form, which the standard requires to be
// the shortest) padded with zeros to the integer digits of `text`, an integral float printed in
// fixed notation, with ".0": "35126290.0" for 35126288.0f.
std::string shortest_digits_padded(float f, std::string_view text) {
  char buffer[64];
  const std::string_view scientific(
      buffer, std::to_chars(buffer, buffer + sizeof buffer, f, std::chars_format::scientific).ptr);
  std::string out = std::signbit(f) ? "-" : "";
  const std::size_t sign_and_integer_digits = text.find('.');
  for (char c : scientific.substr(0, scientific.find('e')))
    if (c >= '0' && c <= '9') out += c;
  out.resize(sign_and_integer_digits, '0');
  return out + ".0";
}

// Counts the integral floats whose shortest digits are fewer than std::to_chars' plain form
// writes (see the test below).
std::size_t padded_integer_texts = 0;

// What jsonx prints for `f`: std::to_chars' plain form, but for an integral float in fixed
// notation, the shortest digits padded with zeros (to_chars writes the exact value there,
// 35126288.0f as "35126288", one significant digit more than reads back; jsonx prints
// "35126290.0", as it prints 2^55 as "36028797018963970.0" and as Go and JavaScript do).
std::string expected_float_text(float f) {
  const std::string plain = shortest_float_text(f);
  const bool integral_fixed = plain.find('e') == std::string::npos && plain.ends_with(".0");
  if (!integral_fixed) return plain;
  const std::string padded = shortest_digits_padded(f, plain);
  if (padded != plain) ++padded_integer_texts;
  return padded;
}

::testing::AssertionResult round_trips_shortest(float f) {
  const std::string text = jsonx::encode(f);
  const std::string reference = expected_float_text(f);
  if (text != reference)
    return ::testing::AssertionFailure() << "encoded " << text << ", expected " << reference;
  if (const std::string shorter = jsonx::test::shorter_text_reading_back(f, text); !shorter.empty())
    return ::testing::AssertionFailure() << text << " is not the shortest: " << shorter;
  float back = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), back);
  if (result.ec != std::errc{} || result.ptr != text.data() + text.size() || !same_bits(back, f))
    return ::testing::AssertionFailure() << text << " does not read back bit-exact (from_chars)";
  const float decoded = jsonx::decode<float>(text);
  if (!same_bits(decoded, f))
    return ::testing::AssertionFailure() << text << " does not decode bit-exact: " << decoded;
  return ::testing::AssertionSuccess();
}

TEST(BindFloatRoundTrip, EveryBinadePrintsShortestAndReadsBackBitExact) {
  std::size_t checked = 0;
  for (const std::vector<float>& values : floats_of_every_binade(200)) {
    for (float f : values) {
      ASSERT_TRUE(round_trips_shortest(f)) << std::hexfloat << f;
      ++checked;
    }
    // The whole binade as one array, through the encoder's and the decoder's array paths.
    const std::vector<float> back = jsonx::decode<std::vector<float>>(jsonx::encode(values));
    ASSERT_EQ(back.size(), values.size());
    ASSERT_EQ(std::memcmp(back.data(), values.data(), values.size() * sizeof(float)), 0);
  }
  EXPECT_GT(checked, 255u * 400);
  // Integral floats from 2^24 up to where scientific notation gets shorter: their shortest
  // digits, padded.
  EXPECT_GT(padded_integer_texts, 0u);
}

TEST(BindFloatRoundTrip, ShortestTextsOfKnownFloats) {
  // The float's own shortest digits, not those of the double it widens to.
  EXPECT_EQ(jsonx::encode(0.1f), "0.1");
  EXPECT_EQ(jsonx::encode(-0.0f), "-0.0");
  EXPECT_EQ(jsonx::encode(16777216.0f), "16777216.0");
  EXPECT_EQ(jsonx::encode(std::numeric_limits<float>::max()), "3.4028235e+38");
  EXPECT_EQ(jsonx::encode(std::numeric_limits<float>::denorm_min()), "1e-45");
  EXPECT_EQ(jsonx::encode(std::numeric_limits<float>::min()), "1.1754944e-38");
  // The shortest check sees a longer text: 0.1f to 9 digits.
  EXPECT_NE(jsonx::test::shorter_text_reading_back(0.1f, "0.100000001"), "");
  EXPECT_EQ(jsonx::encode(35126288.0f), "35126290.0");
  EXPECT_EQ(jsonx::encode(-35126288.0f), "-35126290.0");
  EXPECT_EQ(jsonx::encode(1e10f), "1e+10");  // scientific is the shorter
  EXPECT_EQ(shortest_digits_padded(35126288.0f, "35126288.0"), "35126290.0");
  EXPECT_EQ(shortest_digits_padded(-35126288.0f, "-35126288.0"), "-35126290.0");
}

}  // namespace
