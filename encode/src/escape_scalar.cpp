// The portable kernel: eight bytes at a time in a 64-bit word (simd::detail::swar_vector).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "string_escape.hpp"

// No target pragma here: the portable kernel.
#include "generic_escaper.hpp"

namespace jsonx::detail {

const escape_kernel escape_kernel_scalar = make_escape_kernel<simd::detail::swar_vector>();

}  // namespace jsonx::detail
