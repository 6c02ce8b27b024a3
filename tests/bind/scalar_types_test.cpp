// Scalars: bool, every integer type at and past its limits, floating point (range, numbers
// beyond double, integers beyond 64 bits), strings (escapes, UTF-8), null-only types.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <variant>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace {

using jsonx::bind_errc;
using jsonx::test::expect_decode_failure;

TEST(BindScalars, Bool) {
  EXPECT_TRUE(jsonx::decode<bool>("true"));
  EXPECT_FALSE(jsonx::decode<bool>(" false "));
  EXPECT_EQ(jsonx::encode(true), "true");
  for (const char* wrong : {"0", "1", "\"true\"", "null", "[]", "{}"})
    expect_decode_failure<bool>(wrong, bind_errc::type_mismatch, "");
}

template <class T>
void check_integer_limits() {
  using limits = std::numeric_limits<T>;
  const std::string min = std::to_string(limits::min());
  const std::string max = std::to_string(limits::max());
  EXPECT_EQ(jsonx::decode<T>(min), limits::min()) << min;
  EXPECT_EQ(jsonx::decode<T>(max), limits::max()) << max;
  EXPECT_EQ(jsonx::encode(limits::min()), min);
  EXPECT_EQ(jsonx::encode(limits::max()), max);

  // One past each end is an error, never a wrap.
  std::string above = max;
  for (std::size_t i = above.size(); i-- > 0;) {  // max + 1 in decimal
    if (above[i] != '9') {
      ++above[i];
      break;
    }
    above[i] = '0';
    if (i == 0) above.insert(above.begin(), '1');
  }
  auto error = expect_decode_failure<T>(above, bind_errc::integer_out_of_range, "");
  EXPECT_EQ(error.found, above);
  std::string expected = "an integer in [" + min + ", " + max + "]";
  EXPECT_EQ(error.expected, expected);
  if constexpr (std::is_signed_v<T>) {
    std::string below = min;  // min - 1: the last digit of a power-of-two limit is never 9
    ++below.back();
    expect_decode_failure<T>(below, bind_errc::integer_out_of_range, "");
  } else {
    expect_decode_failure<T>("-1", bind_errc::integer_out_of_range, "");
  }
  // The rule shared with the DOM (jsonx/sax/number_conversion.hpp): a number whose value is
  // an integer is one, however it is written.
  EXPECT_EQ(jsonx::decode<T>("1.0"), T{1});
  EXPECT_EQ(jsonx::decode<T>("1e2"), T{100});
  EXPECT_EQ(jsonx::decode<T>("2500e-2"), T{25});
  // Not integers: a fraction; strings; booleans.
  for (const char* wrong : {"0.5", "1.5e0", "\"1\"", "true", "null"})
    expect_decode_failure<T>(wrong, bind_errc::type_mismatch, "");
  // Integral, out of T's range, whichever way it is written.
  if constexpr (std::is_unsigned_v<T>) {
    expect_decode_failure<T>("-1.0", bind_errc::integer_out_of_range, "");
  }
  expect_decode_failure<T>("1e30", bind_errc::integer_out_of_range, "");
}

TEST(BindScalars, EveryIntegerTypeAtItsLimits) {
  check_integer_limits<signed char>();
  check_integer_limits<unsigned char>();
  check_integer_limits<char>();
  check_integer_limits<short>();
  check_integer_limits<unsigned short>();
  check_integer_limits<int>();
  check_integer_limits<unsigned>();
  check_integer_limits<long>();
  check_integer_limits<unsigned long>();
  check_integer_limits<long long>();
  check_integer_limits<unsigned long long>();
  check_integer_limits<std::int8_t>();
  check_integer_limits<std::uint8_t>();
  check_integer_limits<std::int16_t>();
  check_integer_limits<std::uint16_t>();
  check_integer_limits<std::int32_t>();
  check_integer_limits<std::uint32_t>();
  check_integer_limits<std::int64_t>();
  check_integer_limits<std::uint64_t>();
}

TEST(BindScalars, ThreeHundredIntoUint8IsAnError) {
  auto error = expect_decode_failure<std::uint8_t>("300", bind_errc::integer_out_of_range, "");
  EXPECT_EQ(error.message(),
            "(root): integer out of the target type's range: expected an integer in [0, 255], "
            "found 300 (line 1, column 1, byte 0)");
}

TEST(BindScalars, IntegersBeyond64Bits) {
  expect_decode_failure<std::uint64_t>("18446744073709551616", bind_errc::integer_out_of_range, "");
  expect_decode_failure<std::int64_t>("-9223372036854775809", bind_errc::integer_out_of_range, "");
  expect_decode_failure<std::int64_t>("123456789012345678901234567890",
                                      bind_errc::integer_out_of_range, "");
  // Beyond double range: an integer, out of range (as the DOM reports it).
  expect_decode_failure<std::int64_t>("1e400", bind_errc::integer_out_of_range, "");
}

TEST(BindScalars, FloatingPoint) {
  EXPECT_EQ(jsonx::decode<double>("0.1"), 0.1);
  EXPECT_EQ(jsonx::decode<double>("-12"), -12.0);
  EXPECT_EQ(jsonx::decode<double>("18446744073709551615"), 18446744073709551615.0);
  EXPECT_EQ(jsonx::decode<double>("1.7976931348623157e308"), 1.7976931348623157e308);
  // An integer beyond 64 bits is converted (rounded), as any number.
  EXPECT_EQ(jsonx::decode<double>("123456789012345678901234567890"), 1.2345678901234568e29);
  // Beyond double range: an error, not an infinity; below its smallest: zero.
  auto error = expect_decode_failure<double>("1e400", bind_errc::number_out_of_range, "");
  EXPECT_EQ(error.found, "1e400");
  expect_decode_failure<double>("-1e400", bind_errc::number_out_of_range, "");
  EXPECT_EQ(jsonx::decode<double>("1e-400"), 0.0);
  EXPECT_TRUE(std::signbit(jsonx::decode<double>("-1e-400")));

  EXPECT_EQ(jsonx::decode<float>("0.1"), 0.1f);
  EXPECT_EQ(jsonx::decode<float>("3.4028234663852886e38"), std::numeric_limits<float>::max());
  expect_decode_failure<float>("1e39", bind_errc::number_out_of_range, "");
  expect_decode_failure<float>("-3.5e38", bind_errc::number_out_of_range, "");
  EXPECT_EQ(jsonx::decode<long double>("0.5"), 0.5L);
  // Out of range is decided by the number's magnitude, not by how its exponent is written:
  // 1e390 written with 400 digits and a negative exponent is still beyond double range.
  expect_decode_failure<double>("1" + std::string(400, '0') + "e-10",
                                bind_errc::number_out_of_range, "");
  EXPECT_EQ(jsonx::decode<double>("0." + std::string(400, '0') + "1e10"), 0.0);
  EXPECT_EQ(jsonx::decode<double>("1" + std::string(300, '0') + "e-300"), 1.0);

  for (const char* wrong : {"\"1\"", "true", "null", "[1]"})
    expect_decode_failure<double>(wrong, bind_errc::type_mismatch, "");
}

TEST(BindScalars, FloatingPointEncoding) {
  EXPECT_EQ(jsonx::encode(0.1), "0.1");
  EXPECT_EQ(jsonx::encode(1.0), "1.0");
  EXPECT_EQ(jsonx::encode(-2.5e-300), "-2.5e-300");
  // A float is written in the shortest form that reads back as that float.
  EXPECT_EQ(jsonx::encode(0.1f), "0.1");
  EXPECT_EQ(jsonx::encode(3.0f), "3.0");
  EXPECT_EQ(jsonx::decode<float>(jsonx::encode(1.17549435e-38f)), 1.17549435e-38f);
  // Every float reads back as itself, the largest too ("3.4028235e+38" is above FLT_MAX as a
  // double: a float is rounded from the text, not from the double).
  for (float f : {std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
                  std::numeric_limits<float>::denorm_min(), 16777217.0f, 0.3f, 1e-40f}) {
    EXPECT_EQ(jsonx::decode<float>(jsonx::encode(f)), f) << jsonx::encode(f);
    EXPECT_EQ(jsonx::decode<float>(jsonx::encode(static_cast<double>(f))), f);
  }
  // Rounded once, from the text: 1.00000005960464477539062500001 is just above the midpoint
  // between 1 and the next float; through a double (1.0000000596046448, the midpoint) it
  // would round to even, 1.
  EXPECT_EQ(jsonx::decode<float>("1.00000005960464477539062500001"), 1.00000012f);
  for (double d : {0.1, 1e300, 5e-324, -0.0, 123456789.125, 1.0 / 3})
    EXPECT_EQ(jsonx::decode<double>(jsonx::encode(d)), d);
}

TEST(BindScalars, Strings) {
  EXPECT_EQ(jsonx::decode<std::string>(R"("a\"b\\c\n\u00e9\ud83d\ude00")"),
            "a\"b\\c\né\xF0\x9F\x98\x80");
  EXPECT_EQ(jsonx::encode(std::string("a\"b\\c\n\xC3\xA9")), R"("a\"b\\c\né")");
  EXPECT_EQ(jsonx::decode<std::string>(R"("")"), "");
  const std::string long_text(100000, 'x');
  EXPECT_EQ(jsonx::decode<std::string>("\"" + long_text + "\""), long_text);
  auto error = expect_decode_failure<std::string>("12", bind_errc::type_mismatch, "");
  EXPECT_EQ(error.expected, "a string");
  EXPECT_EQ(error.found, "12");
  expect_decode_failure<std::string>("null", bind_errc::type_mismatch, "");
  expect_decode_failure<std::string>("{}", bind_errc::type_mismatch, "");
}

TEST(BindScalars, NullOnlyTypes) {
  EXPECT_EQ(jsonx::decode<std::monostate>("null"), std::monostate{});
  EXPECT_EQ(jsonx::decode<std::nullptr_t>("null"), nullptr);
  EXPECT_EQ(jsonx::encode(std::monostate{}), "null");
  EXPECT_EQ(jsonx::encode(nullptr), "null");
  expect_decode_failure<std::monostate>("0", bind_errc::type_mismatch, "");
}

}  // namespace
