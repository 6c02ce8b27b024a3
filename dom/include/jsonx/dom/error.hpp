// Access errors of the DOM: asking a value for what it is not, or for what it does not hold.
// Kept apart from parse errors (jsonx::parse_errc): a document that parsed can still be asked
// the wrong question.
#pragma once

#include <string>
#include <string_view>
#include <system_error>

#include "jsonx/sax/error.hpp"

namespace jsonx::dom {

/// Why a DOM access or mutation failed.
enum class access_errc {
  ok = 0,
  type_mismatch,        ///< the value is not of the requested type
  number_out_of_range,  ///< the number lies outside the requested type's range
  number_not_exact,     ///< the number is in range but the requested type would round it
  key_not_found,        ///< the object has no member with that key
  index_out_of_range,   ///< the array has no element at that index
  not_a_container,      ///< a path step (key or index) was applied to a scalar
  invalid_pointer,      ///< not an RFC 6901 JSON Pointer ("" or "/..." with ~0 ~1 escapes)
  invalid_array_index,  ///< a pointer token used on an array is not an index ("01", "x", "-")
  invalid_number_text,  ///< text given as a raw number is not a JSON number
};

/// The error category of access_errc ("jsonx.dom").
const std::error_category& access_category() noexcept;

inline std::error_code make_error_code(access_errc e) noexcept {
  return {static_cast<int>(e), access_category()};
}

/// Thrown by the throwing flavours of the accessors; code() is an access_errc.
class access_exception : public jsonx::exception {
 public:
  explicit access_exception(std::error_code code) : jsonx::exception(code) {}
  access_exception(std::error_code code, const std::string& what) : jsonx::exception(code, what) {}
};

namespace detail {
[[noreturn]] void throw_access_error(std::error_code code);
[[noreturn]] void throw_access_error(std::error_code code, std::string_view context);

/// Runs an error-code getter and throws what it reports: the throwing flavours in one line.
template <class F>
auto checked(F&& get) {
  std::error_code ec;
  auto result = get(ec);
  if (ec) throw_access_error(ec);
  return result;
}
}  // namespace detail

}  // namespace jsonx::dom

template <>
struct std::is_error_code_enum<jsonx::dom::access_errc> : std::true_type {};
