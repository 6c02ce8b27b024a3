// get: the push parser feeding a pointer_selector, which keeps only the value at the pointer
// (written as JSON as it streams by); the value is printed once the document has parsed.
// Memory: the value found, whatever the document's size.
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

#include "command_session.hpp"
#include "commands.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "pointer_selector.hpp"
#include "write_job_support.hpp"

namespace jsonx::cli {

namespace {

class get_job {
 public:
  // A parse error is not "absent" (1): it is a failure of its own.
  static constexpr int invalid_status = exit_usage_or_io;
  get_job(const parse_options& parsing, const write_options& writing, std::FILE* out,
          std::string pointer, bool seq)
      : out_(out),
        seq_(seq),
        pointer_(std::move(pointer)),
        selector_(pointer_, writing),
        parser_(selector_, parsing) {}
  get_job(const get_job&) = delete;
  get_job& operator=(const get_job&) = delete;

  push_parser<pointer_selector>& parser() { return parser_; }
  void begin_document() { selector_.reset(); }
  // number: the line (--lines) or the record (--seq); 0 for a whole input.
  int end_document(std::uint64_t number, error_reporter& reporter) {
    if (!selector_.found()) {
      std::string where =
          number == 0 ? "" : (seq_ ? "record " : "line ") + std::to_string(number) + ": ";
      reporter.print_message(where + "no value at '" + pointer_ + "'");
      return exit_not_found;
    }
    const std::string& text = selector_.value_text();
    // --seq: RS before the value; value_text() ends with the LF that ends the record.
    if ((seq_ && std::fputc(record_separator_byte, out_) == EOF) ||
        std::fwrite(text.data(), 1, text.size(), out_) != text.size()) {
      reporter.print_message("cannot write the output: " + std::string(std::strerror(errno)));
      return output_failed;
    }
    return exit_ok;
  }
  void abandon_document() {}
  // The selector writes into a string, which does not fail.
  std::string handler_failure() { return "the value at '" + pointer_ + "' could not be written"; }

 private:
  std::FILE* out_;
  bool seq_;
  std::string pointer_;
  pointer_selector selector_;
  push_parser<pointer_selector> parser_;
};

}  // namespace

int run_get(const command_line& command, std::FILE* out, std::FILE* err) {
  command_session session(command, out, err, true);
  if (!session.ok()) return exit_usage_or_io;
  get_job job(session.options(), output_options(command, command.indent.value_or(0)), out,
              command.pointer, command.seq);
  return session.for_each_input([&job](const std::string&) -> get_job& { return job; },
                                [](const std::string&, const input_summary&) {});
}

}  // namespace jsonx::cli
