// Options of the push parser. Every limit has a safe default.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>

#include "jsonx/simd/kernel.hpp"

namespace jsonx {

/// What is checked in a value the handler skips (handler.hpp: skip_next_value).
enum class skip_check : std::uint8_t {
  /// Everything a full parse checks: the verdict, error code and offset are a full parse's.
  full,
  /// simdjson On-Demand's guarantee, for speed: in a skipped array or object only the UTF-8
  /// of every byte, control bytes in its strings, the depth limit and that each closing
  /// bracket matches its opening one are checked; its numbers, literals, escapes, commas,
  /// colons and keys are not looked at (`{"skipped": [1 2, tru, "\x"]}` is accepted). A
  /// skipped member's or element's number or literal is not looked at either (`{"skipped":
  /// tru}` is accepted); a skipped string outside a skipped container, and a skipped
  /// top-level number or literal, are checked whole. The verdict is still the same at every
  /// cut of the input into chunks.
  brackets_and_utf8,
};

struct parse_options {
  /// Deepest nesting of arrays and objects accepted (simdjson's default too).
  std::size_t max_depth = 1024;
  /// Longest single string (raw bytes between the quotes) or number. A handler that takes
  /// string parts is not limited by this for strings.
  std::size_t max_token_size = std::size_t{256} << 20;
  /// Longest input accepted, in bytes.
  std::uint64_t max_document_size = std::numeric_limits<std::uint64_t>::max();
  /// Accept several top-level values separated by whitespace (NDJSON, concatenated JSON).
  bool multiple_values = false;
  /// Stop after the first complete top-level value; feed() then reports the bytes it used, so
  /// the caller keeps the rest.
  bool stop_after_value = false;
  /// What is checked in the values a handler skips (skip_next_value); typed decoding skips
  /// the values of members its types do not have.
  skip_check skipped_values = skip_check::full;
  /// The indexer kernel; empty: simd::default_kernel().
  std::optional<simd::kernel_id> kernel;
};

}  // namespace jsonx
