// Checked conversions between the number kinds, shared by document elements and mutable values.
//
// The rule everywhere: a conversion succeeds only if it is exact. An integer is readable as a
// double if the double holds it exactly (every |i| <= 2^53 does, and larger ones that happen to
// be representable); a double is readable as an integer if it is integral and in range (3.0 is
// 3; 3.5 is number_not_exact; 1e300 is number_out_of_range); a negative number is never a
// uint64, and a uint64 above INT64_MAX is never an int64.
#pragma once

#include <cstdint>
#include <limits>
#include <system_error>

#include "jsonx/dom/error.hpp"

namespace jsonx::dom::detail {

// 2^63 and 2^64 as doubles: the first values outside int64 and uint64 range.
inline constexpr double two_to_63 = 9223372036854775808.0;
inline constexpr double two_to_64 = 18446744073709551616.0;

inline std::int64_t int64_from_uint64(std::uint64_t u, std::error_code& ec) noexcept {
  if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    ec = access_errc::number_out_of_range;
    return 0;
  }
  return static_cast<std::int64_t>(u);
}

inline std::int64_t int64_from_double(double d, std::error_code& ec) noexcept {
  // Written as !(in range) so that a NaN (only possible in a mutable value) fails too.
  if (!(d >= -two_to_63 && d < two_to_63)) {
    ec = access_errc::number_out_of_range;
    return 0;
  }
  const auto i = static_cast<std::int64_t>(d);
  if (static_cast<double>(i) != d) {
    ec = access_errc::number_not_exact;
    return 0;
  }
  return i;
}

inline std::uint64_t uint64_from_int64(std::int64_t i, std::error_code& ec) noexcept {
  if (i < 0) {
    ec = access_errc::number_out_of_range;
    return 0;
  }
  return static_cast<std::uint64_t>(i);
}

inline std::uint64_t uint64_from_double(double d, std::error_code& ec) noexcept {
  if (!(d > -1.0 && d < two_to_64)) {
    ec = access_errc::number_out_of_range;
    return 0;
  }
  const auto u = static_cast<std::uint64_t>(d);
  if (static_cast<double>(u) != d) {
    ec = access_errc::number_not_exact;  // a fraction, or -0.5
    return 0;
  }
  return u;
}

inline double double_from_int64(std::int64_t i, std::error_code& ec) noexcept {
  const auto d = static_cast<double>(i);
  // INT64_MAX rounds up to 2^63, which no int64 equals (and which cannot be cast back).
  if (d >= two_to_63 || static_cast<std::int64_t>(d) != i) {
    ec = access_errc::number_not_exact;
    return 0;
  }
  return d;
}

inline double double_from_uint64(std::uint64_t u, std::error_code& ec) noexcept {
  const auto d = static_cast<double>(u);
  if (d >= two_to_64 || static_cast<std::uint64_t>(d) != u) {
    ec = access_errc::number_not_exact;
    return 0;
  }
  return d;
}

}  // namespace jsonx::dom::detail
