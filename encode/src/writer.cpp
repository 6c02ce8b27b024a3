// The writer's cold and heavy paths: construction, strings, doubles, pretty layout, errors.
#include "jsonx/encode/writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "string_escape.hpp"

namespace jsonx {

namespace {
constexpr signed char err(write_errc e) {
  return static_cast<signed char>(-static_cast<int>(e));
}
// Marks the `failed` position: the error is already recorded.
constexpr signed char already_failed = -100;
// Indentation is cached as one line of up to this many bytes; deeper levels are written in
// several copies of it.
constexpr std::size_t max_indent_cache = 4096;
}  // namespace

const signed char writer::value_separator[position_count] = {
    0,                                        // top_first
    '\n',                                     // top_next
    0,                                        // array_first
    ',',                                      // array_next
    err(write_errc::expected_key),            // object_first
    err(write_errc::expected_key),            // object_next
    0,                                        // object_value
    err(write_errc::unfinished_string_part),  // in_string_parts
    err(write_errc::unfinished_string_part),  // in_key_parts
    already_failed,                           // failed
};

const signed char writer::key_separator[position_count] = {
    err(write_errc::expected_value),          // top_first
    err(write_errc::expected_value),          // top_next
    err(write_errc::expected_value),          // array_first
    err(write_errc::expected_value),          // array_next
    0,                                        // object_first
    ',',                                      // object_next
    err(write_errc::expected_value),          // object_value: a key after a key
    err(write_errc::unfinished_string_part),  // in_string_parts
    err(write_errc::unfinished_string_part),  // in_key_parts
    already_failed,                           // failed
};

writer::writer(std::string& out, const write_options& options) : options_(options) {
  own_string_sink_.emplace(out);
  start(*own_string_sink_);
}

writer::writer(output_sink& sink, const write_options& options) : options_(options) {
  start(sink);
}

writer::~writer() {
  release_region();
}

void writer::start(output_sink& sink) {
  sink_ = &sink;
  kernel_ = options_.kernel.value_or(simd::default_kernel());
  if (!simd::kernel_supported(kernel_)) kernel_ = simd::default_kernel();
  escape_ = detail::escape_kernel_for(kernel_).loop[options_.escape_html ? 1 : 0][static_cast<int>(
      detail::non_ascii_mode_of(options_))];
  pretty_ = options_.has_whitespace();
  multiline_ = options_.is_pretty();
  colon_space_ = options_.space_after_colon.value_or(multiline_);
  comma_space_ = options_.space_after_comma;
  escape_html_ = options_.escape_html;
  inspect_non_ascii_ = detail::inspects_non_ascii(options_);
  indent_line_.assign(1, '\n');
  indent_line_ += options_.prefix;
  reset();
}

void writer::reset() {
  release_region();
  position_ = position::top_first;
  after_value_position_ = position::top_next;
  depth_ = 0;
  values_written_ = 0;
  bytes_before_region_ = 0;
  error_.clear();
  pending_utf8_size_ = 0;
}

void writer::reset(std::string& out) {
  release_region();
  own_string_sink_.emplace(out);
  sink_ = &*own_string_sink_;
  reset();
}

void writer::reset(output_sink& sink) {
  release_region();
  sink_ = &sink;
  reset();
}

void writer::release_region() noexcept {
  if (sink_ && pos_) {
    std::error_code ignored;
    sink_->commit(pos_, false, ignored);
  }
  bytes_before_region_ += static_cast<std::uint64_t>(pos_ - region_begin_);
  pos_ = end_ = region_begin_ = nullptr;
}

bool writer::refill(std::size_t min_free) {
  if (error_) return false;
  std::error_code ec;
  const std::span<char> region = sink_->next_region(pos_, min_free, ec);
  bytes_before_region_ += static_cast<std::uint64_t>(pos_ - region_begin_);
  if (ec) {
    pos_ = end_ = region_begin_ = nullptr;  // the sink took back its region
    return fail(ec);
  }
  if (region.size() < min_free) {
    pos_ = end_ = region_begin_ = nullptr;
    return fail(make_error_code(write_errc::sink_full));
  }
  pos_ = region_begin_ = region.data();
  end_ = region.data() + region.size();
  return true;
}

bool writer::fail(std::error_code ec) {
  if (!error_) error_ = ec;
  position_ = position::failed;
  release_region();
  return false;
}

bool writer::misplaced(signed char code) {
  if (code == already_failed) return false;
  return fail(make_error_code(static_cast<write_errc>(-code)));
}

bool writer::flush() {
  if (error_) return false;
  std::error_code ec;
  sink_->commit(pos_, true, ec);
  bytes_before_region_ += static_cast<std::uint64_t>(pos_ - region_begin_);
  pos_ = end_ = region_begin_ = nullptr;
  if (ec) return fail(ec);
  return true;
}

bool writer::finish() {
  if (error_) return false;
  if (depth_ != 0 || values_written_ == 0 || position_ == position::in_string_parts ||
      position_ == position::in_key_parts) {
    return fail(make_error_code(write_errc::incomplete_document));
  }
  return flush();
}

void writer::grow_container_stack() {
  const std::size_t levels = 2 * enclosing_capacity_;
  if (enclosing_heap_.empty()) {
    enclosing_heap_.assign(enclosing_inline_, enclosing_inline_ + inline_levels);
  }
  enclosing_heap_.resize(levels);
  enclosing_ = enclosing_heap_.data();
  enclosing_capacity_ = levels;
}

bool writer::complete_top_level_value() {
  ++values_written_;
  if (!options_.newline_after_value) return true;
  if (!ensure(1)) return false;
  *pos_++ = '\n';
  position_ = position::top_first;
  return true;
}

// --- pretty layout --------------------------------------------------------------------------

bool writer::pretty_separator(bool is_key) {
  const signed char separator =
      (is_key ? key_separator : value_separator)[static_cast<std::size_t>(position_)];
  if (separator < 0) return misplaced(separator);
  switch (position_) {
    case position::array_next:
    case position::object_next:
      if (!ensure(2)) return false;
      *pos_++ = ',';
      if (comma_space_) *pos_++ = ' ';
      [[fallthrough]];
    case position::array_first:
    case position::object_first:
      if (multiline_ && !write_newline_and_indent(depth_)) return false;
      break;
    case position::top_next:
      if (!ensure(1)) return false;
      *pos_++ = '\n';
      break;
    default:  // top_first, object_value: the value follows directly
      break;
  }
  return ensure(scalar_room);
}

bool writer::write_newline_and_indent(std::size_t level) {
  const std::size_t head = 1 + options_.prefix.size();  // "\n" + prefix
  const std::size_t width = options_.indent.size();
  if (width == 0) return write_bytes(indent_line_.data(), head);
  // Extend the cached line to this level, up to the cache's size.
  while (indent_line_.size() < head + level * width &&
         indent_line_.size() + width <= head + max_indent_cache) {
    indent_line_ += options_.indent;
  }
  const std::size_t cached_levels = (indent_line_.size() - head) / width;
  std::size_t levels = std::min(level, cached_levels);
  if (!write_bytes(indent_line_.data(), head + levels * width)) return false;
  for (std::size_t left = level - levels; left > 0; left -= levels) {
    levels = std::min(left, cached_levels);
    if (!write_bytes(indent_line_.data() + head, levels * width)) return false;
  }
  return true;
}

bool writer::write_bytes(const char* data, std::size_t size) {
  while (size > 0) {
    if (!ensure(std::min(size, scalar_room))) return false;
    const std::size_t n = std::min(size, static_cast<std::size_t>(end_ - pos_));
    std::memcpy(pos_, data, n);
    pos_ += n;
    data += n;
    size -= n;
  }
  return true;
}

bool writer::write_raw_value(std::string_view json) {
  if (!begin_value()) return false;
  if (!write_bytes(json.data(), json.size())) return false;
  return after_value();
}

// --- doubles --------------------------------------------------------------------------------

bool writer::write_double_value(double value) {
  if (!std::isfinite(value)) {
    if (options_.non_finite == non_finite_policy::write_null) return on_null();
    if (error_) return false;
    return fail(make_error_code(write_errc::non_finite_number));
  }
  if (!begin_value()) return false;
  pos_ = detail::format_double(value, pos_);
  return after_value();
}

// --- strings --------------------------------------------------------------------------------

// A whole string after its separator (scalar_room bytes of room): the opening quote, the
// escaped text and the first `closing_size` bytes of `closing` (3 bytes readable: the quote, or
// the quote, colon and space of a key). The common case
// is one call of the escape loop; continue_string() takes the rest.
// Inlined into on_string() and on_key(): one call per string, the escape loop's.
__attribute__((always_inline)) inline bool writer::write_string(std::string_view text,
                                                                const char* closing,
                                                                std::size_t closing_size) {
  *pos_++ = '"';
  const char* const src_end = text.data() + text.size();
  const detail::escape_result result = escape_(options_, text.data(), src_end, pos_, end_);
  pos_ = result.dst;
  if (result.src != src_end &&
      !continue_string(result.src, src_end,
                       static_cast<int>(detail::escape_status_of(result, src_end, end_)), true)) {
    return false;
  }
  if (!ensure(3)) return false;
  std::memcpy(pos_, closing, 3);
  pos_ += closing_size;
  return true;
}

bool writer::write_string_outlined(std::string_view text, bool is_key) {
  return is_key ? write_string(text, "\":", 2) : write_string(text, "\"  ", 1);
}

bool writer::write_string_slow(std::string_view value) {
  if (position_ == position::in_string_parts) {
    if (!write_string_body(value, true) || !ensure(1)) return false;
    *pos_++ = '"';
    return after_value();
  }
  if (!begin_value()) return false;
  if (!write_string(value, "\"  ", 1)) return false;
  return after_value();
}

bool writer::write_key_slow(std::string_view key) {
  if (position_ == position::in_key_parts) {
    if (!write_string_body(key, true) || !ensure(3)) return false;
    std::memcpy(pos_, "\": ", 3);
    pos_ += colon_space_ ? 3 : 2;
  } else {
    if (!begin_key()) return false;
    if (!write_string(key, "\": ", colon_space_ ? 3 : 2)) return false;
  }
  position_ = position::object_value;
  return true;
}

bool writer::on_string_part(std::string_view piece) {
  if (position_ != position::in_string_parts) {
    if (!begin_value()) return false;
    *pos_++ = '"';
    position_ = position::in_string_parts;
  }
  return write_string_body(piece, false);
}

bool writer::on_key_part(std::string_view piece) {
  if (position_ != position::in_key_parts) {
    if (!begin_key()) return false;
    *pos_++ = '"';
    position_ = position::in_key_parts;
  }
  return write_string_body(piece, false);
}

// Runs the escape loop over [src, src_end), asking the sink for room as needed. Returns the
// final escape_status (never output_full), or -1 if the sink failed.
int writer::escape_span(const char*& src, const char* src_end) {
  for (;;) {
    const detail::escape_result result = escape_(options_, src, src_end, pos_, end_);
    src = result.src;
    pos_ = result.dst;
    const detail::escape_status status = detail::escape_status_of(result, src_end, end_);
    if (status != detail::escape_status::output_full) return static_cast<int>(status);
    if (!refill(detail::min_output_room)) return -1;
  }
}

bool writer::write_string_body(std::string_view text, bool is_last_piece) {
  if (pending_utf8_size_ != 0 && !write_pending_utf8(text, is_last_piece)) return false;
  const char* src = text.data();
  const char* const src_end = src + text.size();
  const int status = escape_span(src, src_end);
  if (status == static_cast<int>(detail::escape_status::done)) return true;
  return continue_string(src, src_end, status, is_last_piece);
}

// After the escape loop stopped short of the end of a piece, for want of room or at a UTF-8
// problem: carries on to the end of the piece.
bool writer::continue_string(const char* src, const char* src_end, int status, bool is_last_piece) {
  if (status == static_cast<int>(detail::escape_status::output_full)) {
    if (!refill(detail::min_output_room)) return false;
    status = escape_span(src, src_end);
  }
  switch (static_cast<detail::escape_status>(status)) {
    case detail::escape_status::done:
      return true;
    case detail::escape_status::invalid_utf8:
      return fail(make_error_code(write_errc::invalid_utf8));
    case detail::escape_status::truncated_utf8: {
      const auto left = static_cast<std::size_t>(src_end - src);
      if (is_last_piece) return write_truncated_utf8();
      // Keep the start of the sequence (at most 3 bytes) for the next piece to complete.
      std::memcpy(pending_utf8_, src, left);
      pending_utf8_size_ = static_cast<std::uint8_t>(left);
      return true;
    }
    default:  // the sink failed; the error is recorded
      return false;
  }
}

// A sequence cut by the end of the previous piece: complete it with this piece's first bytes.
bool writer::write_pending_utf8(std::string_view& piece, bool is_last_piece) {
  char joined[8];
  const std::size_t kept = pending_utf8_size_;
  const std::size_t taken = std::min<std::size_t>(4 - kept, piece.size());
  std::memcpy(joined, pending_utf8_, kept);
  std::memcpy(joined + kept, piece.data(), taken);
  pending_utf8_size_ = 0;
  const char* src = joined;
  const int status = escape_span(src, joined + kept + taken);
  const auto used = static_cast<std::size_t>(src - joined);
  switch (static_cast<detail::escape_status>(status)) {
    case detail::escape_status::done:
      piece.remove_prefix(taken);
      return true;
    case detail::escape_status::invalid_utf8:
      return fail(make_error_code(write_errc::invalid_utf8));
    case detail::escape_status::truncated_utf8:
      if (used == 0) {
        // Still incomplete: the piece was shorter than the rest of the sequence.
        piece.remove_prefix(taken);
        if (is_last_piece) return write_truncated_utf8();
        std::memcpy(pending_utf8_, joined, kept + taken);
        pending_utf8_size_ = static_cast<std::uint8_t>(kept + taken);
        return true;
      }
      // The pending sequence was resolved and a new one starts inside the piece: go on from it.
      piece.remove_prefix(used - kept);
      return true;
    default:
      return false;
  }
}

// The string ends inside a UTF-8 sequence: its bytes are one maximal invalid subpart.
bool writer::write_truncated_utf8() {
  if (options_.invalid_utf8 == invalid_utf8_policy::error) {
    return fail(make_error_code(write_errc::invalid_utf8));
  }
  if (!ensure(6)) return false;
  if (options_.ascii_only) {
    std::memcpy(pos_, "\\ufffd", 6);
    pos_ += 6;
  } else {
    std::memcpy(pos_, "\xEF\xBF\xBD", 3);
    pos_ += 3;
  }
  return true;
}

}  // namespace jsonx
