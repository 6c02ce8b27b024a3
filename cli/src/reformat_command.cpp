// fmt and min: the push parser feeding the writer, which prints into a bounded sink: memory
// stays bounded by the nesting depth (strings arrive in parts) whatever the input's size.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "command_session.hpp"
#include "commands.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "write_job_support.hpp"

namespace jsonx::cli {

namespace {

class reformat_job {
 public:
  static constexpr int invalid_status = exit_invalid;
  reformat_job(const parse_options& parsing, const write_options& writing, std::FILE* out,
               bool by_line, bool seq)
      : parsing_(parsing),
        writing_(writing),
        by_line_(by_line),
        seq_(seq),
        output_(out, writing, by_line, seq),
        parser_(output_.writer(), parsing) {}
  reformat_job(const reformat_job&) = delete;
  reformat_job& operator=(const reformat_job&) = delete;

  push_parser<writer>& parser() { return parser_; }
  void begin_document() { output_.begin_document(); }
  int end_document(std::uint64_t, error_reporter& reporter) {
    return output_.end_document(reporter);
  }
  void abandon_document() { output_.abandon_document(); }
  std::string handler_failure() { return output_.failure(); }
  // --threads: a job for a chunk of lines, printing into `out` (the chunk's own buffer).
  std::unique_ptr<reformat_job> job_for_chunk(std::FILE* out) const {
    return std::make_unique<reformat_job>(parsing_, writing_, out, by_line_, seq_);
  }
  void merge_chunk(const reformat_job&) {}

 private:
  parse_options parsing_;
  write_options writing_;
  bool by_line_;
  bool seq_;
  document_output output_;
  push_parser<writer> parser_;
};

}  // namespace

int run_reformat(const command_line& command, std::FILE* out, std::FILE* err) {
  command_session session(command, out, err, true);
  if (!session.ok()) return exit_usage_or_io;
  std::size_t indent = command.command == command_kind::fmt ? command.indent.value_or(2) : 0;
  reformat_job job(session.options(), output_options(command, indent), out, command.lines,
                   command.seq);
  return session.for_each_input([&job](const std::string&) -> reformat_job& { return job; },
                                [](const std::string&, const input_summary&) {});
}

}  // namespace jsonx::cli
