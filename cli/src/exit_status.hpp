// The exit statuses of jsonx. A command over several inputs exits with the highest.
#pragma once

namespace jsonx::cli {

inline constexpr int exit_ok = 0;
/// validate, stats, fmt, min: an input is not valid JSON; get: no value at the pointer.
inline constexpr int exit_invalid = 1;
inline constexpr int exit_not_found = 1;
/// A usage error, an I/O error (input or output), or for get a parse error.
inline constexpr int exit_usage_or_io = 2;

/// Not an exit status: what a command's job returns when writing the output failed (after
/// saying why). The command stops, and exits with exit_usage_or_io.
inline constexpr int output_failed = -1;

}  // namespace jsonx::cli
