// RFC 6901 JSON Pointer: the one implementation, used by the DOM (at_pointer and the mutable
// value's pointer operations), typed binding (the paths in its errors) and the `jsonx get`
// command.
//
//   pointer = *( "/" reference-token )      ; "" is the whole document
//   escapes: "~1" is '/', "~0" is '~', decoded left to right ("~01" is "~1"); any other '~'
//   makes the pointer invalid.
//   On an array a token must be "0" or a number without leading zeros; "-" names the element
//   after the last (an error for lookup, "append" for insertion).
//
//   for (jsonx::json_pointer_tokens t("/statuses/0/user"); t.next(token);) ...
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace jsonx {

/// True if `pointer` is a JSON Pointer: empty, or starting with '/' with every '~' followed by
/// '0' or '1'.
bool is_json_pointer(std::string_view pointer) noexcept;

/// Walks the reference tokens of a pointer, unescaped. The whole pointer is checked up front
/// (valid()), so a malformed pointer is refused wherever its flaw lies; an invalid pointer has
/// no tokens.
class json_pointer_tokens {
 public:
  /// `pointer` must outlive the walk.
  explicit json_pointer_tokens(std::string_view pointer) noexcept;

  bool valid() const noexcept { return valid_; }
  /// The next token, unescaped; false when there is none. A view that stays valid until the
  /// next call.
  bool next(std::string_view& token);
  /// True if the token just returned is the last one.
  bool at_last() const noexcept { return rest_.empty(); }

 private:
  std::string_view rest_;  // what follows the token returned last, starting with '/' if any
  std::string unescaped_;
  bool valid_;
};

/// Every token of `pointer`, unescaped; none for "" and for an invalid pointer.
std::vector<std::string> split_json_pointer(std::string_view pointer);

/// An array index token: "0", or digits without a leading zero that fit size_t. False
/// otherwise ("01", "x", "-", "").
bool parse_json_pointer_index(std::string_view token, std::size_t& index) noexcept;

/// Appends "/" and `token` escaped ('~' as "~0", '/' as "~1").
void append_json_pointer_token(std::string& out, std::string_view token);
/// Appends "/" and the decimal `index`.
void append_json_pointer_index(std::string& out, std::size_t index);

}  // namespace jsonx
