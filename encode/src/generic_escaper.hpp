// The escape loop, written once over a vector wrapper of jsonx/simd (swar_vector, avx2_vector,
// avx512_vector, neon_vector, emulated_vector<W>): copy a vector of bytes to the output
// unconditionally, find the first byte that needs work, keep the bytes before it, handle that byte
// in scalar code, go on. Strings shorter than the vector are checked with sse2_vector (x86-64) or
// swar_vector.
//
// Included by each kernel's file inside its target pragma; internal linkage, as in
// escape_special.hpp.
#pragma once

// Everything with external linkage this uses (small_copy.hpp, the baseline wrappers swar.hpp and
// sse2.hpp, the standard headers) must already be included, before the kernel's target pragma:
// string_escape.hpp sees to them.
#include "escape_special.hpp"
#include "jsonx/simd/detail/utf8_prefix.hpp"

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

// True when bytes >= 0x80 are looked at only to check that they are valid UTF-8 (not to
// escape them as \uXXXX): then a valid run can be copied as ASCII is.
inline bool only_checks_utf8(const write_options& options) noexcept {
  return !options.ascii_only && !options.escape_line_separators;
}

template <class Vector, class Utf8Simd, bool EscapeHtml, bool InspectNonAscii>
escape_result escape_loop(const write_options& options, const char* src, const char* src_end,
                          char* dst, char* dst_end);

// At a sequence start src: checks the text from there by vector (valid_utf8_prefix_end), then
// copies its valid part with the loop that does not look at non-ASCII bytes. False, with
// nothing done, if that part is empty (the first sequence is invalid or cut by the end). The
// check goes no further than this call can write (each input byte is at least one output
// byte), so a long string written through a small buffer is not checked again from each
// refill to its end.
template <class Vector, class Utf8Simd, bool EscapeHtml>
bool copy_valid_utf8_run(const write_options& options, const char*& src, const char* src_end,
                         char*& dst, char* dst_end) {
  const std::size_t room = static_cast<std::size_t>(dst_end - dst);
  const char* const check_end =
      static_cast<std::size_t>(src_end - src) <= room ? src_end : src + room;
  const char* const valid_end = simd::detail::valid_utf8_prefix_end<Utf8Simd>(src, check_end);
  if (valid_end == src) return false;
  const escape_result copied =
      escape_loop<Vector, Utf8Simd, EscapeHtml, false>(options, src, valid_end, dst, dst_end);
  // Stopped short of valid_end, the output full, that loop (which steps by whole vectors) may
  // have cut a sequence: back up to its start, whose bytes it copied one for one, so that the
  // next step starts at a sequence. The room so won back may reach min_output_room again: the
  // caller's loop tells (a stop reports a full output only with less room than that).
  const auto* const copied_src = reinterpret_cast<const std::uint8_t*>(copied.src);
  const std::size_t cut =
      copied.src == valid_end
          ? 0
          : static_cast<std::size_t>(copied_src -
                                     simd::detail::last_sequence_end(
                                         reinterpret_cast<const std::uint8_t*>(src), copied_src));
  src = copied.src - cut;
  dst = copied.dst - cut;
  return true;
}

// The bytes of a 64-byte block (the indexer wrapper's, valid UTF-8) that need more than a copy:
// the set needs_escape<..., false> finds, as one bit per byte.
template <class Utf8Simd, bool EscapeHtml>
std::uint64_t block_needs_escape(const typename Utf8Simd::block& b) {
  std::uint64_t hits = Utf8Simd::control(b) | Utf8Simd::equal(b, '"') | Utf8Simd::equal(b, '\\');
  if constexpr (EscapeHtml)
    hits |= Utf8Simd::equal(b, '<') | Utf8Simd::equal(b, '>') | Utf8Simd::equal(b, '&');
  return hits;
}

// Copies n (<= 64) bytes with loads inside [src, src + n): two 32-byte copies overlap in the
// middle above 32 bytes; copy_short below.
inline void copy_up_to_64(char* dst, const char* src, std::size_t n) noexcept {
  if (n > 32) {
    copy_fixed<32>(dst, src);
    copy_fixed<32>(dst + n - 32, src + n - 32);
  } else {
    copy_short(dst, src, n);
  }
}

// At a sequence start src (a non-ASCII byte), when non-ASCII bytes are only checked: checks
// and copies the text 64 bytes at a time in one pass, each block loaded once for its UTF-8
// check (Utf8Simd::utf8_errors, with the block before it), its bytes to escape and its copy.
// This is the common case of text in other scripts, where a check ahead of the copy
// (copy_valid_utf8_run) costs a second pass and two calls per string: twitter.json's typed
// encode, 20 times, avx2 kernel (callgrind): 38.2M instructions before, against 30.9M with
// no check at all. A block with an escape is copied by the non-inspecting loop, bounded by the
// block. Stops before a block with an error, at a sequence cut by the string's end, or without
// a block's room in the output, backed up to the start of any sequence the copy cut: the
// caller goes on from there. False if nothing was copied.
template <class Vector, class Utf8Simd, bool EscapeHtml>
bool copy_checked_blocks(const write_options& options, const char*& src, const char* src_end,
                         char*& dst, char* dst_end) {
  using loads = simd::detail::block_loads<Utf8Simd>;
  constexpr std::size_t block_bytes = 64;
  const auto* const run_begin = reinterpret_cast<const std::uint8_t*>(src);
  const auto* const end = reinterpret_cast<const std::uint8_t*>(src_end);
  const std::uint8_t* p = run_begin;
  char* out = dst;
  // The text before src ends a sequence: three ASCII bytes stand for it.
  constexpr std::uint8_t ascii_before[3] = {0, 0, 0};
  typename Utf8Simd::block previous = loads::block_ending_with(ascii_before);
  bool previous_has_non_ascii = false;
  for (;;) {
    const std::size_t left = static_cast<std::size_t>(end - p);
    if (left == 0 || static_cast<std::size_t>(dst_end - out) < block_bytes) break;
    const bool whole = left >= block_bytes;
    const typename Utf8Simd::block current =
        whole ? Utf8Simd::load(p) : loads::load_partial(p, static_cast<unsigned>(left));
    // A partial block's padding would flag a sequence the string's end cuts: only the real
    // bytes' bits count, and such a cut is left to the caller (last_sequence_end below).
    const std::uint64_t real_bytes = whole ? ~std::uint64_t{0} : (std::uint64_t{1} << left) - 1;
    const bool has_non_ascii = (Utf8Simd::non_ascii(current) & real_bytes) != 0;
    if ((has_non_ascii || previous_has_non_ascii) &&
        (Utf8Simd::utf8_errors(current, previous) & real_bytes) != 0)
      break;
    const std::size_t n = whole ? block_bytes : left;
    const char* const block = reinterpret_cast<const char*>(p);
    if ((block_needs_escape<Utf8Simd, EscapeHtml>(current) & real_bytes) == 0) {
      if (whole) {
        copy_fixed<block_bytes>(out, block);
      } else {
        copy_up_to_64(out, block, n);
      }
      p += n;
      out += n;
    } else {
      const escape_result copied =
          escape_loop<Vector, Utf8Simd, EscapeHtml, false>(options, block, block + n, out, dst_end);
      const bool all = copied.src == block + n;
      p = reinterpret_cast<const std::uint8_t*>(copied.src);
      out = copied.dst;
      if (!all) break;  // the output is full
    }
    previous = current;
    previous_has_non_ascii = has_non_ascii;
  }
  // Back up to the start of a sequence the last copy cut (its bytes were copied one for one).
  const std::uint8_t* const stop = simd::detail::last_sequence_end(run_begin, p);
  out -= p - stop;
  if (stop == run_begin) return false;
  src = reinterpret_cast<const char*>(stop);
  dst = out;
  return true;
}

// Utf8Simd is the indexer's wrapper of the same instruction set (simd_avx512 for avx512_vector,
// ...), whose UTF-8 check escape_loop uses at a non-ASCII byte, or void: then every non-ASCII
// sequence is read one at a time (read_utf8), as the portable kernel does.
template <class Vector, class Utf8Simd, bool EscapeHtml, bool InspectNonAscii>
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
    if constexpr (InspectNonAscii && !std::is_void_v<Utf8Simd>) {
      if (static_cast<unsigned char>(*src) >= 0x80 && only_checks_utf8(options) &&
          (copy_checked_blocks<Vector, Utf8Simd, EscapeHtml>(options, src, src_end, dst, dst_end) ||
           copy_valid_utf8_run<Vector, Utf8Simd, EscapeHtml>(options, src, src_end, dst, dst_end)))
        continue;
      // The first sequence is invalid or cut by the end: read_utf8 says which, below.
    }
    if (!escape_special(options, src, src_end, dst, dst_end)) return {src, dst};
  }
}

template <class Vector, class Utf8Simd = void>
constexpr escape_kernel make_escape_kernel() {
  return {
      {{&escape_loop<Vector, Utf8Simd, false, false>, &escape_loop<Vector, Utf8Simd, false, true>},
       {&escape_loop<Vector, Utf8Simd, true, false>, &escape_loop<Vector, Utf8Simd, true, true>}}};
}

}  // namespace
}  // namespace jsonx::detail
