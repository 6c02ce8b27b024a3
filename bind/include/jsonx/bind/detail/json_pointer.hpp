// Writing JSON Pointer segments (RFC 6901) and integers into error paths and messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace jsonx::detail {

/// Appends "/" and `segment` escaped as RFC 6901 says ('~' as "~0", '/' as "~1").
void append_pointer_segment(std::string& out, std::string_view segment);
/// Appends "/" and the decimal `index`.
void append_pointer_index(std::string& out, std::size_t index);
/// Appends the decimal integer.
void append_integer(std::string& out, std::int64_t value);
void append_unsigned(std::string& out, std::uint64_t value);

}  // namespace jsonx::detail
