// The writer's hot paths, inline: the punctuation, literals and integers that make up most
// events. They ask the sink for room once per event (`scalar_room` bytes), then store bytes
// with no further checks. Strings, doubles and pretty layout live in encode/src/writer.cpp.
#pragma once

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "jsonx/encode/detail/integer_format.hpp"

namespace jsonx {

namespace detail {

#if defined(__SSE2__)
/// A bit per byte of `v` that the writer cannot copy as it is: a quote, a backslash, a control
/// byte, <>& with `escape_html`, a byte >= 0x80 with `inspect_non_ascii`.
inline int needs_escape_mask(__m128i v, bool escape_html, bool inspect_non_ascii) noexcept {
  const auto equal = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  // Bytes <= 0x1F are exactly those whose unsigned max with 0x1F is 0x1F.
  __m128i hits = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
  hits = _mm_or_si128(hits, _mm_or_si128(equal('"'), equal('\\')));
  if (escape_html)
    hits = _mm_or_si128(hits, _mm_or_si128(_mm_or_si128(equal('<'), equal('>')), equal('&')));
  if (inspect_non_ascii) hits = _mm_or_si128(hits, v);
  return _mm_movemask_epi8(hits);
}
#endif

/// Copies a string of at most 32 bytes to `dst` (which has room for 32) and tells whether it
/// needs no escaping: no quote, backslash or control byte, nor <>& with `escape_html`, nor a
/// byte >= 0x80 with `inspect_non_ascii`. Keys and short strings take this inline path; the
/// rest goes through the kernel's escape loop. Overlapping loads: nothing read past `n`.
inline bool copy_short_if_plain(const char* src, std::size_t n, char* dst, bool escape_html,
                                bool inspect_non_ascii) noexcept {
  if (n > 16) {
    // 17 to 32 bytes: the first and the last 16, overlapping (URLs, names, dates: common in
    // JSON and too short to pay for the escape loop's call).
#if defined(__SSE2__)
    const __m128i head = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src));
    const __m128i tail = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + n - 16));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), head);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + n - 16), tail);
    return (needs_escape_mask(head, escape_html, inspect_non_ascii) |
            needs_escape_mask(tail, escape_html, inspect_non_ascii)) == 0;
#else
    return copy_short_if_plain(src, 16, dst, escape_html, inspect_non_ascii) &&
           copy_short_if_plain(src + n - 16, 16, dst + n - 16, escape_html, inspect_non_ascii);
#endif
  }
  std::uint64_t first, last;
  if (n >= 8) {
    std::memcpy(&first, src, 8);
    std::memcpy(&last, src + n - 8, 8);
    std::memcpy(dst, &first, 8);
    std::memcpy(dst + n - 8, &last, 8);
  } else if (n >= 4) {
    std::uint32_t low, high;
    std::memcpy(&low, src, 4);
    std::memcpy(&high, src + n - 4, 4);
    std::memcpy(dst, &low, 4);
    std::memcpy(dst + n - 4, &high, 4);
    first = last = low | (std::uint64_t{high} << 32);
  } else {
    first = 0x6161616161616161ULL;  // "aaaaaaaa": plain
    for (std::size_t i = 0; i < n; ++i) {
      dst[i] = src[i];
      std::memcpy(reinterpret_cast<char*>(&first) + i, src + i, 1);
    }
    last = first;
  }
#if defined(__SSE2__)
  const __m128i v = _mm_set_epi64x(static_cast<long long>(last), static_cast<long long>(first));
  return needs_escape_mask(v, escape_html, inspect_non_ascii) == 0;
#else
  // SWAR: a byte equal to c leaves a high bit in (x - 1) & ~x of x = word ^ c (with no exact
  // position, which is not needed here: only whether there is any).
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const auto special = [&](std::uint64_t w) {
    const auto equal = [&](unsigned char c) {
      const std::uint64_t x = w ^ (ones * c);
      return (x - ones) & ~x & highs;
    };
    std::uint64_t m = ((w - ones * 0x20) & ~w & highs) | equal('"') | equal('\\');
    if (escape_html) m |= equal('<') | equal('>') | equal('&');
    if (inspect_non_ascii) m |= w & highs;
    return m;
  };
  return (special(first) | special(last)) == 0;
#endif
}

}  // namespace detail

// Short strings and keys, compact: separator, quotes and bytes stored with no call at all.
inline bool writer::on_string(std::string_view value) {
  if (value.size() <= 32 && !pretty_ && static_cast<std::size_t>(end_ - pos_) >= scalar_room) {
    const signed char separator = value_separator[static_cast<std::size_t>(position_)];
    if (separator >= 0) {
      char* p = pos_;
      *p = static_cast<char>(separator);
      p += separator != 0;
      *p++ = '"';
      if (detail::copy_short_if_plain(value.data(), value.size(), p, escape_html_,
                                      inspect_non_ascii_)) {
        p += value.size();
        *p++ = '"';
        pos_ = p;
        return after_value();
      }
    }
  }
  return write_string_slow(value);
}

inline bool writer::on_key(std::string_view key) {
  if (key.size() <= 32 && !pretty_ && static_cast<std::size_t>(end_ - pos_) >= scalar_room) {
    const signed char separator = key_separator[static_cast<std::size_t>(position_)];
    if (separator >= 0) {
      char* p = pos_;
      *p = static_cast<char>(separator);
      p += separator != 0;
      *p++ = '"';
      if (detail::copy_short_if_plain(key.data(), key.size(), p, escape_html_,
                                      inspect_non_ascii_)) {
        p += key.size();
        std::memcpy(p, "\":", 2);
        pos_ = p + 2;
        position_ = position::object_value;
        return true;
      }
    }
  }
  return write_key_slow(key);
}

// Writes the compact separator before a value, with scalar_room bytes of room after it.
inline bool writer::begin_value() {
  if (pretty_) return pretty_separator(false);
  if (!ensure(scalar_room)) return false;
  const signed char separator = value_separator[static_cast<std::size_t>(position_)];
  if (separator > 0) {
    *pos_++ = static_cast<char>(separator);
  } else if (separator < 0) {
    return misplaced(separator);
  }
  return true;
}

inline bool writer::begin_key() {
  if (pretty_) return pretty_separator(true);
  if (!ensure(scalar_room)) return false;
  const signed char separator = key_separator[static_cast<std::size_t>(position_)];
  if (separator > 0) {
    *pos_++ = static_cast<char>(separator);
  } else if (separator < 0) {
    return misplaced(separator);
  }
  return true;
}

inline bool writer::on_null() {
  if (!begin_value()) return false;
  std::memcpy(pos_, "null", 4);
  pos_ += 4;
  return after_value();
}

inline bool writer::on_bool(bool value) {
  if (!begin_value()) return false;
  // "false" plus "true" padded: one 5-byte copy, then keep 4 or 5 bytes.
  std::memcpy(pos_, value ? "true " : "false", 5);
  pos_ += value ? 4 : 5;
  return after_value();
}

inline bool writer::on_int64(std::int64_t value, std::string_view text) {
  if (!text.empty()) return write_number_text(text);
  if (!begin_value()) return false;
  pos_ = detail::format_int64(value, pos_);
  return after_value();
}

inline bool writer::on_uint64(std::uint64_t value, std::string_view text) {
  if (!text.empty()) return write_number_text(text);
  if (!begin_value()) return false;
  pos_ = detail::format_uint64(value, pos_);
  return after_value();
}

inline bool writer::on_double(double value, std::string_view text) {
  if (!text.empty()) return write_number_text(text);
  return write_double_value(value);
}

inline bool writer::on_number_text(std::string_view text) {
  return write_number_text(text);
}

inline bool writer::write_number_text(std::string_view text) {
  if (!begin_value()) return false;
  if (text.size() <= short_number_text) {
    detail::copy_short(pos_, text.data(), text.size());
    pos_ += text.size();
  } else if (!write_bytes(text.data(), text.size())) {
    return false;
  }
  return after_value();
}

inline bool writer::on_object_begin() {
  return begin_container(true);
}
inline bool writer::on_array_begin() {
  return begin_container(false);
}
inline bool writer::on_object_end(std::size_t) {
  return end_container(true);
}
inline bool writer::on_array_end(std::size_t) {
  return end_container(false);
}

inline bool writer::begin_container(bool is_object) {
  if (!begin_value()) return false;
  *pos_++ = is_object ? '{' : '[';
  if (depth_ == enclosing_capacity_) [[unlikely]]
    grow_container_stack();
  enclosing_[depth_++] = after_value_position_;
  position_ = is_object ? position::object_first : position::array_first;
  after_value_position_ = is_object ? position::object_next : position::array_next;
  return true;
}

inline bool writer::end_container(bool is_object) {
  const position first = is_object ? position::object_first : position::array_first;
  const position next = is_object ? position::object_next : position::array_next;
  if (position_ != first && position_ != next) {
    return misplaced(-static_cast<signed char>(write_errc::unbalanced_end));
  }
  // A container with elements closes on its own line when pretty; an empty one stays "{}".
  if (multiline_ && position_ == next && !write_newline_and_indent(depth_ - 1)) {
    return false;
  }
  if (!ensure(1)) return false;
  *pos_++ = is_object ? '}' : ']';
  after_value_position_ = enclosing_[--depth_];
  return after_value();
}

}  // namespace jsonx
