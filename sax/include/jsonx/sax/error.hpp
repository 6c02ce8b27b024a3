// Parse errors: a code in its own error category, and the details of where it happened.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace jsonx {

/// Why a parse failed. Each code's message says what was expected.
enum class parse_errc {
  ok = 0,
  incomplete_input,          ///< the input ended inside a value (or before any value)
  expected_value,            ///< a value was expected here
  expected_key,              ///< an object key (a string) or '}' was expected
  expected_key_after_comma,  ///< an object key was expected after ','
  expected_colon,            ///< ':' was expected after an object key
  expected_object_comma,     ///< ',' or '}' was expected after an object member
  expected_array_comma,      ///< ',' or ']' was expected after an array element
  trailing_content,          ///< something follows the (last) top-level value
  invalid_literal,           ///< not true, false or null
  invalid_number,            ///< not a JSON number
  invalid_escape,            ///< a backslash not followed by one of "\/bfnrtu
  invalid_unicode_escape,    ///< \u not followed by four hex digits
  lone_surrogate,            ///< \uD800-\uDFFF not forming a surrogate pair
  invalid_utf8,              ///< bytes that are not UTF-8
  control_char_in_string,    ///< an unescaped byte below 0x20 inside a string
  depth_limit,               ///< nesting deeper than parse_options::max_depth
  token_size_limit,          ///< a string or number longer than parse_options::max_token_size
  document_size_limit,       ///< more bytes than parse_options::max_document_size
  stopped_by_handler,        ///< a handler callback returned false
  parser_failed,             ///< feed() after an error, without reset()
};

/// The error category of parse_errc ("jsonx.parse").
const std::error_category& parse_category() noexcept;

inline std::error_code make_error_code(parse_errc e) noexcept {
  return {static_cast<int>(e), parse_category()};
}

/// Where and why a parse failed.
struct parse_error {
  std::error_code code;           ///< a parse_errc, or ok
  std::uint64_t offset = 0;       ///< byte offset in the whole input, from 0
  std::uint64_t line = 0;         ///< from 1 (0 if no error)
  std::uint64_t column = 0;       ///< byte column from 1
  std::string excerpt;            ///< a few bytes around the offset, control bytes shown as '.'
  std::size_t excerpt_caret = 0;  ///< index of the offending byte in `excerpt`

  explicit operator bool() const noexcept { return static_cast<bool>(code); }
  /// "expected ',' or '}' after an object member at line 3, column 17 (byte 40)".
  std::string message() const;
};

/// Thrown by the throwing flavours of the entry points.
class parse_exception : public std::runtime_error {
 public:
  explicit parse_exception(parse_error error)
      : std::runtime_error(error.message()), error_(std::move(error)) {}
  const parse_error& error() const noexcept { return error_; }

 private:
  parse_error error_;
};

}  // namespace jsonx

template <>
struct std::is_error_code_enum<jsonx::parse_errc> : std::true_type {};
