// RFC 6901 JSON Pointer tokens, shared by document elements and mutable values.
//
//   pointer = *( "/" reference-token )      ; "" is the whole document
//   escapes: "~1" is '/', "~0" is '~'; any other '~' makes the pointer invalid.
//   On an array a token must be "0" or a number without leading zeros; "-" names the element
//   after the last (an error for lookup, "append" for insertion).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>

namespace jsonx::dom::detail {

/// Walks the reference tokens of a pointer, unescaped. The whole pointer is checked up front,
/// so a malformed pointer is invalid_pointer wherever its flaw lies.
class pointer_tokens {
 public:
  pointer_tokens(std::string_view pointer, std::error_code& ec);

  /// The next token, unescaped; false when there is none. Views stay valid until next().
  bool next(std::string_view& token);
  /// True if the token just returned is the last one.
  bool at_last() const noexcept { return rest_.empty(); }

 private:
  std::string_view rest_;  // what follows the token returned last, starting with '/' if any
  std::string unescaped_;
};

/// "0", or digits without a leading zero that fit size_t. False otherwise (including "-").
bool parse_array_index(std::string_view token, std::size_t& index) noexcept;

/// Appends `key` to `out` as a pointer token ('~' -> "~0", '/' -> "~1").
void append_pointer_token(std::string& out, std::string_view key);

}  // namespace jsonx::dom::detail
