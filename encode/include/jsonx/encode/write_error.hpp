// Writer errors: their own error category, apart from parse errors and I/O errors (an I/O error
// of a sink is reported with the system category, as the OS gave it).
#pragma once

#include <string>
#include <system_error>

#include "jsonx/sax/error.hpp"

namespace jsonx {

enum class write_errc {
  ok = 0,
  invalid_utf8,            ///< a string is not UTF-8 (invalid_utf8_policy::error)
  non_finite_number,       ///< NaN or an infinity (non_finite_policy::error)
  expected_key,            ///< a value, or a string part, where an object key belongs
  expected_value,          ///< a key outside an object, or a key right after a key
  unbalanced_end,          ///< an end event with no open container of that kind
  incomplete_document,     ///< finish() with open containers, a cut string, or no value at all
  unfinished_string_part,  ///< another event while a string or key is being written in parts
  sink_full,               ///< a bounded sink cannot take the bytes (and cannot grow)
  invalid_number,          ///< a number given as text that is not JSON number syntax
  missing_value,           ///< an object closed right after a key, before the key's value
  duplicate_key,           ///< canonical JSON (RFC 8785): two members of an object share a name
  number_out_of_range,     ///< canonical JSON: a number no IEEE-754 double holds (1e400)
};

/// The error category of write_errc ("jsonx.write").
const std::error_category& write_category() noexcept;

inline std::error_code make_error_code(write_errc e) noexcept {
  return {static_cast<int>(e), write_category()};
}

/// Thrown by the throwing entry points (minify, pretty, serializer::read without error_code).
class write_exception : public exception {
 public:
  explicit write_exception(std::error_code ec) : exception(ec) {}
};

}  // namespace jsonx

template <>
struct std::is_error_code_enum<jsonx::write_errc> : std::true_type {};
