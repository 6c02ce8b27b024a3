// The escape loop, written once over a small SIMD wrapper (simd_scalar / avx2 / avx512 below):
// copy a vector of bytes to the output unconditionally, find the first byte that needs work,
// keep the bytes before it, handle that byte in scalar code, go on.
//
// Included by each kernel's file inside its target pragma; internal linkage, as in
// escape_special.hpp.
#pragma once

// Everything with external linkage this uses (small_copy.hpp, the standard headers) must already
// be included, before the kernel's target pragma: string_escape.hpp sees to small_copy.hpp.
#include "escape_special.hpp"

namespace jsonx::detail {
namespace {

// Eight bytes in a 64-bit word (SWAR): the scalar kernel's step, and every kernel's way of
// finishing a string shorter than its vector, straight from the input (no staging copy, so no
// store-to-load forwarding stall, and nothing read past the input's end).
struct swar {
  static constexpr bool exact_mask = false;  // bits above a true hit may be false hits
  static constexpr std::uint64_t ones = 0x0101010101010101ULL;
  static constexpr std::uint64_t highs = 0x8080808080808080ULL;

  static std::uint64_t load(const char* p) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    // Byte i of the input is byte i of the word, so the first byte is the lowest.
    if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
    return word;
  }
  static std::uint64_t load4(const char* p) {
    std::uint32_t half;
    std::memcpy(&half, p, 4);
    if constexpr (std::endian::native == std::endian::big) half = __builtin_bswap32(half);
    return half;
  }
  static void store(char* p, std::uint64_t word) {
    if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
    std::memcpy(p, &word, 8);
  }
  // High bit of each byte equal to c. A borrow can only set bits above a true match, so the
  // lowest set bit is exact, which is all the loops use.
  static std::uint64_t equal(std::uint64_t word, std::uint8_t c) {
    const std::uint64_t x = word ^ (ones * c);
    return (x - ones) & ~x & highs;
  }
  template <bool EscapeHtml, bool InspectNonAscii>
  static std::uint64_t special(std::uint64_t word) {
    // Bytes below 0x20 (same borrow argument), quote and backslash.
    std::uint64_t mask =
        ((word - ones * 0x20) & ~word & highs) | equal(word, '"') | equal(word, '\\');
    if constexpr (EscapeHtml) mask |= equal(word, '<') | equal(word, '>') | equal(word, '&');
    if constexpr (InspectNonAscii) mask |= word & highs;
    return mask;
  }
  static std::size_t index_of_first(std::uint64_t mask) {
    return static_cast<std::size_t>(std::countr_zero(mask)) / 8;
  }
};

#if defined(__SSE2__)
// 16 bytes in an SSE2 register (baseline on x86-64): the vector kernels' way of checking inputs
// shorter than their vector.
struct sse {
  static __m128i equal(__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); }
  template <bool EscapeHtml, bool InspectNonAscii>
  static std::uint32_t special(__m128i v) {
    // Bytes <= 0x1F are exactly those whose unsigned max with 0x1F is 0x1F.
    const __m128i control =
        _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
    __m128i hits = _mm_or_si128(control, _mm_or_si128(equal(v, '"'), equal(v, '\\')));
    if constexpr (EscapeHtml) {
      hits = _mm_or_si128(hits, _mm_or_si128(equal(v, '<'), equal(v, '>')));
      hits = _mm_or_si128(hits, equal(v, '&'));
    }
    if constexpr (InspectNonAscii) hits = _mm_or_si128(hits, v);  // the byte's own high bit
    return static_cast<std::uint32_t>(_mm_movemask_epi8(hits));
  }
};
#endif

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
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + offset));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + offset), v);
        const std::uint32_t mask = sse::special<EscapeHtml, InspectNonAscii>(v);
        if (mask != 0) return offset + static_cast<std::size_t>(std::countr_zero(mask));
        if (offset + 16 == left) return left;
        offset = offset + 32 <= left ? offset + 16 : left - 16;
      }
    }
    if (left >= 8) {
      // Bytes 0-7 in the low half, bytes left-8..left-1 in the high half.
      const __m128i v =
          _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(src)),
                             _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + left - 8)));
      _mm_storel_epi64(reinterpret_cast<__m128i*>(dst), v);
      _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + left - 8), _mm_unpackhi_epi64(v, v));
      const std::uint32_t mask = sse::special<EscapeHtml, InspectNonAscii>(v);
      if (mask == 0) return left;
      const auto index = static_cast<std::size_t>(std::countr_zero(mask));
      return index < 8 ? index : left - 16 + index;
    }
  }
#endif
  if (left >= 8) {
    std::size_t offset = 0;
    for (;;) {
      const std::uint64_t word = swar::load(src + offset);
      swar::store(dst + offset, word);
      const std::uint64_t mask = swar::special<EscapeHtml, InspectNonAscii>(word);
      if (mask != 0) return offset + swar::index_of_first(mask);
      if (offset + 8 == left) return left;
      offset = offset + 16 <= left ? offset + 8 : left - 8;
    }
  }
  if (left >= 4) {
    // Two overlapping 4-byte halves in one word: bytes 0-3 low, bytes left-4..left-1 high.
    const std::uint64_t word = swar::load4(src) | (swar::load4(src + left - 4) << 32);
    std::memcpy(dst, src, 4);
    std::memcpy(dst + left - 4, src + left - 4, 4);
    const std::uint64_t mask = swar::special<EscapeHtml, InspectNonAscii>(word);
    if (mask == 0) return left;
    const std::size_t index = swar::index_of_first(mask);
    return index < 4 ? index : left - 8 + index;
  }
  // 1 to 3 bytes: the same, one byte per lane, the unused lanes holding a harmless 'a'.
  std::uint64_t word = swar::ones * 'a';
  for (std::size_t i = 0; i < left; ++i) {
    word = (word & ~(std::uint64_t{0xFF} << (8 * i))) |
           (std::uint64_t{static_cast<unsigned char>(src[i])} << (8 * i));
    dst[i] = src[i];
  }
  const std::uint64_t mask = swar::special<EscapeHtml, InspectNonAscii>(word);
  return mask == 0 ? left : swar::index_of_first(mask);
}

template <class Simd, bool EscapeHtml, bool InspectNonAscii>
escape_result escape_loop(const write_options& options, const char* src, const char* src_end,
                          char* dst, char* dst_end) {
  constexpr std::size_t width = Simd::width;
  // The vector store needs `width` bytes of room; the escape step after it its own
  // max_escape_step_output, checked where it happens (the store may have used most of the room).
  static_assert(width <= min_output_room, "a vector store must fit in the room checked");
  const char* const begin = src;
  for (;;) {
    if (static_cast<std::size_t>(dst_end - dst) < min_output_room) return {src, dst};
    const std::size_t left = static_cast<std::size_t>(src_end - src);
    std::size_t clean;
    if (left >= width) {
      const auto v = Simd::load(src);
      Simd::store(dst, v);
      const std::uint64_t mask = Simd::template special<EscapeHtml, InspectNonAscii>(v);
      if (mask == 0) {
        src += width;
        dst += width;
        continue;
      }
      clean = Simd::index_of_first(mask);
    } else if (left == 0) {
      return {src, dst};
    } else if (Simd::exact_mask && static_cast<std::size_t>(src_end - begin) >= width) {
      // The tail of a long input: one vector load ending at the input's end, overlapping bytes
      // already done, whose mask bits are shifted out. Only for masks with one exact bit per
      // byte: in a SWAR word, a special byte already done could leave a borrow above it.
      const std::uint64_t mask =
          Simd::template special<EscapeHtml, InspectNonAscii>(Simd::load(src_end - width)) >>
          (width - left);
      clean = mask == 0 ? left : Simd::index_of_first(mask);
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

template <class Simd>
constexpr escape_kernel make_escape_kernel() {
  return {{{&escape_loop<Simd, false, false>, &escape_loop<Simd, false, true>},
           {&escape_loop<Simd, true, false>, &escape_loop<Simd, true, true>}}};
}

}  // namespace
}  // namespace jsonx::detail
