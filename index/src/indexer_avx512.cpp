// The AVX-512 + VPCLMULQDQ kernel (the flagship). Only this file is compiled for AVX-512 (by
// the target region below); see indexer_avx2.cpp for why standard headers come before it.
#include <immintrin.h>  // first, outside the region: it pulls in <cstdlib>'s inline functions

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernel_entry_points.hpp"

// From here to target_end.hpp, everything is compiled for AVX-512.
#include "jsonx/simd/detail/target_avx512_begin.hpp"

#include "generic_indexer.hpp"
#include "jsonx/simd/detail/avx512.hpp"

namespace jsonx::index::detail {

index_result index_avx512(const char* data, std::size_t length, indexer_state& state,
                          std::uint32_t* positions, std::uint64_t* escape_words) noexcept {
  return generic_indexer<simd::detail::simd_avx512>::run(data, length, state, positions,
                                                         escape_words);
}

}  // namespace jsonx::index::detail

#include "jsonx/simd/detail/target_end.hpp"
