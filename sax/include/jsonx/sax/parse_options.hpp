// Options of the push parser. Every limit has a safe default.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>

#include "jsonx/simd/kernel.hpp"

namespace jsonx {

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
  /// The indexer kernel; empty: simd::default_kernel().
  std::optional<simd::kernel_id> kernel;
};

}  // namespace jsonx
