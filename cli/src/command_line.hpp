// The jsonx command line: what the user asked for, parsed from argv.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/sax/partial.hpp"
#include "jsonx/simd/kernel.hpp"

namespace jsonx::cli {

enum class command_kind { help, version, validate, stats, fmt, min, get, bench };

/// When to draw the progress bar on standard error.
enum class progress_mode {
  automatic,  ///< for inputs over a few MB, when stderr is a terminal (and stdout is not one
              ///< that the command writes JSON to)
  always,     ///< --progress: whatever stderr is (the tests use it)
  never,      ///< --no-progress
};

struct command_line {
  command_kind command = command_kind::help;
  /// File paths; "-" is standard input. At least one, except for bench (empty: the corpus).
  std::vector<std::string> inputs;
  /// For get: the JSON Pointer (RFC 6901), syntax already checked.
  std::string pointer;
  /// Bytes per feed(); every chunk but the last has exactly this many (with --watch: at most
  /// this many, whatever a read returns).
  std::size_t chunk_size = std::size_t{64} << 10;
  /// Empty: the library's choice (JSONX_KERNEL, else the best the CPU runs).
  std::optional<simd::kernel_id> kernel;
  /// Accept several whitespace-separated top-level values (NDJSON, concatenated JSON).
  bool multiple_values = false;
  /// NDJSON: each line is a document of its own; bad lines are reported and skipped.
  bool lines = false;
  /// RFC 7464 JSON text sequences: each value follows an RS (0x1E); bad records are reported
  /// and skipped; fmt, min and get print RS before each value and LF after it.
  bool seq = false;
  /// With --lines, for validate, stats, fmt and min: the lines are parsed on this many
  /// threads (0: every core), the results printed in input order, exactly as with 1.
  unsigned threads = 1;
  /// Spaces per level for fmt and get; empty: fmt's default (2) or get's compact output.
  std::optional<std::size_t> indent;
  progress_mode progress = progress_mode::automatic;
  /// fmt and min, --partial[=MODE]: an input cut short is not an error; its value so far is
  /// printed, closed, by the rules of `partial` (jsonx/sax/partial.hpp), and the exit status is
  /// exit_truncated. Empty: without --partial (a cut input is an error).
  std::optional<partial_mode> partial;
  /// fmt and min, --watch (implies --partial): print the value so far after every read from
  /// the input, which returns what has arrived (up to chunk_size bytes) instead of waiting
  /// for a full chunk; then the final value.
  bool watch = false;
  /// For bench: timed samples per library and file (the median is shown).
  std::size_t samples = 7;
};

/// Parses the arguments after the program name. On a usage error returns nullopt and sets
/// `problem` to a one-line explanation.
std::optional<command_line> parse_command_line(std::span<const std::string_view> arguments,
                                               std::string& problem);

/// Parses "4096", "4k", "64K", "1M", "1G": a positive byte count. nullopt if malformed or 0.
std::optional<std::size_t> parse_byte_count(std::string_view text);

/// The text `jsonx --help` prints.
std::string_view usage_text() noexcept;

}  // namespace jsonx::cli
