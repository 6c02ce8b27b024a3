// index_structurals(): the run-time dispatch to the chosen kernel. Only the kernels this build
// has (JSONX_KERNEL_*, cmake/kernels.cmake) are named; any other id runs the portable kernel
// (the parser asks for supported kernels only, see simd::kernel_supported()).
#include "jsonx/index/structural_indexer.hpp"

#include "kernel_entry_points.hpp"

namespace jsonx::index {

bool indexer_state::utf8_incomplete() const noexcept {
  return utf8_tail[2] >= 0xC0 || utf8_tail[1] >= 0xE0 || utf8_tail[0] >= 0xF0;
}

index_result index_structurals(simd::kernel_id kernel, const char* data, std::size_t length,
                               indexer_state& state, std::uint32_t* positions,
                               std::uint64_t* escaped_string_ends) noexcept {
  switch (kernel) {
#if JSONX_KERNEL_AVX512
    case simd::kernel_id::avx512:
      return detail::index_avx512(data, length, state, positions, escaped_string_ends);
#endif
#if JSONX_KERNEL_AVX2
    case simd::kernel_id::avx2:
      return detail::index_avx2(data, length, state, positions, escaped_string_ends);
#endif
#if JSONX_KERNEL_NEON
    case simd::kernel_id::neon:
      return detail::index_neon(data, length, state, positions, escaped_string_ends);
#endif
    case simd::kernel_id::avx512_emulated:
      return detail::index_avx512_emulated(data, length, state, positions, escaped_string_ends);
    case simd::kernel_id::avx2_emulated:
      return detail::index_avx2_emulated(data, length, state, positions, escaped_string_ends);
    default:
      break;
  }
  return detail::index_scalar(data, length, state, positions, escaped_string_ends);
}

}  // namespace jsonx::index
