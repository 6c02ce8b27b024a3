// Bit tricks on 64-bit masks (bit i = byte i of a block) shared by every kernel.
#pragma once

#include <cstdint>

namespace jsonx::index::masks {

// These functions are `static`: each kernel's translation unit compiles its own copy for its
// instruction set. With external linkage, a debug build would emit one weak out-of-line copy
// per kernel and the linker would keep one of them, possibly the AVX-512 one, for all kernels.

inline constexpr std::uint64_t even_bits = 0x5555555555555555ULL;
inline constexpr std::uint64_t odd_bits = ~even_bits;

/// Bytes escaped by a backslash: those that follow a run of backslashes of odd length.
/// `next_is_escaped` carries in (1 if byte 0 is escaped) and out (for the next block).
/// `valid_bytes` < 64 for a partial block: the carry is then taken at bit `valid_bytes`.
static inline std::uint64_t escaped_bytes(std::uint64_t backslash, std::uint64_t& next_is_escaped,
                                          unsigned valid_bytes) noexcept {
  // A backslash that is itself escaped starts no run.
  backslash &= ~next_is_escaped;
  // Run starts: backslashes not preceded by a backslash.
  std::uint64_t starts = backslash & ~(backslash << 1);
  // Adding a run's start bit to the run clears the run and sets the bit just after it; the
  // length of the run is odd iff that bit's parity differs from the start's parity.
  std::uint64_t even_starts = starts & even_bits;
  std::uint64_t odd_starts = starts & odd_bits;
  std::uint64_t after_even_runs = (backslash + even_starts) & ~backslash;
  std::uint64_t after_odd_runs;
  // A run that starts at an odd bit and reaches bit 63 has odd length and overflows out of
  // the block: the first byte of the next block is escaped. (Even-start runs reaching bit 63
  // have even length.)
  bool odd_run_overflows = __builtin_add_overflow(backslash, odd_starts, &after_odd_runs);
  after_odd_runs &= ~backslash;
  std::uint64_t escaped =
      (after_even_runs & odd_bits) | (after_odd_runs & even_bits) | next_is_escaped;
  if (valid_bytes == 64) {
    next_is_escaped = odd_run_overflows ? 1 : 0;
  } else {
    // Bytes past the end are padding (not backslashes): the "escaped" bit at the first
    // padding byte is exactly whether the next real byte is escaped.
    next_is_escaped = (escaped >> valid_bytes) & 1;
    escaped &= (std::uint64_t{1} << valid_bytes) - 1;
  }
  return escaped;
}

/// Closing quotes of strings that contain a backslash. `in_string` has a run of ones from
/// each opening quote up to (not including) its closing quote. Adding the in-string
/// backslashes to it carries each run's first backslash up to the run's end, which is the
/// closing quote; the carry out of bit 63 tells the next block that the string still open
/// has seen a backslash.
static inline std::uint64_t escaped_string_ends(std::uint64_t in_string, std::uint64_t backslash,
                                                std::uint64_t closing_quotes,
                                                std::uint64_t& carry) noexcept {
  std::uint64_t sum;
  bool overflow1 = __builtin_add_overflow(in_string, backslash & in_string, &sum);
  bool overflow2 = __builtin_add_overflow(sum, carry, &sum);
  carry = (overflow1 || overflow2) ? 1 : 0;
  return sum & closing_quotes;
}

}  // namespace jsonx::index::masks
