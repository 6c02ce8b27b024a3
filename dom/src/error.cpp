#include "jsonx/dom/error.hpp"

#include <string>
#include <string_view>

namespace jsonx::dom {
namespace {

class access_category_impl final : public std::error_category {
 public:
  const char* name() const noexcept override { return "jsonx.dom"; }
  std::error_condition default_error_condition(int value) const noexcept override {
    if (value == 0) return {};
    switch (static_cast<access_errc>(value)) {
      case access_errc::type_mismatch:
      case access_errc::not_a_container:
        return jsonx::condition::type_mismatch;
      case access_errc::number_out_of_range:
      case access_errc::number_not_exact:
        return jsonx::condition::out_of_range;
      case access_errc::key_not_found:
      case access_errc::index_out_of_range:
        return jsonx::condition::not_found;
      case access_errc::invalid_pointer:
      case access_errc::invalid_array_index:
      case access_errc::invalid_number_text:
      case access_errc::ok:
        return jsonx::condition::invalid_argument;
    }
    return jsonx::condition::invalid_argument;
  }
  std::string message(int code) const override {
    switch (static_cast<access_errc>(code)) {
      case access_errc::ok:
        return "no error";
      case access_errc::type_mismatch:
        return "the value is not of the requested type";
      case access_errc::number_out_of_range:
        return "the number lies outside the range of the requested type";
      case access_errc::number_not_exact:
        return "the number cannot be represented exactly in the requested type";
      case access_errc::key_not_found:
        return "the object has no member with that key";
      case access_errc::index_out_of_range:
        return "the array has no element at that index";
      case access_errc::not_a_container:
        return "a key or index was applied to a value that is not an object or array";
      case access_errc::invalid_pointer:
        return "not a JSON Pointer (it must be empty or start with '/'; '~' only as ~0 or ~1)";
      case access_errc::invalid_array_index:
        return "a JSON Pointer token used on an array is not an array index";
      case access_errc::invalid_number_text:
        return "the text is not a JSON number";
    }
    return "unknown jsonx.dom error";
  }
};

}  // namespace

const std::error_category& access_category() noexcept {
  static const access_category_impl category;
  return category;
}

namespace detail {

void throw_access_error(std::error_code code) {
  throw access_exception(code);
}

void throw_access_error(std::error_code code, std::string_view context) {
  throw access_exception(code, std::string(context));
}

}  // namespace detail
}  // namespace jsonx::dom
