// The "jsonx.write" error category.
#include "jsonx/encode/write_error.hpp"

namespace jsonx {

namespace {
class write_category_impl final : public std::error_category {
 public:
  const char* name() const noexcept override { return "jsonx.write"; }
  std::error_condition default_error_condition(int value) const noexcept override {
    if (value == 0) return {};
    switch (static_cast<write_errc>(value)) {
      case write_errc::invalid_utf8:
        return jsonx::condition::invalid_utf8;
      case write_errc::sink_full:
        return jsonx::condition::io_error;
      case write_errc::non_finite_number:
      case write_errc::expected_key:
      case write_errc::expected_value:
      case write_errc::unbalanced_end:
      case write_errc::incomplete_document:
      case write_errc::unfinished_string_part:
      case write_errc::invalid_number:
      case write_errc::missing_value:
      case write_errc::duplicate_key:
      case write_errc::ok:
        return jsonx::condition::invalid_argument;
      case write_errc::number_out_of_range:
        return jsonx::condition::out_of_range;
    }
    return jsonx::condition::invalid_argument;
  }
  std::string message(int code) const override {
    switch (static_cast<write_errc>(code)) {
      case write_errc::ok:
        return "no error";
      case write_errc::invalid_utf8:
        return "a string is not valid UTF-8";
      case write_errc::non_finite_number:
        return "NaN or infinity cannot be written as JSON";
      case write_errc::expected_key:
        return "a value was written where an object key belongs";
      case write_errc::expected_value:
        return "a key was written outside an object or right after another key";
      case write_errc::unbalanced_end:
        return "an end of object or array with no such container open";
      case write_errc::incomplete_document:
        return "the document is incomplete (open containers, a cut string, or no value)";
      case write_errc::unfinished_string_part:
        return "another event came while a string was being written in parts";
      case write_errc::sink_full:
        return "the output sink is full";
      case write_errc::invalid_number:
        return "a number's text is not a JSON number";
      case write_errc::missing_value:
        return "an object was closed right after a key, before the key's value";
      case write_errc::duplicate_key:
        return "an object has two members with the same name (canonical JSON forbids it)";
      case write_errc::number_out_of_range:
        return "a number beyond the range of an IEEE-754 double (canonical JSON needs one)";
    }
    return "unknown write error";
  }
};
}  // namespace

const std::error_category& write_category() noexcept {
  static const write_category_impl category;
  return category;
}

}  // namespace jsonx
