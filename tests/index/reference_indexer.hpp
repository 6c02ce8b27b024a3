// A slow, byte-at-a-time structural indexer: the specification the SIMD kernels are checked
// against. It follows structural_indexer.hpp literally, one byte and one rule at a time, with
// none of the block and mask machinery of the real kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "jsonx/index/structural_indexer.hpp"

namespace jsonx::test {

/// The reference's view of the carries after some prefix of the input.
struct reference_carries {
  bool next_is_escaped = false;
  bool in_string = false;
  bool last_was_scalar = false;
  bool escape_in_string = false;
  std::uint8_t utf8_tail[3] = {0, 0, 0};  ///< last three bytes seen, oldest first
  bool utf8_incomplete = false;           ///< the input so far ends inside a UTF-8 sequence
};

/// The full expected output for an input indexed from the start-of-document state.
struct reference_index {
  std::vector<std::uint32_t> positions;            ///< structurals before the error
  std::vector<std::uint32_t> escaped_string_ends;  ///< closing quotes of strings with a '\'
  index::index_error error = index::index_error::none;
  std::size_t error_offset = 0;
  std::uint64_t newline_count = 0;  ///< before the error
  std::int64_t last_newline = -1;
  /// carries_at[k] is the state after the first `cuts[k]` bytes (for checking kernels fed in
  /// pieces); only filled for cuts before the error.
  std::vector<reference_carries> carries_at;
};

/// Indexes `input` byte by byte. `cuts` (increasing offsets) are where carries are recorded.
reference_index reference_index_of(std::string_view input,
                                   const std::vector<std::size_t>& cuts = {});

}  // namespace jsonx::test
