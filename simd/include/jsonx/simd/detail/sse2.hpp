// Sixteen bytes in an SSE2 register, the x86-64 baseline: the wide escape kernels check a string
// shorter than their own vector with it. Only where the compiler targets SSE2 (every x86-64).
//
// Baseline code, no target region needed: include it before a kernel's target region opens (see
// swar.hpp for why).
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>

namespace jsonx::simd::detail {

struct sse2_vector {
  using type = __m128i;
  static constexpr std::size_t width = 16;
  static constexpr bool exact_mask = true;  // one bit per byte, exactly the matches

  static __m128i load(const char* p) noexcept {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static void store(char* p, __m128i v) noexcept {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
  }
  // Eight bytes from `low` in bytes 0-7 and eight from `high` in bytes 8-15: two overlapping
  // halves cover any length from 8 to 16 without reading outside it.
  static __m128i load_halves(const char* low, const char* high) noexcept {
    return _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(low)),
                              _mm_loadl_epi64(reinterpret_cast<const __m128i*>(high)));
  }
  static void store_halves(char* low, char* high, __m128i v) noexcept {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(low), v);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(high), _mm_unpackhi_epi64(v, v));
  }

  // Comparisons give `matches`, a byte vector whose high bits mark the matching bytes: cheap to
  // combine with `|` (GCC's and clang's vector operators), turned into a bit mask once.
  using matches = __m128i;
  static std::uint64_t mask(__m128i m) noexcept {
    return static_cast<std::uint32_t>(_mm_movemask_epi8(m));
  }
  static __m128i equal(__m128i v, std::uint8_t c) noexcept {
    return _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(c)));
  }
  // Unsigned v < c (c >= 1) exactly where max(v, c - 1) == c - 1: SSE2 has no unsigned compare.
  static __m128i below(__m128i v, std::uint8_t c) noexcept {
    const __m128i limit = _mm_set1_epi8(static_cast<char>(c - 1));
    return _mm_cmpeq_epi8(_mm_max_epu8(v, limit), limit);
  }
  // The byte's own high bit is the match.
  static __m128i non_ascii(__m128i v) noexcept { return v; }
  static std::size_t index_of_first(std::uint64_t mask) noexcept {
    return static_cast<std::size_t>(std::countr_zero(mask));
  }
};

}  // namespace jsonx::simd::detail
#endif
