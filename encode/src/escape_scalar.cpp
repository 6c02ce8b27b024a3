// The portable kernel: eight bytes at a time in a 64-bit word (SWAR).
#include <bit>
#include <cstdint>
#include <cstring>

#include "string_escape.hpp"

// No target pragma here: the portable kernel.
#include "generic_escaper.hpp"

namespace jsonx::detail {
namespace {

// The kernel's vector is the SWAR word of generic_escaper.hpp.
struct simd_scalar : swar {
  static constexpr std::size_t width = 8;
};

}  // namespace

const escape_kernel escape_kernel_scalar = make_escape_kernel<simd_scalar>();

}  // namespace jsonx::detail
