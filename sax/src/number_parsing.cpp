// The slow, correctly rounded number conversions, through fast_float (Debian's
// libfast-float-dev). We own only the scan and the exact fast path (number_parser.hpp):
// the Eisel-Lemire step on the mantissa and exponent we already have (number_parser.hpp, with
// fast_float's table of powers of five), instead of letting from_chars scan the text again.
#include <cmath>

#include <fast_float/fast_float.h>

#include "jsonx/sax/detail/number_parser.hpp"

namespace jsonx::detail {

const std::uint64_t* const powers_of_five_128 = fast_float::powers::power_of_five_128;
static_assert(fast_float::powers::smallest_power_of_five == smallest_power_of_five &&
              fast_float::powers::largest_power_of_five == largest_power_of_five);

#if !defined(__SIZEOF_INT128__)
bool eisel_lemire(std::uint64_t mantissa, std::int64_t exponent, bool negative,
                  double& out) noexcept {
  using format = fast_float::binary_format<double>;
  const fast_float::adjusted_mantissa am = fast_float::compute_float<format>(exponent, mantissa);
  if (am.power2 < 0) return false;  // too close to a tie for 128 bits: decide slowly
  fast_float::to_float(negative, am, out);
  return !std::isinf(out);  // beyond double range: the caller keeps the text
}
#endif

bool parse_double_slow(const char* begin, const char* end, double& out) noexcept {
  // fast_float gives the correctly rounded value, +-infinity beyond double range and zero or
  // a subnormal below it; infinity means "keep the text".
  const auto result = fast_float::from_chars(begin, end, out);
  if (result.ec != std::errc{} || result.ptr != end) return false;
  return !std::isinf(out);
}

double big_integer_to_double(const char* begin, const char* end) noexcept {
  double out = 0;
  fast_float::from_chars(begin, end, out);
  return out;
}

}  // namespace jsonx::detail
