// Integer printing: the length first (from the bit length), then the digits eight at a time,
// computed in a register (SWAR; sixteen with SSE2 for doubles' long significands) and stored
// whole. Numbers below 100 come from a table of two-digit pairs.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "jsonx/encode/detail/small_copy.hpp"

namespace jsonx::detail {

struct digit_pair_table {
  char pairs[200];
};

constexpr digit_pair_table make_digit_pair_table() {
  digit_pair_table table{};
  for (int i = 0; i < 100; ++i) {
    table.pairs[2 * i] = static_cast<char>('0' + i / 10);
    table.pairs[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return table;
}

inline constexpr digit_pair_table digit_pairs = make_digit_pair_table();

/// Decimal digits of `value` (1 for 0).
inline int decimal_length(std::uint64_t value) noexcept {
  static constexpr std::uint64_t powers[] = {1ULL,
                                             10ULL,
                                             100ULL,
                                             1000ULL,
                                             10000ULL,
                                             100000ULL,
                                             1000000ULL,
                                             10000000ULL,
                                             100000000ULL,
                                             1000000000ULL,
                                             10000000000ULL,
                                             100000000000ULL,
                                             1000000000000ULL,
                                             10000000000000ULL,
                                             100000000000000ULL,
                                             1000000000000000ULL,
                                             10000000000000000ULL,
                                             100000000000000000ULL,
                                             1000000000000000000ULL,
                                             10000000000000000000ULL};
  // floor(log10) from the bit length (1233/4096 ~ log10(2)), then one compare to correct it.
  // `value | 1` has the same number of digits (10^k is even) and makes 0 count as one digit.
  const std::uint64_t v = value | 1;
  const int bits = 64 - std::countl_zero(v);
  const int guess = (bits * 1233) >> 12;
  return guess + (v >= powers[guess] ? 1 : 0);
}

/// The 8 decimal digits of `value` (< 10^8), leading zeros included, as ASCII bytes in a word
/// whose lowest byte is the first digit. No table and no division: two digits per 32-bit lane
/// then one per 16-bit lane, by multiplying with scaled reciprocals (w * 10486 >> 20 is w / 100
/// for w < 43699; u * 103 >> 10 is u / 10 for u < 179).
inline std::uint64_t eight_digits(std::uint32_t value) noexcept {
  const std::uint64_t lanes = (value / 10000) | (std::uint64_t{value % 10000} << 32);
  const std::uint64_t hundreds = ((lanes * 10486) >> 20) & 0x0000007F0000007FULL;
  const std::uint64_t pairs = hundreds | ((lanes - hundreds * 100) << 16);
  const std::uint64_t tens = ((pairs * 103) >> 10) & 0x000F000F000F000FULL;
  const std::uint64_t digits = tens | ((pairs - tens * 10) << 8);
  return digits + 0x3030303030303030ULL;
}

/// Stores the last `count` (1..8) of the 8 digits of `value` at `out`, plus 8 - count bytes of
/// garbage after them (the caller has the room, and writes over them).
inline void store_last_digits(char* out, std::uint32_t value, int count) noexcept {
  std::uint64_t word = eight_digits(value);
  if constexpr (std::endian::native == std::endian::little) {
    word >>= 8 * (8 - count);  // drop the leading zeros: the first digit is the lowest byte
  } else {
    word = __builtin_bswap64(word) << (8 * (8 - count));  // first digit in the highest byte
  }
  std::memcpy(out, &word, 8);
}

#if defined(__SSE2__)
/// The 16 decimal digits of `value` (< 10^16), leading zeros included, as ASCII in an SSE2
/// register, first digit in byte 0: eight_digits' method on four 4-digit lanes at once
/// (u * 5243 >> 19 is u / 100 for u < 43699; t * 6554 >> 16 is t / 10 for t < 16389).
inline __m128i sixteen_digits(std::uint64_t value) noexcept {
  const std::uint64_t high = value / 100000000;
  const std::uint64_t low = value - high * 100000000;
  // The two 8-digit halves in 64-bit lanes, each cut into 4-digit quads at once: x / 10000 is
  // x * 3518437209 >> 45 for every 32-bit x, and the quotient and remainder then fill the
  // lane's two 32-bit halves (quotient first), giving the quads in digit order.
  const __m128i halves = _mm_set_epi64x(static_cast<long long>(low), static_cast<long long>(high));
  const __m128i quotients =
      _mm_srli_epi64(_mm_mul_epu32(halves, _mm_set1_epi32(static_cast<int>(3518437209U))), 45);
  const __m128i remainders = _mm_sub_epi64(halves, _mm_mul_epu32(quotients, _mm_set1_epi32(10000)));
  const __m128i quads = _mm_or_si128(quotients, _mm_slli_epi64(remainders, 32));
  // The multipliers by 100 and 10 are hidden from the compiler, which would otherwise turn
  // each pmullw into five shifts and adds: 11 instructions more per number (callgrind,
  // serializing canada.json).
  __m128i hundred = _mm_set1_epi16(100);
  __m128i ten = _mm_set1_epi16(10);
  asm("" : "+x"(hundred), "+x"(ten));
  const __m128i hundreds = _mm_srli_epi16(_mm_mulhi_epu16(quads, _mm_set1_epi16(5243)), 3);
  const __m128i below_100 = _mm_sub_epi16(quads, _mm_mullo_epi16(hundreds, hundred));
  const __m128i pairs = _mm_or_si128(hundreds, _mm_slli_epi32(below_100, 16));
  const __m128i tens = _mm_mulhi_epu16(pairs, _mm_set1_epi16(6554));
  const __m128i ones = _mm_sub_epi16(pairs, _mm_mullo_epi16(tens, ten));
  const __m128i digits = _mm_or_si128(tens, _mm_slli_epi16(ones, 8));
  return _mm_add_epi8(digits, _mm_set1_epi8('0'));
}
#endif

/// Writes the `length` (= decimal_length(value)) digits of `value` at `out`; returns the end.
/// `out` must have 8 bytes of room past the digits (stores are whole words).
inline char* write_digits(std::uint64_t value, int length, char* out) noexcept {
  if (length <= 8) {
    store_last_digits(out, static_cast<std::uint32_t>(value), length);
    return out + length;
  }
#if defined(__SSE2__)
  if constexpr (std::endian::native == std::endian::little) {
    if (length >= 16) {
      // Up to 4 leading digits, then 16 in one store.
      const int lead = length - 16;
      if (lead == 1) {  // 17 digits, the most a double's shortest form has
        *out = static_cast<char>('0' + value / 10000000000000000ULL);
      } else if (lead > 0) {
        store_last_digits(out, static_cast<std::uint32_t>(value / 10000000000000000ULL), lead);
      }
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + lead),
                       sixteen_digits(value % 10000000000000000ULL));
      return out + length;
    }
    // 9 to 15 digits: the 16 with 16 - length leading zeros, shifted out across the two halves.
    const __m128i digits = sixteen_digits(value);
    const auto first = static_cast<std::uint64_t>(_mm_cvtsi128_si64(digits));
    const auto second =
        static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(digits, digits)));
    const std::uint64_t head = (first >> (8 * (16 - length))) | (second << (8 * (length - 8)));
    std::memcpy(out, &head, 8);
    std::memcpy(out + length - 8, &second, 8);
    return out + length;
  }
#endif
  if (length <= 16) {
    store_last_digits(out, static_cast<std::uint32_t>(value / 100000000), length - 8);
    store_last_digits(out + length - 8, static_cast<std::uint32_t>(value % 100000000), 8);
  } else {
    const std::uint64_t high = value / 100000000;
    store_last_digits(out, static_cast<std::uint32_t>(high / 100000000), length - 16);
    store_last_digits(out + length - 16, static_cast<std::uint32_t>(high % 100000000), 8);
    store_last_digits(out + length - 8, static_cast<std::uint32_t>(value % 100000000), 8);
  }
  return out + length;
}

inline void write_digit_pair(char* out, std::uint64_t pair) noexcept {
  std::memcpy(out, digit_pairs.pairs + 2 * pair, 2);
}

/// Writes `value` in decimal at `out`; returns the end (at most 20 digits). Stores whole
/// words: `out` must have 8 bytes of room past the digits (the writer's scalar room has).
///
/// Below 100, from the pair table; otherwise the digits come eight at a time from eight_digits
/// (SWAR, no loop, no table), and one shifted store drops the leading zeros. Instructions per
/// number (callgrind, serializing citm_catalog.json, whose 14,392 integers average 8.8 digits):
/// 98 with the earlier loop over the pair table (a division by 100 per pair), against ~30.
inline char* format_uint64(std::uint64_t value, char* out) noexcept {
  if (value < 100) {
    if (value < 10) {
      *out = static_cast<char>('0' + value);
      return out + 1;
    }
    write_digit_pair(out, value);
    return out + 2;
  }
  if (value < 100000000) {
    const int length = decimal_length(value);
    store_last_digits(out, static_cast<std::uint32_t>(value), length);
    return out + length;
  }
  if (value < 10000000000ULL) {
    // 9 or 10 digits (ids, timestamps): the one or two leading ones from the pair table.
    const std::uint64_t high = value / 100000000;
    const auto low = static_cast<std::uint32_t>(value - high * 100000000);
    const int high_length = high < 10 ? 1 : 2;
    std::memcpy(out, digit_pairs.pairs + 2 * high + (2 - high_length), 2);
    store_last_digits(out + high_length, low, 8);
    return out + high_length + 8;
  }
  return write_digits(value, decimal_length(value), out);
}

/// Writes `value` in decimal at `out`; returns the end. At most 20 bytes.
inline char* format_int64(std::int64_t value, char* out) noexcept {
  std::uint64_t magnitude = static_cast<std::uint64_t>(value);
  if (value < 0) {
    *out++ = '-';
    magnitude = 0 - magnitude;  // well defined for INT64_MIN, unlike -value
  }
  return format_uint64(magnitude, out);
}

/// Writes the shortest decimal form of a finite `value` that parses back to the same double,
/// with ".0" added where it would otherwise read as an integer ("1.0", "-0.0", but "1e+20").
/// At most 26 bytes, and `out` must have 8 bytes of room past them.
char* format_double(double value, char* out) noexcept;
/// The same for a finite float, with the float's own shortest digits (0.1f is "0.1", not the
/// double it widens to, "0.10000000149011612"), laid out as format_double lays out a double's:
/// an integral float keeps its shortest digits padded with zeros (35126288.0f is "35126290.0",
/// as 2^55 is "36028797018963970.0"). At most 17 bytes, with 8 bytes of room past them.
char* format_float(float value, char* out) noexcept;

}  // namespace jsonx::detail
