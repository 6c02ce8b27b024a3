// A deliberately plain JSON string escaper, one code point at a time, written independently of
// encode/src so that the SIMD kernels have something to be compared with.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "jsonx/encode/write_options.hpp"

namespace jsonx::test {

/// The body of the JSON string (no quotes) the writer must print for `text` under `options`;
/// nullopt if the writer must fail with write_errc::invalid_utf8.
std::optional<std::string> reference_escape(std::string_view text, const write_options& options);

}  // namespace jsonx::test
