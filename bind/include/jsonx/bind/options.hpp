// Options of typed decoding and encoding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include "jsonx/encode/write_options.hpp"
#include "jsonx/sax/parse_options.hpp"

namespace jsonx {

/// What decoding does with an object key that no field of the struct has.
enum class unknown_field_policy : std::uint8_t {
  ignore,  ///< skip its value (the default)
  error,   ///< fail with bind_errc::unknown_field (Go's DisallowUnknownFields)
};

/// What decoding does with a field whose key is absent from the object.
enum class missing_field_policy : std::uint8_t {
  leave,  ///< leave the member as it is (the default)
  error,  ///< fail with bind_errc::missing_field, unless the field is optional
};

struct decode_options {
  unknown_field_policy unknown_fields = unknown_field_policy::ignore;
  missing_field_policy missing_fields = missing_field_policy::leave;
  /// Longest array or object decoded into a growing container (vector, deque, list, map):
  /// a bound on memory for untrusted input. Fixed-size targets have their own size.
  std::size_t max_elements = std::numeric_limits<std::size_t>::max();
  /// Numbers inside jsonx::dom::value targets (the untyped parts of a typed value) kept as
  /// raw numbers, their text exactly as written, instead of int64 / uint64 / double (Go's
  /// UseNumber for them). Typed members are not affected.
  bool raw_numbers_in_dom_values = false;
  /// The parser's options: nesting depth, token and document size limits.
  parse_options parse;
};

struct encode_options {
  /// Layout and escaping: compact (the default) or write_options::pretty(), escape_html, ...
  write_options write;
  /// Deepest nesting written (recursive types: a cycle through shared_ptr would never end).
  std::size_t max_depth = 1024;
};

}  // namespace jsonx
