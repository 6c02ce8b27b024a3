// The jsonx commands. Each returns the process exit status: 0 valid, 1 invalid JSON,
// 2 usage or I/O error. Results go to `out`, diagnostics to `err`.
#pragma once

#include <cstdio>

#include "command_line.hpp"

namespace jsonx::cli {

inline constexpr int exit_valid = 0;
inline constexpr int exit_invalid = 1;
inline constexpr int exit_usage_or_io = 2;

/// `jsonx validate`: prints "<input>: valid JSON (N bytes)" or the error with an excerpt.
int run_validate(const command_line& command, std::FILE* out, std::FILE* err);

/// `jsonx stats`: prints one "name: value" line per count, the depth, bytes and kernel.
int run_stats(const command_line& command, std::FILE* out, std::FILE* err);

}  // namespace jsonx::cli
