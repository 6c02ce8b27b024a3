// validate and stats: a handler that checks or counts, over the shared document driver.
#include "commands.hpp"

#include <cinttypes>
#include <cstdint>
#include <memory>
#include <string>

#include "command_session.hpp"
#include "event_counter.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "jsonx/simd/kernel.hpp"

namespace jsonx::cli {

namespace {

class validate_job {
 public:
  static constexpr int invalid_status = exit_invalid;
  explicit validate_job(const parse_options& options)
      : options_(options), parser_(handler_, options) {}
  validate_job(const validate_job&) = delete;
  validate_job& operator=(const validate_job&) = delete;

  push_parser<validating_handler>& parser() { return parser_; }
  void begin_document() { handler_.reset(); }
  std::uint64_t values() const noexcept { return handler_.values(); }
  int end_document(std::uint64_t, error_reporter&) { return exit_ok; }
  void abandon_document() {}
  std::string handler_failure() { return "the parse was stopped"; }  // never: it accepts all
  // --threads: a job for a chunk of lines, and what it found (nothing to add: with --lines
  // the driver counts the lines).
  std::unique_ptr<validate_job> job_for_chunk(std::FILE*) const {
    return std::make_unique<validate_job>(options_);
  }
  void merge_chunk(const validate_job&) {}

 private:
  parse_options options_;
  validating_handler handler_;
  push_parser<validating_handler> parser_;
};

// Counts over the whole input; with --lines, a bad line's events are taken back out.
class stats_job {
 public:
  static constexpr int invalid_status = exit_invalid;
  explicit stats_job(const parse_options& options)
      : options_(options), parser_(handler_, options) {}
  stats_job(const stats_job&) = delete;
  stats_job& operator=(const stats_job&) = delete;

  push_parser<counting_handler>& parser() { return parser_; }
  void begin_document() { before_document_ = handler_.counts(); }
  int end_document(std::uint64_t, error_reporter&) { return exit_ok; }
  void abandon_document() { handler_.restore(before_document_); }
  std::string handler_failure() { return "the parse was stopped"; }  // never: it counts all
  const event_counts& counts() const noexcept { return handler_.counts(); }
  // --threads: a job for a chunk of lines, whose counts are added to these.
  std::unique_ptr<stats_job> job_for_chunk(std::FILE*) const {
    return std::make_unique<stats_job>(options_);
  }
  void merge_chunk(const stats_job& chunk) { handler_.add(chunk.counts()); }

 private:
  parse_options options_;
  counting_handler handler_;
  push_parser<counting_handler> parser_;
  event_counts before_document_;
};

void print_stats(const command_line& command, const std::string& path, const input_summary& summary,
                 const event_counts& counts, simd::kernel_id kernel, std::FILE* out) {
  auto line = [out](const char* name, std::uint64_t value) {
    std::fprintf(out, "%-12s %" PRIu64 "\n", name, value);
  };
  std::fprintf(out, "%-12s %s\n", "input:", display_name(path).c_str());
  line("bytes:", summary.bytes);
  std::fprintf(out, "%-12s %s\n", "kernel:", std::string(simd::kernel_name(kernel)).c_str());
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
  if (command.lines) {
    line("lines:", summary.good);
    line("bad_lines:", summary.bad);
    line("blank_lines:", summary.blank);
  }
  if (command.seq) {
    line("records:", summary.good);
    line("bad_records:", summary.bad);
    line("empty:", summary.blank);
  }
}

}  // namespace

int run_validate(const command_line& command, std::FILE* out, std::FILE* err) {
  command_session session(command, out, err, false);
  if (!session.ok()) return exit_usage_or_io;
  validate_job job(session.options());
  return session.for_each_input(
      [&job](const std::string&) -> validate_job& {
        job.begin_document();  // an input with no document (--seq, --lines) has no values
        return job;
      },
      [&](const std::string& path, const input_summary& summary) {
        if (summary.status == exit_usage_or_io) return;
        std::string name = display_name(path);
        if (command.lines) {
          std::fprintf(out,
                       "%s: %" PRIu64 " valid lines, %" PRIu64 " invalid, %" PRIu64
                       " blank (%" PRIu64 " bytes)\n",
                       name.c_str(), summary.good, summary.bad, summary.blank, summary.bytes);
        } else if (command.seq) {
          std::fprintf(out,
                       "%s: %" PRIu64 " valid records, %" PRIu64 " invalid, %" PRIu64
                       " empty (%" PRIu64 " bytes)\n",
                       name.c_str(), summary.good, summary.bad, summary.blank, summary.bytes);
        } else if (command.multiple_values && summary.status == exit_ok) {
          // Any number of values is valid, none included: say how many there were.
          std::fprintf(out, "%s: valid JSON, %" PRIu64 " value%s (%" PRIu64 " bytes)\n",
                       name.c_str(), job.values(), job.values() == 1 ? "" : "s", summary.bytes);
        } else if (summary.status == exit_ok) {
          std::fprintf(out, "%s: valid JSON (%" PRIu64 " bytes)\n", name.c_str(), summary.bytes);
        }
      });
}

int run_stats(const command_line& command, std::FILE* out, std::FILE* err) {
  command_session session(command, out, err, false);
  if (!session.ok()) return exit_usage_or_io;
  std::unique_ptr<stats_job> job;
  bool first = true;
  return session.for_each_input(
      [&](const std::string&) -> stats_job& {
        job = std::make_unique<stats_job>(session.options());  // fresh counts per input
        return *job;
      },
      [&](const std::string& path, const input_summary& summary) {
        // Counts of a whole input are only meaningful if it parsed; --lines and --seq count
        // the good lines (records) whatever the others did.
        const bool by_document = command.lines || command.seq;
        if (summary.status == exit_usage_or_io || (!by_document && summary.status != exit_ok)) {
          return;
        }
        if (!first) std::fputc('\n', out);
        first = false;
        print_stats(command, path, summary, job->counts(), job->parser().kernel(), out);
      });
}

}  // namespace jsonx::cli
