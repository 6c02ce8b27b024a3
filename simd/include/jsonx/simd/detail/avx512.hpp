// The AVX-512 wrappers, for code inside an AVX-512 target region only
// (target_avx512_begin.hpp). A 64-byte vector is one zmm register and comparisons give 64-bit
// masks directly.
// - avx512_vector: one register, the string escaper's step;
// - simd_avx512: the indexer's block (one register); VPCLMULQDQ prefix-XORs the quote masks of
//   four blocks in one instruction.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "classification_tables.hpp"

namespace jsonx::simd::detail {

struct avx512_vector {
  using type = __m512i;
  static constexpr std::size_t width = 64;
  static constexpr bool exact_mask = true;  // one bit per byte, exactly the matches

  static __m512i load(const char* p) noexcept { return _mm512_loadu_si512(p); }
  static void store(char* p, __m512i v) noexcept { _mm512_storeu_si512(p, v); }
  // Comparisons write mask registers: `matches` is the mask itself, combined with `|` (kor).
  using matches = __mmask64;
  static std::uint64_t mask(__mmask64 m) noexcept { return m; }
  static __mmask64 equal(__m512i v, std::uint8_t c) noexcept {
    return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(static_cast<char>(c)));
  }
  static __mmask64 below(__m512i v, std::uint8_t c) noexcept {
    return _mm512_cmplt_epu8_mask(v, _mm512_set1_epi8(static_cast<char>(c)));
  }
  static __mmask64 non_ascii(__m512i v) noexcept { return _mm512_movepi8_mask(v); }
  static std::size_t index_of_first(std::uint64_t mask) noexcept {
    return static_cast<std::size_t>(_tzcnt_u64(mask));
  }
};

struct simd_avx512 {
  static constexpr int batch_blocks = 4;
  struct block {
    __m512i bytes;
  };

  static block load(const std::uint8_t* p) noexcept { return {_mm512_loadu_si512(p)}; }
  static __m512i table(const std::uint8_t (&t)[16]) noexcept {
    return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
  }

  static std::uint64_t equal(const block& b, std::uint8_t c) noexcept {
    return _mm512_cmpeq_epi8_mask(b.bytes, _mm512_set1_epi8(static_cast<char>(c)));
  }
  // vpshufb looks up the low nibble (per 128-bit lane) and yields 0 for bytes >= 0x80.
  static std::uint64_t whitespace(const block& b) noexcept {
    return _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(table(tables::whitespace), b.bytes), b.bytes);
  }
  static std::uint64_t operators(const block& b) noexcept {
    return _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(table(tables::operators), b.bytes),
                                  _mm512_or_si512(b.bytes, _mm512_set1_epi8(0x20)));
  }
  static std::uint64_t control(const block& b) noexcept {
    return _mm512_cmplt_epu8_mask(b.bytes, _mm512_set1_epi8(0x20));
  }
  static std::uint64_t non_ascii(const block& b) noexcept { return _mm512_movepi8_mask(b.bytes); }

  // The bytes N positions earlier: lanes moved up by one (valignq by 6 quadwords puts the
  // previous block's top lane under the current bottom lane), then a per-lane byte align.
  template <int N>
  static __m512i earlier(__m512i current, __m512i before) noexcept {
    const __m512i shifted_lanes = _mm512_alignr_epi64(current, before, 6);
    return _mm512_alignr_epi8(current, shifted_lanes, 16 - N);
  }

  static std::uint64_t utf8_errors(const block& current, const block& previous) noexcept {
    const __m512i low_nibble = _mm512_set1_epi8(0x0F);
    const __m512i cur = current.bytes;
    const __m512i prev1 = earlier<1>(cur, previous.bytes);
    const __m512i prev2 = earlier<2>(cur, previous.bytes);
    const __m512i prev3 = earlier<3>(cur, previous.bytes);
    const __m512i kinds = _mm512_and_si512(
        _mm512_and_si512(
            _mm512_shuffle_epi8(table(tables::previous_high_nibble),
                                _mm512_and_si512(_mm512_srli_epi16(prev1, 4), low_nibble)),
            _mm512_shuffle_epi8(table(tables::previous_low_nibble),
                                _mm512_and_si512(prev1, low_nibble))),
        _mm512_shuffle_epi8(table(tables::current_high_nibble),
                            _mm512_and_si512(_mm512_srli_epi16(cur, 4), low_nibble)));
    // A 3-byte lead two back or a 4-byte lead three back: this byte must continue.
    const __mmask64 must_continue =
        _mm512_cmpge_epu8_mask(prev2, _mm512_set1_epi8(static_cast<char>(0xE0))) |
        _mm512_cmpge_epu8_mask(prev3, _mm512_set1_epi8(static_cast<char>(0xF0)));
    const __m512i flipped = _mm512_xor_si512(
        kinds, _mm512_maskz_mov_epi8(
                   must_continue, _mm512_set1_epi8(static_cast<char>(tables::two_continuations))));
    return _mm512_test_epi8_mask(flipped, flipped);
  }

  static void prefix_xor(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    // One quote mask in the low quadword of each 128-bit lane; VPCLMULQDQ multiplies each
    // lane's low quadword by all ones, giving the four prefix XORs at once.
    alignas(64) std::uint64_t lanes[8] = {};
    for (int b = 0; b < count; ++b) lanes[2 * b] = in[b];
    const __m512i products =
        _mm512_clmulepi64_epi128(_mm512_load_si512(lanes), _mm512_set1_epi64(-1), 0x00);
    _mm512_store_si512(lanes, products);
    for (int b = 0; b < count; ++b) out[b] = lanes[2 * b];
  }

  static std::uint64_t popcount(std::uint64_t x) noexcept { return _mm_popcnt_u64(x); }
  static std::uint64_t trailing_zeros(std::uint64_t x) noexcept { return _tzcnt_u64(x); }
};

}  // namespace jsonx::simd::detail
