// The AVX-512 kernel: 64 bytes per step, compares straight into mask registers. Compiled for
// AVX-512 by the target region below only (see escape_avx2.cpp for why the headers come first).
#include <immintrin.h>

#include <bit>
#include <cstdint>
#include <cstring>

#include "string_escape.hpp"

#if defined(__x86_64__) || defined(_M_X64)
// From here to target_end.hpp, everything is compiled for AVX-512.
#include "jsonx/simd/detail/target_avx512_begin.hpp"

#include "generic_escaper.hpp"

namespace jsonx::detail {
namespace {

struct simd_avx512 {
  static constexpr bool exact_mask = true;  // one bit per byte, exactly the hits
  static constexpr std::size_t width = 64;
  static __m512i load(const char* p) { return _mm512_loadu_si512(p); }
  static void store(char* p, __m512i v) { _mm512_storeu_si512(p, v); }
  static __mmask64 equal(__m512i v, char c) {
    return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(c));
  }
  template <bool EscapeHtml, bool InspectNonAscii>
  static std::uint64_t special(__m512i v) {
    __mmask64 hits =
        _mm512_cmple_epu8_mask(v, _mm512_set1_epi8(0x1F)) | equal(v, '"') | equal(v, '\\');
    if constexpr (EscapeHtml) hits |= equal(v, '<') | equal(v, '>') | equal(v, '&');
    if constexpr (InspectNonAscii) hits |= _mm512_movepi8_mask(v);
    return hits;
  }
  static std::size_t index_of_first(std::uint64_t mask) {
    return static_cast<std::size_t>(std::countr_zero(mask));
  }
};

}  // namespace

const escape_kernel escape_kernel_avx512 = make_escape_kernel<simd_avx512>();

}  // namespace jsonx::detail
#include "jsonx/simd/detail/target_end.hpp"
#else
namespace jsonx::detail {
const escape_kernel escape_kernel_avx512 = escape_kernel_scalar;
}  // namespace jsonx::detail
#endif
