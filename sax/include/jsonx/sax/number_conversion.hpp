// The one rule for converting between number kinds, shared by the DOM's accessors and typed
// binding: a conversion succeeds only if it is exact.
//
// - An integer is readable as a double if the double holds it exactly (every |i| <= 2^53 does,
//   and larger ones that happen to be representable).
// - A double is readable as an integer if it is integral and in range: 3.0 (or 3e0, 300e-2) is
//   3; 3.5 is not exact; 1e300 is out of range. JSON does not tell integers from other numbers
//   by how they are written, so neither does jsonx. A number the parser read as a double is
//   judged by that double: digits beyond its precision (1.0000000000000000001) are not seen.
// - A negative number is never a uint64, and a uint64 above INT64_MAX is never an int64.
//
// Each layer reports the outcome with its own code (dom::access_errc, bind_errc).
#pragma once

#include <cstdint>
#include <limits>

namespace jsonx {

enum class number_conversion : std::uint8_t {
  exact,         ///< converted without loss
  out_of_range,  ///< the value lies outside the target type's range
  not_exact,     ///< in range, but the target type would round it (a fraction, a lost bit)
};

namespace detail {
// 2^63 and 2^64 as doubles: the first values outside int64 and uint64 range.
inline constexpr double two_to_63 = 9223372036854775808.0;
inline constexpr double two_to_64 = 18446744073709551616.0;
}  // namespace detail

constexpr number_conversion int64_from_uint64(std::uint64_t u, std::int64_t& out) noexcept {
  if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return number_conversion::out_of_range;
  out = static_cast<std::int64_t>(u);
  return number_conversion::exact;
}

constexpr number_conversion int64_from_double(double d, std::int64_t& out) noexcept {
  // Written as !(in range) so that a NaN (only possible in a mutable value) fails too.
  if (!(d >= -detail::two_to_63 && d < detail::two_to_63)) return number_conversion::out_of_range;
  const auto i = static_cast<std::int64_t>(d);
  if (static_cast<double>(i) != d) return number_conversion::not_exact;
  out = i;
  return number_conversion::exact;
}

constexpr number_conversion uint64_from_int64(std::int64_t i, std::uint64_t& out) noexcept {
  if (i < 0) return number_conversion::out_of_range;
  out = static_cast<std::uint64_t>(i);
  return number_conversion::exact;
}

constexpr number_conversion uint64_from_double(double d, std::uint64_t& out) noexcept {
  if (!(d > -1.0 && d < detail::two_to_64)) return number_conversion::out_of_range;
  const auto u = static_cast<std::uint64_t>(d);
  if (static_cast<double>(u) != d) return number_conversion::not_exact;  // a fraction, or -0.5
  out = u;
  return number_conversion::exact;
}

constexpr number_conversion double_from_int64(std::int64_t i, double& out) noexcept {
  const auto d = static_cast<double>(i);
  // INT64_MAX rounds up to 2^63, which no int64 equals (and which cannot be cast back).
  if (d >= detail::two_to_63 || static_cast<std::int64_t>(d) != i) {
    return number_conversion::not_exact;
  }
  out = d;
  return number_conversion::exact;
}

constexpr number_conversion double_from_uint64(std::uint64_t u, double& out) noexcept {
  const auto d = static_cast<double>(u);
  if (d >= detail::two_to_64 || static_cast<std::uint64_t>(d) != u) {
    return number_conversion::not_exact;
  }
  out = d;
  return number_conversion::exact;
}

}  // namespace jsonx
