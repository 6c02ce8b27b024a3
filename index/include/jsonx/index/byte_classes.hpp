// The byte classes of the structural indexer, for scalar code that must agree with it
// exactly (the parser, when it finishes a number or literal cut by a chunk end).
#pragma once

namespace jsonx::index {

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

namespace detail {
// One entry per byte value, so that the test after every number and literal is one load
// (the chain of compares above cost about 20 instructions per number).
struct scalar_byte_table {
  bool is_scalar[256];
  constexpr scalar_byte_table() : is_scalar{} {
    for (int c = 0; c < 256; ++c) {
      const auto b = static_cast<unsigned char>(c);
      is_scalar[c] = !is_whitespace_byte(b) && !is_operator_byte(b) && b != '"';
    }
  }
};
inline constexpr scalar_byte_table scalar_bytes{};
}  // namespace detail

/// A byte that continues a number or literal: neither whitespace, operator nor quote.
constexpr bool is_scalar_byte(unsigned char c) noexcept {
  return detail::scalar_bytes.is_scalar[c];
}

}  // namespace jsonx::index
