// The AVX2 wrappers, for code inside an AVX2 target region only (target_avx2_begin.hpp):
// - avx2_vector: one 256-bit register, the string escaper's step;
// - simd_avx2: the indexer's 64-byte block as two registers, in batches of four blocks whose
//   checks are gathered in vectors (the fast pass), PCLMULQDQ for the prefix XOR.
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

  // The first n (< 32) bytes at p, then spaces, reading nothing at or past p + n. vpmaskmovd
  // loads the whole 32-bit words below p + n (a masked-out word is neither read nor faulted);
  // the last n % 4 bytes come in one scalar word, put in at their word by a blend. A staging
  // copy (memset, memcpy, load) does the same through memory, and its 32-byte load then waits
  // for the copy's smaller stores (a store-to-load forward that fails).
  static __m256i load_partial(const char* p, std::size_t n) noexcept {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(p);
    const std::size_t whole_words = n / 4;
    const std::size_t tail_bytes = n % 4;
    std::uint32_t tail = 0x20202020;  // four spaces
    if (tail_bytes != 0) {
      // The tail's bytes 0, 1 and 2 when it has three; with one or two, repeats (replaced by
      // spaces below), so that nothing past it is read.
      const std::uint8_t* t = bytes + 4 * whole_words;
      const std::uint32_t read = std::uint32_t{t[0]} | (std::uint32_t{t[tail_bytes >> 1]} << 8) |
                                 (std::uint32_t{t[tail_bytes - 1]} << 16);
      const std::uint32_t kept = (std::uint32_t{1} << (8 * tail_bytes)) - 1;
      tail = (read & kept) | (tail & ~kept);
    }
    const __m256i word_index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i words = _mm256_set1_epi32(static_cast<int>(whole_words));
    const __m256i loaded = _mm256_cmpgt_epi32(words, word_index);
    // Where nothing is loaded: the tail at its word, spaces elsewhere.
    const __m256i fill =
        _mm256_blendv_epi8(_mm256_set1_epi8(' '), _mm256_set1_epi32(static_cast<int>(tail)),
                           _mm256_cmpeq_epi32(words, word_index));
    return _mm256_blendv_epi8(fill, _mm256_maskload_epi32(reinterpret_cast<const int*>(p), loaded),
                              loaded);
  }

  // True if v is valid UTF-8 after the three bytes in the top of `before` (the byte just
  // before v highest): no byte of v breaks a sequence. A sequence v's end cuts is not an error
  // here (the bytes after v complete it or not). Defined after simd_avx2, whose check it is.
  static bool utf8_valid(__m256i v, std::uint32_t before) noexcept;
};

// For each byte value, the offsets (0..7) of its set bits, lowest first, then zeros.
struct set_bit_offsets_table {
  std::uint8_t offsets[256][8];
};
inline constexpr set_bit_offsets_table set_bit_offsets = [] {
  set_bit_offsets_table t{};
  for (int byte = 0; byte < 256; ++byte) {
    int n = 0;
    for (int bit = 0; bit < 8; ++bit)
      if ((byte >> bit) & 1) t.offsets[byte][n++] = static_cast<std::uint8_t>(bit);
  }
  return t;
}();

struct simd_avx2 {
  // Four blocks a batch: the fast pass tests its gathered errors and sums its newlines once a
  // batch. Index time against one block a batch with the masks' checks (Xeon, avx2 kernel):
  // twitter.json 0.93x, citm_catalog.json 0.81x, canada.json 0.93x, small.json 0.99x.
  static constexpr int batch_blocks = 4;
  static constexpr bool has_flatten = true;  // flatten() below
  // The fast pass's UTF-8 check after each batch (index/src/generic_indexer.hpp).
  static constexpr bool utf8_after_batch = true;
  struct block {
    __m256i lo, hi;
  };
  static block bitwise_or(const block& a, const block& b) noexcept {
    return {_mm256_or_si256(a.lo, b.lo), _mm256_or_si256(a.hi, b.hi)};
  }

  static block load(const std::uint8_t* p) noexcept {
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32))};
  }
  // The first n (< 64) bytes at p, then spaces, reading nothing at or past p + n (see
  // avx2_vector::load_partial).
  static block load_partial(const std::uint8_t* p, unsigned n) noexcept {
    const char* chars = reinterpret_cast<const char*>(p);
    if (n < 32) return {avx2_vector::load_partial(chars, n), _mm256_set1_epi8(' ')};
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
            avx2_vector::load_partial(chars + 32, n - 32)};
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

  // The indexer fast pass's checks (index/src/generic_indexer.hpp): errors and newlines
  // gathered in vectors, tested and summed once a batch (here a block), with no masks.
  static constexpr bool has_vector_checks = true;
  using error_bytes = __m256i;  // nonzero bytes: errors (both halves ORed)
  // `valid` < 64 (the input's partial last block): bytes from `valid` on are padding, whose
  // errors (a sequence the input's end cuts, checked by the next call) are not errors.
  static __m256i add_utf8_error_bytes(__m256i errors, const block& current, const block& previous,
                                      unsigned valid) noexcept {
    __m256i lo = utf8_error_bytes(current.lo, previous.hi);
    __m256i hi = utf8_error_bytes(current.hi, current.lo);
    if (valid < 64) {
      const __m256i index =
          _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                           21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
      const __m256i limit = _mm256_set1_epi8(static_cast<char>(valid));
      lo = _mm256_and_si256(lo, _mm256_cmpgt_epi8(limit, index));
      hi = _mm256_and_si256(hi,
                            _mm256_cmpgt_epi8(limit, _mm256_add_epi8(index, _mm256_set1_epi8(32))));
    }
    return _mm256_or_si256(errors, _mm256_or_si256(lo, hi));
  }
  static bool any_error_byte(__m256i errors) noexcept {
    return _mm256_testz_si256(errors, errors) == 0;
  }
  // A batch's newlines, counted in byte lanes (a compare's all-ones is -1: subtracted, +1),
  // then summed into 64-bit lanes (vpsadbw) for the call.
  using newline_lanes = __m256i;
  using newline_sums = __m256i;
  static __m256i count_newlines(__m256i lanes, const block& b) noexcept {
    const __m256i newline = _mm256_set1_epi8('\n');
    return _mm256_sub_epi8(_mm256_sub_epi8(lanes, _mm256_cmpeq_epi8(b.lo, newline)),
                           _mm256_cmpeq_epi8(b.hi, newline));
  }
  static bool any_newline(__m256i lanes) noexcept { return _mm256_testz_si256(lanes, lanes) == 0; }
  static __m256i add_newlines(__m256i sums, __m256i lanes) noexcept {
    return _mm256_add_epi64(sums, _mm256_sad_epu8(lanes, _mm256_setzero_si256()));
  }
  static std::uint64_t total_newlines(__m256i sums) noexcept {
    const __m128i pair =
        _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(pair)) +
           static_cast<std::uint64_t>(_mm_extract_epi64(pair, 1));
  }

  static void prefix_xor(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    const __m128i all_ones = _mm_set1_epi8(-1);
    for (int b = 0; b < count; ++b) {
      // Carry-less product with all ones: bit i is the XOR of bits 0..i.
      const __m128i x = _mm_set_epi64x(0, static_cast<long long>(in[b]));
      out[b] = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_clmulepi64_si128(x, all_ones, 0)));
    }
  }

  // Appends base + the offset of each set bit of `bits` at out + count. A sparse block (at most
  // 8 structurals) takes one group of eight tzcnt/blsr steps, written unconditionally. A
  // denser one is flattened a byte of the mask at a time from a table: the byte's bit offsets
  // widened to 32 bits, offset and stored as eight entries, the pointer advanced by the byte's
  // popcount. The tzcnt/blsr steps form one dependency chain (each blsr waits for the one
  // before), two groups of them for 9 to 16 bits; the table steps depend on each other only
  // through the pointer. Writes at most 8 entries past the new count (positions_capacity has
  // 16 of slack).
  static void flatten(std::uint32_t* out, std::size_t& count, std::uint32_t base,
                      std::uint64_t bits) noexcept {
    if (bits == 0) return;
    std::uint32_t* p = out + count;
    const std::size_t n = static_cast<std::size_t>(_mm_popcnt_u64(bits));
    if (n <= 8) {
      for (int i = 0; i < 8; ++i) {
        std::uint32_t position = base + static_cast<std::uint32_t>(_tzcnt_u64(bits));
        // Opaque to the vectorizer: GCC 12 otherwise gathers the eight positions into a vector
        // (vmovd, vpinsrd, vpunpcklqdq, vinserti128) for one 32-byte store, the hottest part
        // of the kernel on citm_catalog.json; eight plain stores index it in 0.957x the time
        // (canada 0.963x, twitter 0.976x; AMD Zen 3, 11 alternated rounds).
        asm("" : "+r"(position));
        p[i] = position;
        bits = _blsr_u64(bits);
      }
    } else {
      __m256i offset = _mm256_set1_epi32(static_cast<int>(base));
      const __m256i eight = _mm256_set1_epi32(8);
      for (int k = 0; k < 8; ++k) {
        const unsigned byte = static_cast<unsigned>(bits >> (8 * k)) & 0xFF;
        const __m128i offsets =
            _mm_loadl_epi64(reinterpret_cast<const __m128i*>(set_bit_offsets.offsets[byte]));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(p),
                            _mm256_add_epi32(_mm256_cvtepu8_epi32(offsets), offset));
        p += _mm_popcnt_u32(byte);
        offset = _mm256_add_epi32(offset, eight);
      }
    }
    count += n;
  }

  static std::uint64_t popcount(std::uint64_t x) noexcept { return _mm_popcnt_u64(x); }
  static std::uint64_t trailing_zeros(std::uint64_t x) noexcept { return _tzcnt_u64(x); }
};

inline bool avx2_vector::utf8_valid(__m256i v, std::uint32_t before) noexcept {
  // The broadcast puts before's top three bytes at bytes 29-31, where the check reads them.
  const __m256i errors =
      simd_avx2::utf8_error_bytes(v, _mm256_set1_epi32(static_cast<int>(before)));
  return _mm256_testz_si256(errors, errors) != 0;
}

}  // namespace jsonx::simd::detail
