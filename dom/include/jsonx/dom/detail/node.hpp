// The storage unit of a parsed document: one 16-byte tagged node per value, and per object key.
//
// A document is one contiguous array of nodes in document order (a pre-order walk): a
// container's node is followed by its children, an object's children alternate key, value.
// Nothing points between nodes; a container records how many nodes its subtree spans, so the
// next sibling of any node is `node + span`, and a walk never needs a stack.
//
//   head    = tag (low 7 bits) | plain_text_flag (bit 7, strings and keys) | count << 8
//   payload = a scalar's bits, a string's offset in the string arena, a container's span
//
// `count` is a string's byte length, a container's element or member count, 0 otherwise.
// Strings are stored by offset, not by pointer, so the arena may grow while a document is built.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "jsonx/dom/kind.hpp"

namespace jsonx::dom::detail {

enum class tag : std::uint8_t {
  null,
  false_,
  true_,
  int64,
  uint64,
  double_,
  raw_number,  // text in the string arena
  string,      // text in the string arena
  key,         // an object key: a string that names the next node
  array,       // payload: span of the subtree in nodes, itself included
  object,      // likewise; children alternate key, value
};

inline constexpr unsigned tag_bits = 8;
inline constexpr std::uint64_t tag_mask = 0x7f;
/// On a string or key node: its text holds no '"', '\' or control byte, so it is written as
/// JSON between quotes as it is. The builder sets it for text the parser delivered straight
/// from the input (a string with no escape sequence, which the grammar then keeps free of
/// those bytes); text from anywhere else goes without it and is inspected when written.
inline constexpr std::uint64_t plain_text_flag = 0x80;
/// Largest count (string length, member count) a node records.
inline constexpr std::uint64_t max_count = ~std::uint64_t{0} >> tag_bits;

struct node {
  std::uint64_t head;
  std::uint64_t payload;
};
static_assert(sizeof(node) == 16);

constexpr std::uint64_t make_head(tag t, std::uint64_t count = 0) noexcept {
  return static_cast<std::uint64_t>(t) | (count << tag_bits);
}
constexpr tag tag_of(const node& n) noexcept {
  return static_cast<tag>(n.head & tag_mask);
}
constexpr std::uint64_t count_of(const node& n) noexcept {
  return n.head >> tag_bits;
}
constexpr bool is_container(tag t) noexcept {
  return t >= tag::array;
}

/// Nodes spanned by the value at `n`: 1 for a scalar, the subtree size for a container.
constexpr std::size_t span_of(const node& n) noexcept {
  return is_container(tag_of(n)) ? static_cast<std::size_t>(n.payload) : 1;
}

constexpr kind kind_of(tag t) noexcept {
  constexpr kind kinds[] = {kind::null,   kind::boolean, kind::boolean,    kind::int64,
                            kind::uint64, kind::double_, kind::raw_number, kind::string,
                            kind::string, kind::array,   kind::object};
  return kinds[static_cast<std::uint8_t>(t)];
}

constexpr bool is_plain_text(const node& n) noexcept {
  return (n.head & plain_text_flag) != 0;
}

/// A node that every default-constructed element refers to: a null.
inline constexpr node null_node{make_head(tag::null), 0};

}  // namespace jsonx::dom::detail
