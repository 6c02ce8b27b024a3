#include "command_line.hpp"

#include "jsonx/sax/json_pointer.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <utility>

namespace jsonx::cli {

namespace {

constexpr std::string_view usage =
    "Usage: jsonx COMMAND [OPTIONS] FILE|- [FILE|-]...\n"
    "       jsonx get [OPTIONS] FILE|- [FILE|-]... POINTER\n"
    "       jsonx bench [--kernel NAME] [--samples N] [FILE]...\n"
    "\n"
    "Commands:\n"
    "  validate  check that each input is one valid JSON text (RFC 8259, UTF-8)\n"
    "  stats     count each input's events (nulls, bools, numbers by kind, strings,\n"
    "            keys, objects, arrays), its maximum depth, bytes and kernel\n"
    "  fmt       pretty-print each input (2 spaces per level, or --indent N)\n"
    "  min       print each input without whitespace\n"
    "  get       print the value at the JSON Pointer POINTER (RFC 6901: \"\" is the\n"
    "            whole document, /a/0/b~1c is key a, index 0, key b/c)\n"
    "  bench     (jsonx-dev only) parse each FILE (default: the corpus, $JSONX_CORPUS_DIR) with\n"
    "            simdjson's DOM parser, jsonx's DOM parser and jsonx's push parser\n"
    "            (counting events); print median GB/s and jsonx/simdjson ratios\n"
    "\n"
    "Inputs are read in chunks and fed to the push parser as they arrive: pipes and\n"
    "inputs larger than memory work; '-' is standard input. Gzip input (found by its\n"
    "magic bytes) is decompressed as it is read. fmt, min and get stream, and end\n"
    "each document with a newline.\n"
    "\n"
    "Options:\n"
    "  --lines            NDJSON: each line is a JSON text; bad lines are reported\n"
    "                     with their line number and skipped; blank lines skipped\n"
    "  --multiple-values  accept several top-level values separated by whitespace\n"
    "                     (none at all is valid too)\n"
    "  --seq              RFC 7464 JSON text sequences: each value follows an RS\n"
    "                     byte (0x1E); bad or truncated records are reported with\n"
    "                     their record number and skipped, empty ones skipped; fmt,\n"
    "                     min and get print RS before each value and LF after it\n"
    "                     (--lines, --multiple-values and --seq exclude each other)\n"
    "  --threads N        with --lines (validate, stats, fmt, min): parse the lines\n"
    "                     on N threads (0: every core); the output is the same as\n"
    "                     with 1, in input order (no progress bar)\n"
    "  --indent N         fmt and get: N spaces per level (0: compact)\n"
    "  --partial[=MODE]   fmt, min: an input (with --lines, a line) cut short is not\n"
    "                     an error: print its value so far, open arrays and objects\n"
    "                     closed, and exit with 3; a complete input prints as\n"
    "                     without the option. MODE, after '=' only, keeps of the\n"
    "                     value cut by the end: strict (default) nothing, so every\n"
    "                     value printed is one of the whole document; strings a\n"
    "                     string's prefix; numbers a number complete by itself (12,\n"
    "                     not 1.); trailing both. Not with --seq, --multiple-values\n"
    "  --watch            fmt, min: print the value so far each time a read from the\n"
    "                     input changes it, not waiting for the end (min: a line\n"
    "                     each; fmt: a blank line between), then the final value as\n"
    "                     --partial prints it; implies --partial, takes its MODE;\n"
    "                     one input, not with --lines or --seq\n"
    "  --chunk-size N     feed the parser chunks of exactly N bytes (the last may be\n"
    "                     shorter; with --watch, reads of at most N bytes); suffixes\n"
    "                     k, M, G multiply by 1024; default 64k\n"
    "  --kernel NAME      indexer kernel: avx512, avx2 (x86-64), neon (aarch64) or\n"
    "                     scalar, as the build has them (default: the JSONX_KERNEL\n"
    "                     environment variable, else the CPU's best);\n"
    "                     avx2_emulated and avx512_emulated run their geometry in\n"
    "                     portable code on any CPU (slow; for testing)\n"
    "  --progress         always draw a progress bar on standard error (by default:\n"
    "                     for inputs over 4 MB when standard error is a terminal)\n"
    "  --no-progress      never draw it\n"
    "  --samples N        bench: timed samples per parser and file (default 7)\n"
    "  -h, --help         print this help and exit\n"
    "  --version          print the version and exit\n"
    "\n"
    "Exit status, the worst over all inputs:\n"
    "  validate, stats, fmt, min: 0 valid; 1 invalid JSON (the error, with its line,\n"
    "      column and a caret under the excerpt, goes to standard error); 2 usage or\n"
    "      I/O error; fmt, min with --partial: 3 an input (or line) was cut short, its\n"
    "      value so far printed (an error still outranks it: 2, 1, 3, 0)\n"
    "  get: 0 found; 1 no value at POINTER; 2 usage, I/O or parse error\n"
    "  bench: 0 done; 1 an input is not valid JSON; 2 usage or I/O error\n";

// Splits "--name=value" into its two halves; value is empty when there is no '='.
std::pair<std::string_view, std::optional<std::string_view>> split_option(std::string_view arg) {
  std::size_t equals = arg.find('=');
  if (arg.starts_with("--") && equals != std::string_view::npos) {
    return {arg.substr(0, equals), arg.substr(equals + 1)};
  }
  return {arg, std::nullopt};
}

std::optional<command_kind> command_from_name(std::string_view name) {
  static constexpr std::pair<std::string_view, command_kind> names[] = {
      {"validate", command_kind::validate}, {"stats", command_kind::stats},
      {"fmt", command_kind::fmt},           {"min", command_kind::min},
      {"get", command_kind::get},           {"bench", command_kind::bench},
  };
  for (auto [known, kind] : names) {
    if (name == known) return kind;
  }
  return std::nullopt;
}

// --partial's MODE: the library's partial_mode under shorter names.
std::optional<partial_mode> partial_mode_from_name(std::string_view name) {
  static constexpr std::pair<std::string_view, partial_mode> names[] = {
      {"strict", partial_mode::strict},
      {"strings", partial_mode::trailing_strings},
      {"numbers", partial_mode::trailing_numbers},
      {"trailing", partial_mode::trailing},
  };
  for (auto [known, mode] : names) {
    if (name == known) return mode;
  }
  return std::nullopt;
}

std::optional<std::size_t> parse_count(std::string_view text, std::size_t max) {
  std::size_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value > max) {
    return std::nullopt;
  }
  return value;
}

// The options that only some commands take, and which ones.
struct option_scope {
  std::string_view option;
  bool given = false;
  bool (*applies)(command_kind);
};

bool reads_documents(command_kind c) {
  return c != command_kind::bench;
}
bool parses_lines_in_parallel(command_kind c) {
  return c == command_kind::validate || c == command_kind::stats || c == command_kind::fmt ||
         c == command_kind::min;
}
bool takes_several_values(command_kind c) {
  return c != command_kind::bench && c != command_kind::get;  // a DOM holds one value
}
bool indents(command_kind c) {
  return c == command_kind::fmt || c == command_kind::get;
}
bool reformats(command_kind c) {
  return c == command_kind::fmt || c == command_kind::min;
}
bool is_bench(command_kind c) {
  return c == command_kind::bench;
}
bool any_command(command_kind) {
  return true;
}

}  // namespace

std::string_view usage_text() noexcept {
  return usage;
}

std::optional<std::size_t> parse_byte_count(std::string_view text) {
  std::size_t multiplier = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 'k':
      case 'K':
        multiplier = std::size_t{1} << 10;
        break;
      case 'm':
      case 'M':
        multiplier = std::size_t{1} << 20;
        break;
      case 'g':
      case 'G':
        multiplier = std::size_t{1} << 30;
        break;
      default:
        break;
    }
    if (multiplier != 1) text.remove_suffix(1);
  }
  std::size_t count = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), count);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || count == 0) {
    return std::nullopt;
  }
  if (count > std::numeric_limits<std::size_t>::max() / multiplier) return std::nullopt;
  return count * multiplier;
}

std::optional<command_line> parse_command_line(std::span<const std::string_view> arguments,
                                               std::string& problem) {
  command_line result;
  bool have_command = false;
  bool options_ended = false;  // after "--", everything is a file name (or the pointer)
  std::vector<std::string> positionals;
  option_scope scopes[] = {
      {"--chunk-size", false, reads_documents},
      {"--kernel", false, any_command},
      {"--multiple-values", false, takes_several_values},
      {"--lines", false, reads_documents},
      {"--seq", false, reads_documents},
      {"--threads", false, parses_lines_in_parallel},
      {"--indent", false, indents},
      {"--progress", false, reads_documents},
      {"--no-progress", false, reads_documents},
      {"--samples", false, is_bench},
      {"--partial", false, reformats},
      {"--watch", false, reformats},
  };
  auto mark_given = [&scopes](std::string_view name) {
    for (auto& scope : scopes) {
      if (scope.option == name) scope.given = true;
    }
  };

  for (std::size_t i = 0; i < arguments.size(); ++i) {
    std::string_view arg = arguments[i];
    if (!options_ended && arg.size() > 1 && arg.front() == '-') {
      // Not a structured binding: clang 14 cannot capture those in the lambda below.
      const auto split = split_option(arg);
      const std::string_view name = split.first;
      const std::optional<std::string_view> inline_value = split.second;
      // Fetches the option's value: "--name=value" or "--name value".
      auto take_value = [&]() -> std::optional<std::string_view> {
        if (inline_value) return inline_value;
        if (i + 1 < arguments.size()) return arguments[++i];
        problem = "option " + std::string(name) + " needs a value";
        return std::nullopt;
      };
      mark_given(name);
      if (name == "--") {
        options_ended = true;
      } else if (name == "-h" || name == "--help") {
        result.command = command_kind::help;
        return result;
      } else if (name == "--version") {
        result.command = command_kind::version;
        return result;
      } else if (name == "--chunk-size") {
        auto value = take_value();
        if (!value) return std::nullopt;
        auto bytes = parse_byte_count(*value);
        if (!bytes) {
          problem = "--chunk-size needs a positive byte count, not '" + std::string(*value) + "'";
          return std::nullopt;
        }
        result.chunk_size = *bytes;
      } else if (name == "--kernel") {
        auto value = take_value();
        if (!value) return std::nullopt;
        result.kernel = simd::kernel_from_name(*value);
        if (!result.kernel) {
          problem = "unknown kernel '" + std::string(*value) + "' (this build has ";
          const auto built = simd::kernels_in_build();
          for (std::size_t i = 0; i < built.size(); ++i) {
            if (i > 0) problem += i + 1 == built.size() ? " and " : ", ";
            problem += simd::kernel_name(built[i]);
          }
          problem += ")";
          return std::nullopt;
        }
      } else if (name == "--indent") {
        auto value = take_value();
        if (!value) return std::nullopt;
        // More than a screen's worth of spaces per level is surely a typo.
        result.indent = parse_count(*value, 16);
        if (!result.indent) {
          problem =
              "--indent needs a number of spaces from 0 to 16, not '" + std::string(*value) + "'";
          return std::nullopt;
        }
      } else if (name == "--threads") {
        auto value = take_value();
        if (!value) return std::nullopt;
        auto threads = parse_count(*value, 1024);
        if (!threads) {
          problem = "--threads needs a number from 0 (every core) to 1024, not '" +
                    std::string(*value) + "'";
          return std::nullopt;
        }
        result.threads = static_cast<unsigned>(*threads);
      } else if (name == "--samples") {
        auto value = take_value();
        if (!value) return std::nullopt;
        auto samples = parse_count(*value, 1000);
        if (!samples || *samples == 0) {
          problem = "--samples needs a number from 1 to 1000, not '" + std::string(*value) + "'";
          return std::nullopt;
        }
        result.samples = *samples;
      } else if (name == "--partial") {
        // The mode only after '=': "--partial FILE" must stay a file.
        result.partial = partial_mode::strict;
        if (inline_value) {
          result.partial = partial_mode_from_name(*inline_value);
          if (!result.partial) {
            problem = "--partial=MODE takes strict, strings, numbers or trailing, not '" +
                      std::string(*inline_value) + "'";
            return std::nullopt;
          }
        }
      } else if (name == "--watch" && !inline_value) {
        result.watch = true;
      } else if (name == "--multiple-values" && !inline_value) {
        result.multiple_values = true;
      } else if (name == "--lines" && !inline_value) {
        result.lines = true;
      } else if (name == "--seq" && !inline_value) {
        result.seq = true;
      } else if (name == "--progress" && !inline_value) {
        result.progress = progress_mode::always;
      } else if (name == "--no-progress" && !inline_value) {
        result.progress = progress_mode::never;
      } else {
        problem = "unknown option '" + std::string(arg) + "'";
        return std::nullopt;
      }
    } else if (!have_command) {
      auto kind = command_from_name(arg);
      if (!kind) {
        problem =
            "unknown command '" + std::string(arg) + "' (validate, stats, fmt, min, get or bench)";
        return std::nullopt;
      }
      result.command = *kind;
      have_command = true;
    } else {
      positionals.emplace_back(arg);
    }
  }
  if (!have_command) {
    problem = "no command given";
    return std::nullopt;
  }
  for (const auto& scope : scopes) {
    if (scope.given && !scope.applies(result.command)) {
      problem = "option " + std::string(scope.option) + " does not apply to this command";
      return std::nullopt;
    }
  }
  if (result.lines && result.multiple_values) {
    problem = "--lines and --multiple-values exclude each other (--lines: one value per line)";
    return std::nullopt;
  }
  if (result.seq && (result.lines || result.multiple_values)) {
    problem = std::string("--seq and ") + (result.lines ? "--lines" : "--multiple-values") +
              " exclude each other (--seq: one value per RS-prefixed record)";
    return std::nullopt;
  }
  if (result.watch && (result.lines || result.seq)) {
    problem = std::string("--watch and ") + (result.lines ? "--lines" : "--seq") +
              " exclude each other (--watch follows one document as it arrives)";
    return std::nullopt;
  }
  if (result.watch && !result.partial) result.partial = partial_mode::strict;
  if (result.partial && (result.seq || result.multiple_values)) {
    problem = std::string("--partial and ") + (result.seq ? "--seq" : "--multiple-values") +
              " exclude each other (--partial closes one value cut short" +
              (result.seq ? "; --seq reports truncated records)" : ")");
    return std::nullopt;
  }
  if (result.threads != 1 && !result.lines) {
    problem = "--threads needs --lines (the lines are what the threads share out)";
    return std::nullopt;
  }
  if (result.command == command_kind::get) {
    if (positionals.size() < 2) {
      problem = "get needs an input and a JSON Pointer (jsonx get FILE|- POINTER)";
      return std::nullopt;
    }
    result.pointer = std::move(positionals.back());
    positionals.pop_back();
    if (!is_json_pointer(result.pointer)) {
      problem = "'" + result.pointer +
                "' is not a JSON Pointer (\"\", or \"/\"-separated tokens with ~0 for ~ and ~1 "
                "for /)";
      return std::nullopt;
    }
  }
  result.inputs = std::move(positionals);
  if (result.inputs.empty() && result.command != command_kind::bench) {
    problem = "no input given (a file, or - for standard input)";
    return std::nullopt;
  }
  if (result.watch && result.inputs.size() != 1) {
    problem = "--watch follows one input, not " + std::to_string(result.inputs.size());
    return std::nullopt;
  }
  if (std::count(result.inputs.begin(), result.inputs.end(), "-") > 1) {
    problem = "standard input (-) given more than once";
    return std::nullopt;
  }
  return result;
}

}  // namespace jsonx::cli
