// The exit statuses of jsonx. A command over several inputs exits with the worst
// (worse_status()): 2, then 1, then 3, then 0.
#pragma once

namespace jsonx::cli {

inline constexpr int exit_ok = 0;
/// validate, stats, fmt, min: an input is not valid JSON; get: no value at the pointer.
inline constexpr int exit_invalid = 1;
inline constexpr int exit_not_found = 1;
/// A usage error, an I/O error (input or output), or for get a parse error.
inline constexpr int exit_usage_or_io = 2;
/// fmt and min with --partial: an input (a line with --lines) was cut short; what it holds so
/// far was printed, closed. Worse than success, not as bad as an error: a truncated input is
/// reported under an invalid or unreadable one.
inline constexpr int exit_truncated = 3;

/// Not an exit status: what a command's job returns when writing the output failed (after
/// saying why). The command stops, and exits with exit_usage_or_io.
inline constexpr int output_failed = -1;

/// How bad a status is: 0 (ok), 3 (truncated), 1 (invalid or not found), 2 (usage or I/O).
constexpr int status_severity(int status) noexcept {
  return status == exit_truncated ? 1 : status == exit_ok ? 0 : status + 1;
}
/// The worse of two exit statuses: what several inputs (or lines) add up to.
constexpr int worse_status(int a, int b) noexcept {
  return status_severity(b) > status_severity(a) ? b : a;
}

}  // namespace jsonx::cli
