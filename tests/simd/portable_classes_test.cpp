// The portable kernel's byte classes, computed eight bytes at a time in 64-bit words, against
// their definition: the vector kernels' tables read one byte at a time. Every byte value at
// every position of a block, among neighbours of every kind (a word operation that let a carry
// or borrow run into the next byte would show there), and the UTF-8 check, which passes over
// ASCII words, against the byte-by-byte check on blocks with sparse and dense non-ASCII bytes;
// and the portable popcount.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "jsonx/simd/detail/scalar.hpp"

namespace jsonx::simd::detail {
namespace {

using block = simd_scalar::block;

template <class Predicate>
std::uint64_t byte_by_byte(const block& b, Predicate is) {
  std::uint64_t m = 0;
  for (int i = 0; i < 64; ++i) m |= static_cast<std::uint64_t>(is(b.bytes[i]) ? 1 : 0) << i;
  return m;
}

std::uint64_t utf8_errors_byte_by_byte(const block& current, const block& previous) {
  std::uint8_t window[67];
  for (int i = 0; i < 3; ++i) window[i] = previous.bytes[61 + i];
  for (int i = 0; i < 64; ++i) window[3 + i] = current.bytes[i];
  std::uint64_t errors = 0;
  for (int i = 0; i < 64; ++i) {
    if (simd_scalar::breaks_utf8(window[i], window[i + 1], window[i + 2], window[i + 3]))
      errors |= std::uint64_t{1} << i;
  }
  return errors;
}

TEST(portable_classes, every_byte_at_every_position_among_every_kind_of_neighbour) {
  // Neighbours: whitespace, a letter, zero, 0x1F and 0x20 (the control bound), 0x7F and 0x80
  // (the ASCII bound), 0xFF, and the byte itself (a run of it).
  for (int fill : {0x20, 0x41, 0x00, 0x1F, 0x7F, 0x80, 0xFF, -1}) {
    for (int value = 0; value < 256; ++value) {
      for (int at = 0; at < 64; ++at) {
        block b;
        for (std::uint8_t& x : b.bytes) x = static_cast<std::uint8_t>(fill < 0 ? value : fill);
        b.bytes[at] = static_cast<std::uint8_t>(value);
        SCOPED_TRACE(testing::Message()
                     << "byte " << value << " at " << at << ", neighbours " << fill);
        ASSERT_EQ(simd_scalar::whitespace(b), byte_by_byte(b, simd_scalar::is_whitespace));
        ASSERT_EQ(simd_scalar::operators(b), byte_by_byte(b, simd_scalar::is_operator));
        ASSERT_EQ(simd_scalar::control(b), byte_by_byte(b, simd_scalar::is_control));
        ASSERT_EQ(simd_scalar::non_ascii(b), byte_by_byte(b, simd_scalar::is_non_ascii));
        ASSERT_EQ(simd_scalar::any_non_ascii(b), byte_by_byte(b, simd_scalar::is_non_ascii) != 0);
        for (int c : {int{'"'}, int{'\\'}, int{'\n'}, 0x00, 0x80, 0xFF, value}) {
          ASSERT_EQ(simd_scalar::equal(b, static_cast<std::uint8_t>(c)),
                    byte_by_byte(b, [c](std::uint8_t x) { return x == c; }))
              << "equal to " << c;
        }
      }
    }
  }
}

TEST(portable_classes, utf8_check_agrees_with_the_byte_by_byte_check) {
  std::mt19937_64 random(7);
  // Blocks of ASCII with non-ASCII bytes one in `rarity` (1: every byte), drawn from every
  // value (mostly invalid sequences) and from valid sequences' bytes (leads and continuations).
  const std::uint8_t sequence_bytes[] = {0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98,
                                         0x80, 0xED, 0xA0, 0xC0, 0xF4, 0x90, 0xBF};
  int blocks_with_errors = 0;
  for (int rarity : {1, 2, 8, 40, 200}) {
    for (int round = 0; round < 2000; ++round) {
      block previous;
      block current;
      for (block* b : {&previous, &current}) {
        for (std::uint8_t& x : b->bytes) {
          if (random() % rarity != 0) {
            x = static_cast<std::uint8_t>(0x20 + random() % 0x5F);
          } else if (random() % 2 == 0) {
            x = static_cast<std::uint8_t>(random());
          } else {
            x = sequence_bytes[random() % std::size(sequence_bytes)];
          }
        }
      }
      const std::uint64_t expected = utf8_errors_byte_by_byte(current, previous);
      blocks_with_errors += expected != 0;
      ASSERT_EQ(simd_scalar::utf8_errors(current, previous), expected)
          << "rarity " << rarity << ", round " << round;
    }
  }
  EXPECT_GT(blocks_with_errors, 1000);  // the check was tested on errors, not only on valid text
}

TEST(portable_classes, popcount_counts_every_bit) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 100000; ++i) {
    // Sparse, dense and uniform words.
    const std::uint64_t word = i % 3 == 0   ? random() & random() & random()
                               : i % 3 == 1 ? random() | random() | random()
                                            : random();
    ASSERT_EQ(simd_scalar::popcount(word), static_cast<std::uint64_t>(__builtin_popcountll(word)))
        << word;
  }
  EXPECT_EQ(simd_scalar::popcount(0), 0U);
  EXPECT_EQ(simd_scalar::popcount(~std::uint64_t{0}), 64U);
}

}  // namespace
}  // namespace jsonx::simd::detail
