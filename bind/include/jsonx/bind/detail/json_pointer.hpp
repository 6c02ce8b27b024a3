// Writing JSON Pointer tokens (jsonx/sax/json_pointer.hpp) and integers into error paths and
// messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::detail {

/// Appends the decimal integer.
void append_integer(std::string& out, std::int64_t value);
void append_unsigned(std::string& out, std::uint64_t value);

}  // namespace jsonx::detail
