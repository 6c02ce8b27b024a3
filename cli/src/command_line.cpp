#include "command_line.hpp"

#include <charconv>
#include <limits>

namespace jsonx::cli {

namespace {

constexpr std::string_view usage =
    "Usage: jsonx COMMAND [OPTIONS] FILE|-\n"
    "\n"
    "Commands:\n"
    "  validate   check that the input is one valid JSON text (RFC 8259, UTF-8)\n"
    "  stats      count the parse events of the input (nulls, bools, numbers by kind,\n"
    "             strings, keys, objects, arrays), its maximum depth, its bytes and\n"
    "             the indexer kernel used\n"
    "\n"
    "FILE is read in chunks and fed to the push parser as it arrives, so inputs larger than\n"
    "memory and pipes work; '-' reads standard input.\n"
    "\n"
    "Options:\n"
    "  --chunk-size N      feed the parser chunks of exactly N bytes (the last one may be\n"
    "                      shorter); suffixes k, M, G multiply by 1024; default 64k\n"
    "  --kernel NAME       structural indexer kernel: scalar, avx2 or avx512 (default: the\n"
    "                      JSONX_KERNEL environment variable, else the best this CPU runs)\n"
    "  --multiple-values   accept several top-level values separated by whitespace\n"
    "  -h, --help          print this help and exit\n"
    "  --version           print the version and exit\n"
    "\n"
    "Exit status: 0 valid, 1 invalid JSON (the error goes to standard error),\n"
    "2 usage or I/O error.\n";

// Splits "--name=value" into its two halves; value is empty when there is no '='.
std::pair<std::string_view, std::optional<std::string_view>> split_option(std::string_view arg) {
  std::size_t equals = arg.find('=');
  if (arg.starts_with("--") && equals != std::string_view::npos) {
    return {arg.substr(0, equals), arg.substr(equals + 1)};
  }
  return {arg, std::nullopt};
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
  bool have_input = false;
  bool options_ended = false;  // after "--", everything is a file name

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
        result.kernel = stream::kernel_from_name(*value);
        if (!result.kernel) {
          problem = "unknown kernel '" + std::string(*value) + "' (scalar, avx2 or avx512)";
          return std::nullopt;
        }
      } else if (name == "--multiple-values" && !inline_value) {
        result.multiple_values = true;
      } else {
        problem = "unknown option '" + std::string(arg) + "'";
        return std::nullopt;
      }
    } else if (!have_command) {
      if (arg == "validate") {
        result.command = command_kind::validate;
      } else if (arg == "stats") {
        result.command = command_kind::stats;
      } else {
        problem = "unknown command '" + std::string(arg) + "' (validate or stats)";
        return std::nullopt;
      }
      have_command = true;
    } else if (!have_input) {
      result.input = std::string(arg);
      have_input = true;
    } else {
      problem = "more than one input given ('" + result.input + "', '" + std::string(arg) + "')";
      return std::nullopt;
    }
  }
  if (!have_command) {
    problem = "no command given";
    return std::nullopt;
  }
  if (!have_input) {
    problem = "no input given (a file, or - for standard input)";
    return std::nullopt;
  }
  return result;
}

}  // namespace jsonx::cli
