// The bytes the vector scan stops at: escapes and UTF-8 sequences, one at a time.
//
// Included by each kernel's file inside its target pragma, so everything here has internal
// linkage (anonymous namespace): each kernel gets its own copy, compiled for its instruction
// set, and the linker can never hand an AVX-512 copy to a caller on an AVX2 CPU.
#pragma once

// Already included (with the standard headers) before any target pragma by the including file.
#include "string_escape.hpp"

namespace jsonx::detail {
namespace {

// What each ASCII byte becomes: the escape text, padded to 8 bytes so that it is copied with one
// 8-byte store, and its length. Bytes that need no escape map to themselves (the vector scan
// never stops at them, but a table that could drop a byte would be a trap).
struct ascii_escape_table {
  char text[128][8];
  std::uint8_t length[128];
};

constexpr ascii_escape_table make_ascii_escape_table() {
  ascii_escape_table table{};
  for (int c = 0x20; c < 0x80; ++c) {
    table.text[c][0] = static_cast<char>(c);
    table.length[c] = 1;
  }
  constexpr char hex[] = "0123456789abcdef";
  for (int c = 0; c < 0x20; ++c) {
    // Go and most writers print control characters as \u00XX, except the five with short forms.
    const char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
    for (int i = 0; i < 6; ++i) table.text[c][i] = u[i];
    table.length[c] = 6;
  }
  const char short_forms[][2] = {{'\b', 'b'}, {'\f', 'f'}, {'\n', 'n'}, {'\r', 'r'},
                                 {'\t', 't'}, {'"', '"'},  {'\\', '\\'}};
  for (const auto& form : short_forms) {
    const int c = form[0];
    table.text[c][0] = '\\';
    table.text[c][1] = form[1];
    for (int i = 2; i < 8; ++i) table.text[c][i] = 0;
    table.length[c] = 2;
  }
  // Only reached when escape_html is on.
  constexpr char html_specials[] = {'<', '>', '&'};
  for (const char c : html_specials) {
    const char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
    for (int i = 0; i < 6; ++i) table.text[static_cast<int>(c)][i] = u[i];
    table.length[static_cast<int>(c)] = 6;
  }
  return table;
}

constexpr ascii_escape_table ascii_escapes = make_ascii_escape_table();

inline char* write_u_escape(char* dst, std::uint32_t unit) {
  constexpr char hex[] = "0123456789abcdef";
  dst[0] = '\\';
  dst[1] = 'u';
  dst[2] = hex[(unit >> 12) & 15];
  dst[3] = hex[(unit >> 8) & 15];
  dst[4] = hex[(unit >> 4) & 15];
  dst[5] = hex[unit & 15];
  return dst + 6;
}

// The result of reading one UTF-8 sequence.
struct utf8_sequence {
  std::uint32_t code_point;
  std::uint8_t length;  // bytes of the sequence; if invalid, of its maximal valid prefix (>= 1)
  bool valid;
  bool truncated;  // the input ends inside a sequence that is valid so far
};

// Reads the sequence at src (src[0] >= 0x80), checking it as Unicode's Table 3-7 says: no
// overlong forms, no surrogates, nothing above U+10FFFF. An invalid sequence reports its
// maximal valid prefix, which U+FFFD replaces as a whole ("substitution of maximal subparts").
inline utf8_sequence read_utf8(const unsigned char* src, const unsigned char* src_end) {
  const std::uint32_t lead = src[0];
  if (lead < 0xC2 || lead > 0xF4) return {0, 1, false, false};
  std::uint8_t length;
  std::uint32_t code_point;
  unsigned char second_low = 0x80, second_high = 0xBF;
  if (lead < 0xE0) {
    length = 2;
    code_point = lead & 0x1F;
  } else if (lead < 0xF0) {
    length = 3;
    code_point = lead & 0x0F;
    if (lead == 0xE0) second_low = 0xA0;   // else overlong
    if (lead == 0xED) second_high = 0x9F;  // else a surrogate
  } else {
    length = 4;
    code_point = lead & 0x07;
    if (lead == 0xF0) second_low = 0x90;   // else overlong
    if (lead == 0xF4) second_high = 0x8F;  // else beyond U+10FFFF
  }
  const std::size_t available = static_cast<std::size_t>(src_end - src);
  for (std::uint8_t i = 1; i < length; ++i) {
    if (i >= available) return {0, i, false, true};
    const unsigned char c = src[i];
    const bool ok = i == 1 ? (c >= second_low && c <= second_high) : (c & 0xC0) == 0x80;
    if (!ok) return {0, i, false, false};
    code_point = (code_point << 6) | (c & 0x3F);
  }
  return {code_point, length, true, false};
}

// Writes the non-ASCII sequences starting at src (src[0] >= 0x80), as long as they follow each
// other (CJK text is long runs of them) and the output has room. False if it stopped at a
// sequence it must not pass (invalid under invalid_utf8_policy::error, or cut by the end).
inline bool escape_non_ascii_run(const write_options& options, const char*& src_ref,
                                 const char* src_end, char*& dst_ref, char* dst_end) {
  const auto* src = reinterpret_cast<const unsigned char*>(src_ref);
  const auto* end = reinterpret_cast<const unsigned char*>(src_end);
  char* dst = dst_ref;
  bool passable = true;
  // The longest output of one sequence is a surrogate pair (12 bytes).
  while (src < end && *src >= 0x80 &&
         static_cast<std::size_t>(dst_end - dst) >= max_escape_step_output) {
    const utf8_sequence seq = read_utf8(src, end);
    if (seq.valid) {
      if (options.ascii_only) {
        if (seq.code_point < 0x10000) {
          dst = write_u_escape(dst, seq.code_point);
        } else {
          const std::uint32_t v = seq.code_point - 0x10000;
          dst = write_u_escape(dst, 0xD800 + (v >> 10));
          dst = write_u_escape(dst, 0xDC00 + (v & 0x3FF));
        }
      } else if (options.escape_line_separators &&
                 (seq.code_point == 0x2028 || seq.code_point == 0x2029)) {
        dst = write_u_escape(dst, seq.code_point);
      } else {
        // A fixed 4-byte copy (the room is there) is faster than a variable one; only
        // `length` of the bytes count.
        if (end - src >= 4) {
          std::memcpy(dst, src, 4);
        } else {
          std::memcpy(dst, src, seq.length);
        }
        dst += seq.length;
      }
      src += seq.length;
      continue;
    }
    if (seq.truncated || options.invalid_utf8 == invalid_utf8_policy::error) {
      passable = false;
      break;
    }
    // replace (or assume_valid, whose promise was broken: replacing is the safe answer).
    if (options.ascii_only) {
      dst = write_u_escape(dst, 0xFFFD);
    } else {
      std::memcpy(dst, "\xEF\xBF\xBD", 3);
      dst += 3;
    }
    src += seq.length;
  }
  src_ref = reinterpret_cast<const char*>(src);
  dst_ref = dst;
  return passable;
}

// Writes the byte at src, which the vector scan flagged: an ASCII escape or non-ASCII text.
// The output has at least max_escape_step_output bytes of room. False as escape_non_ascii_run.
inline bool escape_special(const write_options& options, const char*& src, const char* src_end,
                           char*& dst, char* dst_end) {
  const auto c = static_cast<unsigned char>(*src);
  if (c < 0x80) {
    std::memcpy(dst, ascii_escapes.text[c], 8);
    dst += ascii_escapes.length[c];
    ++src;
    return true;
  }
  return escape_non_ascii_run(options, src, src_end, dst, dst_end);
}

}  // namespace
}  // namespace jsonx::detail
