// The kinds of JSON value a DOM element or a mutable value can hold.
#pragma once

#include <cstdint>
#include <string_view>

namespace jsonx::dom {

/// What a value is. Numbers keep the kind they were parsed as: an integer that fits int64 is
/// int64, a larger one up to 2^64-1 is uint64, any other number that a double holds is double_,
/// and an integer beyond 64 bits or a number beyond double range is raw_number (kept as text).
enum class kind : std::uint8_t {
  null,
  boolean,
  int64,
  uint64,
  double_,
  raw_number,
  string,
  array,
  object,
};

/// "null", "boolean", "int64", "uint64", "double", "raw_number", "string", "array", "object".
constexpr std::string_view kind_name(kind k) noexcept {
  switch (k) {
    case kind::null:
      return "null";
    case kind::boolean:
      return "boolean";
    case kind::int64:
      return "int64";
    case kind::uint64:
      return "uint64";
    case kind::double_:
      return "double";
    case kind::raw_number:
      return "raw_number";
    case kind::string:
      return "string";
    case kind::array:
      return "array";
    case kind::object:
      return "object";
  }
  return "unknown";
}

/// True for int64, uint64, double_ and raw_number.
constexpr bool is_number_kind(kind k) noexcept {
  return k == kind::int64 || k == kind::uint64 || k == kind::double_ || k == kind::raw_number;
}

}  // namespace jsonx::dom
