#include "commands.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <system_error>

#include "chunk_reader.hpp"
#include "error_excerpt.hpp"
#include "event_counter.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "jsonx/stream/kernel.hpp"

namespace jsonx::cli {

namespace {

/// What happened to one input.
struct parse_summary {
  int status = exit_valid;
  std::uint64_t bytes = 0;
  stream::kernel_id kernel = stream::kernel_id::scalar;
};

// Bytes kept from before the chunk being parsed: an error is usually in the current chunk,
// but its offset may point back to the start of a token that began earlier.
constexpr std::size_t history_bytes = 256;

// Prints "jsonx: NAME: MESSAGE", then the excerpt and a caret line under the offending byte.
void print_parse_error(const parse_error& error, const error_excerpt& excerpt,
                       const std::string& input_name, std::FILE* err) {
  // message() ends with ": <the parser's excerpt>"; ours gets lines of its own instead.
  std::string headline = error.message();
  std::string excerpt_suffix = ": " + error.excerpt;
  if (!error.excerpt.empty() && headline.ends_with(excerpt_suffix)) {
    headline.resize(headline.size() - excerpt_suffix.size());
  }
  std::fprintf(err, "jsonx: %s: %s\n", input_name.c_str(), headline.c_str());
  std::string caret(excerpt.caret_column, ' ');
  caret += '^';
  std::fprintf(err, "  %s\n  %s\n", excerpt.text.c_str(), caret.c_str());
}

// Reads the input chunk by chunk and feeds each chunk to a parser over `handler`. Stops
// reading at the first error, so a bad byte early in a huge file is reported at once.
template <handler H>
parse_summary parse_input(const command_line& command, H& handler, std::FILE* err) {
  parse_summary summary;
  if (command.kernel && !stream::kernel_supported(*command.kernel)) {
    std::fprintf(err, "jsonx: the %s kernel is not supported by this CPU\n",
                 std::string(stream::kernel_name(*command.kernel)).c_str());
    summary.status = exit_usage_or_io;
    return summary;
  }
  chunk_reader reader(command.input);
  if (!reader.ok()) {
    std::fprintf(err, "jsonx: %s\n", reader.error().c_str());
    summary.status = exit_usage_or_io;
    return summary;
  }

  parse_options options;
  options.kernel = command.kernel;
  options.multiple_values = command.multiple_values;
  push_parser<H> parser(handler, options);
  summary.kernel = parser.kernel();

  // Not a std::vector: a large --chunk-size should not touch (zero) memory that the input
  // never fills.
  std::unique_ptr<char[]> buffer(new char[command.chunk_size]);
  // For the error excerpt: the last bytes before the chunk being parsed.
  std::string history;
  std::uint64_t history_start = 0;
  std::string_view chunk;
  std::error_code ec;
  while (!ec) {
    // The chunk just parsed moves to the history before the buffer is overwritten.
    history.append(chunk.substr(chunk.size() - std::min(chunk.size(), history_bytes)));
    history.erase(0, history.size() - std::min(history.size(), history_bytes));
    history_start = reader.bytes_read() - history.size();
    chunk = {};
    std::size_t length = reader.read_chunk(std::span<char>(buffer.get(), command.chunk_size));
    if (!reader.ok()) {
      std::fprintf(err, "jsonx: %s\n", reader.error().c_str());
      summary.status = exit_usage_or_io;
      return summary;
    }
    if (length == 0) break;
    chunk = std::string_view(buffer.get(), length);
    parser.feed(chunk, ec);
  }
  if (!ec) parser.finish(ec);
  summary.bytes = reader.bytes_read();
  if (ec) {
    // The window: the history, the chunk, and a little of what follows it in the input.
    std::string window = history;
    window.append(chunk);
    char lookahead[excerpt_bytes_after];
    window.append(lookahead, reader.read_chunk(lookahead));
    const parse_error& error = parser.error();
    // An offset before the history (a very long token) falls back on the parser's excerpt.
    error_excerpt excerpt = error.offset >= history_start
                                ? make_error_excerpt(window, error.offset - history_start)
                                : make_error_excerpt(error.excerpt, error.excerpt_caret);
    print_parse_error(error, excerpt, reader.display_name(), err);
    summary.status = exit_invalid;
  }
  return summary;
}

}  // namespace

int run_validate(const command_line& command, std::FILE* out, std::FILE* err) {
  validating_handler handler;
  parse_summary summary = parse_input(command, handler, err);
  if (summary.status == exit_valid) {
    std::fprintf(out, "%s: valid JSON (%" PRIu64 " bytes)\n",
                 command.input == "-" ? "<stdin>" : command.input.c_str(), summary.bytes);
  }
  return summary.status;
}

int run_stats(const command_line& command, std::FILE* out, std::FILE* err) {
  counting_handler handler;
  parse_summary summary = parse_input(command, handler, err);
  if (summary.status != exit_valid) return summary.status;

  const event_counts& counts = handler.counts();
  auto line = [out](const char* name, std::uint64_t value) {
    std::fprintf(out, "%-12s %" PRIu64 "\n", name, value);
  };
  std::fprintf(out, "%-12s %s\n",
               "input:", command.input == "-" ? "<stdin>" : command.input.c_str());
  line("bytes:", summary.bytes);
  std::fprintf(out, "%-12s %s\n",
               "kernel:", std::string(stream::kernel_name(summary.kernel)).c_str());
  line("chunk_size:", command.chunk_size);
  line("nulls:", counts.nulls);
  line("bools:", counts.bools);
  line("int64:", counts.int64s);
  line("uint64:", counts.uint64s);
  line("doubles:", counts.doubles);
  line("big_numbers:", counts.big_numbers);
  line("strings:", counts.strings);
  line("keys:", counts.keys);
  line("objects:", counts.objects);
  line("arrays:", counts.arrays);
  line("max_depth:", counts.max_depth);
  return exit_valid;
}

}  // namespace jsonx::cli
