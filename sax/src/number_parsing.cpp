// The slow, correctly rounded number conversions. std::from_chars is exact (libstdc++ 12
// implements it with the Eisel-Lemire algorithm and a big-decimal fallback), so we own only
// the fast path in number_parser.hpp.
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <system_error>

#include "jsonx/sax/detail/number_parser.hpp"

namespace jsonx::detail {

bool parse_double_slow(const char* begin, const char* end, double& out) noexcept {
  // from_chars accepts the leading '-' of floating-point text (JSON has no leading '+').
  auto [ptr, ec] = std::from_chars(begin, end, out, std::chars_format::general);
  if (ec == std::errc::result_out_of_range) {
    // Either overflow (beyond double range: keep the text) or underflow (the correctly
    // rounded value is zero or subnormal: libstdc++ reports it as out of range too).
    bool negative = *begin == '-';
    // Decide by re-reading the value's order of magnitude: strtod gives +-HUGE_VAL on
    // overflow and a tiny value or zero on underflow.
    double approx = std::strtod(std::string(begin, end).c_str(), nullptr);
    if (std::isinf(approx)) return false;
    out = negative ? -std::fabs(approx) : std::fabs(approx);
    return true;
  }
  if (ec != std::errc{} || ptr != end) return false;
  return !std::isinf(out);
}

double big_integer_to_double(const char* begin, const char* end) noexcept {
  double out = 0;
  auto [ptr, ec] = std::from_chars(begin, end, out, std::chars_format::general);
  if (ec == std::errc::result_out_of_range) return *begin == '-' ? -HUGE_VAL : HUGE_VAL;
  (void)ptr;
  return out;
}

}  // namespace jsonx::detail
