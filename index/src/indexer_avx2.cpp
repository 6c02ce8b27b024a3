// The AVX2 + PCLMULQDQ kernel. Only this file is compiled for AVX2 (by the pragma below, not
// by a command-line -m flag; clang needs its own form of it), so the library runs on any x86-64 and
// dispatches at run time. Standard headers come first, outside the pragma, so that no inline
// standard function is compiled for AVX2 and then picked by the linker for callers on other CPUs.
#include <cstdint>
#include <cstring>

#include "kernel_entry_points.hpp"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,pclmul,popcnt,lzcnt"))), \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,pclmul,popcnt,lzcnt")
#endif
#include "generic_indexer.hpp"
#include "jsonx/simd/detail/avx2.hpp"

namespace jsonx::index::detail {

index_result index_avx2(const char* data, std::size_t length, indexer_state& state,
                        std::uint32_t* positions, std::uint64_t* escape_words) noexcept {
  return generic_indexer<simd::detail::simd_avx2>::run(data, length, state, positions,
                                                       escape_words);
}

}  // namespace jsonx::index::detail
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
