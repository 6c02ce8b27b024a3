// The jsonx command line: what the user asked for, parsed from argv.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "jsonx/stream/kernel.hpp"

namespace jsonx::cli {

enum class command_kind { help, version, validate, stats };

struct command_line {
  command_kind command = command_kind::help;
  /// A file path, or "-" for standard input.
  std::string input;
  /// Bytes per feed(); every chunk but the last has exactly this many.
  std::size_t chunk_size = std::size_t{64} << 10;
  /// Empty: the library's choice (JSONX_KERNEL, else the best the CPU runs).
  std::optional<stream::kernel_id> kernel;
  /// Accept several whitespace-separated top-level values (NDJSON, concatenated JSON).
  bool multiple_values = false;
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
