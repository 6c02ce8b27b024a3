// The parser's inline Eisel-Lemire step (number_parser.hpp) against std::from_chars, bit for
// bit: random significands of every length and exponents across the double range, values
// exactly halfway between two doubles (ties to even), and the edges it must leave to the slow
// path (subnormals, zero, beyond double range). Whatever it decides must be the correctly
// rounded double; what it declines, parse_double_slow decides.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

#include "jsonx/sax/detail/number_parser.hpp"

namespace jsonx::test {
namespace {

struct conversion {
  bool decided = false;
  double value = 0;
};

conversion eisel_lemire_of(std::uint64_t mantissa, std::int64_t exponent, bool negative) {
  conversion c;
  c.decided = detail::eisel_lemire(mantissa, exponent, negative, c.value);
  return c;
}

std::string text_of(std::uint64_t mantissa, std::int64_t exponent, bool negative) {
  char buffer[64];
  const int n =
      std::snprintf(buffer, sizeof buffer, "%s%llue%lld", negative ? "-" : "",
                    static_cast<unsigned long long>(mantissa), static_cast<long long>(exponent));
  return std::string(buffer, static_cast<std::size_t>(n));
}

double reference_of(const std::string& text) {
  double value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);  // out of range: +-inf or 0
  return value;
}

bool same_bits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Checks one conversion; returns whether it was decided.
bool expect_correct(std::uint64_t mantissa, std::int64_t exponent, bool negative) {
  const conversion c = eisel_lemire_of(mantissa, exponent, negative);
  if (!c.decided) return false;
  const std::string text = text_of(mantissa, exponent, negative);
  const double reference = reference_of(text);
  EXPECT_TRUE(same_bits(c.value, reference))
      << text << ": " << c.value << " against from_chars' " << reference;
  // Decided values are normal doubles: zero, subnormals and infinity are the slow path's.
  EXPECT_TRUE(std::isnormal(c.value)) << text;
  return true;
}

TEST(eisel_lemire, random_significands_and_exponents_are_correctly_rounded) {
  std::mt19937_64 random(20261202);
  int decided = 0;
  int in_normal_range = 0;
  constexpr int count = 400000;
  for (int i = 0; i < count; ++i) {
    const int digits = 1 + static_cast<int>(random() % 19);
    std::uint64_t limit = 1;
    for (int k = 0; k < digits; ++k) limit *= 10;
    const std::uint64_t mantissa = random() % limit;
    // Mostly the exponents documents use, the rest across the whole table and past it.
    const std::int64_t exponent = i % 2 == 0 ? static_cast<std::int64_t>(random() % 61) - 30
                                             : static_cast<std::int64_t>(random() % 701) - 360;
    const bool negative = (random() & 1) != 0;
    const bool normal =
        mantissa != 0 && std::isnormal(reference_of(text_of(mantissa, exponent, false)));
    in_normal_range += normal;
    if (expect_correct(mantissa, exponent, negative)) ++decided;
  }
  // Declining is rare for normal results (a product within 2^-64 of a rounding boundary).
  EXPECT_GT(decided, in_normal_range * 99 / 100) << decided << " of " << in_normal_range;
}

TEST(eisel_lemire, halfway_values_round_to_even) {
  // 2^53 + 1 is halfway between 2^53 and 2^53 + 2 (round down to even), 2^53 + 3 between
  // 2^53 + 2 and 2^53 + 4 (round up to even); written with trailing zeros and a negative
  // exponent they are the same values, which the exact-product range [-4, 23] covers.
  for (std::uint64_t odd : {9007199254740993ULL, 9007199254740995ULL, 18014398509481985ULL}) {
    std::uint64_t mantissa = odd;
    for (std::int64_t exponent = 0;
         mantissa <= UINT64_MAX / 10 && mantissa < 10000000000000000000ULL;
         --exponent, mantissa *= 10) {
      EXPECT_TRUE(expect_correct(mantissa, exponent, false)) << mantissa << "e" << exponent;
      EXPECT_TRUE(expect_correct(mantissa, exponent, true)) << mantissa << "e" << exponent;
    }
  }
  // Halfway points above 2^53 scaled by powers of ten: 5 * 10^k halfway patterns near ties.
  for (std::int64_t exponent = -4; exponent <= 23; ++exponent) {
    expect_correct(9007199254740993ULL, exponent, false);
    expect_correct(4503599627370497ULL, exponent, false);  // 2^52 + 1: exact, not a tie
  }
}

TEST(eisel_lemire, zero_subnormals_and_overflow_are_left_to_the_slow_path) {
  double out = 0;
  EXPECT_FALSE(detail::eisel_lemire(0, 0, false, out));
  EXPECT_FALSE(detail::eisel_lemire(1, -320, false, out));  // subnormal
  EXPECT_FALSE(detail::eisel_lemire(1, -343, false, out));  // below the table
  EXPECT_FALSE(detail::eisel_lemire(1, 309, false, out));   // above it
  EXPECT_FALSE(detail::eisel_lemire(2, 308, false, out));   // beyond DBL_MAX
  // The edges that are normal doubles are decided, exactly.
  EXPECT_TRUE(expect_correct(17976931348623157ULL, 292, false));   // DBL_MAX
  EXPECT_TRUE(expect_correct(22250738585072014ULL, -324, false));  // DBL_MIN
  EXPECT_TRUE(expect_correct(1, 308, true));
}

}  // namespace
}  // namespace jsonx::test
