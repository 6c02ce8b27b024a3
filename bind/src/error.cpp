#include "jsonx/bind/error.hpp"

#include <string>

namespace jsonx {
namespace {

const char* describe(bind_errc e) noexcept {
  switch (e) {
    case bind_errc::ok:
      return "no error";
    case bind_errc::type_mismatch:
      return "the JSON value has the wrong type";
    case bind_errc::integer_out_of_range:
      return "integer out of the target type's range";
    case bind_errc::number_out_of_range:
      return "number out of the target type's range";
    case bind_errc::unknown_field:
      return "unknown field";
    case bind_errc::missing_field:
      return "missing required field";
    case bind_errc::unknown_enum_value:
      return "no enumerator has this name or value";
    case bind_errc::wrong_array_size:
      return "array of the wrong length";
    case bind_errc::invalid_map_key:
      return "object key does not convert to the map's key type";
    case bind_errc::too_many_elements:
      return "more elements than decode_options::max_elements";
    case bind_errc::invalid_value:
      return "invalid value (rejected by the type's codec)";
    case bind_errc::depth_limit:
      return "nesting deeper than encode_options::max_depth";
  }
  return "unknown binding error";
}

class bind_error_category final : public std::error_category {
 public:
  const char* name() const noexcept override { return "jsonx.bind"; }
  std::error_condition default_error_condition(int value) const noexcept override {
    if (value == 0) return {};
    switch (static_cast<bind_errc>(value)) {
      case bind_errc::type_mismatch:
      case bind_errc::unknown_field:
      case bind_errc::unknown_enum_value:
      case bind_errc::wrong_array_size:
      case bind_errc::invalid_map_key:
        return jsonx::condition::type_mismatch;
      case bind_errc::integer_out_of_range:
      case bind_errc::number_out_of_range:
        return jsonx::condition::out_of_range;
      case bind_errc::missing_field:
        return jsonx::condition::not_found;
      case bind_errc::too_many_elements:
      case bind_errc::depth_limit:
        return jsonx::condition::limit_exceeded;
      case bind_errc::invalid_value:
      case bind_errc::ok:
        return jsonx::condition::invalid_argument;
    }
    return jsonx::condition::invalid_argument;
  }
  std::string message(int value) const override { return describe(static_cast<bind_errc>(value)); }
};

void append_location(std::string& out, std::uint64_t line, std::uint64_t column,
                     std::uint64_t offset) {
  if (line == 0) return;
  out += " (line ";
  out += std::to_string(line);
  out += ", column ";
  out += std::to_string(column);
  out += ", byte ";
  out += std::to_string(offset);
  out += ')';
}

}  // namespace

std::string_view json_kind_name(json_kind kind) noexcept {
  switch (kind) {
    case json_kind::none:
      return "none";
    case json_kind::null:
      return "null";
    case json_kind::boolean:
      return "boolean";
    case json_kind::number:
      return "number";
    case json_kind::string:
      return "string";
    case json_kind::array:
      return "array";
    case json_kind::object:
      return "object";
  }
  return "none";
}

const std::error_category& bind_category() noexcept {
  static const bind_error_category category;
  return category;
}

std::string decode_error::message() const {
  if (!code) return "no error";
  std::string out = path.empty() ? std::string("(root)") : path;
  out += ": ";
  if (code.category() == parse_category()) {
    // The parser's own message, with its location and excerpt.
    parse_error parse;
    static_cast<error_location&>(parse) = *this;
    parse.code = code;
    out += parse.message();
    return out;
  }
  out += code.message();
  if (!expected.empty() || !found.empty()) {
    out += ": expected ";
    out += expected.empty() ? "something else" : expected;
    out += ", found ";
    out += found.empty() ? "something else" : found;
  }
  append_location(out, line, column, offset);
  return out;
}

std::string encode_error::message() const {
  if (!code) return "no error";
  std::string out = path.empty() ? std::string("(root)") : path;
  out += ": ";
  out += code.message();
  if (!detail.empty()) {
    out += " (";
    out += detail;
    out += ')';
  }
  return out;
}

}  // namespace jsonx
