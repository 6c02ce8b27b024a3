// The portable "SIMD" wrapper: a 64-byte block as plain bytes, classified byte by byte with
// the same tables as the vector kernels, so its results are identical to theirs.
#pragma once

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

  template <class Predicate>
  static std::uint64_t mask_of(const block& b, Predicate is) noexcept {
    std::uint64_t m = 0;
    for (int i = 0; i < 64; ++i) m |= static_cast<std::uint64_t>(is(b.bytes[i]) ? 1 : 0) << i;
    return m;
  }

  static std::uint64_t equal(const block& b, std::uint8_t c) noexcept {
    return mask_of(b, [c](std::uint8_t x) { return x == c; });
  }
  // The byte classes, one byte at a time, from the same tables as the vector kernels (the
  // emulations in emulated.hpp use them too).
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

  static std::uint64_t utf8_errors(const block& current, const block& previous) noexcept {
    std::uint8_t window[64 + 3];
    std::memcpy(window, previous.bytes + 61, 3);
    std::memcpy(window + 3, current.bytes, 64);
    std::uint64_t errors = 0;
    for (int i = 0; i < 64; ++i) {
      const bool bad = breaks_utf8(window[i], window[i + 1], window[i + 2], window[i + 3]);
      errors |= static_cast<std::uint64_t>(bad) << i;
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

  static std::uint64_t popcount(std::uint64_t x) noexcept { return __builtin_popcountll(x); }
  static std::uint64_t trailing_zeros(std::uint64_t x) noexcept {
    return x == 0 ? 64 : __builtin_ctzll(x);
  }
};

}  // namespace jsonx::simd::detail
