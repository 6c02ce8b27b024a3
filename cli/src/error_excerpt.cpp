#include "error_excerpt.hpp"

#include <algorithm>
#include <utility>

namespace jsonx::cli {

namespace {

bool is_utf8_continuation(char byte) {
  return (static_cast<unsigned char>(byte) & 0xC0) == 0x80;
}

// Decodes the UTF-8 sequence at `text[i]` (which is not a continuation byte); an invalid
// sequence decodes as its first byte, which only matters for its width (1).
char32_t decode_at(std::string_view text, std::size_t i) {
  unsigned char lead = static_cast<unsigned char>(text[i]);
  std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  if (length == 1) return lead;
  char32_t code_point = lead & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if (i + k >= text.size() || !is_utf8_continuation(text[i + k])) return lead;
    code_point = (code_point << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
  }
  return code_point;
}

// Terminal columns of a character: 2 for the East Asian wide and fullwidth blocks (CJK, Hangul,
// fullwidth forms, most emoji), 1 otherwise; close enough for a caret.
std::size_t display_width(char32_t c) {
  static constexpr std::pair<char32_t, char32_t> wide_ranges[] = {
      {0x1100, 0x115F},   {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},
      {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
      {0xFE30, 0xFE4F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F},
      {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
  };
  for (auto [first, last] : wide_ranges) {
    if (c >= first && c <= last) return 2;
  }
  return 1;
}

}  // namespace

error_excerpt make_error_excerpt(std::string_view window, std::size_t error_index) {
  error_excerpt excerpt;
  error_index = std::min(error_index, window.size());

  // The line of the error, clipped to a few dozen bytes each side.
  std::size_t begin = error_index > excerpt_bytes_before ? error_index - excerpt_bytes_before : 0;
  std::size_t newline_before = window.substr(begin, error_index - begin).rfind('\n');
  if (newline_before != std::string_view::npos) begin += newline_before + 1;
  std::size_t end = std::min(window.size(), error_index + excerpt_bytes_after);
  std::size_t newline_after = window.substr(error_index, end - error_index).find('\n');
  if (newline_after != std::string_view::npos) end = error_index + newline_after;
  // A CRLF line: the '\r' is part of the line ending, not of what the user wrote.
  if (newline_after != std::string_view::npos && end > error_index + 1 && window[end - 1] == '\r') {
    --end;
  }

  // Do not start or end in the middle of a UTF-8 sequence (the offending byte itself may be a
  // stray continuation byte: keep it).
  while (begin < error_index && is_utf8_continuation(window[begin])) ++begin;
  if (end > error_index + 1 && end < window.size() && is_utf8_continuation(window[end])) {
    while (end > error_index + 1 && is_utf8_continuation(window[end - 1])) --end;
    if (end > error_index + 1) --end;  // drop the lead byte of the cut sequence too
  }

  for (std::size_t i = begin; i < end; ++i) {
    unsigned char byte = static_cast<unsigned char>(window[i]);
    excerpt.text += byte < 0x20 || byte == 0x7F ? '.' : static_cast<char>(byte);
    // A terminal shows a UTF-8 sequence as one character, one or two columns wide.
    if (i < error_index && !is_utf8_continuation(window[i])) {
      excerpt.caret_column += display_width(decode_at(window, i));
    }
  }
  return excerpt;
}

}  // namespace jsonx::cli
