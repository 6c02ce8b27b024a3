// The byte classes of the structural indexer, for scalar code that must agree with it
// exactly (the parser, when it finishes a number or literal cut by a chunk end).
#pragma once

namespace jsonx::stream {

constexpr bool is_whitespace_byte(unsigned char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/// The operators { } [ ] : , and the two control bytes the indexer's nibble table also
/// classes as operators (0x0C like ',', 0x1A like ':'); both are invalid JSON wherever they
/// stand, and the parser rejects them by their real value.
constexpr bool is_operator_byte(unsigned char c) noexcept {
  switch (c) {
    case '{':
    case '}':
    case '[':
    case ']':
    case ':':
    case ',':
    case 0x0C:
    case 0x1A:
      return true;
    default:
      return false;
  }
}

/// A byte that continues a number or literal: neither whitespace, operator nor quote.
constexpr bool is_scalar_byte(unsigned char c) noexcept {
  return !is_whitespace_byte(c) && !is_operator_byte(c) && c != '"';
}

}  // namespace jsonx::stream
