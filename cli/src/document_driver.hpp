// Reads one input chunk by chunk and feeds it to a command's parser: the whole input as one
// document, (--lines) each line as a document of its own, or (--seq) each RFC 7464 record. Shared
// by validate, stats, fmt, min and get; what differs between them is the job:
//
//   struct some_job {
//     Parser& parser();                  // feed(chunk, ec), finish(ec), error(), reset()
//     void begin_document();             // a document (the input, or a line) starts
//     // It parsed: act on it (messages through the reporter); 0 ok, else an exit status, or
//     // output_failed (the command stops).
//     // number: the line (--lines), the record (--seq), else 0
//     int end_document(std::uint64_t number, error_reporter& reporter);
//     void abandon_document();           // it failed to parse
//     std::string handler_failure();     // why the handler stopped the parse ("" if it did not)
//     static constexpr int invalid_status = 1;   // the exit status of a parse error
//     // Optional, for the whole input only: a chunk has been fed (--watch prints the value so
//     // far); 0 ok, else an exit status or output_failed, as end_document().
//     int after_chunk(error_reporter& reporter);
//   };
//
// In --lines mode the line splitter feeds each line's bytes as they come (a line may span
// chunks), resets the parser between lines and never holds more than a chunk: memory stays
// bounded whatever the input's length. Lines holding only whitespace are skipped.
//
// In --seq mode (RFC 7464) the record splitter does the same with records: a record is an RS
// (0x1E) and the bytes up to the next RS or the end of the input; its value is fed as its
// bytes come. Records holding only whitespace are skipped (RFC 7464: consecutive RS bytes
// denote no element); a bad record is reported with its number and skipped, like a bad line.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <system_error>

#include "command_line.hpp"
#include "error_report.hpp"
#include "exit_status.hpp"
#include "input_source.hpp"
#include "jsonx/sax/error.hpp"
#include "progress_bar.hpp"
#include "sequence_error.hpp"

namespace jsonx::cli {

/// What reading one input came to.
struct input_summary {
  int status = exit_ok;
  std::uint64_t bytes = 0;  ///< bytes of JSON read (after decompression)
  std::uint64_t good = 0;   ///< documents (lines) parsed and acted on
  std::uint64_t bad = 0;    ///< documents (lines) that failed to parse
  std::uint64_t blank = 0;  ///< blank lines (--lines) or empty records (--seq) skipped
  bool fatal = false;       ///< the output failed: no point going on with other inputs
};

/// What every input of one command shares.
struct read_context {
  const command_line& command;
  std::span<char> buffer;  ///< command.chunk_size bytes
  std::FILE* err;
  bool progress_enabled;
  std::uint64_t progress_threshold;
  std::FILE* out = nullptr;  ///< the command's output (--threads prints the chunks' into it)
};

namespace detail {

inline bool is_json_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

inline constexpr char record_separator = '\x1E';

// A value whose last byte is one of these (a number's digit, true's or false's 'e', null's
// 'l') may be cut short if nothing follows it: RFC 7464 section 2.4. Strings, arrays and
// objects end with a delimiter of their own.
inline bool ends_scalar_without_delimiter(char c) {
  return (c >= '0' && c <= '9') || c == 'e' || c == 'l';
}

// Source: input_source, or anything with its read_chunk(), ok(), error(), display_name(),
// bytes_read(), raw_bytes_read() and raw_size() (the parallel --lines reader's chunks).
template <class Job, class Source = input_source>
class document_driver {
 public:
  document_driver(const read_context& context, Source& source, Job& job)
      : context_(context),
        source_(source),
        job_(job),
        bar_(context.err, context.progress_enabled, context.progress_threshold,
             source.display_name(), source.raw_size()),
        reporter_(source.display_name(), context.err, bar_) {}

  input_summary read_whole() {
    auto& parser = job_.parser();
    parser.reset();
    job_.begin_document();
    std::error_code ec;
    std::string_view chunk;
    while (next_chunk(chunk)) {
      parser.feed(chunk, ec);
      if (ec) break;
      done_with(chunk);
      if constexpr (requires(error_reporter & r) { job_.after_chunk(r); }) {
        take_status(job_.after_chunk(reporter_));
        if (summary_.fatal) return abandon();
      }
    }
    if (io_failed_) return abandon();
    if (!ec) {
      chunk = {};
      reporter_.begin_chunk(chunk, offset_);
      parser.finish(ec);
    }
    if (ec) {
      const parse_error& error = parser.error();
      if (!fail_document(error, chunk)) {
        return summary_;
      }
      // The excerpt may want a few bytes past the chunk that failed.
      while (reporter_.waiting()) {
        done_with(chunk);
        if (!next_chunk(chunk)) break;
      }
      reporter_.finish();
    } else {
      ++summary_.good;
      take_status(job_.end_document(0, reporter_));
    }
    summary_.bytes = source_.bytes_read();
    return summary_;
  }

  input_summary read_lines() {
    std::string_view chunk;
    while (next_chunk(chunk)) {
      std::size_t pos = 0;
      while (pos < chunk.size()) {
        const void* newline = std::memchr(chunk.data() + pos, '\n', chunk.size() - pos);
        std::size_t segment_end =
            newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - chunk.data())
                    : chunk.size();
        if (!feed_segment(chunk, pos, segment_end)) return summary_;
        if (!newline) break;
        if (!end_line(chunk)) return summary_;
        pos = segment_end + 1;
        ++line_;
        line_start_ = offset_ + pos;
      }
      done_with(chunk);
    }
    if (io_failed_) return abandon();
    // The last line may lack its newline.
    reporter_.begin_chunk({}, offset_);
    if (offset_ > line_start_ && !end_line({})) return summary_;
    reporter_.finish();
    summary_.bytes = source_.bytes_read();
    return summary_;
  }

  /// read_lines() over a part of a larger input that begins at a line's start: offsets and
  /// line numbers count from `offset` and `line` (the parallel --lines reader's chunks).
  input_summary read_lines_from(std::uint64_t offset, std::uint64_t line) {
    offset_ = offset;
    line_ = line;
    line_start_ = offset;
    return read_lines();
  }

  input_summary read_records() {
    std::string_view chunk;
    while (next_chunk(chunk)) {
      std::size_t pos = 0;
      while (pos < chunk.size()) {
        const void* separator =
            std::memchr(chunk.data() + pos, record_separator, chunk.size() - pos);
        std::size_t segment_end =
            separator ? static_cast<std::size_t>(static_cast<const char*>(separator) - chunk.data())
                      : chunk.size();
        if (!feed_record_segment(chunk, pos, segment_end)) return summary_;
        if (!separator) break;
        if (!end_record(chunk, offset_ + segment_end)) return summary_;
        pos = segment_end + 1;
        // The RS opens the next record.
        ++record_;
        last_byte_ = record_separator;
      }
      done_with(chunk);
    }
    if (io_failed_) return abandon();
    reporter_.begin_chunk({}, offset_);
    if (!end_record({}, offset_)) return summary_;
    reporter_.finish();
    summary_.bytes = source_.bytes_read();
    return summary_;
  }

 private:
  // Reads the next chunk into the buffer; false at the end of the input or on an I/O error
  // (then summary_.status says so).
  bool next_chunk(std::string_view& chunk) {
    std::size_t length = 0;
    if constexpr (requires { source_.read_available(context_.buffer); }) {
      length = context_.command.watch ? source_.read_available(context_.buffer)
                                      : source_.read_chunk(context_.buffer);
    } else {
      length = source_.read_chunk(context_.buffer);
    }
    if (!source_.ok()) {
      bar_.clear();
      std::fprintf(context_.err, "jsonx: %s\n", source_.error().c_str());
      summary_.status = exit_usage_or_io;
      io_failed_ = true;
      return false;
    }
    if (length == 0) return false;
    chunk = std::string_view(context_.buffer.data(), length);
    bar_.update(source_.raw_bytes_read());
    reporter_.begin_chunk(chunk, offset_);
    return true;
  }

  void take_status(int status) {
    if (status == output_failed) {
      summary_.fatal = true;
      status = exit_usage_or_io;
    }
    summary_.status = worse_status(summary_.status, status);
  }

  void done_with(std::string_view chunk) {
    reporter_.end_chunk(chunk);
    offset_ += chunk.size();
  }

  input_summary abandon() {
    job_.abandon_document();
    summary_.bytes = source_.bytes_read();
    return summary_;
  }

  // A parse failed at `error`. False if it was the handler's doing (the output failed): the
  // whole command stops.
  bool fail_document(const located_error& error, std::string_view chunk, std::string prefix = {}) {
    if (error.code == parse_errc::stopped_by_handler) {
      reporter_.print_message(job_.handler_failure());
      job_.abandon_document();
      summary_.status = exit_usage_or_io;
      summary_.fatal = true;
      return false;
    }
    reporter_.report(error, chunk, std::move(prefix));
    job_.abandon_document();
    ++summary_.bad;
    summary_.status = worse_status(summary_.status, Job::invalid_status);
    return true;
  }

  // The error of the parser on the current line, placed in the input.
  located_error line_error() {
    located_error error = job_.parser().error();
    error.offset += content_start_;
    error.line = line_;
    error.column = error.offset - line_start_ + 1;
    return error;
  }

  // Feeds chunk[begin, end), a piece of the current line without its newline.
  bool feed_segment(std::string_view chunk, std::size_t begin, std::size_t end) {
    if (line_failed_) return true;  // skipping to the end of a bad line
    if (!in_content_) {
      while (begin < end && is_json_blank(chunk[begin])) ++begin;
      if (begin == end) return true;
      // Leading blanks are not fed, so the parser's offsets count from here.
      in_content_ = true;
      content_start_ = offset_ + begin;
      job_.parser().reset();
      job_.begin_document();
    }
    std::error_code ec;
    job_.parser().feed(chunk.substr(begin, end - begin), ec);
    if (!ec) return true;
    line_failed_ = true;
    return fail_document(line_error(), chunk);
  }

  // The current line has ended (at a newline in `chunk`, or at the end of the input).
  bool end_line(std::string_view chunk) {
    bool ok = true;
    if (!in_content_) {
      ++summary_.blank;
    } else if (!line_failed_) {
      std::error_code ec;
      job_.parser().finish(ec);
      if (ec) {
        ok = fail_document(line_error(), chunk);
      } else {
        ++summary_.good;
        take_status(job_.end_document(line_, reporter_));
        if (summary_.fatal) return false;
      }
    }
    in_content_ = false;
    line_failed_ = false;
    return ok;
  }

  // ---- --seq ----

  // Counts the newlines of chunk[begin, end), so that any offset can be given its line.
  void track_lines(std::string_view chunk, std::size_t begin, std::size_t end) {
    const char* p = chunk.data();
    while (begin < end) {
      const void* newline = std::memchr(p + begin, '\n', end - begin);
      if (!newline) return;
      begin = static_cast<std::size_t>(static_cast<const char*>(newline) - p) + 1;
      ++line_;
      line_start_ = offset_ + begin;
    }
  }

  // "record N: " (the first RS opens record 1).
  std::string record_prefix() const {
    return record_ == 0 ? "before the first record: " : "record " + std::to_string(record_) + ": ";
  }

  // An error of the sequence's framing at input offset `at`, on the current line.
  located_error framing_error(sequence_errc code, std::uint64_t at) const {
    located_error error;
    error.code = code;
    error.offset = at;
    error.line = line_;
    error.column = at - line_start_ + 1;
    return error;
  }

  // The error of the parser on the current record, placed in the input: the parser counts
  // offsets, lines and columns from the record's first byte of content.
  located_error record_error() {
    located_error error = job_.parser().error();
    if (error.line <= 1) error.column += content_column_ - 1;
    error.line += content_line_ - 1;
    error.offset += content_start_;
    return error;
  }

  // Feeds chunk[begin, end), a piece of the current record without its RS.
  bool feed_record_segment(std::string_view chunk, std::size_t begin, std::size_t end) {
    if (begin == end) return true;
    last_byte_ = chunk[end - 1];
    if (record_failed_) {  // skipping to the end of a bad record
      track_lines(chunk, begin, end);
      return true;
    }
    if (!in_content_) {
      while (begin < end && (is_json_blank(chunk[begin]) || chunk[begin] == '\n')) {
        if (chunk[begin] == '\n') {
          ++line_;
          line_start_ = offset_ + begin + 1;
        }
        ++begin;
      }
      if (begin == end) return true;
      if (record_ == 0) {
        // Content before the first RS: not a JSON text sequence (or a missing RS).
        record_failed_ = true;
        const bool go_on =
            fail_document(framing_error(sequence_errc::missing_record_separator, offset_ + begin),
                          chunk, record_prefix());
        track_lines(chunk, begin, end);
        return go_on;
      }
      // Leading whitespace is not fed, so the parser's offsets count from here.
      in_content_ = true;
      content_start_ = offset_ + begin;
      content_line_ = line_;
      content_column_ = content_start_ - line_start_ + 1;
      job_.parser().reset();
      job_.begin_document();
    }
    track_lines(chunk, begin, end);
    std::error_code ec;
    job_.parser().feed(chunk.substr(begin, end - begin), ec);
    if (!ec) return true;
    record_failed_ = true;
    return fail_document(record_error(), chunk, record_prefix());
  }

  // The current record has ended, at input offset `end` (an RS in `chunk`, or the end of the
  // input).
  bool end_record(std::string_view chunk, std::uint64_t end) {
    bool ok = true;
    if (!in_content_) {
      if (record_ != 0 && !record_failed_) ++summary_.blank;
    } else if (!record_failed_) {
      std::error_code ec;
      job_.parser().finish(ec);
      if (ec) {
        ok = fail_document(record_error(), chunk, record_prefix());
      } else if (ends_scalar_without_delimiter(last_byte_)) {
        ok = fail_document(framing_error(sequence_errc::possibly_truncated, end), chunk,
                           record_prefix());
      } else {
        ++summary_.good;
        take_status(job_.end_document(record_, reporter_));
        if (summary_.fatal) return false;
      }
    }
    in_content_ = false;
    record_failed_ = false;
    return ok;
  }

  const read_context& context_;
  Source& source_;
  Job& job_;
  progress_bar bar_;
  error_reporter reporter_;
  input_summary summary_;
  std::uint64_t offset_ = 0;  // input offset of the current chunk
  bool io_failed_ = false;
  // --lines state.
  std::uint64_t line_ = 1;
  std::uint64_t line_start_ = 0;     // input offset of the current line
  std::uint64_t content_start_ = 0;  // input offset of its first non-blank byte
  bool in_content_ = false;          // a non-blank byte of the line has been fed
  bool line_failed_ = false;
  // --seq state (line_ and line_start_ above follow every newline of the input).
  std::uint64_t record_ = 0;        // records opened so far: the current one's number
  std::uint64_t content_line_ = 1;  // line and column of the record's first non-blank byte
  std::uint64_t content_column_ = 1;
  char last_byte_ = record_separator;  // the last byte of the record so far
  bool record_failed_ = false;
};

}  // namespace detail

template <class Job>
input_summary read_lines_in_parallel(const read_context& context, input_source& source, Job& job);

/// Opens `path` ("-": standard input) and feeds it to `job`, whole, by lines or by records
/// (--lines --threads N: see parallel_lines.hpp).
template <class Job>
input_summary read_input(const read_context& context, const std::string& path, Job& job) {
  input_source source(path);
  if (!source.ok()) {
    std::fprintf(context.err, "jsonx: %s\n", source.error().c_str());
    return input_summary{exit_usage_or_io};
  }
  if constexpr (requires(const Job& j, Job& k) {
                  j.job_for_chunk(static_cast<std::FILE*>(nullptr));
                  k.merge_chunk(k);
                }) {
    if (context.command.lines && context.command.threads != 1)
      return read_lines_in_parallel(context, source, job);
  }
  detail::document_driver<Job> driver(context, source, job);
  if (context.command.lines) return driver.read_lines();
  if (context.command.seq) return driver.read_records();
  return driver.read_whole();
}

}  // namespace jsonx::cli

#include "parallel_lines.hpp"  // read_lines_in_parallel(), which needs document_driver
