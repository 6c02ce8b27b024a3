// The excerpt `jsonx` prints under an error: the line around the offending byte, and the column
// of the caret that points at it.
//
// The CLI builds it from the bytes it read, rather than using parse_error::excerpt, because the
// parser only holds the current chunk: with small chunks its excerpt would shrink to a byte or
// two. Here the excerpt is the same whatever --chunk-size is.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace jsonx::cli {

/// Bytes kept before and after the offending byte, at most.
inline constexpr std::size_t excerpt_bytes_before = 60;
inline constexpr std::size_t excerpt_bytes_after = 30;

struct error_excerpt {
  std::string text;              ///< one line of the input; control bytes shown as '.'
  std::size_t caret_column = 0;  ///< terminal columns before the caret
};

/// The excerpt of `window` (bytes of the input) around `error_index` (may equal its size:
/// an error at the end of the input). Cut at line ends, and never inside a UTF-8 sequence.
error_excerpt make_error_excerpt(std::string_view window, std::size_t error_index);

}  // namespace jsonx::cli
