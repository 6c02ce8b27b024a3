// The error model of every layer, and the parse errors.
//
// Each layer has its own code enum in its own std::error_category (parse_errc here; write_errc,
// dom::access_errc, bind_errc, stream::stream_errc above), every code maps to a
// jsonx::condition, every error record derives from error_location (offset, line, column,
// excerpt, JSON Pointer), and every exception derives from jsonx::exception, a
// std::system_error. Every entry point has an error-code flavour and a throwing one, and the
// throwing one throws exactly when the other reports an error.
#pragma once

#include <cstdint>
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

/// What kind of failure, whichever layer reported it: each layer's codes (parse_errc,
/// write_errc, dom::access_errc, bind_errc, stream::stream_errc) have their own category, and
/// every code maps to one condition, so that one comparison covers all layers:
///
///   if (error.code == jsonx::condition::syntax_error) ...   // any "this is not JSON"
enum class condition {
  syntax_error = 1,  ///< the input is not JSON (parse_errc: expected_*, invalid_*, ...)
  invalid_utf8,      ///< bytes that are not UTF-8, read (parse) or to be written (write)
  limit_exceeded,    ///< a configured limit: depth, token or document size, elements
  type_mismatch,     ///< a value of another type than the target or accessor wants
  out_of_range,      ///< a number the target cannot hold (exactly)
  not_found,         ///< a required field, a key or an index that is not there
  invalid_argument,  ///< the API used against its contract, or a value the library refuses
  stopped,           ///< a handler asked to stop (parse_errc::stopped_by_handler)
  io_error,          ///< a source or a sink failed (also every system-category code)
};

/// The category of condition ("jsonx").
const std::error_category& condition_category() noexcept;

inline std::error_condition make_error_condition(condition c) noexcept {
  return {static_cast<int>(c), condition_category()};
}

/// Where in the input an error happened. Every layer's error record derives from it
/// (parse_error, decode_error, stream::stream_error), and every jsonx::exception gives it.
struct error_location {
  std::uint64_t offset = 0;       ///< byte offset in the whole input, from 0
  std::uint64_t line = 0;         ///< from 1 (0: the error has no position in an input)
  std::uint64_t column = 0;       ///< byte column from 1
  std::string excerpt;            ///< a few bytes around the offset, control bytes shown as '.'
  std::size_t excerpt_caret = 0;  ///< index of the offending byte in `excerpt`
  /// The RFC 6901 JSON Pointer of the value at fault, where the layer knows it (typed binding;
  /// the stream decoder into typed targets): "/statuses/3/user/id". Empty: the root, or unknown.
  std::string path;
};

/// Where and why a parse failed.
struct parse_error : error_location {
  std::error_code code;  ///< a parse_errc, or ok

  explicit operator bool() const noexcept { return static_cast<bool>(code); }
  /// "expected ',' or '}' after an object member at line 3, column 17 (byte 40): {"a": 1 "b"".
  std::string message() const;
};

/// The base of every exception jsonx throws: a std::system_error (so code() is the layer's
/// error code, comparable with jsonx::condition), with the location when there is one.
/// Below it: parse_exception, write_exception, dom::access_exception, decode_exception,
/// encode_exception, stream::stream_exception.
class exception : public std::system_error {
 public:
  /// what() is `what` alone (std::system_error would append the code's message, which the
  /// layers' messages already say).
  exception(std::error_code code, const std::string& what, error_location where = {})
      : std::system_error(code, what), what_(what), where_(std::move(where)) {}
  /// what() is the code's message.
  explicit exception(std::error_code code) : std::system_error(code), what_(code.message()) {}
  const char* what() const noexcept override { return what_.c_str(); }
  /// Where the error happened (all zero and empty when it has no position in an input).
  const error_location& where() const noexcept { return where_; }

 private:
  std::string what_;
  error_location where_;
};

/// Thrown by the throwing flavours of parse(), push_parser::feed() and finish(): exactly when
/// their error-code flavour reports an error (a handler's stop included).
class parse_exception : public exception {
 public:
  explicit parse_exception(parse_error error)
      : exception(error.code, error.message(), error), error_(std::move(error)) {}
  const parse_error& error() const noexcept { return error_; }

 private:
  parse_error error_;
};

}  // namespace jsonx

template <>
struct std::is_error_code_enum<jsonx::parse_errc> : std::true_type {};
template <>
struct std::is_error_condition_enum<jsonx::condition> : std::true_type {};
