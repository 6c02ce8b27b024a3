// The portable "SIMD" wrapper: a 64-byte block as plain bytes, classified eight bytes at a time
// in 64-bit words (SWAR), with exactly the byte classes of the vector kernels' tables (the
// emulated AVX-512 geometry classifies byte by byte through those tables, so the kernel
// agreement tests compare two independent classifications). The UTF-8 check, needed only in
// blocks with a byte >= 0x80, goes byte by byte through the tables.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "classification_tables.hpp"

namespace jsonx::simd::detail {

struct simd_scalar {
  static constexpr int batch_blocks = 1;
  struct block {
    std::uint8_t bytes[64];
  };

  static block load(const std::uint8_t* p) noexcept {
    block b;
    std::memcpy(b.bytes, p, 64);
    return b;
  }

  // ---- eight bytes at a time ----
  // Byte-by-byte masks were the portable kernel's whole cost (1.56 us to index small.json's 204
  // bytes against 84 ns for AVX2, AMD Zen 3). Each class below is a few word operations on
  // each of the block's eight words: bit 7 of a byte says whether it is in the class, exactly
  // (no carry or borrow runs from one byte into the next), and gather() packs the eight bits.
  static constexpr std::uint64_t ones = 0x0101010101010101ULL;
  static constexpr std::uint64_t high_bits = 0x8080808080808080ULL;
  static constexpr std::uint64_t low_bits = 0x7F7F7F7F7F7F7F7FULL;

  // Word i of the block, byte 8i + k in byte k (the lowest first, on any byte order).
  static std::uint64_t word(const block& b, int i) noexcept {
    std::uint64_t w;
    std::memcpy(&w, b.bytes + 8 * i, 8);
    if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
    return w;
  }
  // Bit 7 set in each byte of w that is not c: the low seven bits of w ^ c plus 0x7F reach
  // bit 7 unless they are all zero (at most 0xFE: no carry out of the byte), and bit 7 of
  // w ^ c itself is set where the bytes differ there. A byte equals one of several values
  // where it differs from none: ~(differ(w, a) & differ(w, b) & ...) & high_bits.
  static std::uint64_t differ(std::uint64_t w, std::uint8_t c) noexcept {
    const std::uint64_t x = w ^ (ones * c);
    return ((x & low_bits) + low_bits) | x;
  }
  static std::uint64_t bytes_equal(std::uint64_t w, std::uint8_t c) noexcept {
    return ~differ(w, c) & high_bits;
  }
  // The bit-7 flags of a word's bytes as eight bits (byte k's flag in bit k): shifted down to
  // bit 8k, the multiply moves bit 8k to bit 56 + k (by 56 - 7k), and every other partial
  // product lands on a bit of its own below bit 56 (8k + 56 - 7j for k != j), so nothing
  // carries into the top byte.
  static std::uint64_t gather(std::uint64_t flags) noexcept {
    return ((flags >> 7) * 0x0102040810204080ULL) >> 56;
  }
  template <class WordFlags>
  static std::uint64_t mask_by_words(const block& b, WordFlags flags) noexcept {
    std::uint64_t m = 0;
    for (int i = 0; i < 8; ++i) m |= gather(flags(word(b, i))) << (8 * i);
    return m;
  }

  static std::uint64_t equal(const block& b, std::uint8_t c) noexcept {
    return mask_by_words(b, [c](std::uint64_t w) { return bytes_equal(w, c); });
  }
  // ' ', '\t', '\n', '\r' (tables::whitespace).
  static std::uint64_t whitespace(const block& b) noexcept {
    return mask_by_words(b, [](std::uint64_t w) {
      return ~(differ(w, ' ') & differ(w, '\t') & differ(w, '\n') & differ(w, '\r')) & high_bits;
    });
  }
  // The bytes that read ',', ':', '{' or '}' with bit 5 set, as tables::operators classes
  // them: '[' and ']' with '{' and '}', and also the control bytes 0x0C and 0x1A (which the
  // walk then rejects, as it does every control byte outside strings).
  static std::uint64_t operators(const block& b) noexcept {
    return mask_by_words(b, [](std::uint64_t w) {
      const std::uint64_t folded = w | (ones * 0x20);
      return ~(differ(folded, ',') & differ(folded, ':') & differ(folded, '{') &
               differ(folded, '}')) &
             high_bits;
    });
  }
  // Bytes below 0x20: the low seven bits plus 0x60 reach bit 7 from 0x20 on (at most 0xDF),
  // and bit 7 of the byte itself rules out the bytes from 0x80.
  static std::uint64_t control(const block& b) noexcept {
    return mask_by_words(
        b, [](std::uint64_t w) { return ~(((w & low_bits) + ones * 0x60) | w) & high_bits; });
  }
  static std::uint64_t non_ascii(const block& b) noexcept {
    return mask_by_words(b, [](std::uint64_t w) { return w & high_bits; });
  }
  // Whether any byte is >= 0x80, without building the mask.
  static bool any_non_ascii(const block& b) noexcept {
    std::uint64_t any = 0;
    for (int i = 0; i < 8; ++i) any |= word(b, i);
    return (any & high_bits) != 0;
  }

  // The byte classes, one byte at a time, from the same tables as the vector kernels (the
  // emulations in emulated.hpp and the UTF-8 check use them).
  static bool is_whitespace(std::uint8_t x) noexcept {
    return x < 0x80 && tables::whitespace[x & 15] == x;
  }
  static bool is_operator(std::uint8_t x) noexcept {
    return x < 0x80 && tables::operators[x & 15] == (x | 0x20);
  }
  static bool is_control(std::uint8_t x) noexcept { return x < 0x20; }
  static bool is_non_ascii(std::uint8_t x) noexcept { return x >= 0x80; }
  // True if `byte` cannot be valid UTF-8 after the three bytes before it.
  static bool breaks_utf8(std::uint8_t prev3, std::uint8_t prev2, std::uint8_t prev1,
                          std::uint8_t byte) noexcept {
    std::uint8_t kinds = tables::previous_high_nibble[prev1 >> 4] &
                         tables::previous_low_nibble[prev1 & 15] &
                         tables::current_high_nibble[byte >> 4];
    // A 3-byte lead two bytes back or a 4-byte lead three bytes back: this byte must be a
    // continuation, which is exactly when the two_continuations kind was found.
    const bool must_continue = prev2 >= 0xE0 || prev3 >= 0xF0;
    if (must_continue) kinds ^= tables::two_continuations;
    return kinds != 0;
  }

  // Byte by byte, but eight bytes are passed over at once where they and the three before
  // them are ASCII: no sequence is open there, so none of the eight can break one.
  static std::uint64_t utf8_errors(const block& current, const block& previous) noexcept {
    std::uint8_t window[64 + 3];  // the previous block's last three bytes, then this block's
    std::memcpy(window, previous.bytes + 61, 3);
    std::memcpy(window + 3, current.bytes, 64);
    std::uint64_t errors = 0;
    for (int first = 0; first < 64; first += 8) {
      std::uint64_t before_and_eight[2];  // window[first, first + 11), in two loads
      std::memcpy(&before_and_eight[0], window + first, 8);
      std::memcpy(&before_and_eight[1], window + first + 3, 8);
      if (((before_and_eight[0] | before_and_eight[1]) & high_bits) == 0) continue;
      for (int i = first; i < first + 8; ++i) {
        const bool bad = breaks_utf8(window[i], window[i + 1], window[i + 2], window[i + 3]);
        errors |= static_cast<std::uint64_t>(bad) << i;
      }
    }
    return errors;
  }

  static void prefix_xor(const std::uint64_t* in, std::uint64_t* out, int count) noexcept {
    for (int b = 0; b < count; ++b) {
      std::uint64_t x = in[b];
      // Doubling steps: after them bit i is the XOR of bits 0..i.
      x ^= x << 1;
      x ^= x << 2;
      x ^= x << 4;
      x ^= x << 8;
      x ^= x << 16;
      x ^= x << 32;
      out[b] = x;
    }
  }

  // Bits counted in pairs, nibbles, bytes, then summed into the top byte by a multiply:
  // without a popcount instruction in the baseline (x86-64 before -mpopcnt) the builtin is a
  // call into libgcc, 4% of the kernel's time.
  static std::uint64_t popcount(std::uint64_t x) noexcept {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (x * ones) >> 56;
  }
  static std::uint64_t trailing_zeros(std::uint64_t x) noexcept {
    return x == 0 ? 64 : __builtin_ctzll(x);
  }
};

}  // namespace jsonx::simd::detail
