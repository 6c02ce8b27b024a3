// Number scanning and conversion for the parser.
//
//   number = [ '-' ] int [ frac ] [ exp ]
//   int    = '0' / ( digit1-9 *digit )
//   frac   = '.' 1*digit
//   exp    = ( 'e' / 'E' ) [ '-' / '+' ] 1*digit
//
// Integers of up to 19 digits are accumulated exactly; a double with at most 19 significant
// digits and a small exponent is converted exactly by one multiplication or division (both
// operands are exact doubles, so IEEE rounding gives the correctly rounded result); other
// doubles of at most 19 digits by Eisel-Lemire (inline, below); every other number goes to
// the correctly rounded slow path (parse_double_slow). The two commonest forms, a short
// integer and "integer '.' fraction" of at most 19 digits, take a straight-line path of 8-byte
// loads (short_number) where 26 bytes are readable. Measured by callgrind on canada.json (avx2
// kernel, 111,126 numbers a parse), instructions for 20 DOM parses: 956M with fast_float's
// compute_float called out of line, 897M with Eisel-Lemire inline, 828M with a fraction path
// that converted the integer and fraction words apart, 778M with the point taken out of the
// words (two conversions for canada's 17 digits, not three). A 16-byte SSE2 variant of the
// same (digit mask by compare, conversion by multiply-adds) ran fewer instructions (793M
// beside 845M for the words then) but took 5% longer; it is not kept.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "jsonx/index/byte_classes.hpp"

namespace jsonx::detail {

enum class number_kind : std::uint8_t {
  int64,
  uint64,
  float64,
  big,         ///< an integer beyond 64 bits, or a number beyond double range
  invalid,     ///< not a number (end points at the offending byte)
  incomplete,  ///< the bytes ended inside the number and more may follow
  truncated,   ///< the input ended inside the number ("-", "1.", "1e+")
};

/// What lies at the end of the bytes given for a number or literal.
enum class token_end : std::uint8_t {
  open,          ///< a chunk end: more bytes may continue the token
  delimited,     ///< a delimiter (the token was cut by chunks and is now complete)
  end_of_input,  ///< the end of the whole input
};

struct number_result {
  number_kind kind;
  const char* end;  ///< one past the number (or the offending byte)
  union {
    std::int64_t i;
    std::uint64_t u;
    double d;
  };
};

/// Correctly rounded conversion of a valid number text; false if beyond double range.
bool parse_double_slow(const char* begin, const char* end, double& out) noexcept;
/// The double nearest to a big integer's text (for handlers that opt for doubles).
double big_integer_to_double(const char* begin, const char* end) noexcept;

inline bool is_digit(char c) noexcept {
  return static_cast<unsigned char>(c - '0') < 10;
}

inline std::uint64_t load_eight(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;  // little-endian: p[0] is the low byte
}

/// Bit 7 of each byte that is not an ASCII digit, valid up to and including the first such
/// byte (borrows and carries only run from that byte upward). A digit byte d has d - 0x30 in
/// 0..9 and d + 0x46 in 0x76..0x7F: both keep bit 7 clear. A byte below '0' borrows into
/// bit 7 of the difference; a byte above '9' sets bit 7 of the sum (or, from 0xBA up, the
/// difference already has it).
inline std::uint64_t non_digit_bits(std::uint64_t v) noexcept {
  return ((v - 0x3030303030303030ULL) | (v + 0x4646464646464646ULL)) & 0x8080808080808080ULL;
}

/// The value of eight digit values (bytes 0..9, byte 0 the most significant) in three
/// multiplications: pairs of digits, then pairs of pairs, then the two halves.
inline std::uint32_t eight_digits_value(std::uint64_t digits) noexcept {
  std::uint64_t v = (digits * 10) + (digits >> 8);  // byte 2k: 10*d(2k) + d(2k+1)
  v = (((v & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32))) +
       (((v >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >>
      32;  // combine the four pairs
  return static_cast<std::uint32_t>(v);
}

/// The value of sixteen digit values: `high` (bytes 0..9, byte 0 the most significant) then
/// `low`, as eight_digits_value(high) * 10^8 + eight_digits_value(low).
inline std::uint64_t sixteen_digits_value(std::uint64_t high, std::uint64_t low) noexcept {
#if defined(__SSE2__)
  // Both words at once: pairs 10 a + b in 16-bit lanes (the lane b:a times 0x0A01 has it in its
  // high byte: a * 2560 + b * 256 + a, with b * 2560 wrapping out), quads by multiply-add of
  // pairs, packed to 16 bits, and the two 8-digit values by multiply-add of quads.
  const __m128i digits = _mm_set_epi64x(static_cast<long long>(low), static_cast<long long>(high));
  const __m128i pairs = _mm_srli_epi16(_mm_mullo_epi16(digits, _mm_set1_epi16(0x0A01)), 8);
  const __m128i quads = _mm_madd_epi16(pairs, _mm_set1_epi32((1 << 16) | 100));
  const __m128i eights =
      _mm_madd_epi16(_mm_packs_epi32(quads, quads), _mm_set1_epi32((1 << 16) | 10000));
  const auto both = static_cast<std::uint64_t>(_mm_cvtsi128_si64(eights));
  return (both & 0xFFFFFFFF) * 100000000 + (both >> 32);
#else
  return std::uint64_t{eight_digits_value(high)} * 100000000 + eight_digits_value(low);
#endif
}

// 10^0 .. 10^15.
// clang-format off
inline constexpr std::uint64_t powers_of_ten_u64[16] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000, 10000000000,
    100000000000, 1000000000000, 10000000000000, 100000000000000, 1000000000000000};
// clang-format on

/// Accumulates the digits at p into `value` (which may wrap: callers count digits). Eight
/// bytes at a time while eight are readable; a run of fewer than eight digits before a
/// non-digit is taken in the same step, shifted up so the missing digits read as leading
/// zeros. With Convert false it only finds the end of the run (validation without values,
/// for handlers that take numbers as text).
template <bool Convert = true>
[[gnu::always_inline]] inline const char* accumulate_digits(const char* p, const char* limit,
                                                            std::uint64_t& value) noexcept {
  while (limit - p >= 8) {
    const std::uint64_t chunk = load_eight(p);
    const std::uint64_t stops = non_digit_bits(chunk);
    const std::uint64_t digits = chunk - 0x3030303030303030ULL;
    if (stops == 0) {
      if constexpr (Convert) value = value * 100000000ULL + eight_digits_value(digits);
      p += 8;
      continue;
    }
    const unsigned n = static_cast<unsigned>(__builtin_ctzll(stops)) / 8;  // digits before
    if constexpr (Convert) {
      if (n != 0) value = value * powers_of_ten_u64[n] + eight_digits_value(digits << (64 - 8 * n));
    }
    return p + n;
  }
  while (p != limit && is_digit(*p)) {
    if constexpr (Convert) value = value * 10 + static_cast<unsigned>(*p - '0');
    ++p;
  }
  return p;
}

/// The 128-bit truncated powers of five 5^-342 .. 5^308, two words each (high, low), from
/// fast_float's table (number_parsing.cpp), whose header stays out of the public ones.
extern const std::uint64_t* const powers_of_five_128;
inline constexpr int smallest_power_of_five = -342;
inline constexpr int largest_power_of_five = 308;

#if defined(__SIZEOF_INT128__)
/// Correctly rounded double for mantissa * 10^exponent (mantissa of at most 19 digits), by
/// the Eisel-Lemire method (Lemire, "Number Parsing at a Gigabyte per Second", 2021); false
/// where it cannot decide quickly (a product too close to a rounding boundary, a subnormal
/// or zero result) or the value is beyond double range: then use parse_double_slow, which
/// tells those apart. Ours and inline: calling fast_float's compute_float and to_float cost
/// 73 instructions a number on canada.json (callgrind), this ~40.
[[gnu::always_inline]] inline bool eisel_lemire(std::uint64_t mantissa, std::int64_t exponent,
                                                bool negative, double& out) noexcept {
  using u128 = unsigned __int128;
  if (mantissa == 0 || exponent < smallest_power_of_five || exponent > largest_power_of_five)
    return false;
  // Normalize the mantissa to 64 significant bits and multiply it by the power's high word:
  // the top 64 bits of the product hold the 53-bit result and enough bits to round it.
  const int leading_zeros = __builtin_clzll(mantissa);
  const std::uint64_t w = mantissa << leading_zeros;
  // The binary exponent, biased, less one, before the product's upper bit is known:
  // floor(q * log2(10)) + 63 (as 217706 * q >> 16), adjusted. Worked out here, off the
  // product's path, it is one value kept across the multiplication rather than two.
  const std::int64_t exponent_part =
      ((217706 * exponent) >> 16) + 63 + 1023 - 1 - static_cast<std::int64_t>(leading_zeros);
  const std::uint64_t* power = powers_of_five_128 + 2 * (exponent - smallest_power_of_five);
  const u128 first = static_cast<u128>(w) * power[0];
  std::uint64_t high = static_cast<std::uint64_t>(first >> 64);
  std::uint64_t low = static_cast<std::uint64_t>(first);
  // The 9 bits below the 55 kept (53 + the upper bit + the rounding bit) all ones: the
  // truncated power's low word may carry into them, so add its product.
  constexpr std::uint64_t below_kept = 0x1FF;
  if ((high & below_kept) == below_kept) {
    const u128 second = static_cast<u128>(w) * power[1];
    const std::uint64_t carry_in = static_cast<std::uint64_t>(second >> 64);
    low += carry_in;
    high += low < carry_in;
  }
  // A low word of all ones may still be short of a carry from the bits the table truncated,
  // except where 5^q is exact in 128 bits (q in [-27, 55]): decide those slowly.
  if (low == ~std::uint64_t{0} && (exponent < -27 || exponent > 55)) return false;
  // Both factors have their top bit set, so the product's top bit is bit 127 or 126.
  const int upper_bit = static_cast<int>(high >> 63);
  std::uint64_t significand = high >> (upper_bit + 9);  // 54 bits: the result and one more
  const std::int64_t biased_less_one = exponent_part + upper_bit;
  if (biased_less_one < 0) return false;  // subnormal or zero: the slow path
  // Exactly halfway between two doubles (possible only for q in [-4, 23], where the product
  // is exact): round to even, i.e. do not round up an even result.
  if (low <= 1 && exponent >= -4 && exponent <= 23 && (significand & 3) == 1 &&
      (significand << (upper_bit + 9)) == high)
    significand &= ~std::uint64_t{1};
  significand = (significand + (significand & 1)) >> 1;  // round half up, drop the extra bit
  // 53 bits, the leading one at bit 52, or 2^53 where rounding carried into a new bit. Added
  // to the exponent less one, the leading one completes the exponent field, and a carry
  // raises it by one with a zero fraction: no branch for either.
  std::uint64_t bits = significand + (static_cast<std::uint64_t>(biased_less_one) << 52);
  if (bits >= (std::uint64_t{0x7FF} << 52)) return false;  // beyond double range: keep the text
  bits |= static_cast<std::uint64_t>(negative) << 63;
  std::memcpy(&out, &bits, sizeof out);
  return true;
}
#else
/// As above, through fast_float, where the compiler has no 128-bit integer.
bool eisel_lemire(std::uint64_t mantissa, std::int64_t exponent, bool negative,
                  double& out) noexcept;
#endif

// Powers of ten that doubles hold exactly.
inline constexpr double exact_powers_of_ten[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/// The value of two digit values (bytes 0 and 1, byte 0 the more significant) in one
/// multiplication: byte 0 times 10 and byte 1 meet at bit 8 of the product (at most 99, below
/// the next term at bit 16; at most 9 carries in from below).
inline std::uint32_t two_digits_value(std::uint64_t digits) noexcept {
  return static_cast<std::uint32_t>((((digits & 0xFFFF) * ((10 << 8) | 1)) >> 8) & 0xFF);
}

/// The digits of "integer '.' fraction" at q, the point taken out, as a mantissa and a
/// decimal exponent (mantissa * 10^exponent is the number's magnitude): `integer_digits`
/// (1..7) digits lie before the point, `head` holds the eight bytes at q, and 25 bytes are
/// readable at q. False unless 1 to 19 - integer_digits fraction digits follow the point;
/// `end` is then one past the last of them.
// By 8-byte words: the first keeps the integer digits from the load at q and takes the rest
// from the load one byte on, past the point; the next two lie wholly after the point.
[[gnu::always_inline]] inline bool decimal_digits(const char* q, unsigned integer_digits,
                                                  std::uint64_t head, std::uint64_t& mantissa,
                                                  int& exponent, const char*& end) noexcept {
  constexpr std::uint64_t zeros = 0x3030303030303030ULL;  // '0' in every byte
  const std::uint64_t integer_bytes = (std::uint64_t{1} << (8 * integer_digits)) - 1;
  const std::uint64_t first = (head & integer_bytes) | (load_eight(q + 1) & ~integer_bytes);
  const std::uint64_t second = load_eight(q + 9);
  const std::uint64_t third = load_eight(q + 17);
  const std::uint64_t first_stops = non_digit_bits(first);
  const std::uint64_t second_stops = non_digit_bits(second);
  const std::uint64_t third_stops = non_digit_bits(third);
  unsigned digits;  // in all, integer and fraction
  if (first_stops != 0) {
    digits = static_cast<unsigned>(__builtin_ctzll(first_stops)) / 8;
    if (digits == integer_digits) return false;  // "1." then a non-digit
    mantissa = eight_digits_value((first - zeros) << (64 - 8 * digits));
  } else if (second_stops != 0) {
    const unsigned more = static_cast<unsigned>(__builtin_ctzll(second_stops)) / 8;
    digits = 8 + more;
    mantissa = eight_digits_value(first - zeros) * powers_of_ten_u64[more];
    if (more != 0) mantissa += eight_digits_value((second - zeros) << (64 - 8 * more));
  } else {
    if (third_stops == 0) return false;
    // 16 digits in the first two words and 0 to 3 in the third: a switch on that count,
    // rather than shifts by it, lets the conversions start from the loads instead of waiting
    // for the count (the branch is predicted: numbers in a document mostly share a shape).
    const std::uint64_t sixteen = sixteen_digits_value(first - zeros, second - zeros);
    const std::uint64_t last = third - zeros;
    switch (__builtin_ctzll(third_stops) / 8) {
      case 0:
        digits = 16;
        mantissa = sixteen;
        break;
      case 1:
        digits = 17;
        mantissa = sixteen * 10 + (last & 0xFF);
        break;
      case 2:
        digits = 18;
        mantissa = sixteen * 100 + two_digits_value(last);
        break;
      case 3:
        digits = 19;
        mantissa = sixteen * 1000 + two_digits_value(last) * 10 + ((last >> 16) & 0xFF);
        break;
      default:
        return false;  // more than 19 digits: beyond one u64
    }
  }
  end = q + digits + 1;
  exponent = -static_cast<int>(digits - integer_digits);
  return true;
}

/// The bytes short_number may read from a number's first byte on: a sign and 25.
inline constexpr std::ptrdiff_t short_number_reach = 26;

/// parse_number's straight-line path for the two commonest forms of number: an integer of 1
/// to 15 digits, and "integer '.' fraction" with 1 to 7 integer digits and at most 19 digits
/// in all (coordinates, prices, measurements), each ending at a byte that cannot continue a
/// number. Needs short_number_reach readable bytes at p. Its `end` is null for every other
/// text, valid or not: the general path decides those.
// Returned by value, not written into a caller's number_result: inlined, its fields stay in
// registers up to the handler's event, where a number_result, whose address the general path
// takes, lives on the stack, and the value's store and reload lay on every number's path.
struct short_number_result {
  const char* end = nullptr;  ///< one past the number; null if not taken
  std::uint64_t bits = 0;     ///< the int64 value, or the double's bits
  bool is_double = false;
};
[[gnu::always_inline]] inline short_number_result short_number(const char* p) noexcept {
  constexpr std::uint64_t zeros = 0x3030303030303030ULL;  // '0' in every byte
  const bool negative = *p == '-';
  const char* const q = p + negative;  // the first digit
  const std::uint64_t head = load_eight(q);
  const std::uint64_t head_stops = non_digit_bits(head);
  if (head_stops == 0) {  // 8 or more integer digits: an integer of at most 15, or give up
    const std::uint64_t next = load_eight(q + 8);
    const std::uint64_t next_stops = non_digit_bits(next);
    if (next_stops == 0 || *q == '0') return {};
    const unsigned more = static_cast<unsigned>(__builtin_ctzll(next_stops)) / 8;
    const char* const end = q + 8 + more;
    if (index::is_scalar_byte(static_cast<unsigned char>(*end))) return {};
    const std::uint64_t eight = eight_digits_value(head - zeros);
    const std::uint64_t rest = next - zeros;
    std::uint64_t value;
    switch (more) {  // the few digits after the first eight (ids, timestamps): cheaply
      case 0:
        value = eight;
        break;
      case 1:
        value = eight * 10 + (rest & 0xFF);
        break;
      case 2:
        value = eight * 100 + two_digits_value(rest);
        break;
      default:
        value = eight * powers_of_ten_u64[more] + eight_digits_value(rest << (64 - 8 * more));
    }
    return {end, negative ? 0 - value : value, false};
  }
  const unsigned integer_digits = static_cast<unsigned>(__builtin_ctzll(head_stops)) / 8;
  if (integer_digits == 0 || (*q == '0' && integer_digits > 1)) return {};  // "-x", "01"
  const unsigned char after_integer = static_cast<unsigned char>(q[integer_digits]);
  if (after_integer != '.') {
    if (index::is_scalar_byte(after_integer)) return {};  // an exponent, or no number
    const std::uint64_t value = eight_digits_value((head - zeros) << (64 - 8 * integer_digits));
    return {q + integer_digits, negative ? 0 - value : value, false};
  }
  std::uint64_t mantissa;
  int exponent;
  const char* end;
  if (!decimal_digits(q, integer_digits, head, mantissa, exponent, end)) return {};
  if (index::is_scalar_byte(static_cast<unsigned char>(*end))) return {};  // "1.5e3", "1.5.5"
  double d;
  if (mantissa <= (std::uint64_t{1} << 53)) {  // exact: both operands are exact doubles
    d = static_cast<double>(mantissa) / exact_powers_of_ten[-exponent];
    if (negative) d = -d;
  } else if (!eisel_lemire(mantissa, exponent, negative, d)) {
    return {};
  }
  std::uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return {end, bits, true};
}

/// Scans and converts the number at `p` into `r`. `limit` is the end of the readable bytes;
/// `end` says what lies there: reaching it inside the number yields `incomplete` (open),
/// `invalid` (delimited: "1." then ']') or `truncated` (end of input). (The result
/// is written field by field into the caller's object: returning the struct by value made
/// the caller reload it with one wide load that could not be forwarded from the narrow
/// stores, a stall on every number.) With Convert false the number is validated and its end
/// found, but no value is computed: `kind` is then float64 for every valid number.
// Forced inline: a call cost a saving and restoring of six registers, and the result went
// through memory (2.8% of canada.json's instructions, 4.4% of small.json's).
// TryShort false: the caller has tried short_number already.
template <bool Convert = true, bool TryShort = Convert>
[[gnu::always_inline]] inline void parse_number(const char* p, const char* limit, token_end end,
                                                number_result& r) noexcept {
  if constexpr (Convert && TryShort) {
    if (limit - p >= short_number_reach) {
      const short_number_result s = short_number(p);
      if (s.end != nullptr) {
        if (s.is_double) {
          r.kind = number_kind::float64;
          r.d = std::bit_cast<double>(s.bits);
        } else {
          r.kind = number_kind::int64;
          r.i = static_cast<std::int64_t>(s.bits);
        }
        r.end = s.end;
        return;
      }
    }
  }
  const char* const start = p;
  auto at_end = [&](const char* q) { return q == limit; };
  auto ran_out = [&](const char* q) {
    r.kind = end == token_end::open        ? number_kind::incomplete
             : end == token_end::delimited ? number_kind::invalid
                                           : number_kind::truncated;
    r.end = q;
    return;
  };
  auto invalid_at = [&](const char* q) {
    r.kind = number_kind::invalid;
    r.end = q;
    return;
  };

  const bool negative = *p == '-';
  if (negative) {
    ++p;
    if (at_end(p)) return ran_out(p);
  }
  const char* const int_begin = p;
  std::uint64_t mantissa = 0;
  if (*p == '0') {
    ++p;
  } else if (is_digit(*p)) {
    p = accumulate_digits<Convert>(p, limit, mantissa);  // may wrap: digit counts are checked below
  } else {
    return invalid_at(p);
  }
  const std::size_t int_digits = static_cast<std::size_t>(p - int_begin);
  bool is_integer = true;
  std::size_t frac_digits = 0;
  std::int64_t exponent = 0;
  std::size_t significant = int_digits;

  if (!at_end(p) && *p == '.') {
    is_integer = false;
    ++p;
    const char* frac_begin = p;
    p = accumulate_digits<Convert>(p, limit, mantissa);
    frac_digits = static_cast<std::size_t>(p - frac_begin);
    if (frac_digits == 0) return at_end(p) ? ran_out(p) : invalid_at(p);
    significant += frac_digits;
  }
  if (!at_end(p) && (*p == 'e' || *p == 'E')) {
    is_integer = false;
    ++p;
    if (at_end(p)) return ran_out(p);
    bool exp_negative = false;
    if (*p == '-' || *p == '+') {
      exp_negative = *p == '-';
      ++p;
      if (at_end(p)) return ran_out(p);
    }
    if (!is_digit(*p)) return invalid_at(p);
    std::int64_t e = 0;
    while (!at_end(p) && is_digit(*p)) {
      if (e < 100000000) e = e * 10 + (*p - '0');  // saturate: beyond any double exponent
      ++p;
    }
    exponent = exp_negative ? -e : e;
  }
  if (at_end(p) && end == token_end::open) return ran_out(p);
  // A number ends where the indexer's scalar run ends: any other byte here is garbage in
  // the same token, such as "01", "1.2.3" or "12abc".
  if (!at_end(p) && index::is_scalar_byte(static_cast<unsigned char>(*p))) return invalid_at(p);
  r.end = p;
  if constexpr (!Convert) {
    r.kind = number_kind::float64;
    return;
  }

  if (is_integer) {
    if (int_digits <= 19) {
      if (negative) {
        if (mantissa <= std::uint64_t{1} << 63) {
          r.kind = number_kind::int64;
          r.i = static_cast<std::int64_t>(0 - mantissa);
          return;
        }
      } else if (mantissa <= static_cast<std::uint64_t>(INT64_MAX)) {
        r.kind = number_kind::int64;
        r.i = static_cast<std::int64_t>(mantissa);
        return;
      } else {
        r.kind = number_kind::uint64;
        r.u = mantissa;
        return;
      }
    } else if (int_digits == 20 && !negative) {
      // Exact re-accumulation with overflow checks (18446744073709551615 is the largest).
      std::uint64_t v = 0;
      bool overflow = false;
      for (const char* q = int_begin; q != p; ++q) {
        overflow |= __builtin_mul_overflow(v, 10, &v);
        overflow |= __builtin_add_overflow(v, static_cast<unsigned>(*q - '0'), &v);
      }
      if (!overflow) {
        r.kind = number_kind::uint64;
        r.u = v;
        return;
      }
    }
    r.kind = number_kind::big;
    return;
  }

  // Fast exact path: the decimal significand fits in 53 bits and 10^|e| is exact.
  const std::int64_t decimal_exponent = exponent - static_cast<std::int64_t>(frac_digits);
  if (significant <= 19 && mantissa <= (std::uint64_t{1} << 53) && decimal_exponent >= -22 &&
      decimal_exponent <= 22) {
    double d = static_cast<double>(mantissa);
    if (decimal_exponent < 0)
      d /= exact_powers_of_ten[-decimal_exponent];
    else
      d *= exact_powers_of_ten[decimal_exponent];
    r.kind = number_kind::float64;
    r.d = negative ? -d : d;
    return;
  }
  if (significant <= 19 && eisel_lemire(mantissa, decimal_exponent, negative, r.d)) {
    r.kind = number_kind::float64;
    return;
  }
  if (parse_double_slow(start, p, r.d)) {
    r.kind = number_kind::float64;
  } else {
    r.kind = number_kind::big;
  }
  return;
}

}  // namespace jsonx::detail
