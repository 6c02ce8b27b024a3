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
// integer and "integer '.' fraction" of at most 19 digits, each take a straight-line path of
// 8-byte loads (callgrind on canada.json, avx2 kernel, 111,126 numbers a parse: 956M
// instructions for 20 DOM parses with fast_float's compute_float called out of line, 897M
// with Eisel-Lemire inline, 828M with the fraction path).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

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

/// The length (1..15) and value of the run of digits at p if it ends, within 16 readable
/// bytes, at a non-digit; 0 otherwise (no digit, 16 or more, or fewer than 16 bytes left).
[[gnu::always_inline]] inline unsigned short_digit_run(const char* p, const char* limit,
                                                       std::uint64_t& value) noexcept {
  if (limit - p < 16) return 0;
  const std::uint64_t high = load_eight(p);
  const std::uint64_t high_stops = non_digit_bits(high);
  const std::uint64_t high_digits = high - 0x3030303030303030ULL;
  if (high_stops != 0) {
    const unsigned n = static_cast<unsigned>(__builtin_ctzll(high_stops)) / 8;
    if (n != 0) value = eight_digits_value(high_digits << (64 - 8 * n));
    return n;
  }
  const std::uint64_t low = load_eight(p + 8);
  const std::uint64_t low_stops = non_digit_bits(low);
  if (low_stops == 0) return 0;
  const unsigned n = static_cast<unsigned>(__builtin_ctzll(low_stops)) / 8;
  const std::uint64_t low_value =
      n != 0 ? eight_digits_value((low - 0x3030303030303030ULL) << (64 - 8 * n)) : 0;
  value = eight_digits_value(high_digits) * powers_of_ten_u64[n] + low_value;
  return 8 + n;
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
  const int upper_bit = static_cast<int>(high >> 63);
  std::uint64_t significand = high >> (upper_bit + 9);  // 54 or 55 bits: the result and one more
  // The binary exponent, biased: floor(q * log2(10)) + 63 (as 217706 * q >> 16), adjusted.
  int biased =
      static_cast<int>(((217706 * exponent) >> 16) + 63) + upper_bit - leading_zeros + 1023;
  if (biased <= 0) return false;  // subnormal or zero: the slow path
  // Exactly halfway between two doubles (possible only for q in [-4, 23], where the product
  // is exact): round to even, i.e. do not round up an even result.
  if (low <= 1 && exponent >= -4 && exponent <= 23 && (significand & 3) == 1 &&
      (significand << (upper_bit + 9)) == high)
    significand &= ~std::uint64_t{1};
  significand = (significand + (significand & 1)) >> 1;  // round half up, drop the extra bit
  if (significand >= (std::uint64_t{1} << 53)) {         // rounding carried into a new bit
    significand = std::uint64_t{1} << 52;
    ++biased;
  }
  if (biased >= 0x7FF) return false;  // beyond double range: the caller keeps the text
  const std::uint64_t bits = (significand & ~(std::uint64_t{1} << 52)) |
                             (static_cast<std::uint64_t>(biased) << 52) |
                             (static_cast<std::uint64_t>(negative) << 63);
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

/// parse_number's fast path for "integer '.' fraction" (see there): `point` holds the '.',
/// with at least 16 readable bytes after it; `integer` is the value of the `integer_digits`
/// before it. False (r untouched) where the general path must decide.
[[gnu::always_inline]] inline bool decimal_fraction(const char* point, bool negative,
                                                    unsigned integer_digits, std::uint64_t integer,
                                                    number_result& r) noexcept {
  const char* const fraction = point + 1;
  const std::uint64_t first = load_eight(fraction);
  const std::uint64_t first_stops = non_digit_bits(first);
  unsigned digits;
  std::uint64_t value;
  if (first_stops != 0) {
    digits = static_cast<unsigned>(__builtin_ctzll(first_stops)) / 8;
    if (digits == 0) return false;  // "1." then a non-digit: the general path reports it
    value = eight_digits_value((first - 0x3030303030303030ULL) << (64 - 8 * digits));
  } else {
    const std::uint64_t second = load_eight(fraction + 8);
    const std::uint64_t second_stops = non_digit_bits(second);
    if (second_stops == 0) return false;  // 16 or more fraction digits
    const unsigned more = static_cast<unsigned>(__builtin_ctzll(second_stops)) / 8;
    digits = 8 + more;
    value = eight_digits_value(first - 0x3030303030303030ULL) * powers_of_ten_u64[more];
    if (more != 0) value += eight_digits_value((second - 0x3030303030303030ULL) << (64 - 8 * more));
  }
  const char* const end = fraction + digits;
  if (index::is_scalar_byte(static_cast<unsigned char>(*end)) || integer_digits + digits > 19)
    return false;  // an exponent, bad bytes, or more digits than one u64 holds
  const std::uint64_t mantissa = integer * powers_of_ten_u64[digits] + value;
  if (mantissa <= (std::uint64_t{1} << 53)) {  // exact: both operands are exact doubles
    const double d = static_cast<double>(mantissa) / exact_powers_of_ten[digits];
    r.d = negative ? -d : d;
  } else if (!eisel_lemire(mantissa, -static_cast<std::int64_t>(digits), negative, r.d)) {
    return false;
  }
  r.kind = number_kind::float64;
  r.end = end;
  return true;
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
template <bool Convert = true>
[[gnu::always_inline]] inline void parse_number(const char* p, const char* limit, token_end end,
                                                number_result& r) noexcept {
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
  // The integer part, most often 1 to 15 digits followed (within the readable bytes) by a
  // non-digit: two 8-byte loads classify and convert it. If the number ends there (the next
  // byte is not '.', 'e', 'E' or another scalar byte) it is an integer that fits in int64,
  // the most common number in documents, returned at once. Leading zeros ("01") and longer
  // runs take the general path.
  const unsigned short_digits = Convert ? short_digit_run(p, limit, mantissa) : 0;
  if (short_digits != 0 && (*p != '0' || short_digits == 1)) {
    p += short_digits;
    if (!index::is_scalar_byte(static_cast<unsigned char>(*p))) {
      r.kind = number_kind::int64;
      r.end = p;
      r.i = negative ? -static_cast<std::int64_t>(mantissa) : static_cast<std::int64_t>(mantissa);
      return;
    }
    // The next most common: a point and 1 to 15 fraction digits ending, within the readable
    // bytes, at a byte that ends the number (coordinates, prices, measurements), with at most
    // 19 digits in all. Two more 8-byte loads classify and convert the fraction, and the
    // double comes straight from the exact path or Eisel-Lemire. Anything else (an exponent,
    // a longer fraction, bad bytes) falls through to the general path below, which takes the
    // number up again at the point with the integer part's value.
    if (*p == '.' && limit - p >= 17 && decimal_fraction(p, negative, short_digits, mantissa, r))
      return;
  } else if (*p == '0') {
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
