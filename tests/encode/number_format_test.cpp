// Number printing: integers through the digit-pair table, doubles in the shortest form that
// parses back bit-exact, compared with std::to_chars' shortest digits; doubles of every binade
// written by the writer and read back by jsonx's own parser, with no shorter text reading back.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jsonx/encode/detail/integer_format.hpp"
#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "support/event_log.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/number_texts.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

std::string format_u(std::uint64_t v) {
  char buffer[32];
  return {buffer, jsonx::detail::format_uint64(v, buffer)};
}
std::string format_i(std::int64_t v) {
  char buffer[32];
  return {buffer, jsonx::detail::format_int64(v, buffer)};
}
std::string to_chars_string(auto v) {
  char buffer[64];
  return {buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr};
}

TEST(integer_format, every_length_and_its_edges) {
  std::uint64_t power = 1;
  for (int digits = 1; digits <= 20; ++digits) {
    for (std::uint64_t v : {power, power + 1, power - 1, power * 2 - 1}) {
      ASSERT_EQ(format_u(v), to_chars_string(v));
      EXPECT_EQ(jsonx::detail::decimal_length(v), static_cast<int>(to_chars_string(v).size()));
    }
    if (digits < 20) power *= 10;
  }
  EXPECT_EQ(format_u(0), "0");
  EXPECT_EQ(format_u(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
  EXPECT_EQ(format_i(std::numeric_limits<std::int64_t>::min()), "-9223372036854775808");
  EXPECT_EQ(format_i(-1), "-1");
}

TEST(integer_format, random_values_match_to_chars) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000000; ++i) {
    const std::uint64_t bits = rng();
    const std::uint64_t v = bits >> (rng() % 64);  // every magnitude
    ASSERT_EQ(format_u(v), to_chars_string(v));
    const auto s = static_cast<std::int64_t>(v);
    ASSERT_EQ(format_i(s), to_chars_string(s));
  }
}

// The reference for `d`: std::to_chars' plain form, which chooses fixed or scientific notation,
// with its digits replaced by the shortest ones that read back (those of its scientific form,
// which the standard requires to be the shortest, closest first): the plain form of an integral
// double prints its exact value, 2^55 as 36028797018963968 where the shortest digits padded with
// zeros are 36028797018963970. Then ".0" where the text would read as an integer.
std::string shortest_reference(double d) {
  std::string plain = to_chars_string(d);
  if (plain.find_first_of(".e") != std::string::npos) return plain;
  char buffer[64];
  const std::string scientific(
      buffer, std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::scientific).ptr);
  std::string digits;
  for (char c : scientific.substr(0, scientific.find('e'))) {
    if (c >= '0' && c <= '9') digits += c;
  }
  const bool negative = std::signbit(d);
  const std::size_t integer_digits = plain.size() - (negative ? 1 : 0);
  std::string shortest = negative ? "-" : "";
  shortest += digits;
  shortest.append(integer_digits - digits.size(), '0');
  return shortest + ".0";
}

// The writer's text for `d` is the shortest reference above, and it parses back to the same bits.
::testing::AssertionResult prints_shortest(double d) {
  char buffer[64];
  const std::string ours(buffer, jsonx::detail::format_double(d, buffer));
  const std::string reference = shortest_reference(d);
  if (ours != reference) {
    return ::testing::AssertionFailure() << "wrote " << ours << ", to_chars " << reference;
  }
  double back = 0;
  const auto result = std::from_chars(ours.data(), ours.data() + ours.size(), back);
  if (result.ec != std::errc{} || result.ptr != ours.data() + ours.size() ||
      std::memcmp(&back, &d, sizeof d) != 0) {
    return ::testing::AssertionFailure() << ours << " does not parse back bit-exact";
  }
  return ::testing::AssertionSuccess();
}

TEST(double_format, a_million_random_bit_patterns_print_shortest_and_parse_back) {
  std::mt19937_64 rng(20240601);
  std::size_t checked = 0;
  while (checked < 1000000) {
    const std::uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d)) continue;
    ASSERT_TRUE(prints_shortest(d)) << "bits " << std::hex << bits;
    ++checked;
  }
  EXPECT_EQ(checked, 1000000u);
}

TEST(double_format, edge_values) {
  const double values[] = {0.0,
                           -0.0,
                           1.0,
                           0.1,
                           0.3,
                           2.0 / 3.0,
                           1e15,
                           1e16,
                           1e17,
                           123456789012345678.0,
                           9007199254740992.0,
                           9007199254740993.0,
                           1e-5,
                           1e-6,
                           1e-7,
                           1.5e-300,
                           5e-324,
                           2.2250738585072014e-308,
                           2.2250738585072009e-308,
                           1.7976931348623157e308,
                           std::numeric_limits<double>::epsilon(),
                           100.0,
                           1e22,
                           1e23};
  for (double d : values) {
    EXPECT_TRUE(prints_shortest(d)) << d;
    EXPECT_TRUE(prints_shortest(-d)) << -d;
  }
  // Every power of two and of ten in range.
  for (int e = -1074; e <= 1023; ++e) ASSERT_TRUE(prints_shortest(std::ldexp(1.0, e))) << e;
  for (int e = -323; e <= 308; ++e) {
    ASSERT_TRUE(prints_shortest(std::strtod(("1e" + std::to_string(e)).c_str(), nullptr))) << e;
  }
}

TEST(double_format, integral_doubles_above_2_53_print_their_shortest_digits) {
  // Their exact binary values are longer: 1111111111111100032, 12345678901234567168.
  const std::pair<double, std::string_view> cases[] = {
      {1111111111111100000.0, "1111111111111100000.0"},
      {12345678901234567890.0, "12345678901234567000.0"},
      {36028797018963968.0, "36028797018963970.0"},  // 2^55
      {9007199254740994.0, "9007199254740994.0"},    // 2^53 + 2: all 16 digits needed
      {1e20, "1e+20"},                               // scientific where it is shorter, as before
      {123456789012345680000.0, "123456789012345680000.0"},
      {1e21, "1e+21"},
      {-18446744073709551616.0, "-18446744073709552000.0"},  // -2^64
  };
  for (const auto& [d, text] : cases) {
    char buffer[64];
    EXPECT_EQ(std::string_view(buffer, jsonx::detail::format_double(d, buffer)), text);
    EXPECT_TRUE(prints_shortest(d)) << text;
  }
}

TEST(double_format, random_doubles_of_every_binade_print_shortest_and_parse_back) {
  // 200 random significands in each of the 2046 normal binades and among the subnormals.
  std::mt19937_64 rng(20261202);
  for (std::uint64_t biased_exponent = 0; biased_exponent < 2047; ++biased_exponent) {
    for (int i = 0; i < 200; ++i) {
      const std::uint64_t bits = (biased_exponent << 52) | (rng() & ((std::uint64_t{1} << 52) - 1));
      double d;
      std::memcpy(&d, &bits, sizeof d);
      ASSERT_TRUE(prints_shortest(d)) << "bits " << std::hex << bits;
      ASSERT_TRUE(prints_shortest(-d)) << "bits " << std::hex << bits;
    }
  }
}

// No decimal text with fewer significant digits reads back as `value` (support/number_texts).
template <class T>
::testing::AssertionResult no_shorter_text_reads_back(T value, std::string_view text) {
  const std::string shorter = shorter_text_reading_back(value, text);
  if (shorter.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << text << " is not the shortest: " << shorter << " reads back too";
}

TEST(double_format, shortest_check_catches_a_longer_text) {
  // The check itself: 0.30000000000000004 is 0.1 + 0.2's shortest, 0.10000000000000000555
  // (0.1 to 20 digits) is not 0.1's.
  EXPECT_TRUE(no_shorter_text_reads_back(0.1 + 0.2, "0.30000000000000004"));
  EXPECT_FALSE(no_shorter_text_reads_back(0.1, "0.10000000000000000555"));
  EXPECT_FALSE(no_shorter_text_reads_back(0.1f, "0.100000001"));
  EXPECT_TRUE(no_shorter_text_reads_back(0.1f, "0.1"));
  EXPECT_FALSE(no_shorter_text_reads_back(-1250.0, "-1.2500001e+3"));
  EXPECT_FALSE(no_shorter_text_reads_back(0.0012, "0.00120000000000000002"));
  EXPECT_TRUE(no_shorter_text_reads_back(36028797018963968.0, "36028797018963970.0"));
}

// The doubles of every binade: random significands for each biased exponent (the subnormals
// are exponent 0), both signs; zero, the extremes, every power of two and of ten.
std::vector<std::vector<double>> doubles_of_every_binade(int per_binade) {
  std::mt19937_64 rng(0x62696e616465);
  std::vector<std::vector<double>> binades;
  for (std::uint64_t biased_exponent = 0; biased_exponent < 2047; ++biased_exponent) {
    std::vector<double>& values = binades.emplace_back();
    for (int i = 0; i < per_binade; ++i) {
      const std::uint64_t bits = (biased_exponent << 52) | (rng() & ((std::uint64_t{1} << 52) - 1));
      double d;
      std::memcpy(&d, &bits, sizeof d);
      values.push_back(d);
      values.push_back(-d);
    }
  }
  std::vector<double>& edges = binades.emplace_back();
  using limits = std::numeric_limits<double>;
  for (double d : {0.0, limits::max(), limits::min(), limits::denorm_min(),
                   std::nextafter(limits::min(), 0.0), limits::epsilon()}) {
    edges.push_back(d);
    edges.push_back(-d);
  }
  for (int e = -1074; e <= 1023; ++e) edges.push_back(std::ldexp(1.0, e));
  for (int e = -323; e <= 308; ++e)
    edges.push_back(std::strtod(("1e" + std::to_string(e)).c_str(), nullptr));
  return binades;
}

// Each binade written by jsonx's writer as one array, read back by jsonx's parser, whole and
// in random chunks: every element a double event with the same bits (-0 included); each text
// the writer's, shortest (std::to_chars' shortest digits, and no shorter text reads back).
TEST(double_format, every_binade_written_and_read_back_by_jsonx_bit_exact_and_shortest) {
  std::size_t checked = 0;
  for (const std::vector<double>& values : doubles_of_every_binade(32)) {
    std::string out;
    writer w(out);
    ASSERT_TRUE(w.on_array_begin());
    std::string expected = "[\n";
    for (double d : values) {
      ASSERT_TRUE(w.on_double(d));
      append_double(expected, d);
      expected += '\n';
      char buffer[64];
      const std::string_view text(buffer, jsonx::detail::format_double(d, buffer));
      ASSERT_TRUE(prints_shortest(d)) << text;
      ASSERT_TRUE(no_shorter_text_reads_back(d, text));
    }
    ASSERT_TRUE(w.on_array_end());
    ASSERT_TRUE(w.finish());
    append_end(expected, ']', values.size());
    expected += '\n';
    for (const chunking& cut : {chunking::whole(), chunking::random(values.size(), 24)}) {
      const parse_outcome back = parse_chunked_fresh<value_recorder>(out, cut);
      ASSERT_TRUE(back.accepted) << verdict(back) << " (" << cut.describe() << ")";
      ASSERT_EQ(back.check_failures, "");
      ASSERT_EQ(back.log, expected) << describe_difference(expected, back.log);
    }
    checked += values.size();
  }
  EXPECT_GT(checked, 2047u * 64);
}

// Collects the doubles of a document.
struct double_collector {
  std::vector<double> values;
  bool on_null() { return true; }
  bool on_bool(bool) { return true; }
  bool on_int64(std::int64_t v, std::string_view) {
    values.push_back(static_cast<double>(v));
    return true;
  }
  bool on_uint64(std::uint64_t, std::string_view) { return true; }
  bool on_double(double v, std::string_view) {
    values.push_back(v);
    return true;
  }
  bool on_number_text(std::string_view) { return true; }
  bool on_string(std::string_view) { return true; }
  bool on_key(std::string_view) { return true; }
  bool on_object_begin() { return true; }
  bool on_object_end(std::size_t) { return true; }
  bool on_array_begin() { return true; }
  bool on_array_end(std::size_t) { return true; }
};

TEST(double_format, canada_numbers_print_shortest_and_parse_back) {
  const named_input* canada = nullptr;
  for (const named_input& f : corpus_files())
    if (f.name.find("canada") != std::string::npos) canada = &f;
  if (!canada) GTEST_SKIP() << "canada.json is absent from the corpus: skipped";
  double_collector collector;
  parse(canada->bytes, collector);
  ASSERT_GT(collector.values.size(), 100000u);
  for (double d : collector.values) ASSERT_TRUE(prints_shortest(d)) << d;

  // And through the writer, as an array, parsed back equal.
  std::string out;
  writer w(out);
  w.on_array_begin();
  for (double d : collector.values) w.on_double(d);
  w.on_array_end();
  ASSERT_TRUE(w.finish());
  double_collector back;
  parse(out, back);
  ASSERT_EQ(back.values.size(), collector.values.size());
  EXPECT_EQ(
      std::memcmp(back.values.data(), collector.values.data(), back.values.size() * sizeof(double)),
      0);
}

}  // namespace
}  // namespace jsonx::test
