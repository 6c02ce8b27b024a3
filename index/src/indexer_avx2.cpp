// The AVX2 + PCLMULQDQ kernel. Only this file is compiled for AVX2 (by the target region below,
// jsonx/simd/detail/target_avx2_begin.hpp, not by a command-line -m flag), so the library runs
// on any x86-64 and dispatches at run time. Standard headers come first, outside the region, so
// that no inline standard function is compiled for AVX2 and then picked by the linker for
// callers on other CPUs.
#include <immintrin.h>  // first, outside the region: it pulls in <cstdlib>'s inline functions

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernel_entry_points.hpp"

// From here to target_end.hpp, everything is compiled for AVX2.
#include "jsonx/simd/detail/target_avx2_begin.hpp"

#include "generic_indexer.hpp"
#include "jsonx/simd/detail/avx2.hpp"

namespace jsonx::index::detail {

index_result index_avx2(const char* data, std::size_t length, indexer_state& state,
                        std::uint32_t* positions, std::uint64_t* escape_words) noexcept {
  return generic_indexer<simd::detail::simd_avx2>::run(data, length, state, positions,
                                                       escape_words);
}

}  // namespace jsonx::index::detail
#include "jsonx/simd/detail/target_end.hpp"
