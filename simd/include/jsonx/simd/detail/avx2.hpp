// The AVX2 wrappers, for code inside an AVX2 target region only (target_avx2_begin.hpp):
// - avx2_vector: one 256-bit register, the string escaper's step;
// - simd_avx2: the indexer's 64-byte block as two registers, PCLMULQDQ for the prefix XOR.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "classification_tables.hpp"

namespace jsonx::simd::detail {

struct avx2_vector {
  using type = __m256i;
  static constexpr std::size_t width = 32;
  static constexpr bool exact_mask = true;  // one bit per byte, exactly the matches

  static __m256i load(const char* p) noexcept {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static void store(char* p, __m256i v) noexcept {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
  }
  // Comparisons give `matches`, a byte vector whose high bits mark the matching bytes: combined
  // with `|` (GCC's and clang's vector operators) and turned into a bit mask once, by one
  // vpmovmskb.
  using matches = __m256i;
  static std::uint64_t mask(__m256i m) noexcept {
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(m));
  }
  static __m256i equal(__m256i v, std::uint8_t c) noexcept {
    return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(static_cast<char>(c)));
  }
  // Unsigned v < c (c >= 1) exactly where max(v, c - 1) == c - 1: AVX2 has no unsigned compare.
  static __m256i below(__m256i v, std::uint8_t c) noexcept {
    const __m256i limit = _mm256_set1_epi8(static_cast<char>(c - 1));
    return _mm256_cmpeq_epi8(_mm256_max_epu8(v, limit), limit);
  }
  // The byte's own high bit is the match.
  static __m256i non_ascii(__m256i v) noexcept { return v; }
  static std::size_t index_of_first(std::uint64_t mask) noexcept {
    return static_cast<std::size_t>(_tzcnt_u64(mask));
  }
};

struct simd_avx2 {
  static constexpr int batch_blocks = 1;
  struct block {
    __m256i lo, hi;
  };

  static block load(const std::uint8_t* p) noexcept {
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32))};
  }
  // A block whose bytes 61-63 are last3 (the rest is never read): a broadcast of a 32-bit word
  // whose top three bytes are last3 puts them at bytes 29-31 of the high half, no memory used.
  static block block_ending_with(const std::uint8_t (&last3)[3]) noexcept {
    const std::uint32_t word = (std::uint32_t{last3[0]} << 8) | (std::uint32_t{last3[1]} << 16) |
                               (std::uint32_t{last3[2]} << 24);
    return {_mm256_setzero_si256(), _mm256_set1_epi32(static_cast<int>(word))};
  }
  static std::uint64_t bits(__m256i lo, __m256i hi) noexcept {
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(lo)) |
           (static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm256_movemask_epi8(hi))) << 32);
  }
  static __m256i table(const std::uint8_t (&t)[16]) noexcept {
    const __m128i half = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t));
    return _mm256_broadcastsi128_si256(half);
  }

  static std::uint64_t equal(const block& b, std::uint8_t c) noexcept {
    const __m256i v = _mm256_set1_epi8(static_cast<char>(c));
    return bits(_mm256_cmpeq_epi8(b.lo, v), _mm256_cmpeq_epi8(b.hi, v));
  }
  // vpshufb looks up the low nibble and yields 0 for bytes with the high bit set.
  static std::uint64_t whitespace(const block& b) noexcept {
    const __m256i t = table(tables::whitespace);
    return bits(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(t, b.lo), b.lo),
                _mm256_cmpeq_epi8(_mm256_shuffle_epi8(t, b.hi), b.hi));
  }
  static std::uint64_t operators(const block& b) noexcept {
    const __m256i t = table(tables::operators);
    const __m256i case_bit = _mm256_set1_epi8(0x20);
    return bits(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(t, b.lo), _mm256_or_si256(b.lo, case_bit)),
                _mm256_cmpeq_epi8(_mm256_shuffle_epi8(t, b.hi), _mm256_or_si256(b.hi, case_bit)));
  }
  static std::uint64_t control(const block& b) noexcept {
    // Unsigned b < 0x20 iff min(b, 0x1F) == b.
    const __m256i limit = _mm256_set1_epi8(0x1F);
    return bits(_mm256_cmpeq_epi8(_mm256_min_epu8(b.lo, limit), b.lo),
                _mm256_cmpeq_epi8(_mm256_min_epu8(b.hi, limit), b.hi));
  }
  static std::uint64_t non_ascii(const block& b) noexcept { return bits(b.lo, b.hi); }

  // The bytes N positions earlier, across the 128-bit lane boundary and from `before`.
  template <int N>
  static __m256i earlier(__m256i current, __m256i before) noexcept {
    // [before.high lane, current.low lane], so each lane of `current` has its predecessor.
    const __m256i shifted_lanes = _mm256_permute2x128_si256(before, current, 0x21);
    return _mm256_alignr_epi8(current, shifted_lanes, 16 - N);
  }

  static __m256i utf8_error_bytes(__m256i current, __m256i before) noexcept {
    const __m256i low_nibble = _mm256_set1_epi8(0x0F);
    const __m256i prev1 = earlier<1>(current, before);
    const __m256i prev2 = earlier<2>(current, before);
    const __m256i prev3 = earlier<3>(current, before);
    const __m256i kinds = _mm256_and_si256(
        _mm256_and_si256(
            _mm256_shuffle_epi8(table(tables::previous_high_nibble),
                                _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low_nibble)),
            _mm256_shuffle_epi8(table(tables::previous_low_nibble),
                                _mm256_and_si256(prev1, low_nibble))),
        _mm256_shuffle_epi8(table(tables::current_high_nibble),
                            _mm256_and_si256(_mm256_srli_epi16(current, 4), low_nibble)));
    // Must this byte be a continuation (3-byte lead 2 back, 4-byte lead 3 back)? Saturating
    // subtraction leaves a nonzero byte exactly where prev2 >= 0xE0 or prev3 >= 0xF0.
    const __m256i lead_behind =
        _mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(static_cast<char>(0xDF))),
                        _mm256_subs_epu8(prev3, _mm256_set1_epi8(static_cast<char>(0xEF))));
    const __m256i must_continue =
        _mm256_and_si256(_mm256_cmpgt_epi8(lead_behind, _mm256_setzero_si256()),
                         _mm256_set1_epi8(static_cast<char>(tables::two_continuations)));
    return _mm256_xor_si256(kinds, must_continue);
  }

  static std::uint64_t utf8_errors(const block& current, const block& previous) noexcept {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i lo = utf8_error_bytes(current.lo, previous.hi);
    const __m256i hi = utf8_error_bytes(current.hi, current.lo);
    return ~bits(_mm256_cmpeq_epi8(lo, zero), _mm256_cmpeq_epi8(hi, zero));
  }

  static void prefix_xor(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    const __m128i all_ones = _mm_set1_epi8(-1);
    for (int b = 0; b < count; ++b) {
      // Carry-less product with all ones: bit i is the XOR of bits 0..i.
      const __m128i x = _mm_set_epi64x(0, static_cast<long long>(in[b]));
      out[b] = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_clmulepi64_si128(x, all_ones, 0)));
    }
  }

  static std::uint64_t popcount(std::uint64_t x) noexcept { return _mm_popcnt_u64(x); }
  static std::uint64_t trailing_zeros(std::uint64_t x) noexcept { return _tzcnt_u64(x); }
};

}  // namespace jsonx::simd::detail
