// The NEON (AArch64 Advanced SIMD) wrappers. Advanced SIMD is part of every ARMv8-A CPU, so no
// target region is needed: this header is included from aarch64 builds only (indexer_neon.cpp,
// escape_neon.cpp), after the standard headers, as the x86 ones are.
// - neon_vector: one 16-byte register, the string escaper's step;
// - simd_neon: the indexer's 64-byte block as four 16-byte registers.
//
// NEON has no movemask instruction (x86's pmovmskb, which packs the high bit of each byte into a
// general register). The two ways of getting a mask out used here:
// - the indexer needs one exact bit per byte of a 64-byte block (bit i = byte i), so that it can
//   count, shift and find bits: each comparison result (0xFF or 0x00 per byte) is ANDed with the
//   byte's bit weight within its group of eight (1, 2, 4, ..., 128), and three rounds of pairwise
//   additions (ADDP) of the four registers sum each group of eight bytes into one byte: the
//   eight bytes of the 64-bit mask, in order. 4 ANDs, 3 ADDPs and one move per mask, where the
//   four compares share the rounds;
// - the escaper only needs "is any byte special, and which comes first": a shift right by 4 with
//   narrowing (SHRN) of the 16-bit lanes keeps four bits of each byte, a 64-bit mask with four
//   bits per byte (mask_bits_per_byte = 4). One instruction.
#pragma once

#if !defined(__aarch64__)
#error "jsonx: neon.hpp is for aarch64 builds only (cmake/kernels.cmake)"
#endif

#include <arm_neon.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "classification_tables.hpp"
#include "scalar.hpp"  // simd_scalar::prefix_xor

namespace jsonx::simd::detail {

struct neon_vector {
  using type = uint8x16_t;
  static constexpr std::size_t width = 16;
  static constexpr bool exact_mask = true;  // each byte's bits are exactly its match
  static constexpr unsigned mask_bits_per_byte = 4;

  static uint8x16_t load(const char* p) noexcept {
    return vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
  }
  static void store(char* p, uint8x16_t v) noexcept {
    vst1q_u8(reinterpret_cast<std::uint8_t*>(p), v);
  }
  // Comparisons give `matches`, a byte vector of 0xFF (match) or 0x00, combined with `|` (GCC's
  // and clang's vector operators) and turned into a mask once.
  using matches = uint8x16_t;
  // SHRN #4 on 16-bit lanes: byte pair (a, b) becomes (a >> 4) | (b << 4), the low nibble of the
  // result from a, the high from b. Each byte of the 16 leaves four bits, in input order.
  static std::uint64_t mask(uint8x16_t m) noexcept {
    const uint8x8_t nibbles = vshrn_n_u16(vreinterpretq_u16_u8(m), 4);
    return vget_lane_u64(vreinterpret_u64_u8(nibbles), 0);
  }
  static uint8x16_t equal(uint8x16_t v, std::uint8_t c) noexcept {
    return vceqq_u8(v, vdupq_n_u8(c));
  }
  static uint8x16_t below(uint8x16_t v, std::uint8_t c) noexcept {
    return vcltq_u8(v, vdupq_n_u8(c));
  }
  // An arithmetic shift spreads the high bit over the byte.
  static uint8x16_t non_ascii(uint8x16_t v) noexcept {
    return vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(v), 7));
  }
  static std::size_t index_of_first(std::uint64_t mask) noexcept {
    return static_cast<std::size_t>(std::countr_zero(mask)) / mask_bits_per_byte;
  }
  // The first n (< 16) bytes at p, then spaces (through a staging copy: NEON has no masked
  // load).
  static uint8x16_t load_partial(const char* p, std::size_t n) noexcept {
    alignas(16) char staging[16];
    std::memset(staging, ' ', sizeof staging);
    std::memcpy(staging, p, n);
    return load(staging);
  }
  // True if v is valid UTF-8 after the three bytes in the top of `before` (the byte just
  // before v highest); a sequence v's end cuts is not an error here. After simd_neon.
  static bool utf8_valid(uint8x16_t v, std::uint32_t before) noexcept;
};

struct simd_neon {
  static constexpr int batch_blocks = 1;
  struct block {
    uint8x16_t q0, q1, q2, q3;  // bytes 0-15, 16-31, 32-47, 48-63
  };

  static block load(const std::uint8_t* p) noexcept {
    return {vld1q_u8(p), vld1q_u8(p + 16), vld1q_u8(p + 32), vld1q_u8(p + 48)};
  }

  // The 64-bit mask of four comparison results (0xFF or 0x00 per byte), bit i for byte i: see
  // the top of this file.
  static std::uint64_t bits(uint8x16_t m0, uint8x16_t m1, uint8x16_t m2, uint8x16_t m3) noexcept {
    static constexpr std::uint8_t weight_bytes[16] = {1, 2, 4, 8, 16, 32, 64, 128,
                                                      1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t weights = vld1q_u8(weight_bytes);
    // Round 1: bytes 2k, 2k+1 of (m0 & w, m1 & w) summed, then of (m2, m3): 16 bytes each, a
    // quarter of each group of eight per byte.
    const uint8x16_t sum01 = vpaddq_u8(vandq_u8(m0, weights), vandq_u8(m1, weights));
    const uint8x16_t sum23 = vpaddq_u8(vandq_u8(m2, weights), vandq_u8(m3, weights));
    // Round 2: half a group per byte; round 3: a whole group (one mask byte) per byte, the
    // eight mask bytes in the low half.
    const uint8x16_t sum0123 = vpaddq_u8(sum01, sum23);
    const uint8x16_t groups = vpaddq_u8(sum0123, sum0123);
    return vgetq_lane_u64(vreinterpretq_u64_u8(groups), 0);
  }
  template <class Compare>
  static std::uint64_t bits_of(const block& b, Compare compare) noexcept {
    return bits(compare(b.q0), compare(b.q1), compare(b.q2), compare(b.q3));
  }

  static std::uint64_t equal(const block& b, std::uint8_t c) noexcept {
    const uint8x16_t v = vdupq_n_u8(c);
    return bits_of(b, [v](uint8x16_t q) { return vceqq_u8(q, v); });
  }
  // TBL looks up the whole byte as an index and yields 0 for indexes >= 16. Indexing with
  // (byte & 0x8F) gives the low nibble's entry for ASCII bytes and 0 for bytes >= 0x80, as
  // x86's PSHUFB does: the tables are written for that (classification_tables.hpp).
  static uint8x16_t nibble_lookup(uint8x16_t table, uint8x16_t q) noexcept {
    return vqtbl1q_u8(table, vandq_u8(q, vdupq_n_u8(0x8F)));
  }
  static std::uint64_t whitespace(const block& b) noexcept {
    const uint8x16_t t = vld1q_u8(tables::whitespace);
    return bits_of(b, [t](uint8x16_t q) { return vceqq_u8(nibble_lookup(t, q), q); });
  }
  static std::uint64_t operators(const block& b) noexcept {
    const uint8x16_t t = vld1q_u8(tables::operators);
    const uint8x16_t case_bit = vdupq_n_u8(0x20);
    return bits_of(b, [t, case_bit](uint8x16_t q) {
      return vceqq_u8(nibble_lookup(t, q), vorrq_u8(q, case_bit));
    });
  }
  static std::uint64_t control(const block& b) noexcept {
    const uint8x16_t limit = vdupq_n_u8(0x20);
    return bits_of(b, [limit](uint8x16_t q) { return vcltq_u8(q, limit); });
  }
  static std::uint64_t non_ascii(const block& b) noexcept {
    const uint8x16_t high = vdupq_n_u8(0x80);
    return bits_of(b, [high](uint8x16_t q) { return vtstq_u8(q, high); });
  }
  // Only whether the block has a byte >= 0x80: the largest byte (UMAXV), no mask.
  static bool any_non_ascii(const block& b) noexcept {
    const uint8x16_t largest = vmaxq_u8(vmaxq_u8(b.q0, b.q1), vmaxq_u8(b.q2, b.q3));
    return vmaxvq_u8(largest) >= 0x80;
  }

  // The UTF-8 error bytes of one 16-byte register, given the register before it: the nibble
  // method of classification_tables.hpp. EXT takes the bytes 1, 2 and 3 positions earlier across
  // the two registers; NEON shifts bytes directly (USHR), where AVX2 shifts 16-bit lanes and
  // masks.
  static uint8x16_t utf8_error_bytes(uint8x16_t current, uint8x16_t before) noexcept {
    const uint8x16_t low_nibble = vdupq_n_u8(0x0F);
    const uint8x16_t prev1 = vextq_u8(before, current, 15);
    const uint8x16_t prev2 = vextq_u8(before, current, 14);
    const uint8x16_t prev3 = vextq_u8(before, current, 13);
    const uint8x16_t kinds = vandq_u8(
        vandq_u8(vqtbl1q_u8(vld1q_u8(tables::previous_high_nibble), vshrq_n_u8(prev1, 4)),
                 vqtbl1q_u8(vld1q_u8(tables::previous_low_nibble), vandq_u8(prev1, low_nibble))),
        vqtbl1q_u8(vld1q_u8(tables::current_high_nibble), vshrq_n_u8(current, 4)));
    // Must this byte be a continuation (3-byte lead 2 back, 4-byte lead 3 back)? Saturating
    // subtraction leaves a nonzero byte exactly where prev2 >= 0xE0 or prev3 >= 0xF0.
    const uint8x16_t lead_behind =
        vorrq_u8(vqsubq_u8(prev2, vdupq_n_u8(0xDF)), vqsubq_u8(prev3, vdupq_n_u8(0xEF)));
    const uint8x16_t must_continue =
        vandq_u8(vtstq_u8(lead_behind, lead_behind), vdupq_n_u8(tables::two_continuations));
    return veorq_u8(kinds, must_continue);
  }

  static std::uint64_t utf8_errors(const block& current, const block& previous) noexcept {
    const uint8x16_t e0 = utf8_error_bytes(current.q0, previous.q3);
    const uint8x16_t e1 = utf8_error_bytes(current.q1, current.q0);
    const uint8x16_t e2 = utf8_error_bytes(current.q2, current.q1);
    const uint8x16_t e3 = utf8_error_bytes(current.q3, current.q2);
    return bits(vtstq_u8(e0, e0), vtstq_u8(e1, e1), vtstq_u8(e2, e2), vtstq_u8(e3, e3));
  }

  // The prefix XOR (bit i = XOR of bits 0..i) by six shift-XOR doublings, not by PMULL (the
  // carry-less multiply by all ones that the x86 kernels use):
  // - AArch64 folds the shift into the XOR (EOR x, x, x, LSL #k): six instructions, all in
  //   the integer unit, where PMULL needs a move into a vector register, the multiply and a
  //   move back (three instructions, and the two moves between register files cost several
  //   cycles of latency each on Cortex-A and Neoverse cores);
  // - PMULL belongs to the optional Cryptographic Extension, which some ARMv8 CPUs lack (the
  //   Raspberry Pi 4's Cortex-A72, for one): with it, the kernel would need a run-time check
  //   and a second variant.
  static void prefix_xor(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    simd_scalar::prefix_xor(in, out, count);  // the same doublings as the portable kernel
  }

  // CNT + ADDV on a vector register (AArch64 has no scalar popcount before ARMv8.9's CSSC).
  static std::uint64_t popcount(std::uint64_t x) noexcept {
    return static_cast<std::uint64_t>(std::popcount(x));
  }
  // RBIT + CLZ, which gives 64 for 0 as the interface asks.
  static std::uint64_t trailing_zeros(std::uint64_t x) noexcept {
    return static_cast<std::uint64_t>(std::countr_zero(x));
  }
};

inline bool neon_vector::utf8_valid(uint8x16_t v, std::uint32_t before) noexcept {
  // The duplicated word puts before's top three bytes at bytes 13-15, where the check reads
  // them (little-endian lanes).
  const uint8x16_t errors =
      simd_neon::utf8_error_bytes(v, vreinterpretq_u8_u32(vdupq_n_u32(before)));
  return vmaxvq_u8(errors) == 0;
}

}  // namespace jsonx::simd::detail
