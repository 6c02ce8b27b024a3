// Shortest round-trip printing of doubles.
//
// Two implementations, picked at build time by JSONX_DOUBLE_FORMAT (encode/CMakeLists.txt, where
// the measurement is written down): Dragonbox's shortest decimal with our own layout (default,
// ~15% faster here: 48 vs 55 ns per random double, 38 vs 46 ns per canada.json number), or
// std::to_chars. Both print exactly the same text: the layout copies to_chars' choice between
// fixed and scientific notation (the tests compare the two).
#include <charconv>
#include <cstdint>
#include <cstring>

#include "jsonx/encode/detail/integer_format.hpp"

#if JSONX_DOUBLE_FORMAT_DRAGONBOX
#include <dragonbox/dragonbox.h>
#endif

namespace jsonx::detail {

namespace {

#if !JSONX_DOUBLE_FORMAT_DRAGONBOX
// Adds ".0" to an output made of digits only, so that it reads back as a double.
char* mark_as_double(char* begin, char* end) noexcept {
  for (const char* p = begin; p != end; ++p) {
    if (*p == '.' || *p == 'e') return end;
  }
  std::memcpy(end, ".0", 2);
  return end + 2;
}
#else
// Lays out significand * 10^exponent as std::to_chars' shortest form does: fixed or
// scientific, whichever is shorter, fixed on a tie; at least two exponent digits.
// Writes the exact value of an integral double below 10^22 (so below 2^74) in decimal.
char* format_exact_integer(double magnitude, char* out) noexcept {
  if (magnitude < 18446744073709551616.0) {
    return format_uint64(static_cast<std::uint64_t>(magnitude), out);
  }
  const auto exact = static_cast<unsigned __int128>(magnitude);
  constexpr std::uint64_t ten19 = 10000000000000000000ULL;
  const auto high = static_cast<std::uint64_t>(exact / ten19);
  const auto low = static_cast<std::uint64_t>(exact % ten19);
  out = format_uint64(high, out);
  // `low` with its leading zeros: 19 digits.
  return write_digits(low, 19, out);
}

// The n digits of `significand` with the point after the first `integer_digits` (1 to n - 1):
// the digits are printed one byte on, then the integer ones moved back over the gap.
char* digits_with_point_inside(std::uint64_t significand, int n, int integer_digits,
                               char* out) noexcept {
  // At most 16 (n <= 17 digits): saying so spares a bogus -Wstringop-overflow about
  // copy_short's long-copy branch.
  if (integer_digits < 1 || integer_digits > 16) __builtin_unreachable();
  char* end = write_digits(significand, n, out + 1);
  copy_short(out, out + 1, static_cast<std::size_t>(integer_digits));
  out[integer_digits] = '.';
  return end;
}

// `magnitude` is |value|, needed where the layout prints the exact integer.
char* layout_decimal(std::uint64_t significand, int exponent, double magnitude,
                     char* out) noexcept {
  const int n = decimal_length(significand);
  if (exponent < 0 && exponent > -n) [[likely]] {
    // Digits on both sides of the point (most doubles in JSON: coordinates, prices): fixed is
    // n + 1 bytes, scientific at least n + 4, so fixed it is, with nothing more to compare.
    return digits_with_point_inside(significand, n, n + exponent, out);
  }
  const int scientific_exponent = exponent + n - 1;
  const int abs_exponent = scientific_exponent < 0 ? -scientific_exponent : scientific_exponent;
  const int exponent_digits = abs_exponent >= 100 ? 3 : 2;
  const int scientific_length = n + (n > 1 ? 1 : 0) + 2 + exponent_digits;
  // Fixed: the integer with its zeros, or (exponent <= -n here) "0.", zeros and the digits.
  const int fixed_length = exponent >= 0 ? n + exponent : 2 - exponent;
  if (fixed_length <= scientific_length) {
    if (exponent >= 0) {
      // An integer. Of the texts of this length that read back as the double, to_chars
      // prints the one closest to its value: the exact integer (2^55 is "36028797018963968.0",
      // not the shortest digits padded, "36028797018963970.0"). Then ".0": it stays a double.
      out =
          exponent == 0 ? write_digits(significand, n, out) : format_exact_integer(magnitude, out);
      std::memcpy(out, ".0", 2);
      return out + 2;
    }
    // "0.", zeros, digits
    out[0] = '0';
    out[1] = '.';
    std::memset(out + 2, '0', static_cast<std::size_t>(-exponent - n));
    return write_digits(significand, n, out + 2 + (-exponent - n));
  }
  // d.ddde+XX: print the digits one byte on, then pull the first one in front of the point.
  char* end = write_digits(significand, n, out + 1);
  out[0] = out[1];
  if (n > 1) {
    out[1] = '.';
  } else {
    end = out + 1;
  }
  end[0] = 'e';
  end[1] = scientific_exponent < 0 ? '-' : '+';
  end += 2;
  if (abs_exponent >= 100) {
    *end++ = static_cast<char>('0' + abs_exponent / 100);
  }
  std::memcpy(end, digit_pairs.pairs + 2 * (abs_exponent % 100), 2);
  return end + 2;
}
#endif

}  // namespace

char* format_double(double value, char* out) noexcept {
#if JSONX_DOUBLE_FORMAT_DRAGONBOX
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  if (bits >> 63) *out++ = '-';
  if ((bits << 1) == 0) {  // +0 or -0
    std::memcpy(out, "0.0", 3);
    return out + 3;
  }
  const auto decimal = jkj::dragonbox::to_decimal(value, jkj::dragonbox::policy::sign::ignore,
                                                  jkj::dragonbox::policy::trailing_zero::remove);
  return layout_decimal(decimal.significand, decimal.exponent, value < 0 ? -value : value, out);
#else
  const auto result = std::to_chars(out, out + 32, value);
  return mark_as_double(out, result.ptr);
#endif
}

}  // namespace jsonx::detail
