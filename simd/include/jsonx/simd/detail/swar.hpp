// Eight bytes in a 64-bit word (SWAR, "SIMD within a register"): the portable vector. The scalar
// escape kernel steps with it, and every escape kernel finishes a string shorter than its own
// vector with it, straight from the input (no staging copy, nothing read past the input's end).
//
// Baseline code, no target region needed: include it before a kernel's target region opens, so
// that its inline functions are compiled for every CPU in every file that uses them (see
// target_avx2_begin.hpp), and are inlined into the region's code from there.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace jsonx::simd::detail {

struct swar_vector {
  using type = std::uint64_t;
  static constexpr std::size_t width = 8;
  // A mask has the high bit of each byte that matches. Bits above a true match may be false
  // matches (a borrow runs upwards), so only the lowest set bit is exact: index_of_first is
  // all a caller may read. An OR of such masks keeps that property.
  static constexpr bool exact_mask = false;
  using matches = std::uint64_t;  // already the mask: combine with |
  static std::uint64_t mask(std::uint64_t m) noexcept { return m; }
  static constexpr std::uint64_t ones = 0x0101010101010101ULL;
  static constexpr std::uint64_t highs = 0x8080808080808080ULL;

  static std::uint64_t load(const char* p) noexcept {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    // Byte i of the input is byte i of the word, so the first byte is the lowest.
    if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
    return word;
  }
  // Four bytes in the low half of a word.
  static std::uint64_t load4(const char* p) noexcept {
    std::uint32_t half;
    std::memcpy(&half, p, 4);
    if constexpr (std::endian::native == std::endian::big) half = __builtin_bswap32(half);
    return half;
  }
  static void store(char* p, std::uint64_t word) noexcept {
    if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
    std::memcpy(p, &word, 8);
  }
  // A word of eight copies of c.
  static constexpr std::uint64_t splat(std::uint8_t c) noexcept { return ones * c; }

  // Bytes equal to c: x = word ^ splat(c) has a zero byte exactly there, and x - ones borrows
  // out of a zero byte into its high bit (which ~x keeps only if the byte was below 0x80).
  static std::uint64_t equal(std::uint64_t word, std::uint8_t c) noexcept {
    const std::uint64_t x = word ^ splat(c);
    return (x - ones) & ~x & highs;
  }
  // Bytes below c (c <= 0x80): the same borrow, out of every byte smaller than c.
  static std::uint64_t below(std::uint64_t word, std::uint8_t c) noexcept {
    return (word - splat(c)) & ~word & highs;
  }
  static std::uint64_t non_ascii(std::uint64_t word) noexcept { return word & highs; }
  static std::size_t index_of_first(std::uint64_t mask) noexcept {
    return static_cast<std::size_t>(std::countr_zero(mask)) / 8;
  }
};

}  // namespace jsonx::simd::detail
