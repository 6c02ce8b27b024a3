// The structural indexer: stage one of the parser.
//
// It reads bytes in 64-byte blocks and writes the offsets of the bytes the parser must look at:
//   - the operators { } [ ] : , outside strings,
//   - every unescaped quote (the opening and the closing one of each string),
//   - the first byte of each run of other non-whitespace bytes outside strings (numbers,
//     literals, and garbage, which the parser rejects).
// Two control bytes, 0x0C and 0x1A, are indexed as operators outside strings (they share a
// nibble-table entry with ',' and ':'); they are invalid anywhere and the parser, which looks
// at the real byte, rejects them.
// It also validates what needs no grammar: UTF-8 everywhere, and no control character inside
// a string. Its state (is the next byte escaped, are we inside a string, was the last byte part
// of a scalar, the last UTF-8 bytes) is carried across blocks and across calls, so the input may
// be cut anywhere. It never reads past the bytes it is given.
#pragma once

#include <cstddef>
#include <cstdint>

#include "jsonx/simd/kernel.hpp"

namespace jsonx::index {

/// What the indexer itself can reject.
enum class index_error : std::uint8_t {
  none,
  /// The first byte at which the input cannot be valid UTF-8 given the three before it: an
  /// invalid lead byte (C0, C1, F5-FF) is reported at the byte after it, a truncated
  /// sequence at the byte that breaks it.
  invalid_utf8,
  control_char_in_string,  ///< a byte below 0x20 between quotes
};

/// The carries between blocks and between calls. Zero-initialised = start of a document.
struct indexer_state {
  std::uint64_t next_is_escaped = 0;  ///< 1 if the byte after the last one is escaped
  std::uint64_t in_string = 0;        ///< all ones if the last byte was inside a string
  /// 1 if the last byte was a scalar byte (not whitespace, operator or quote; inside
  /// strings too, where it is masked out).
  std::uint64_t last_was_scalar = 0;
  std::uint64_t escape_in_string = 0;     ///< 1 if the open string has seen a backslash so far
  std::uint8_t utf8_tail[3] = {0, 0, 0};  ///< the last three bytes, oldest first

  /// True if the bytes seen end inside a UTF-8 sequence (an error if the input ends here).
  bool utf8_incomplete() const noexcept;
};

/// The output of one call. Offsets are relative to the start of the bytes indexed.
struct index_result {
  std::size_t structural_count = 0;  ///< entries written to `positions`
  std::size_t error_offset = 0;      ///< valid if error != none; entries stop before it
  index_error error = index_error::none;
  std::uint64_t newline_count = 0;  ///< '\n' bytes indexed (before the error, if any)
  std::int64_t last_newline = -1;   ///< offset of the last of them, or -1
};

/// Capacity `positions` must have for `length` bytes.
/// (One per byte at most, plus 16 entries of slack that the kernels' unconditional group
/// stores may write into.)
constexpr std::size_t positions_capacity(std::size_t length) noexcept {
  return length + 16;
}
/// Words `escaped_string_ends` must have for `length` bytes.
constexpr std::size_t escape_bits_capacity(std::size_t length) noexcept {
  return (length + 63) / 64 + 1;
}

/// Indexes `length` bytes at `data` with the given kernel (which must be supported).
/// `positions` receives the structural offsets in increasing order. Bit i of
/// `escaped_string_ends` is set where byte i is a closing quote of a string that contains a
/// backslash (the parser must unescape it); other strings can be passed on as they are.
/// Lengths are limited to 2^32 - 64 bytes per call.
index_result index_structurals(simd::kernel_id kernel, const char* data, std::size_t length,
                               indexer_state& state, std::uint32_t* positions,
                               std::uint64_t* escaped_string_ends) noexcept;

}  // namespace jsonx::index
