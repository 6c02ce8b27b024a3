// The jsonx commands. Each returns the process exit status (exit_status.hpp): the highest over
// its inputs. Results go to `out`, diagnostics to `err`.
#pragma once

#include <cstdio>

#include "command_line.hpp"
#include "exit_status.hpp"

namespace jsonx::cli {

/// `jsonx validate`: prints "<input>: valid JSON (N bytes)" per input, or the error with an
/// excerpt; with --lines, a count of valid, invalid and blank lines per input.
int run_validate(const command_line& command, std::FILE* out, std::FILE* err);

/// `jsonx stats`: prints one "name: value" line per count, the depth, bytes and kernel.
int run_stats(const command_line& command, std::FILE* out, std::FILE* err);

/// `jsonx fmt` and `jsonx min`: the input rewritten, pretty or compact, streaming.
int run_reformat(const command_line& command, std::FILE* out, std::FILE* err);

/// `jsonx get`: the value at command.pointer, as JSON.
int run_get(const command_line& command, std::FILE* out, std::FILE* err);

/// `jsonx bench`: jsonx against simdjson, a table of throughputs and ratios.
int run_bench(const command_line& command, std::FILE* out, std::FILE* err);

}  // namespace jsonx::cli
