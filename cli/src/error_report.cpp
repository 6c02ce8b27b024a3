#include "error_report.hpp"

#include <algorithm>

#include "error_excerpt.hpp"

namespace jsonx::cli {

namespace {
// Bytes kept from before the chunk being parsed: an error is usually in the current chunk,
// but its offset may point back to the start of a token that began earlier.
constexpr std::size_t history_bytes = 256;
}  // namespace

void error_reporter::begin_chunk(std::string_view chunk, std::uint64_t offset) {
  chunk_offset_ = offset;
  // Nothing kept yet: the window starts at this chunk (which is not at offset 0 when the
  // input is read in parts, --threads).
  if (history_.empty()) history_start_ = offset;
  if (!pending_) return;
  std::uint64_t wanted_end = pending_->offset + excerpt_bytes_after;
  std::uint64_t window_end = pending_window_start_ + pending_window_.size();
  if (window_end < wanted_end) {
    pending_window_.append(
        chunk.substr(0, std::min<std::uint64_t>(chunk.size(), wanted_end - window_end)));
  }
  if (pending_window_start_ + pending_window_.size() >= wanted_end) print_pending();
}

void error_reporter::report(const located_error& error, std::string_view chunk,
                            std::string prefix) {
  if (pending_) print_pending();
  pending_ = error;
  pending_prefix_ = std::move(prefix);
  // The window: the history, then the chunk up to the bytes the excerpt can show.
  pending_window_ = history_;
  pending_window_start_ = history_start_;
  std::uint64_t wanted_end = error.offset + excerpt_bytes_after;
  std::uint64_t available = chunk_offset_ + chunk.size();
  std::uint64_t take = std::min(available, std::max(wanted_end, chunk_offset_)) - chunk_offset_;
  pending_window_.append(chunk.substr(0, take));
  if (available >= wanted_end) print_pending();
}

void error_reporter::end_chunk(std::string_view chunk) {
  history_.append(chunk.substr(chunk.size() - std::min(chunk.size(), history_bytes)));
  history_.erase(0, history_.size() - std::min(history_.size(), history_bytes));
  history_start_ = chunk_offset_ + chunk.size() - history_.size();
}

void error_reporter::finish() {
  if (pending_) print_pending();
}

void error_reporter::print_message(const std::string& text) {
  bar_->clear();
  std::fprintf(err_, "jsonx: %s: %s\n", name_.c_str(), text.c_str());
}

void error_reporter::print_pending() {
  const located_error& error = *pending_;
  // An offset before the window (a very long token) falls back on the parser's excerpt.
  error_excerpt excerpt =
      error.offset >= pending_window_start_
          ? make_error_excerpt(pending_window_, error.offset - pending_window_start_)
          : make_error_excerpt(error.excerpt, error.excerpt_caret);
  print_message(pending_prefix_ + error.code.message() + " at line " + std::to_string(error.line) +
                ", column " + std::to_string(error.column) + " (byte " +
                std::to_string(error.offset) + ")");
  std::string caret(excerpt.caret_column, ' ');
  caret += '^';
  std::fprintf(err_, "  %s\n  %s\n", excerpt.text.c_str(), caret.c_str());
  pending_.reset();
  pending_window_.clear();
}

}  // namespace jsonx::cli
