// What fmt, min and get share: the writer's options from the command line; and for fmt and
// min, where a document's JSON goes (straight to the output through a bounded sink, or, with
// --lines and --seq, into a buffer first so that a line or record that turns out bad prints
// nothing; with --seq each value is printed after an RS, as RFC 7464 frames it).
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "command_line.hpp"
#include "error_report.hpp"
#include "exit_status.hpp"
#include "jsonx/encode/output_sink.hpp"
#include "jsonx/encode/write_options.hpp"
#include "jsonx/encode/writer.hpp"

namespace jsonx::cli {

/// Pretty with `indent` spaces per level (0 or none: compact), one document per line.
inline write_options output_options(const command_line& command, std::size_t indent) {
  write_options options = write_options::pretty(indent);  // no spaces: compact
  options.newline_after_value = true;
  // Every string comes from jsonx's parser, which has validated it as UTF-8.
  options.invalid_utf8 = invalid_utf8_policy::assume_valid;
  options.kernel = command.kernel;
  return options;
}

/// RFC 7464's record separator, printed before each value with --seq (the writer's newline
/// after each value is the LF that ends the record).
inline constexpr char record_separator_byte = '\x1E';

/// A writer over the output, document by document.
class document_output {
 public:
  /// `by_line`: each document is held until it has parsed (--lines, --seq); `seq`: it is
  /// printed after an RS.
  document_output(std::FILE* out, const write_options& options, bool by_line, bool seq = false)
      : out_(out), sink_(out), writer_(sink_, options), by_line_(by_line || seq), seq_(seq) {}
  document_output(const document_output&) = delete;
  document_output& operator=(const document_output&) = delete;

  jsonx::writer& writer() noexcept { return writer_; }

  void begin_document() {
    if (by_line_) {
      // Release the region lent by the previous line's string sink before emptying the
      // string: giving it back afterwards would size the string to that line's text again.
      writer_.reset();
      line_text_.clear();
      writer_.reset(line_text_);
    } else {
      writer_.reset();
      start_bytes_ = sink_.bytes_written();
    }
  }

  /// The document is complete: checks and delivers it.
  int end_document(error_reporter& reporter) {
    if (!writer_.finish()) return fail(reporter);
    if (seq_ && std::fputc(record_separator_byte, out_) == EOF) {
      reporter.print_message("cannot write the output: " + std::string(std::strerror(errno)));
      return output_failed;
    }
    if (by_line_ &&
        std::fwrite(line_text_.data(), 1, line_text_.size(), out_) != line_text_.size()) {
      reporter.print_message("cannot write the output: " + std::string(std::strerror(errno)));
      return output_failed;
    }
    return exit_ok;
  }

  /// The document failed to parse. Streamed output cannot be taken back: what was written of
  /// it is ended with a newline, so that the next document starts on a line of its own.
  void abandon_document() {
    if (by_line_) return;
    writer_.flush();
    if (sink_.bytes_written() > start_bytes_) std::fputc('\n', out_);
    writer_.reset();
  }

  /// Why the writer stopped the parse.
  std::string failure() const { return "cannot write the output: " + writer_.error().message(); }

 private:
  int fail(error_reporter& reporter) {
    reporter.print_message(failure());
    return output_failed;
  }

  std::FILE* out_;
  file_sink sink_;
  // Before the writer, which may hold a region of it: the writer gives the region back when
  // it is destroyed, so the string must still be there.
  std::string line_text_;
  jsonx::writer writer_;
  bool by_line_;
  bool seq_;
  std::size_t start_bytes_ = 0;
};

}  // namespace jsonx::cli
