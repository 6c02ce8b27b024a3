// The portable emulations of the AVX2 and AVX-512 kernels' geometries (simd_emulated.hpp), for
// tests and fuzzers on any CPU. No target pragma: plain C++.
#include "generic_indexer.hpp"
#include "jsonx/simd/detail/emulated.hpp"
#include "kernel_entry_points.hpp"

namespace jsonx::index::detail {

index_result index_avx2_emulated(const char* data, std::size_t length, indexer_state& state,
                                 std::uint32_t* positions, std::uint64_t* escape_words) noexcept {
  return generic_indexer<simd::detail::simd_avx2_emulated>::run(data, length, state, positions,
                                                                escape_words);
}

index_result index_avx512_emulated(const char* data, std::size_t length, indexer_state& state,
                                   std::uint32_t* positions, std::uint64_t* escape_words) noexcept {
  return generic_indexer<simd::detail::simd_avx512_emulated>::run(data, length, state, positions,
                                                                  escape_words);
}

}  // namespace jsonx::index::detail
