// token: one step of decoder::read_token()'s walk (Go's json.Token, jsontext.Token): a
// delimiter, a key or a scalar; peeked_kind: what the next token is (Go's jsontext.Kind).
#pragma once

#include <cstdint>
#include <string>

namespace jsonx::stream {

enum class token_kind : unsigned char {
  object_begin,  ///< '{'
  object_end,    ///< '}'
  array_begin,   ///< '['
  array_end,     ///< ']'
  key,           ///< an object key: `text`
  string,        ///< a string value: `text`
  int64,         ///< an integer in int64 range: `int64` (and its source text in `text`)
  uint64,        ///< an integer above INT64_MAX: `uint64`
  double_,       ///< any other number that a double holds: `number`
  number_text,   ///< a number kept as text: beyond 64 bits or double range, or use_number()
  boolean,       ///< `boolean`
  null,
};

/// The kind of a token without its value (Go's jsontext.Kind, whose byte each enumerator is):
/// what decoder::peek_kind() returns. Keys are strings; numbers are one kind. (Not to be
/// confused with jsonx::json_kind, the kind of value a typed decode error found.)
enum class peeked_kind : char {
  none = 0,            ///< no token: the end of the stream, or it is not known yet
  null = 'n',          ///< null
  false_ = 'f',        ///< false
  true_ = 't',         ///< true
  string = '"',        ///< a string or an object member name
  number = '0',        ///< a number
  object_begin = '{',  ///< '{'
  object_end = '}',    ///< '}'
  array_begin = '[',   ///< '['
  array_end = ']',     ///< ']'
};

struct token {
  token_kind kind = token_kind::null;
  bool boolean = false;
  std::int64_t int64 = 0;
  std::uint64_t uint64 = 0;
  double number = 0;
  /// A key or string (unescaped), or a number's source text.
  std::string text;

  bool is_delimiter() const noexcept { return kind <= token_kind::array_end; }
  /// '{', '}', '[' or ']' for a delimiter, else 0.
  char delimiter() const noexcept {
    constexpr char delimiters[] = {'{', '}', '[', ']'};
    return is_delimiter() ? delimiters[static_cast<int>(kind)] : '\0';
  }
  bool is_number() const noexcept {
    return kind >= token_kind::int64 && kind <= token_kind::number_text;
  }
};

}  // namespace jsonx::stream
