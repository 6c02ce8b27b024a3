// fmt and min: the push parser feeding the writer, which prints into a bounded sink: memory
// stays bounded by the nesting depth (strings arrive in parts) whatever the input's size.
// With --partial and --watch, a DOM parser whose snapshots give the value of an input cut
// short (memory: the document and its text).
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>

#include "command_session.hpp"
#include "commands.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/sax/partial.hpp"
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

// The driver's parser for --partial: a dom::parser whose finish() accepts a text cut short
// (finish_partial()), and the text fed, kept for printing a complete input as fmt and min do
// without --partial: from its source text. A document keeps numbers' values, not their text,
// so printed from the DOM 1E3 would become 1000.0 and -0 become 0.
class partial_parser {
 public:
  partial_parser(const parse_options& options, partial_mode mode) : parser_(options), mode_(mode) {}

  std::size_t feed(std::string_view chunk, std::error_code& ec) {
    text_.append(chunk.data(), chunk.size());
    return parser_.feed(chunk, ec);
  }
  /// Ends the document; a valid text cut short is not an error: truncated() says so.
  void finish(std::error_code& ec) { parser_.finish_partial(mode_, ec); }
  const parse_error& error() const noexcept { return parser_.error(); }
  void reset() noexcept {
    parser_.reset();
    text_.clear();
  }

  /// After finish(): the input was cut short, and document() is its snapshot.
  bool truncated() const noexcept { return parser_.truncated(); }
  /// After finish(): the document (complete or a snapshot).
  const dom::document& document() const noexcept { return parser_.doc(); }
  /// Between feeds: the value so far (empty if nothing is kept yet), valid until the next
  /// feed.
  const dom::document& snapshot() {
    std::error_code ec;  // never set: feed() reported any error, and the driver stopped
    return parser_.partial(mode_, ec);
  }
  std::string_view text() const noexcept { return text_; }

 private:
  dom::parser parser_;
  partial_mode mode_;
  std::string text_;
};

// fmt and min with --partial: the input (with --lines, each line) parsed into a DOM; a
// complete one printed from its text as reformat_job prints it, one cut short from its
// snapshot, closed, with the status exit_truncated. Nothing is printed before the end of the
// document (a snapshot is only known then), so an input that turns out invalid prints nothing.
//
// With --watch (the whole input only), after every chunk the value so far is printed when it
// differs from the last one printed (min: a line each; fmt: a blank line before each but the
// first), flushed at once for whoever watches; at the end the final value, as --partial alone
// prints it, unless it is the same text as the last snapshot. Snapshots print their numbers
// from their values (see partial_parser); the final value of a complete input from its text.
class partial_reformat_job {
 public:
  static constexpr int invalid_status = exit_invalid;
  partial_reformat_job(const parse_options& parsing, const write_options& writing, std::FILE* out,
                       bool by_line, partial_mode mode, bool watch, bool separate_snapshots)
      : parsing_(parsing),
        writing_(writing),
        out_(out),
        by_line_(by_line),
        mode_(mode),
        watch_(watch),
        separate_snapshots_(separate_snapshots),
        output_(out, writing, by_line),
        text_writer_(text_, writing),
        replay_(watch ? text_writer_ : output_.writer(), parsing),
        parser_(parsing, mode) {}
  partial_reformat_job(const partial_reformat_job&) = delete;
  partial_reformat_job& operator=(const partial_reformat_job&) = delete;

  partial_parser& parser() { return parser_; }
  void begin_document() {
    shown_.clear();
    shown_any_ = false;
  }

  int after_chunk(error_reporter& reporter) {
    if (!watch_) return exit_ok;
    const dom::document& so_far = parser_.snapshot();
    if (so_far.empty()) return exit_ok;  // nothing to show yet
    start_text();
    if (!dom::write(so_far, text_writer_) || !text_writer_.finish()) return text_failed(reporter);
    return show(reporter);
  }

  int end_document(std::uint64_t, error_reporter& reporter) {
    const int done = parser_.truncated() ? exit_truncated : exit_ok;
    if (watch_) {
      const dom::document& doc = parser_.document();
      if (done == exit_ok) {
        start_text();
        const int replayed = replay(reporter);
        if (replayed != exit_ok) return replayed;
        if (!text_writer_.finish()) return text_failed(reporter);
      } else {
        if (doc.empty()) return done;
        start_text();
        if (!dom::write(doc, text_writer_) || !text_writer_.finish()) {
          return text_failed(reporter);
        }
      }
      const int shown = show(reporter);
      return shown != exit_ok ? shown : done;
    }
    output_.begin_document();
    if (done == exit_ok) {
      const int replayed = replay(reporter);
      if (replayed != exit_ok) return replayed;
    } else {
      const dom::document& doc = parser_.document();
      if (doc.empty()) return done;  // nothing kept: nothing to print
      if (!dom::write(doc, output_.writer())) {
        reporter.print_message(output_.failure());
        return output_failed;
      }
    }
    const int written = output_.end_document(reporter);
    return written != exit_ok ? written : done;
  }
  void abandon_document() {}                                   // nothing was printed of it
  std::string handler_failure() { return output_.failure(); }  // never: the DOM takes all
  // --lines --threads: a job for a chunk of lines, printing into `out`.
  std::unique_ptr<partial_reformat_job> job_for_chunk(std::FILE* out) const {
    return std::make_unique<partial_reformat_job>(parsing_, writing_, out, by_line_, mode_, watch_,
                                                  separate_snapshots_);
  }
  void merge_chunk(const partial_reformat_job&) {}

 private:
  // The writer of text_, emptied (see document_output::begin_document for the order).
  void start_text() {
    text_writer_.reset();
    text_.clear();
    text_writer_.reset(text_);
  }

  // The complete text through the push parser into the replay writer (fmt's and min's
  // output); exit_ok, or output_failed after saying why.
  int replay(error_reporter& reporter) {
    replay_.reset();
    std::error_code ec;
    replay_.feed(parser_.text(), ec);
    if (!ec) replay_.finish(ec);
    if (!ec) return exit_ok;
    if (replay_.error().code == parse_errc::stopped_by_handler) {
      reporter.print_message(watch_ ? "cannot write the output: " + text_writer_.error().message()
                                    : output_.failure());
    } else {
      // The DOM parser found this text complete and valid: the push parser must too.
      reporter.print_message("internal error: the complete text does not parse again: " +
                             replay_.error().message());
    }
    return output_failed;
  }

  int text_failed(error_reporter& reporter) {
    reporter.print_message("cannot write the output: " + text_writer_.error().message());
    return output_failed;
  }

  // --watch: prints text_ unless it is what was printed last, and flushes it.
  int show(error_reporter& reporter) {
    if (shown_any_ && text_ == shown_) return exit_ok;
    if ((shown_any_ && separate_snapshots_ && std::fputc('\n', out_) == EOF) ||
        std::fwrite(text_.data(), 1, text_.size(), out_) != text_.size() ||
        std::fflush(out_) != 0) {
      reporter.print_message("cannot write the output: " + std::string(std::strerror(errno)));
      return output_failed;
    }
    shown_ = text_;
    shown_any_ = true;
    return exit_ok;
  }

  parse_options parsing_;
  write_options writing_;
  std::FILE* out_;
  bool by_line_;
  partial_mode mode_;
  bool watch_;
  bool separate_snapshots_;
  document_output output_;
  std::string text_;  // before its writer, which may hold a region of it
  jsonx::writer text_writer_;
  push_parser<writer> replay_;
  partial_parser parser_;
  std::string shown_;  // --watch: the last text printed
  bool shown_any_ = false;
};

}  // namespace

int run_reformat(const command_line& command, std::FILE* out, std::FILE* err) {
  command_session session(command, out, err, true);
  if (!session.ok()) return exit_usage_or_io;
  std::size_t indent = command.command == command_kind::fmt ? command.indent.value_or(2) : 0;
  if (command.partial) {
    partial_reformat_job job(session.options(), output_options(command, indent), out, command.lines,
                             *command.partial, command.watch, command.command == command_kind::fmt);
    return session.for_each_input(
        [&job](const std::string&) -> partial_reformat_job& { return job; },
        [](const std::string&, const input_summary&) {});
  }
  reformat_job job(session.options(), output_options(command, indent), out, command.lines,
                   command.seq);
  return session.for_each_input([&job](const std::string&) -> reformat_job& { return job; },
                                [](const std::string&, const input_summary&) {});
}

}  // namespace jsonx::cli
