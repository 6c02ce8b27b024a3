#include "jsonx/sax/error.hpp"

#include <string>

namespace jsonx {
namespace {

const char* describe(parse_errc e) noexcept {
  switch (e) {
    case parse_errc::ok:
      return "no error";
    case parse_errc::incomplete_input:
      return "unexpected end of input";
    case parse_errc::expected_value:
      return "expected a value";
    case parse_errc::expected_key:
      return "expected a string key or '}' after '{'";
    case parse_errc::expected_key_after_comma:
      return "expected a string key after ',' in an object";
    case parse_errc::expected_colon:
      return "expected ':' after an object key";
    case parse_errc::expected_object_comma:
      return "expected ',' or '}' after an object member";
    case parse_errc::expected_array_comma:
      return "expected ',' or ']' after an array element";
    case parse_errc::trailing_content:
      return "unexpected content after the top-level value";
    case parse_errc::invalid_literal:
      return "invalid literal (expected true, false or null)";
    case parse_errc::invalid_number:
      return "invalid number";
    case parse_errc::invalid_escape:
      return "invalid escape sequence in a string";
    case parse_errc::invalid_unicode_escape:
      return "expected four hex digits after \\u";
    case parse_errc::lone_surrogate:
      return "unpaired UTF-16 surrogate in a \\u escape";
    case parse_errc::invalid_utf8:
      return "invalid UTF-8";
    case parse_errc::control_char_in_string:
      return "unescaped control character (below 0x20) in a string";
    case parse_errc::depth_limit:
      return "nesting deeper than the maximum depth";
    case parse_errc::token_size_limit:
      return "string or number longer than the maximum token size";
    case parse_errc::document_size_limit:
      return "input longer than the maximum document size";
    case parse_errc::stopped_by_handler:
      return "stopped by the handler";
    case parse_errc::parser_failed:
      return "the parser already failed; reset() it first";
  }
  return "unknown parse error";
}

condition condition_of(parse_errc e) noexcept {
  switch (e) {
    case parse_errc::invalid_utf8:
      return condition::invalid_utf8;
    case parse_errc::depth_limit:
    case parse_errc::token_size_limit:
    case parse_errc::document_size_limit:
      return condition::limit_exceeded;
    case parse_errc::stopped_by_handler:
      return condition::stopped;
    case parse_errc::parser_failed:
      return condition::invalid_argument;
    default:
      return condition::syntax_error;
  }
}

class parse_error_category final : public std::error_category {
 public:
  const char* name() const noexcept override { return "jsonx.parse"; }
  std::string message(int value) const override { return describe(static_cast<parse_errc>(value)); }
  std::error_condition default_error_condition(int value) const noexcept override {
    if (value == 0) return {};
    return condition_of(static_cast<parse_errc>(value));
  }
};

const char* describe(condition c) noexcept {
  switch (c) {
    case condition::syntax_error:
      return "the input is not JSON";
    case condition::invalid_utf8:
      return "invalid UTF-8";
    case condition::limit_exceeded:
      return "a configured limit was exceeded";
    case condition::type_mismatch:
      return "a value of another type was expected";
    case condition::out_of_range:
      return "a number out of the target's range";
    case condition::not_found:
      return "not found";
    case condition::invalid_argument:
      return "invalid argument or use";
    case condition::stopped:
      return "stopped by a handler";
    case condition::io_error:
      return "input/output error";
  }
  return "unknown condition";
}

class condition_category_impl final : public std::error_category {
 public:
  const char* name() const noexcept override { return "jsonx"; }
  std::string message(int value) const override { return describe(static_cast<condition>(value)); }
  // Every code of the system category (an errno from a source or a sink) is an I/O error;
  // the layers' categories map their own codes (default_error_condition).
  bool equivalent(const std::error_code& code, int value) const noexcept override {
    if (code.category() == std::system_category() || code.category() == std::generic_category())
      return value == static_cast<int>(condition::io_error) && code.value() != 0;
    return code.category().default_error_condition(code.value()) ==
           std::error_condition(value, *this);
  }
};

}  // namespace

const std::error_category& parse_category() noexcept {
  static const parse_error_category category;
  return category;
}

const std::error_category& condition_category() noexcept {
  static const condition_category_impl category;
  return category;
}

std::string parse_error::message() const {
  if (!code) return "no error";
  std::string text = code.message();
  if (code.category() == parse_category() &&
      code.value() == static_cast<int>(parse_errc::stopped_by_handler))
    return text + " at byte " + std::to_string(offset);
  text += " at line " + std::to_string(line) + ", column " + std::to_string(column) + " (byte " +
          std::to_string(offset) + ")";
  if (!excerpt.empty()) {
    text += ": ";
    text += excerpt;
  }
  return text;
}

}  // namespace jsonx
