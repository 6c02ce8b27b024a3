// How far a run of text is valid UTF-8, 64 bytes at a time, by the indexer's check
// (Simd::utf8_errors: the nibble-table method of classification_tables.hpp). The string
// escaper asks it at the first non-ASCII byte of a string, then copies the valid part with no
// look at its non-ASCII bytes; what it stops at is checked one sequence at a time.
// Include inside the target region of the kernel whose wrapper Simd is (see block_loads.hpp).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "block_loads.hpp"

namespace jsonx::simd::detail {
// Internal linkage, as the including kernel's own copy (compiled for its instruction set).
namespace {

// The end of the last whole sequence in [begin, p), given that no byte of it breaks UTF-8 after
// the ones before it: p itself, unless one of the three bytes before p is a lead byte whose
// sequence p cuts (a sequence is at most 4 bytes long: its lead byte is at most 3 back).
inline const std::uint8_t* last_sequence_end(const std::uint8_t* begin,
                                             const std::uint8_t* p) noexcept {
  for (std::ptrdiff_t back = 1; back <= 3 && p - back >= begin; ++back) {
    const std::uint8_t byte = p[-back];
    if (byte < 0x80) return p;  // ASCII: a sequence of its own, ending at p - back + 1
    if (byte >= 0xC0) {
      // A lead byte: 110xxxxx starts 2 bytes, 1110xxxx 3, 11110xxx 4.
      const std::ptrdiff_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
      return back < length ? p - back : p;
    }
    // 10xxxxxx: a continuation byte; its lead is further back.
  }
  return p;
}

// The end of the longest prefix of [begin, end) that is whole sequences of valid UTF-8, begin
// being the start of a sequence. It stops at the first byte the check flags (found to the
// byte in its block), backed up to the start of the sequence that byte breaks, or at the end
// of the last whole sequence.
template <class Simd>
const char* valid_utf8_prefix_end(const char* begin_chars, const char* end_chars) noexcept {
  using loads = block_loads<Simd>;
  const auto* const begin = reinterpret_cast<const std::uint8_t*>(begin_chars);
  const auto* const end = reinterpret_cast<const std::uint8_t*>(end_chars);
  // The text before begin ends a sequence: three ASCII bytes stand for it.
  constexpr std::uint8_t ascii_before[3] = {0, 0, 0};
  typename Simd::block previous = loads::block_ending_with(ascii_before);
  const std::uint8_t* p = begin;
  bool previous_has_non_ascii = false;
  for (;;) {
    const std::size_t left = static_cast<std::size_t>(end - p);
    if (left == 0) break;
    const bool whole = left >= 64;
    const typename Simd::block current =
        whole ? Simd::load(p) : loads::load_partial(p, static_cast<unsigned>(left));
    // The spaces after a partial block's bytes would flag a sequence cut by the end: only the
    // real bytes' bits count, and last_sequence_end backs up over a cut sequence.
    const std::uint64_t real_bytes = whole ? ~std::uint64_t{0} : (std::uint64_t{1} << left) - 1;
    // ASCII after ASCII (or after the start) is valid: no check needed. After non-ASCII, an
    // ASCII block may still break a sequence the block before left open.
    const bool has_non_ascii = (Simd::non_ascii(current) & real_bytes) != 0;
    if (has_non_ascii || previous_has_non_ascii) {
      const std::uint64_t errors = Simd::utf8_errors(current, previous) & real_bytes;
      if (errors != 0) {
        p += std::countr_zero(errors);
        break;
      }
    }
    previous_has_non_ascii = has_non_ascii;
    if (!whole) {
      p = end;
      break;
    }
    previous = current;
    p += 64;
  }
  return reinterpret_cast<const char*>(last_sequence_end(begin, p));
}

}  // namespace
}  // namespace jsonx::simd::detail
