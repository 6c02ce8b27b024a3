// The AVX2 kernel: 32 bytes per step. Only this file is compiled for AVX2, by the target region
// below (jsonx/simd/detail/target_avx2_begin.hpp, as the indexer's kernels are), so the library
// runs on any x86-64 and dispatches at run time. Standard headers come first, outside the
// region, so that no inline standard function is compiled for AVX2 and then picked by the
// linker for callers on other CPUs.
#include <immintrin.h>

#include <bit>
#include <cstdint>
#include <cstring>

#include "string_escape.hpp"

#if defined(__x86_64__) || defined(_M_X64)
// From here to target_end.hpp, everything is compiled for AVX2.
#include "jsonx/simd/detail/target_avx2_begin.hpp"

#include "generic_escaper.hpp"

namespace jsonx::detail {
namespace {

struct simd_avx2 {
  static constexpr bool exact_mask = true;  // one bit per byte, exactly the hits
  static constexpr std::size_t width = 32;
  static __m256i load(const char* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static void store(char* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  static __m256i equal(__m256i v, char c) { return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c)); }
  template <bool EscapeHtml, bool InspectNonAscii>
  static std::uint64_t special(__m256i v) {
    // Bytes <= 0x1F are exactly those whose unsigned max with 0x1F is 0x1F.
    const __m256i control =
        _mm256_cmpeq_epi8(_mm256_max_epu8(v, _mm256_set1_epi8(0x1F)), _mm256_set1_epi8(0x1F));
    __m256i hits = _mm256_or_si256(control, _mm256_or_si256(equal(v, '"'), equal(v, '\\')));
    if constexpr (EscapeHtml) {
      hits = _mm256_or_si256(hits, _mm256_or_si256(equal(v, '<'), equal(v, '>')));
      hits = _mm256_or_si256(hits, equal(v, '&'));
    }
    // The byte's own high bit marks non-ASCII: movemask reads it directly.
    if constexpr (InspectNonAscii) hits = _mm256_or_si256(hits, v);
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(hits));
  }
  static std::size_t index_of_first(std::uint64_t mask) {
    return static_cast<std::size_t>(std::countr_zero(mask));
  }
};

}  // namespace

const escape_kernel escape_kernel_avx2 = make_escape_kernel<simd_avx2>();

}  // namespace jsonx::detail
#include "jsonx/simd/detail/target_end.hpp"
#else
namespace jsonx::detail {
// Not x86: never selected (kernel_supported(avx2) is false); the scalar loops stand in.
const escape_kernel escape_kernel_avx2 = escape_kernel_scalar;
}  // namespace jsonx::detail
#endif
