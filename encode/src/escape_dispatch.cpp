// Picks the escape loops of a kernel; an unsupported kernel falls back to the best supported.
// Only the kernels this build has (JSONX_KERNEL_*, cmake/kernels.cmake) are named.
#include <cstring>

#include "string_escape.hpp"
// For read_utf8 (a portable copy: this file has no target pragma).
#include "escape_special.hpp"

namespace jsonx::detail {

const escape_kernel& escape_kernel_for(simd::kernel_id kernel) noexcept {
  if (!simd::kernel_supported(kernel)) kernel = simd::default_kernel();
  switch (kernel) {
#if JSONX_KERNEL_AVX512
    case simd::kernel_id::avx512:
      return escape_kernel_avx512;
#endif
#if JSONX_KERNEL_AVX2
    case simd::kernel_id::avx2:
      return escape_kernel_avx2;
#endif
#if JSONX_KERNEL_NEON
    case simd::kernel_id::neon:
      return escape_kernel_neon;
#endif
    case simd::kernel_id::avx512_emulated:
      return escape_kernel_avx512_emulated;
    case simd::kernel_id::avx2_emulated:
      return escape_kernel_avx2_emulated;
    default:
      break;
  }
  return escape_kernel_scalar;
}

escape_status escape_status_of(const escape_result& result, const char* src_end,
                               const char* dst_end) noexcept {
  if (result.src == src_end) return escape_status::done;
  if (static_cast<std::size_t>(dst_end - result.dst) < min_output_room) {
    return escape_status::output_full;
  }
  const auto* src = reinterpret_cast<const unsigned char*>(result.src);
  return read_utf8(src, reinterpret_cast<const unsigned char*>(src_end)).truncated
             ? escape_status::truncated_utf8
             : escape_status::invalid_utf8;
}

}  // namespace jsonx::detail
