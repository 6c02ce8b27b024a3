// Checked conversions between the number kinds for document elements and mutable values: the
// rule of jsonx/sax/number_conversion.hpp (shared with typed binding), reported as access_errc.
#pragma once

#include <cstdint>
#include <system_error>

#include "jsonx/dom/error.hpp"
#include "jsonx/sax/number_conversion.hpp"

namespace jsonx::dom::detail {

/// Runs one of the shared conversions; on failure sets `ec` (number_out_of_range or
/// number_not_exact) and returns a zero of the target type.
template <class To, class From>
To convert_number(number_conversion (*convert)(From, To&) noexcept, From from,
                  std::error_code& ec) noexcept {
  To out{};
  switch (convert(from, out)) {
    case number_conversion::exact:
      return out;
    case number_conversion::out_of_range:
      ec = access_errc::number_out_of_range;
      break;
    case number_conversion::not_exact:
      ec = access_errc::number_not_exact;
      break;
  }
  return To{};
}

inline std::int64_t int64_from_uint64(std::uint64_t u, std::error_code& ec) noexcept {
  return convert_number(&jsonx::int64_from_uint64, u, ec);
}
inline std::int64_t int64_from_double(double d, std::error_code& ec) noexcept {
  return convert_number(&jsonx::int64_from_double, d, ec);
}
inline std::uint64_t uint64_from_int64(std::int64_t i, std::error_code& ec) noexcept {
  return convert_number(&jsonx::uint64_from_int64, i, ec);
}
inline std::uint64_t uint64_from_double(double d, std::error_code& ec) noexcept {
  return convert_number(&jsonx::uint64_from_double, d, ec);
}
inline double double_from_int64(std::int64_t i, std::error_code& ec) noexcept {
  return convert_number(&jsonx::double_from_int64, i, ec);
}
inline double double_from_uint64(std::uint64_t u, std::error_code& ec) noexcept {
  return convert_number(&jsonx::double_from_uint64, u, ec);
}

}  // namespace jsonx::dom::detail
