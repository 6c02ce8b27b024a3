// The AVX-512 + VPCLMULQDQ kernel (the flagship). Only this file is compiled for AVX-512 (by
// the pragma below); see indexer_avx2.cpp for why standard headers come before it.
#include <cstdint>
#include <cstring>

#include "kernel_entry_points.hpp"

#if defined(__clang__)
#pragma clang attribute push(                                                                 \
    __attribute__((target(                                                                    \
        "avx512f,avx512bw,avx512vl,avx512dq,vpclmulqdq,avx2,bmi,bmi2,pclmul,popcnt,lzcnt"))), \
    apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target( \
    "avx512f,avx512bw,avx512vl,avx512dq,vpclmulqdq,avx2,bmi,bmi2,pclmul,popcnt,lzcnt")
// GCC 12's avx512fintrin.h builds some vectors from an uninitialised "undefined" value on
// purpose (_mm512_undefined_*), which -Wmaybe-uninitialized reports inside the intrinsics.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "generic_indexer.hpp"
#include "jsonx/simd/detail/avx512.hpp"

namespace jsonx::index::detail {

index_result index_avx512(const char* data, std::size_t length, indexer_state& state,
                          std::uint32_t* positions, std::uint64_t* escape_words) noexcept {
  return generic_indexer<simd::detail::simd_avx512>::run(data, length, state, positions,
                                                         escape_words);
}

}  // namespace jsonx::index::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif
