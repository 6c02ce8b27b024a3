// The AVX-512 wrappers, for code inside an AVX-512 target region only
// (target_avx512_begin.hpp). A 64-byte vector is one zmm register and comparisons give 64-bit
// masks directly.
// - avx512_vector: one register, the string escaper's step;
// - simd_avx512: the indexer's block (one register), in batches of eight; VPCLMULQDQ prefix-XORs
//   the quote masks of four blocks in one instruction.
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
  // The first n (< 64) bytes at p, then spaces: a masked load, which reads (and can fault on)
  // only the bytes its mask selects.
  static __m512i load_partial(const char* p, std::size_t n) noexcept {
    return _mm512_mask_loadu_epi8(_mm512_set1_epi8(' '), _bzhi_u64(~std::uint64_t{0}, n), p);
  }
  // True if v is valid UTF-8 after the three bytes in the top of `before` (the byte just
  // before v highest); a sequence v's end cuts is not an error here. After simd_avx512.
  static bool utf8_valid(__m512i v, std::uint32_t before) noexcept;
};

struct simd_avx512 {
  // Eight blocks a batch: the indexer's fast pass tests its gathered errors and sums its
  // newlines once a batch. Index time against four (Xeon, family 6 model 207): twitter.json
  // 0.93x, citm_catalog.json 0.93x, canada.json 0.94x, small.json 1.00x; sixteen gained 1-3%
  // more on the large files and lost 6% on small.json.
  static constexpr int batch_blocks = 8;
  // The fast pass's UTF-8 check after each batch (index/src/generic_indexer.hpp).
  static constexpr bool utf8_after_batch = true;
  static constexpr bool has_flatten = true;  // flatten() below, not the generic bit loop
  struct block {
    __m512i bytes;
  };

  static block load(const std::uint8_t* p) noexcept { return {_mm512_loadu_si512(p)}; }
  // The first n (< 64) bytes at p, spaces after them. A masked load reads only the bytes its
  // mask selects (the others cannot fault), so nothing past p + n is touched, with no staging
  // copy (whose 64-byte reload could not be forwarded from the copy's smaller stores).
  static block load_partial(const std::uint8_t* p, unsigned n) noexcept {
    const __mmask64 first_n = _bzhi_u64(~std::uint64_t{0}, n);
    return {_mm512_mask_loadu_epi8(_mm512_set1_epi8(' '), first_n, p)};
  }
  // A block whose bytes 61-63 are last3 (the rest is never read): one broadcast of a 32-bit
  // word whose top three bytes are last3, which puts them at bytes 61-63 (and elsewhere).
  static block block_ending_with(const std::uint8_t (&last3)[3]) noexcept {
    const std::uint32_t word = (std::uint32_t{last3[0]} << 8) | (std::uint32_t{last3[1]} << 16) |
                               (std::uint32_t{last3[2]} << 24);
    return {_mm512_set1_epi32(static_cast<int>(word))};
  }
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
  static block bitwise_or(const block& a, const block& b) noexcept {
    return {_mm512_or_si512(a.bytes, b.bytes)};
  }

  // The bytes N positions earlier: lanes moved up by one (valignq by 6 quadwords puts the
  // previous block's top lane under the current bottom lane), then a per-lane byte align.
  template <int N>
  static __m512i earlier(__m512i current, __m512i before) noexcept {
    const __m512i shifted_lanes = _mm512_alignr_epi64(current, before, 6);
    return _mm512_alignr_epi8(current, shifted_lanes, 16 - N);
  }

  // The UTF-8 check of a block as a byte vector: a nonzero byte breaks UTF-8 (utf8_errors is
  // its mask). The fast pass of the indexer ORs these vectors over a batch and tests once.
  static __m512i utf8_error_bytes(const block& current, const block& previous) noexcept {
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
    // A 3-byte lead two back or a 4-byte lead three back: this byte must continue. Unsigned
    // saturating subtraction leaves the high bit set exactly for bytes >= 0xE0 (two back) and
    // >= 0xF0 (three back), and the high bit is tables::two_continuations: no compare, no mask.
    static_assert(tables::two_continuations == 0x80);
    const __m512i must_continue =
        _mm512_or_si512(_mm512_subs_epu8(prev2, _mm512_set1_epi8(0xE0 - 0x80)),
                        _mm512_subs_epu8(prev3, _mm512_set1_epi8(0xF0 - 0x80)));
    return _mm512_xor_si512(
        kinds, _mm512_and_si512(must_continue, _mm512_set1_epi8(static_cast<char>(0x80))));
  }
  static std::uint64_t utf8_errors(const block& current, const block& previous) noexcept {
    const __m512i errors = utf8_error_bytes(current, previous);
    return _mm512_test_epi8_mask(errors, errors);
  }

  // The indexer fast pass.s checks (index/src/generic_indexer.hpp): errors and newlines
  // gathered in vectors over a batch, tested and summed once a batch, not once a block.
  static constexpr bool has_vector_checks = true;
  using error_bytes = __m512i;  // nonzero bytes: errors
  // `valid` < 64 (the input's partial last block): bytes from `valid` on are padding, whose
  // errors (a sequence the input's end cuts, checked by the next call) are not errors.
  static __m512i add_utf8_error_bytes(__m512i errors, const block& current, const block& previous,
                                      unsigned valid) noexcept {
    const __m512i found = utf8_error_bytes(current, previous);
    return _mm512_or_si512(
        errors,
        valid == 64 ? found : _mm512_maskz_mov_epi8(_bzhi_u64(~std::uint64_t{0}, valid), found));
  }
  static bool any_error_byte(__m512i errors) noexcept {
    return _mm512_test_epi8_mask(errors, errors) != 0;
  }
  // A batch's newlines, counted in byte lanes (at most batch_blocks per lane), then summed
  // into 64-bit lanes (vpsadbw) for the call.
  using newline_lanes = __m512i;
  using newline_sums = __m512i;
  static __m512i count_newlines(__m512i lanes, const block& b) noexcept {
    return _mm512_mask_add_epi8(lanes, _mm512_cmpeq_epi8_mask(b.bytes, _mm512_set1_epi8('\n')),
                                lanes, _mm512_set1_epi8(1));
  }
  static bool any_newline(__m512i lanes) noexcept {
    return _mm512_test_epi8_mask(lanes, lanes) != 0;
  }
  static __m512i add_newlines(__m512i sums, __m512i lanes) noexcept {
    return _mm512_add_epi64(sums, _mm512_sad_epu8(lanes, _mm512_setzero_si512()));
  }
  static std::uint64_t total_newlines(__m512i sums) noexcept {
    return static_cast<std::uint64_t>(_mm512_reduce_add_epi64(sums));
  }

  // The quote masks of a batch are prefix-XORed four at a time, each four by one VPCLMULQDQ.
  static void prefix_xor(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    prefix_xor_four(in, out, count < 4 ? count : 4);
    if (count > 4) prefix_xor_four(in + 4, out + 4, count - 4);
  }
  // Mask b (of count, 1 to 4) goes to the low quadword of 128-bit lane b (built in registers: a
  // round trip through the stack would make the 64-byte load wait for four 8-byte stores it
  // cannot forward from), and each lane's low quadword is multiplied carry-lessly by all ones,
  // so that bit i of the product is the XOR of bits 0..i. Masks past `count` are zero and their
  // products unused.
  static void prefix_xor_four(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    const auto mask_or_zero = [&](int b) {
      return b < count ? static_cast<long long>(in[b]) : 0LL;
    };
    const __m512i lanes =
        _mm512_set_epi64(0, mask_or_zero(3), 0, mask_or_zero(2), 0, mask_or_zero(1), 0, in[0]);
    const __m512i products = _mm512_clmulepi64_epi128(lanes, _mm512_set1_epi64(-1), 0x00);
    out[0] = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_castsi512_si128(products)));
    if (count > 1)
      out[1] =
          static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(products, 1)));
    if (count > 2)
      out[2] =
          static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(products, 2)));
    if (count > 3)
      out[3] =
          static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(products, 3)));
  }

  // Appends base + i for each set bit i of `bits` to out[count...], in order, and adds their
  // number to count. VPCOMPRESSB packs the byte indices of the set bits (from a vector holding
  // 0..63) into the low bytes; each group of 16 is widened to 32 bits, offset by base and
  // stored whole, with no loop over the bits. Writes up to 15 entries past the new count
  // (positions_capacity has that slack).
  static void flatten(std::uint32_t* out, std::size_t& count, std::uint32_t base,
                      std::uint64_t bits) noexcept {
    const __m512i byte_index = _mm512_set_epi8(
        63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
        40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
        17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i packed = _mm512_maskz_compress_epi8(bits, byte_index);
    const __m512i offset = _mm512_set1_epi32(static_cast<int>(base));
    std::uint32_t* p = out + count;
    const std::size_t n = static_cast<std::size_t>(_mm_popcnt_u64(bits));
    const auto store_group = [&](int group, __m128i indices) {
      _mm512_storeu_si512(p + 16 * group, _mm512_add_epi32(offset, _mm512_cvtepu8_epi32(indices)));
    };
    store_group(0, _mm512_castsi512_si128(packed));
    // (Storing the second group unconditionally measured 5% slower: the stores are the cost.)
    if (n > 16) [[unlikely]] {
      store_group(1, _mm512_extracti32x4_epi32(packed, 1));
      if (n > 32) {
        store_group(2, _mm512_extracti32x4_epi32(packed, 2));
        if (n > 48) store_group(3, _mm512_extracti32x4_epi32(packed, 3));
      }
    }
    count += n;
  }

  static std::uint64_t popcount(std::uint64_t x) noexcept { return _mm_popcnt_u64(x); }
  static std::uint64_t trailing_zeros(std::uint64_t x) noexcept { return _tzcnt_u64(x); }
};

inline bool avx512_vector::utf8_valid(__m512i v, std::uint32_t before) noexcept {
  // The broadcast puts before's top three bytes at bytes 61-63, where the check reads them.
  return simd_avx512::utf8_errors({v}, {_mm512_set1_epi32(static_cast<int>(before))}) == 0;
}

}  // namespace jsonx::simd::detail
