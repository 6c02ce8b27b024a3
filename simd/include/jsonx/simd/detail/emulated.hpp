// Portable emulations of the wide kernels' geometries: plain C++ (no target flags, any CPU) with
// the interface and the semantics of simd_avx2 and simd_avx512 (and of avx2_vector and
// avx512_vector: emulated_vector<32>, <64>), so that the generic indexer and the string escaper
// run with their batch sizes and vector widths on every machine. A bug in code written for a width
// (a batch of blocks, a 32-byte half) then fails the tests on any CPU, not only on one that
// has the instructions. They are selected by name (JSONX_KERNEL, force_kernel(), options), never
// by run-time dispatch, and are slow: they classify byte by byte, like simd_scalar.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "scalar.hpp"

namespace jsonx::simd::detail {

// A vector of Width bytes with one exact mask bit per byte, as avx2_vector (32) and
// avx512_vector (64) give.
template <std::size_t Width>
struct emulated_vector {
  static_assert(Width <= 64, "the mask has one bit per byte in a 64-bit word");
  static constexpr std::size_t width = Width;
  static constexpr bool exact_mask = true;
  struct type {
    std::uint8_t bytes[Width];
  };

  static type load(const char* p) noexcept {
    type v;
    std::memcpy(v.bytes, p, Width);
    return v;
  }
  static void store(char* p, const type& v) noexcept { std::memcpy(p, v.bytes, Width); }

  using matches = std::uint64_t;  // already the mask: combine with |
  static std::uint64_t mask(std::uint64_t m) noexcept { return m; }
  template <class Predicate>
  static std::uint64_t mask_of(const type& v, Predicate is) noexcept {
    std::uint64_t m = 0;
    for (std::size_t i = 0; i < Width; ++i) m |= static_cast<std::uint64_t>(is(v.bytes[i])) << i;
    return m;
  }
  static std::uint64_t equal(const type& v, std::uint8_t c) noexcept {
    return mask_of(v, [c](std::uint8_t x) { return x == c; });
  }
  static std::uint64_t below(const type& v, std::uint8_t c) noexcept {
    return mask_of(v, [c](std::uint8_t x) { return x < c; });
  }
  static std::uint64_t non_ascii(const type& v) noexcept {
    return mask_of(v, [](std::uint8_t x) { return x >= 0x80; });
  }
  static std::size_t index_of_first(std::uint64_t mask) noexcept {
    return static_cast<std::size_t>(std::countr_zero(mask));
  }
  // The first n (< Width) bytes at p, then spaces.
  static type load_partial(const char* p, std::size_t n) noexcept {
    type v;
    std::memset(v.bytes, ' ', Width);
    std::memcpy(v.bytes, p, n);
    return v;
  }
  // True if v is valid UTF-8 after the three bytes in the top of `before` (the byte just
  // before v highest); a sequence v's end cuts is not an error here.
  static bool utf8_valid(const type& v, std::uint32_t before) noexcept {
    std::uint8_t window[3 + Width];
    for (int i = 0; i < 3; ++i) window[i] = static_cast<std::uint8_t>(before >> (8 + 8 * i));
    std::memcpy(window + 3, v.bytes, Width);
    for (std::size_t i = 0; i < Width; ++i)
      if (simd_scalar::breaks_utf8(window[i], window[i + 1], window[i + 2], window[i + 3]))
        return false;
    return true;
  }
};

// The low 64 bits of the carry-less product of a and b: what PCLMULQDQ computes, and what
// VPCLMULQDQ computes in each 128-bit lane, with immediate 0x00. With b all ones, bit i of the
// product is the XOR of bits 0..i of a: the prefix XOR that turns quote bits into string bits.
constexpr std::uint64_t carryless_multiply_low(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t product = 0;
  for (int i = 0; i < 64; ++i)
    if ((b >> i) & 1) product ^= a << i;
  return product;
}

// The SIMD wrappers' checks for the indexer's fast pass (simd_avx512's and simd_avx2's
// error_bytes and newline_lanes), on masks and counts: bit i of error_bytes stands for the
// vector's byte i (nonzero: an error), newline_lanes for the sum of its byte lanes. With them
// the fast pass, its exact rerun and the last-newline search run, and are tested, on every
// machine. Wrapper is the emulation using them (its utf8_errors, equal and popcount).
template <class Wrapper>
struct emulated_vector_checks {
  static constexpr bool has_vector_checks = true;
  using error_bytes = std::uint64_t;
  template <class Block>
  static std::uint64_t add_utf8_error_bytes(std::uint64_t errors, const Block& current,
                                            const Block& previous, unsigned valid) noexcept {
    const std::uint64_t valid_mask = valid == 64 ? ~0ULL : (1ULL << valid) - 1;
    return errors | (Wrapper::utf8_errors(current, previous) & valid_mask);
  }
  static bool any_error_byte(std::uint64_t errors) noexcept { return errors != 0; }
  using newline_lanes = std::uint64_t;
  using newline_sums = std::uint64_t;
  template <class Block>
  static std::uint64_t count_newlines(std::uint64_t lanes, const Block& b) noexcept {
    return lanes + Wrapper::popcount(Wrapper::equal(b, '\n'));
  }
  static bool any_newline(std::uint64_t lanes) noexcept { return lanes != 0; }
  static std::uint64_t add_newlines(std::uint64_t sums, std::uint64_t lanes) noexcept {
    return sums + lanes;
  }
  static std::uint64_t total_newlines(std::uint64_t sums) noexcept { return sums; }
};

// The AVX-512 geometry: a block is one 64-byte vector with one exact mask bit per byte (as
// simd_scalar's), and blocks come in batches of eight whose quote masks are prefix-XORed four
// together.
struct simd_avx512_emulated : simd_scalar, emulated_vector_checks<simd_avx512_emulated> {
  static constexpr int batch_blocks = 8;
  static constexpr bool utf8_after_batch = true;  // as simd_avx512: its code path, emulated
  static constexpr bool has_flatten = true;

  // Byte by byte through the tables, not simd_scalar's word operations: the agreement tests
  // then compare two independent classifications.
  template <class Predicate>
  static std::uint64_t mask_of(const block& b, Predicate is) noexcept {
    std::uint64_t m = 0;
    for (int i = 0; i < 64; ++i) m |= static_cast<std::uint64_t>(is(b.bytes[i]) ? 1 : 0) << i;
    return m;
  }
  static std::uint64_t equal(const block& b, std::uint8_t c) noexcept {
    return mask_of(b, [c](std::uint8_t x) { return x == c; });
  }
  static std::uint64_t whitespace(const block& b) noexcept {
    return mask_of(b, [](std::uint8_t x) { return is_whitespace(x); });
  }
  static std::uint64_t operators(const block& b) noexcept {
    return mask_of(b, [](std::uint8_t x) { return is_operator(x); });
  }
  static std::uint64_t control(const block& b) noexcept {
    return mask_of(b, [](std::uint8_t x) { return is_control(x); });
  }
  static std::uint64_t non_ascii(const block& b) noexcept {
    return mask_of(b, [](std::uint8_t x) { return is_non_ascii(x); });
  }
  static bool any_non_ascii(const block& b) noexcept { return non_ascii(b) != 0; }
  static block bitwise_or(const block& a, const block& b) noexcept {
    block r;
    for (int i = 0; i < 64; ++i) r.bytes[i] = static_cast<std::uint8_t>(a.bytes[i] | b.bytes[i]);
    return r;
  }
  static std::uint64_t utf8_errors(const block& current, const block& previous) noexcept {
    std::uint8_t window[64 + 3];  // the previous block's last three bytes, then this block's
    std::memcpy(window, previous.bytes + 61, 3);
    std::memcpy(window + 3, current.bytes, 64);
    std::uint64_t errors = 0;
    for (int i = 0; i < 64; ++i) {
      const bool bad = breaks_utf8(window[i], window[i + 1], window[i + 2], window[i + 3]);
      errors |= static_cast<std::uint64_t>(bad) << i;
    }
    return errors;
  }

  // As simd_avx512::flatten: the indices of the set bits packed, the rest of the 64 zero, and
  // stored in whole groups of 16 entries (base + index), as many groups as the count needs.
  static void flatten(std::uint32_t* out, std::size_t& count, std::uint32_t base,
                      std::uint64_t bits) noexcept {
    std::uint8_t packed[64] = {};
    std::size_t n = 0;
    for (int i = 0; i < 64; ++i)
      if ((bits >> i) & 1) packed[n++] = static_cast<std::uint8_t>(i);
    std::uint32_t* p = out + count;
    const std::size_t groups = n <= 16 ? 1 : (n + 15) / 16;
    for (std::size_t i = 0; i < 16 * groups; ++i) p[i] = base + packed[i];
    count += n;
  }

  // As simd_avx512::prefix_xor: four masks at a time, mask b of a four in the low quadword of
  // 128-bit lane b of a 512-bit register, the lanes past `count` holding zeros, each lane's low
  // quadword multiplied carry-lessly by all ones.
  static void prefix_xor(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    for (int first = 0; first < count; first += 4) {
      std::uint64_t lanes[8] = {};
      for (int b = first; b < count && b < first + 4; ++b) lanes[2 * (b - first)] = in[b];
      for (int lane = 0; lane < 4; ++lane) {
        lanes[2 * lane] = carryless_multiply_low(lanes[2 * lane], ~std::uint64_t{0});
      }
      for (int b = first; b < count && b < first + 4; ++b) out[b] = lanes[2 * (b - first)];
    }
  }
};

// The AVX2 geometry: a 64-byte block is two 32-byte vectors (lo, hi) whose 32-bit masks are
// joined into one 64-bit mask, the UTF-8 check of each half reads the three bytes before it
// from the half before (the previous block's hi for lo, lo for hi), blocks come in batches of
// four, and each block's quote mask is prefix-XORed alone.
struct simd_avx2_emulated : emulated_vector_checks<simd_avx2_emulated> {
  static constexpr int batch_blocks = 4;
  static constexpr bool utf8_after_batch = true;  // as simd_avx2: its code path, emulated
  struct block {
    std::uint8_t lo[32];
    std::uint8_t hi[32];
  };
  static block bitwise_or(const block& a, const block& b) noexcept {
    block r;
    for (int i = 0; i < 32; ++i) {
      r.lo[i] = static_cast<std::uint8_t>(a.lo[i] | b.lo[i]);
      r.hi[i] = static_cast<std::uint8_t>(a.hi[i] | b.hi[i]);
    }
    return r;
  }

  static block load(const std::uint8_t* p) noexcept {
    block b;
    std::memcpy(b.lo, p, 32);
    std::memcpy(b.hi, p + 32, 32);
    return b;
  }

  template <class Predicate>
  static std::uint32_t half_mask(const std::uint8_t (&half)[32], Predicate is) noexcept {
    std::uint32_t m = 0;
    for (int i = 0; i < 32; ++i) m |= static_cast<std::uint32_t>(is(half[i]) ? 1 : 0) << i;
    return m;
  }
  // Two 32-bit masks as one 64-bit mask, as simd_avx2::bits joins two movemasks.
  template <class Predicate>
  static std::uint64_t mask_of(const block& b, Predicate is) noexcept {
    return half_mask(b.lo, is) | (static_cast<std::uint64_t>(half_mask(b.hi, is)) << 32);
  }

  static std::uint64_t equal(const block& b, std::uint8_t c) noexcept {
    return mask_of(b, [c](std::uint8_t x) { return x == c; });
  }
  static std::uint64_t whitespace(const block& b) noexcept {
    return mask_of(b, [](std::uint8_t x) { return simd_scalar::is_whitespace(x); });
  }
  static std::uint64_t operators(const block& b) noexcept {
    return mask_of(b, [](std::uint8_t x) { return simd_scalar::is_operator(x); });
  }
  static std::uint64_t control(const block& b) noexcept {
    return mask_of(b, [](std::uint8_t x) { return simd_scalar::is_control(x); });
  }
  static std::uint64_t non_ascii(const block& b) noexcept {
    return mask_of(b, [](std::uint8_t x) { return simd_scalar::is_non_ascii(x); });
  }

  // The UTF-8 error bits of one 32-byte half, given the half before it.
  static std::uint32_t utf8_error_half(const std::uint8_t (&current)[32],
                                       const std::uint8_t (&before)[32]) noexcept {
    std::uint8_t window[3 + 32];
    std::memcpy(window, before + 29, 3);
    std::memcpy(window + 3, current, 32);
    std::uint32_t errors = 0;
    for (int i = 0; i < 32; ++i) {
      const bool bad =
          simd_scalar::breaks_utf8(window[i], window[i + 1], window[i + 2], window[i + 3]);
      errors |= static_cast<std::uint32_t>(bad) << i;
    }
    return errors;
  }
  static std::uint64_t utf8_errors(const block& current, const block& previous) noexcept {
    return utf8_error_half(current.lo, previous.hi) |
           (static_cast<std::uint64_t>(utf8_error_half(current.hi, current.lo)) << 32);
  }

  // As simd_avx2::prefix_xor: one PCLMULQDQ per block.
  static void prefix_xor(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    for (int b = 0; b < count; ++b) out[b] = carryless_multiply_low(in[b], ~std::uint64_t{0});
  }

  static std::uint64_t popcount(std::uint64_t x) noexcept { return __builtin_popcountll(x); }
  static std::uint64_t trailing_zeros(std::uint64_t x) noexcept {
    return x == 0 ? 64 : __builtin_ctzll(x);
  }
};

}  // namespace jsonx::simd::detail
