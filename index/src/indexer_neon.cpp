// The NEON kernel (aarch64 builds only, cmake/kernels.cmake). Advanced SIMD is baseline on
// AArch64, so unlike the x86 kernels this file needs no target region: every aarch64 CPU runs it.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernel_entry_points.hpp"

#include "generic_indexer.hpp"
#include "jsonx/simd/detail/neon.hpp"

namespace jsonx::index::detail {

index_result index_neon(const char* data, std::size_t length, indexer_state& state,
                        std::uint32_t* positions, std::uint64_t* escape_words) noexcept {
  return generic_indexer<simd::detail::simd_neon>::run(data, length, state, positions,
                                                       escape_words);
}

}  // namespace jsonx::index::detail
