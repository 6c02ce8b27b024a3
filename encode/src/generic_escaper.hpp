// The escape loops, written once over a vector wrapper of jsonx/simd (swar_vector, avx2_vector,
// avx512_vector, neon_vector, emulated_vector<W>): copy a vector of bytes to the output
// unconditionally, find the first byte that needs work, keep the bytes before it, handle that byte
// in scalar code, go on. Strings shorter than the vector are checked with sse2_vector (x86-64) or
// swar_vector. Three loops: one that copies non-ASCII bytes as they are (assume_valid), one that
// checks them as UTF-8 by vector and copies them (the default), and one that stops at each to
// rewrite it (ascii_only, escape_line_separators, or a wrapper without a vector UTF-8 check).
//
// Included by each kernel's file inside its target pragma; internal linkage, as in
// escape_special.hpp.
#pragma once

// Everything with external linkage this uses (small_copy.hpp, the baseline wrappers swar.hpp and
// sse2.hpp, the standard headers) must already be included, before the kernel's target pragma:
// string_escape.hpp sees to them.
#include "escape_special.hpp"

namespace jsonx::detail {
namespace {

using simd::detail::swar_vector;
#if defined(__SSE2__)
using simd::detail::sse2_vector;
#endif

// The bytes of vector v that need more than a copy: control characters, '"' and '\\', '<' '>'
// '&' when escaping for HTML, and bytes >= 0x80 when non-ASCII must be looked at. The matches
// are combined in the wrapper's own form (a byte vector, or a mask register) and turned into a
// bit mask once.
template <class Vector, bool EscapeHtml, bool InspectNonAscii>
std::uint64_t needs_escape(const typename Vector::type& v) {
  typename Vector::matches hits =
      Vector::below(v, 0x20) | Vector::equal(v, '"') | Vector::equal(v, '\\');
  if constexpr (EscapeHtml)
    hits = hits | Vector::equal(v, '<') | Vector::equal(v, '>') | Vector::equal(v, '&');
  if constexpr (InspectNonAscii) hits = hits | Vector::non_ascii(v);
  return Vector::mask(hits);
}

// Copies the bytes of a short input (0 < left < the kernel's width) to dst and returns how many
// come before the first byte needing work (`left` if none). Bytes past that one may be copied
// too: the output has room, and they are overwritten. Overlapping loads cover any length
// without reading outside [src, src + left); bytes checked twice are harmless.
template <bool UseSse, bool EscapeHtml, bool InspectNonAscii>
std::size_t copy_clean_short(const char* src, std::size_t left, char* dst) {
#if defined(__SSE2__)
  if constexpr (UseSse) {
    if (left >= 16) {
      std::size_t offset = 0;
      for (;;) {
        const __m128i v = sse2_vector::load(src + offset);
        sse2_vector::store(dst + offset, v);
        const std::uint64_t mask = needs_escape<sse2_vector, EscapeHtml, InspectNonAscii>(v);
        if (mask != 0) return offset + sse2_vector::index_of_first(mask);
        if (offset + 16 == left) return left;
        offset = offset + 32 <= left ? offset + 16 : left - 16;
      }
    }
    if (left >= 8) {
      // Bytes 0-7 in the low half, bytes left-8..left-1 in the high half.
      const __m128i v = sse2_vector::load_halves(src, src + left - 8);
      sse2_vector::store_halves(dst, dst + left - 8, v);
      const std::uint64_t mask = needs_escape<sse2_vector, EscapeHtml, InspectNonAscii>(v);
      if (mask == 0) return left;
      const std::size_t index = sse2_vector::index_of_first(mask);
      return index < 8 ? index : left - 16 + index;
    }
  }
#endif
  if (left >= 8) {
    std::size_t offset = 0;
    for (;;) {
      const std::uint64_t word = swar_vector::load(src + offset);
      swar_vector::store(dst + offset, word);
      const std::uint64_t mask = needs_escape<swar_vector, EscapeHtml, InspectNonAscii>(word);
      if (mask != 0) return offset + swar_vector::index_of_first(mask);
      if (offset + 8 == left) return left;
      offset = offset + 16 <= left ? offset + 8 : left - 8;
    }
  }
  if (left >= 4) {
    // Two overlapping 4-byte halves in one word: bytes 0-3 low, bytes left-4..left-1 high.
    const std::uint64_t word = swar_vector::load4(src) | (swar_vector::load4(src + left - 4) << 32);
    std::memcpy(dst, src, 4);
    std::memcpy(dst + left - 4, src + left - 4, 4);
    const std::uint64_t mask = needs_escape<swar_vector, EscapeHtml, InspectNonAscii>(word);
    if (mask == 0) return left;
    const std::size_t index = swar_vector::index_of_first(mask);
    return index < 4 ? index : left - 8 + index;
  }
  // 1 to 3 bytes: the same, one byte per lane, the unused lanes holding a harmless 'a'.
  std::uint64_t word = swar_vector::splat('a');
  for (std::size_t i = 0; i < left; ++i) {
    word = (word & ~(std::uint64_t{0xFF} << (8 * i))) |
           (std::uint64_t{static_cast<unsigned char>(src[i])} << (8 * i));
    dst[i] = src[i];
  }
  const std::uint64_t mask = needs_escape<swar_vector, EscapeHtml, InspectNonAscii>(word);
  return mask == 0 ? left : swar_vector::index_of_first(mask);
}

// Bits of a mask per input byte: 1 for the x86 wrappers' movemasks and mask registers, 4 for
// NEON's narrowing shift (neon_vector::mask_bits_per_byte).
template <class Vector>
constexpr unsigned mask_bits_per_byte() {
  if constexpr (requires { Vector::mask_bits_per_byte; }) {
    return Vector::mask_bits_per_byte;
  } else {
    return 1;
  }
}

// The loop that stops at every byte needing work: escapes, and every non-ASCII byte when
// InspectNonAscii (each sequence read by read_utf8, one at a time).
template <class Vector, bool EscapeHtml, bool InspectNonAscii>
escape_result escape_loop(const write_options& options, const char* src, const char* src_end,
                          char* dst, char* dst_end) {
  constexpr std::size_t width = Vector::width;
  // The vector store needs `width` bytes of room; the escape step after it its own
  // max_escape_step_output, checked where it happens (the store may have used most of the room).
  static_assert(width <= min_output_room, "a vector store must fit in the room checked");
  const char* const begin = src;
  for (;;) {
    if (static_cast<std::size_t>(dst_end - dst) < min_output_room) return {src, dst};
    const std::size_t left = static_cast<std::size_t>(src_end - src);
    std::size_t clean;
    if (left >= width) {
      const auto v = Vector::load(src);
      Vector::store(dst, v);
      const std::uint64_t mask = needs_escape<Vector, EscapeHtml, InspectNonAscii>(v);
      if (mask == 0) {
        src += width;
        dst += width;
        continue;
      }
      clean = Vector::index_of_first(mask);
    } else if (left == 0) {
      return {src, dst};
    } else if (Vector::exact_mask && static_cast<std::size_t>(src_end - begin) >= width) {
      // The tail of a long input: one vector load ending at the input's end, overlapping bytes
      // already done, whose mask bits are shifted out. Only for masks whose bits for each byte
      // are exactly its own: in a SWAR word, a special byte already done could leave a borrow
      // above it.
      const std::uint64_t mask =
          needs_escape<Vector, EscapeHtml, InspectNonAscii>(Vector::load(src_end - width)) >>
          (mask_bits_per_byte<Vector>() * (width - left));
      clean = mask == 0 ? left : Vector::index_of_first(mask);
      copy_short(dst, src, clean);
      if (clean == left) return {src_end, dst + left};
    } else {
      clean = copy_clean_short<(width > 16), EscapeHtml, InspectNonAscii>(src, left, dst);
      if (clean == left) return {src_end, dst + left};
    }
    src += clean;
    dst += clean;
    if (static_cast<std::size_t>(dst_end - dst) < max_escape_step_output) return {src, dst};
    if (!escape_special(options, src, src_end, dst, dst_end)) return {src, dst};
  }
}

// The three bytes before p in the top three bytes of a 32-bit word (p[-1] the highest), as the
// vector UTF-8 checks read them, those before `from` taken as ASCII (zero): the text before
// `from` is whole sequences already written (or replaced), or not this call's to read.
inline std::uint32_t bytes_before(const char* from, const char* p) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    if (p - from >= 4) {
      std::uint32_t word;
      std::memcpy(&word, p - 4, 4);
      return word;
    }
  }
  std::uint32_t word = 0;
  for (std::ptrdiff_t back = 1; back <= 3 && p - back >= from; ++back)
    word |= std::uint32_t{static_cast<unsigned char>(p[-back])} << (32 - 8 * back);
  return word;
}

// The end of the last whole sequence in [from, p), the text there being valid UTF-8 so far:
// p itself, unless one of the three bytes before p is a lead byte whose sequence p cuts (a
// sequence is at most 4 bytes long: its lead byte is at most 3 back).
inline const char* last_sequence_end(const char* from, const char* p) noexcept {
  for (std::ptrdiff_t back = 1; back <= 3 && p - back >= from; ++back) {
    const auto byte = static_cast<unsigned char>(p[-back]);
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

// Where inspect_step stopped, and whether escape_special let it pass.
struct inspected {
  const char* src;
  char* dst;
  bool passed;
};

// One step of escape_loop<..., true> from src, a sequence start: the bytes before the first one
// to escape or non-ASCII are copied (a vector's worth at most), and that one is handled by
// escape_special (a run of non-ASCII sequences read one at a time, invalid ones replaced or
// stopped at). Not passed where escape_special stops. The pointers come and go by value, so
// that the caller's stay in registers.
template <class Vector, bool EscapeHtml>
inspected inspect_step(const write_options& options, const char* src, const char* src_end,
                       char* dst, char* dst_end) {
  constexpr std::size_t width = Vector::width;
  const std::size_t left = static_cast<std::size_t>(src_end - src);
  std::size_t clean;
  if (left >= width) {
    const auto v = Vector::load(src);
    Vector::store(dst, v);
    const std::uint64_t mask = needs_escape<Vector, EscapeHtml, true>(v);
    clean = mask == 0 ? width : Vector::index_of_first(mask);
  } else {
    clean = copy_clean_short<(width > 16), EscapeHtml, true>(src, left, dst);
  }
  src += clean;
  dst += clean;
  // An escape step needs its room; without it the caller's room check stops the loop here,
  // at an ASCII byte or a sequence start.
  if (src == src_end || clean == width ||
      static_cast<std::size_t>(dst_end - dst) < max_escape_step_output)
    return {src, dst, true};
  const bool passed = escape_special(options, src, src_end, dst, dst_end);
  return {src, dst, passed};
}

// src and dst backed up to the start of a sequence that ends past src (copied, one for one
// since `verbatim`, by the last vector step), so that a stop is at a sequence start.
inline escape_result backed_up(const char* verbatim, const char* src, char* dst) noexcept {
  const char* const start = last_sequence_end(verbatim, src);
  return {start, dst - (src - start)};
}

// The default loop: non-ASCII bytes are checked as UTF-8 by vector and copied as ASCII is, and
// only bytes to escape stop the scan (invalid_utf8 error or replace, with neither ascii_only nor
// escape_line_separators). A vector with no byte to escape and no non-ASCII byte, after one
// that ends with no non-ASCII byte either, is copied with no check (nothing in it can break
// UTF-8); otherwise Vector::utf8_valid checks it after the three bytes before it, so that every
// sequence is checked whichever vectors it crosses. A vector that fails is done again by
// inspect_step from the start of the sequence the failure may belong to: the exact place and
// the policy's answer (a replacement, or a stop) come from read_utf8, one sequence at a time.
// It replaced a scan that stopped at a string's first non-ASCII byte and checked from there 64
// bytes at a time, in blocks of the indexer's wrapper: on twitter.json (non-ASCII text mostly
// in strings of Japanese, a few hundred bytes long), typed encoding with the check went from
// 0.86-0.89x to 0.93x the speed of assume_valid (AMD Zen 3, avx2).
template <class Vector, bool EscapeHtml>
escape_result escape_checking_utf8(const write_options& options, const char* src,
                                   const char* src_end, char* dst, char* dst_end) {
  constexpr std::size_t width = Vector::width;
  static_assert(width <= min_output_room, "a vector store must fit in the room checked");
  // Input bytes from `verbatim` to src were copied one for one (the vector steps), so that the
  // loop can back up over the bytes of a sequence a vector step cut, when it must stop.
  const char* verbatim = src;
  // Non-ASCII bytes among the last vector's last three: a sequence may cross into the next
  // vector, which is then checked even if it is ASCII.
  bool check_next = false;
  for (;;) {
    // The steps that copy a vector (checked or not) and stop at nothing: a loop with no call in
    // it, so that the compiler keeps its constants in registers. With the calls of the paths
    // below in the same loop, GCC 12 built needs_escape's three splats again at every step
    // (6 of 20 instructions a step), as it would rather do than keep them across a call.
    std::uint64_t escapes = 0;
    bool invalid = false;
    for (;;) {
      const std::size_t left = static_cast<std::size_t>(src_end - src);
      if (left == 0 || static_cast<std::size_t>(dst_end - dst) < min_output_room) break;
      // A tail shorter than a vector is loaded with spaces after it (which break a sequence
      // the end cuts). The store writes a whole vector either way.
      const std::size_t step = left < width ? left : width;
      const auto v = left < width ? Vector::load_partial(src, left) : Vector::load(src);
      Vector::store(dst, v);
      const std::uint64_t special = needs_escape<Vector, EscapeHtml, true>(v);
      if (special != 0 || check_next) {
        if (!Vector::utf8_valid(v, bytes_before(verbatim, src))) {
          invalid = true;
          break;
        }
        escapes = needs_escape<Vector, EscapeHtml, false>(v);
        if (escapes != 0) break;
        // special is the non-ASCII bytes here (there is no escape).
        check_next = (special >> (mask_bits_per_byte<Vector>() * (width - 3))) != 0;
      }
      src += step;
      dst += step;
    }
    if (escapes != 0) {
      // Valid up to the escape, an ASCII byte: no sequence is open before it.
      const std::size_t clean = Vector::index_of_first(escapes);
      src += clean;
      dst += clean;
      if (static_cast<std::size_t>(dst_end - dst) < max_escape_step_output) return {src, dst};
      // An ASCII escape (always passes), written here rather than by escape_special, whose
      // reference parameters would keep src and dst in memory.
      const auto c = static_cast<unsigned char>(*src);
      std::memcpy(dst, ascii_escapes.text[c], 8);
      dst += ascii_escapes.length[c];
      ++src;
      verbatim = src;
      check_next = false;
      continue;
    }
    if (!invalid && src != src_end) {
      // Out of room: stop at a sequence start, unless the bytes won back are room enough.
      const escape_result start = backed_up(verbatim, src, dst);
      src = start.src;
      dst = start.dst;
      if (static_cast<std::size_t>(dst_end - dst) < min_output_room) return {src, dst};
      continue;
    }
    // An invalid vector; or the end, where the check (which flags a lead byte by the byte
    // after it) may have let through a lead byte with fewer continuation bytes than it needs,
    // or a byte that only looks like one (0xF5-0xFF). Back up to the start of the sequence the
    // failure may belong to and let read_utf8 say: truncated (the stop the caller reports, or
    // waits on the next piece for), invalid (replaced, or stopped at), or valid.
    const escape_result start = backed_up(verbatim, src, dst);
    if (start.src == src_end) return start;
    const inspected step =
        inspect_step<Vector, EscapeHtml>(options, start.src, src_end, start.dst, dst_end);
    src = step.src;
    dst = step.dst;
    if (!step.passed) return {src, dst};
    // What is before src now is whole sequences, or replacements of invalid ones: the next
    // check starts afresh.
    verbatim = src;
    check_next = false;
  }
}

// Wrappers with a vector UTF-8 check (all but swar_vector) check in escape_checking_utf8;
// swar_vector reads each non-ASCII sequence with read_utf8, as every option that rewrites
// non-ASCII text does.
template <class Vector>
constexpr escape_kernel make_escape_kernel() {
  constexpr bool checks_by_vector = requires(typename Vector::type v) {
    { Vector::utf8_valid(v, std::uint32_t{0}) } -> std::same_as<bool>;
  };
  if constexpr (checks_by_vector) {
    return {{{&escape_loop<Vector, false, false>, &escape_loop<Vector, false, true>,
              &escape_checking_utf8<Vector, false>},
             {&escape_loop<Vector, true, false>, &escape_loop<Vector, true, true>,
              &escape_checking_utf8<Vector, true>}}};
  } else {
    return {{{&escape_loop<Vector, false, false>, &escape_loop<Vector, false, true>,
              &escape_loop<Vector, false, true>},
             {&escape_loop<Vector, true, false>, &escape_loop<Vector, true, true>,
              &escape_loop<Vector, true, true>}}};
  }
}

}  // namespace
}  // namespace jsonx::detail
