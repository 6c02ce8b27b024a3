// Binding errors: their own error category ("jsonx.bind"), apart from parse errors (the JSON
// is not JSON: jsonx.parse) and writer errors (jsonx.write). A decode_error carries whichever
// applies, with where it happened (a JSON Pointer into the document, and the byte offset,
// line and column), what was expected and what was found (as text, and as the C++ type being
// decoded and the kind of JSON value met, like Go's json.UnmarshalTypeError).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

#include "jsonx/sax/error.hpp"

namespace jsonx {

enum class bind_errc {
  ok = 0,
  type_mismatch,         ///< the JSON value's type does not fit the target
  integer_out_of_range,  ///< an integer the target type cannot hold (300 into uint8_t)
  number_out_of_range,   ///< a number beyond the target floating-point type's range
  unknown_field,         ///< a key no field has (decode_options::unknown_fields = error)
  missing_field,         ///< a required field is absent
  unknown_enum_value,    ///< a string no enumerator has; or, encoding, a value with no name
  wrong_array_size,      ///< a fixed-size std::array, tuple or pair of another length
  invalid_map_key,       ///< a key that does not convert to the map's key type
  too_many_elements,     ///< a container longer than decode_options::max_elements
  invalid_value,         ///< a custom codec rejected the value
  depth_limit,           ///< encoding nests deeper than encode_options::max_depth
};

/// The error category of bind_errc ("jsonx.bind").
const std::error_category& bind_category() noexcept;

inline std::error_code make_error_code(bind_errc e) noexcept {
  return {static_cast<int>(e), bind_category()};
}

/// The kind of a JSON value, as a decode error reports what it found.
enum class json_kind : std::uint8_t {
  none,  ///< no value: the error is a parse error
  null,
  boolean,
  number,
  string,
  array,
  object,
};

/// "none", "null", "boolean", "number", "string", "array", "object".
std::string_view json_kind_name(json_kind kind) noexcept;

/// Why and where a decode failed: path (the JSON Pointer of the value at fault,
/// "/statuses/3/user/id"; "" is the root), byte offset, line and column (and, for parse errors,
/// the parser's excerpt) come from error_location.
struct decode_error : error_location {
  /// A bind_errc (the JSON did not fit the type) or a parse_errc (the input is not JSON).
  std::error_code code;
  /// What the target wanted, and what the input had ("an integer in [0, 255]", "300").
  /// Empty for parse errors.
  std::string expected;
  std::string found;
  /// The C++ type that refused the value, as a user writes it: "std::uint8_t",
  /// "std::vector<std::string>", "std::optional<double>", a struct's qualified name. For an
  /// error of a whole container (too many elements, a missing or unknown field, an array of
  /// the wrong length), the container's type; for a map key that does not convert, the key
  /// type. Empty for parse errors.
  std::string expected_type;
  /// The kind of JSON value at fault: the value that did not fit; for a missing field the
  /// object (an object), for an array of the wrong length or too many elements the container;
  /// for an unknown field or a map key that does not convert, the key (a string). none for
  /// parse errors.
  json_kind found_kind = json_kind::none;

  explicit operator bool() const noexcept { return static_cast<bool>(code); }
  /// "/statuses/3/user/id: expected an integer in [0, 255], found 300 (line 1, column 40,
  /// byte 39)".
  std::string message() const;
};

/// Why and where an encode failed: error_location::path is the JSON Pointer of the value at
/// fault (the other members of the location stay empty: there is no input).
struct encode_error : error_location {
  /// A bind_errc, a write_errc (invalid UTF-8, NaN, ...) or a sink's I/O error.
  std::error_code code;
  /// A detail, when there is one (the enum value without a name).
  std::string detail;

  explicit operator bool() const noexcept { return static_cast<bool>(code); }
  /// "/points/2/x: non-finite number (NaN or infinity)".
  std::string message() const;
};

/// Thrown by the throwing decode entry points.
class decode_exception : public exception {
 public:
  explicit decode_exception(decode_error error)
      : exception(error.code, error.message(), error), error_(std::move(error)) {}
  const decode_error& error() const noexcept { return error_; }

 private:
  decode_error error_;
};

/// Thrown by the throwing encode entry points.
class encode_exception : public exception {
 public:
  explicit encode_exception(encode_error error)
      : exception(error.code, error.message(), error), error_(std::move(error)) {}
  const encode_error& error() const noexcept { return error_; }

 private:
  encode_error error_;
};

}  // namespace jsonx

template <>
struct std::is_error_code_enum<jsonx::bind_errc> : std::true_type {};
