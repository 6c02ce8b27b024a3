// The NEON kernel (aarch64 builds only, cmake/kernels.cmake): 16 bytes per step
// (simd::detail::neon_vector), a mask of four bits per byte from one SHRN. Baseline on AArch64:
// no target region.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "string_escape.hpp"

#include "generic_escaper.hpp"
#include "jsonx/simd/detail/neon.hpp"

namespace jsonx::detail {

const escape_kernel escape_kernel_neon = make_escape_kernel<simd::detail::neon_vector>();

}  // namespace jsonx::detail
