// Shortest round-trip printing of doubles, and of floats (the float's own shortest digits).
//
// Every double is printed with the fewest significant digits that read back to it, and of those
// the closest to its value (as Go, JavaScript, Python and Ryu print). Integral doubles are no
// exception: 1111111111111100000.0, not the exact binary value 1111111111111100032.0 that
// std::to_chars' plain form prints for the doubles between 2^53 and 10^21.
//
// Two implementations, picked at build time by JSONX_DOUBLE_FORMAT (encode/CMakeLists.txt, where
// the measurement is written down): Dragonbox's shortest decimal with our own layout (default,
// ~15% faster here: 48 vs 55 ns per random double, 38 vs 46 ns per canada.json number), or
// std::to_chars' scientific form (its digits are the shortest) laid out the same way. The layout
// chooses between fixed and scientific notation as std::to_chars' plain form does: the shorter,
// fixed on a tie; at least two exponent digits.
#include <charconv>
#include <cstdint>
#include <cstring>

#include "jsonx/encode/detail/integer_format.hpp"

#if JSONX_DOUBLE_FORMAT_DRAGONBOX
#include <dragonbox/dragonbox.h>
#endif

namespace jsonx::detail {

namespace {

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

#if defined(__SSE2__)
// Byte masks by the point's place k (0..16): bytes before it, and the byte at it.
struct point_masks {
  alignas(16) std::uint8_t before[17][16];
  alignas(16) std::uint8_t at[17][16];
};
constexpr point_masks make_point_masks() {
  point_masks m{};
  for (int k = 0; k <= 16; ++k)
    for (int i = 0; i < 16; ++i) {
      m.before[k][i] = i < k ? 0xFF : 0;
      m.at[k][i] = i == k ? 0xFF : 0;
    }
  return m;
}
constexpr point_masks point_mask_table = make_point_masks();

// 15 to 17 digits with 1 to 14 before the point (canada.json's coordinates, most doubles
// printed from arithmetic), built in a register and stored whole: bytes before the point are
// the digits' own, the point, then the digits one byte on. digits_with_point_inside's copy
// reloads the bytes it has just stored, and on AMD Zen 5 that load waited for the vector store
// (17% of layout_decimal's samples, serializing canada.json).
char* sixteen_with_point_inside(std::uint64_t significand, int n, int integer_digits,
                                char* out) noexcept {
  __m128i first16;  // the first 16 digits, first in byte 0
  if (n == 17) {
    const std::uint64_t lead = significand / 10000000000000000ULL;
    const __m128i rest = sixteen_digits(significand - lead * 10000000000000000ULL);
    // The last two digits at out + 16, out + 17 (the register's last two bytes, out + 2 on).
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2), rest);
    first16 =
        _mm_or_si128(_mm_slli_si128(rest, 1), _mm_cvtsi32_si128(static_cast<int>('0' + lead)));
  } else if (n == 16) {
    first16 = sixteen_digits(significand);
    // The last digit at out + 16.
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 1), first16);
  } else {
    // 15 digits: sixteen_digits' leading zero dropped.
    first16 = _mm_srli_si128(sixteen_digits(significand), 1);
  }
  const __m128i before =
      _mm_load_si128(reinterpret_cast<const __m128i*>(point_mask_table.before[integer_digits]));
  const __m128i at =
      _mm_load_si128(reinterpret_cast<const __m128i*>(point_mask_table.at[integer_digits]));
  const __m128i after = _mm_andnot_si128(_mm_or_si128(before, at), _mm_slli_si128(first16, 1));
  const __m128i laid = _mm_or_si128(_mm_or_si128(_mm_and_si128(first16, before), after),
                                    _mm_and_si128(at, _mm_set1_epi8('.')));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), laid);
  return out + n + 1;
}
#endif

// Lays out significand * 10^exponent (significand without trailing zeros, at most 17 digits).
char* layout_decimal(std::uint64_t significand, int exponent, char* out) noexcept {
  const int n = decimal_length(significand);
#if defined(__SSE2__)
  if (n >= 15 && exponent < 0 && n + exponent <= 14 && n + exponent >= 1) [[likely]]
    return sixteen_with_point_inside(significand, n, n + exponent, out);
#endif
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
      // An integer: the shortest digits, then zeros (2^55 is "36028797018963970.0", as in
      // JavaScript, not its exact value "36028797018963968.0"), then ".0": it stays a double.
      out = write_digits(significand, n, out);
      std::memset(out, '0', static_cast<std::size_t>(exponent));
      out += exponent;
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

// The shortest decimal of a finite, nonzero, positive `magnitude` (a float or a double) from
// std::to_chars' scientific form "d.ddde±XX" for its type, whose digits are the shortest that
// read back as that type, closest first.
struct shortest_decimal {
  std::uint64_t significand;
  int exponent;
};
template <class Floating>
shortest_decimal shortest_from_to_chars(Floating magnitude) noexcept {
  char text[32];
  const char* end =
      std::to_chars(text, text + sizeof text, magnitude, std::chars_format::scientific).ptr;
  std::uint64_t significand = 0;
  int fraction_digits = 0;
  const char* p = text;
  for (; *p != 'e'; ++p) {
    if (*p == '.') continue;
    significand = significand * 10 + static_cast<std::uint64_t>(*p - '0');
    fraction_digits += p > text ? 1 : 0;
  }
  int exponent = 0;
  std::from_chars(p + (p[1] == '+' ? 2 : 1), end, exponent);
  return {significand, exponent - fraction_digits};
}

}  // namespace

char* format_float(float value, char* out) noexcept {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  if (bits >> 31) *out++ = '-';
  if ((bits << 1) == 0) {  // +0 or -0
    std::memcpy(out, "0.0", 3);
    return out + 3;
  }
  const shortest_decimal decimal = shortest_from_to_chars(value < 0 ? -value : value);
  return layout_decimal(decimal.significand, decimal.exponent, out);
}

char* format_double(double value, char* out) noexcept {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  if (bits >> 63) *out++ = '-';
  if ((bits << 1) == 0) {  // +0 or -0
    std::memcpy(out, "0.0", 3);
    return out + 3;
  }
#if JSONX_DOUBLE_FORMAT_DRAGONBOX
  // nearest_to_even_static_boundary: the same digits as Dragonbox's default rounding (ties to
  // even), with the interval's open or closed ends decided once by the significand's parity,
  // into two compiled paths, rather than tested inside the search. Measured over canada.json's
  // 111,126 numbers (Xeon, g++ 12 -O3, best of 5): 20.9 -> 20.5 ns a number; the output was
  // compared with the default policy's on 20M random doubles, every power of two and its
  // neighbours, and 16M integers and decimal fractions: identical.
  const auto decimal = jkj::dragonbox::to_decimal(
      value, jkj::dragonbox::policy::sign::ignore, jkj::dragonbox::policy::trailing_zero::remove,
      jkj::dragonbox::policy::decimal_to_binary_rounding::nearest_to_even_static_boundary);
#else
  const auto decimal = shortest_from_to_chars(value < 0 ? -value : value);
#endif
  return layout_decimal(decimal.significand, decimal.exponent, out);
}

}  // namespace jsonx::detail
