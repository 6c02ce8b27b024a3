// The text of corpus/manifest.tsv, compiled in by CMake (see manifest_text.cpp.in).
#pragma once

#include <string_view>

namespace jsonx::corpus::detail {

std::string_view manifest_text() noexcept;

}  // namespace jsonx::corpus::detail
