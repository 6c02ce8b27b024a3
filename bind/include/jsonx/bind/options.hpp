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

/// What decoding does with the members an object still has once every field of its struct
/// has been given a value.
enum class remaining_member_policy : std::uint8_t {
  /// Read them as any member (the default): a key seen again gives its field a new value (the
  /// last one wins), and an unknown key meets unknown_fields.
  decode,
  /// Pass over them with no event, as the value of an unknown key is (checked as
  /// parse.skipped_values says), up to the object's end: the first value of a repeated key
  /// wins, and unknown_field_policy::error does not see their keys. What simdjson On-Demand
  /// does when it reads the fields it wants in order; a model of a few fields of large objects
  /// decodes faster (bench: decode_partial).
  skip,
};

struct decode_options {
  unknown_field_policy unknown_fields = unknown_field_policy::ignore;
  missing_field_policy missing_fields = missing_field_policy::leave;
  remaining_member_policy remaining_members = remaining_member_policy::decode;
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
