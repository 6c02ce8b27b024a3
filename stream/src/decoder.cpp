// decoder: the stream walk around the push parser (framing, separators, tokens, errors).
#include "jsonx/stream/decoder.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "jsonx/sax/detail/in_register.hpp"
#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::stream {

namespace {
constexpr char record_separator = '\x1E';
}  // namespace

decoder::decoder(source& in, const decoder_options& options)
    : source_(&in), options_(options), capacity_(std::max<std::size_t>(options.chunk_size, 1)) {
  buffer_ = std::make_unique<char[]>(capacity_);
  data_ = buffer_.get();
  options_.chunk_size = capacity_;
  use_source(in);
}

decoder::~decoder() = default;

void decoder::use_source(source& in) {
  if (options_.allow_invalid_utf8) {
    repairing_ = std::make_unique<detail::utf8_repairing_source>(in);
    source_ = repairing_.get();
  } else {
    repairing_.reset();
    source_ = &in;
  }
}

void decoder::reset(source& in) {
  clear_state();
  use_source(in);
}

void decoder::reset(source& in, const decoder_options& options) {
  const std::size_t capacity = std::max<std::size_t>(options.chunk_size, 1);
  if (capacity != capacity_) {
    buffer_ = std::make_unique<char[]>(capacity);
    data_ = buffer_.get();
    capacity_ = capacity;
  }
  options_ = options;
  options_.chunk_size = capacity_;
  parsers_.clear();  // made with the old parser limits
  reset(in);
}

void decoder::clear_state() {
  if (snapshot_parser_ != nullptr) snapshot_parser_->take_back_snapshot();
  snapshot_parser_ = nullptr;
  begin_ = end_ = 0;
  buffer_offset_ = 0;
  newlines_ = 0;
  line_start_ = 0;
  values_decoded_ = 0;
  in_value_ = value_is_key_ = value_is_token_ = false;
  value_target_ = nullptr;
  value_parser_ = nullptr;
  value_start_ = value_line_ = value_column_ = 0;
  line_has_value_ = record_open_ = skipping_record_ = false;
  clear_walk();
  levels_.front() = {};
  capture_ = nullptr;
  would_block_ = failed_ = false;
  final_error_ = {};
}

void decoder::clear_walk() {
  state_ = token_state::top_value;
  enclosing_.clear();
  levels_.resize(1);
  walk_names_.clear();
}

decode_status decoder::decode(dom::document& doc, stream_error& error) {
  if (options_.allow_duplicate_names) {
    if (options_.use_number) return decode_into<detail::document_parser<true, false>>(doc, error);
    return decode_into<detail::document_parser<false, false>>(doc, error);
  }
  if (options_.use_number) return decode_into<detail::document_parser<true, true>>(doc, error);
  return decode_into<detail::document_parser<false, true>>(doc, error);
}

decode_status decoder::decode(dom::value& value, stream_error& error) {
  if (options_.allow_duplicate_names) {
    if (options_.use_number)
      return decode_into<detail::typed_parser<true, false>>(value, error, options_.decoding);
    return decode_into<detail::typed_parser<false, false>>(value, error, options_.decoding);
  }
  if (options_.use_number)
    return decode_into<detail::typed_parser<true, true>>(value, error, options_.decoding);
  return decode_into<detail::typed_parser<false, true>>(value, error, options_.decoding);
}

bool decoder::check(decode_status s, stream_error& error) const {
  if (s == decode_status::error) throw stream_exception(std::move(error));
  return s == decode_status::value;
}

// ---- reading and consuming ---------------------------------------------------------------------

decode_status decoder::fill(stream_error& error) {
  // Called only when every byte read has been consumed: the parser keeps no pointer into the
  // buffer, so it starts over. The bytes of a value read_value() captures are kept first,
  // and the names the duplicate check views in the buffer.
  if (in_value_ && value_parser_ != nullptr) value_parser_->input_moving();
  if (capture_ != nullptr) {
    capture_->append(data_ + capture_from_, end_ - capture_from_);
    capture_from_ = 0;
    capture_spilled_ = true;
  }
  buffer_offset_ += end_;
  begin_ = end_ = 0;
  ++buffer_id_;  // the parsers' kept indexes describe the old bytes
  // Bytes already in memory are parsed where they are; others are read into the buffer. A
  // source that lends is asked for all it will lend: lent bytes take no memory of ours, and
  // each end of a piece costs time (about 1 us measured; the value cut there is suspended and
  // resumed). NDJSON of twitter.json's 4.7 KB statuses from a memory_source into a DOM (Xeon,
  // avx512): 1.62 GB/s lent 64 KiB at a time, 1.72 by 256 KiB, 1.79 whole; jsonx_bench
  // ndjson_memory/jsonx_threads_1 0.915x the time.
  const char* lent = nullptr;
  read_result r;
  const bool is_lent = source_->lend_some(std::numeric_limits<std::size_t>::max(), lent, r);
  if (!is_lent) r = source_->read_some(buffer_.get(), capacity_);
  switch (r.status) {
    case read_status::ok:
      data_ = is_lent ? lent : buffer_.get();
      end_ = is_lent ? r.bytes : std::min(r.bytes, capacity_);
      return decode_status::value;
    case read_status::end:
      return decode_status::end_of_stream;
    case read_status::would_block:
      would_block_ = true;
      return decode_status::would_block;
    case read_status::error:
      break;
  }
  error = {};
  error.code = r.error ? r.error : make_error_code(std::errc::io_error);
  error.inside_value = in_value_;
  locate(error);
  in_value_ = false;
  return fail(error, false);
}

void decoder::consume(std::size_t n) {
  begin_ += n;
}

void decoder::consume_counting_lines(std::size_t n) {
  const char* p = data_ + begin_;
  // A plain loop: the compiler vectorizes it (a memchr per newline is slow on pretty input).
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i) count += p[i] == '\n';
  if (count != 0) {
    newlines_ += count;
    const void* last = memrchr(p, '\n', n);
    line_start_ = buffer_offset_ + begin_ + (static_cast<const char*>(last) - p) + 1;
    line_has_value_ = false;
  }
  begin_ += n;
}

void decoder::locate(stream_error& error) const {
  error.offset = input_offset();
  error.line = newlines_ + 1;
  error.column = error.offset - line_start_ + 1;
  error.value_index = values_decoded_;
}

// ---- between values ----------------------------------------------------------------------------

decode_status decoder::skip_insignificant(stream_error& error) {
  for (;;) {
    if (begin_ == end_) {
      const decode_status s = fill(error);
      if (s != decode_status::value) return s;
      continue;
    }
    if (skipping_record_) {
      // After a bad record: everything up to the next line (or RS) belongs to it.
      const char stop = options_.separation == framing::json_seq ? record_separator : '\n';
      const char* from = data_ + begin_;
      const auto* at = static_cast<const char*>(std::memchr(from, stop, end_ - begin_));
      if (at == nullptr) {
        consume_counting_lines(end_ - begin_);
        continue;
      }
      // The RS itself opens the next record; a newline ends the bad line.
      consume_counting_lines(static_cast<std::size_t>(at - from) + (stop == '\n' ? 1 : 0));
      skipping_record_ = false;
      line_has_value_ = false;
      continue;
    }
    const char* p = data_;
    while (begin_ < end_) {
      const char c = p[begin_];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++begin_;
      } else if (c == '\n') {
        ++begin_;
        ++newlines_;
        line_start_ = buffer_offset_ + begin_;
        line_has_value_ = false;
      } else if (c == record_separator && options_.separation == framing::json_seq) {
        ++begin_;
        record_open_ = true;
      } else {
        return decode_status::value;
      }
    }
  }
}

bool decoder::value_allowed() const noexcept {
  return state_ == token_state::top_value || state_ == token_state::array_start ||
         state_ == token_state::array_value || state_ == token_state::object_value;
}

decode_status decoder::report(std::error_code code, report_mode mode, stream_error& error) {
  error = {};
  error.code = code;
  locate(error);
  if (begin_ < end_) {
    error.excerpt.assign(data_ + begin_, std::min<std::size_t>(end_ - begin_, 16));
    for (char& c : error.excerpt)
      if (static_cast<unsigned char>(c) < 0x20) c = '.';
  }
  if (mode == report_mode::returned) return decode_status::error;
  return fail(error, mode == report_mode::skip_record);
}

decode_status decoder::fail(stream_error& error, bool recoverable) {
  if (recoverable) {
    skipping_record_ = true;
    // A bad record abandons any token walk inside it.
    clear_walk();
    return decode_status::error;
  }
  failed_ = true;
  final_error_ = error;
  return decode_status::error;
}

decode_status decoder::position_for_value(stream_error& error) {
  for (;;) {
    const decode_status s = skip_insignificant(error);
    if (s == decode_status::end_of_stream && !enclosing_.empty())
      return report(parse_errc::incomplete_input, report_mode::final, error);
    if (s != decode_status::value) return s;
    const char c = data_[begin_];
    switch (state_) {
      case token_state::top_value:
        // ndjson: one value per line; json_seq: each value after an RS.
        if (options_.separation == framing::ndjson && line_has_value_)
          return report(parse_errc::trailing_content, bad_record_mode(), error);
        if (options_.separation == framing::json_seq && !record_open_)
          return report(stream_errc::missing_record_separator, bad_record_mode(), error);
        return decode_status::value;
      case token_state::array_start:
      case token_state::array_value:
      case token_state::object_value:
        return decode_status::value;
      case token_state::array_comma:
        if (c != ',') return report(parse_errc::expected_array_comma, report_mode::returned, error);
        consume(1);
        state_ = token_state::array_value;
        continue;
      case token_state::object_colon:
        if (c != ':') return report(parse_errc::expected_colon, report_mode::returned, error);
        consume(1);
        state_ = token_state::object_value;
        continue;
      case token_state::object_start:
      case token_state::object_key:
      case token_state::object_comma:
        return report(stream_errc::misplaced_value, report_mode::returned, error);
    }
  }
}

// ---- values ------------------------------------------------------------------------------------

decode_status decoder::begin_value(const void* target, detail::value_parser* parser, bool& resume,
                                   stream_error& error) {
  if (failed_) {
    error = final_error_;
    return decode_status::error;
  }
  would_block_ = false;
  if (in_value_) {
    // A value left half-decoded by would_block: only the same call may resume it.
    if (target == value_target_ && parser == value_parser_) {
      resume = true;
      return decode_status::value;
    }
    return report(stream_errc::value_in_progress, report_mode::returned, error);
  }
  const decode_status s = position_for_value(error);
  if (s != decode_status::value) return s;
  start_value(target, parser, false);
  return decode_status::value;
}

void decoder::start_value(const void* target, detail::value_parser* parser, bool is_key) {
  in_value_ = true;
  value_is_token_ = target == parser;  // token() passes its own parser as the target
  value_is_key_ = is_key;
  value_target_ = target;
  value_parser_ = parser;
  // In a general register: GCC 12 otherwise adds the start and the line as one pair, whose
  // 16-byte load of begin_ and the field after it waits for the 8-byte store that has just
  // moved begin_ (it cannot be forwarded from it): 58% of this function's samples, 2.7% of
  // decoding NDJSON records of 190 bytes (AMD Zen 5, avx512).
  const std::uint64_t start = jsonx::detail::in_register(input_offset());
  value_start_ = start;
  value_line_ = newlines_ + 1;
  value_column_ = start - line_start_ + 1;
}

bool decoder::partial(dom::document& doc, partial_mode mode) {
  if (!in_value_ || value_is_token_ || value_target_ != &doc || failed_) return false;
  std::error_code ec;
  if (!value_parser_->take_snapshot(mode, ec)) return false;
  snapshot_parser_ = value_parser_;
  return true;
}

decode_status decoder::run_value(detail::value_parser& parser, stream_error& error) {
  if (snapshot_parser_ != nullptr) {  // a snapshot of this value: taken back before going on
    snapshot_parser_->take_back_snapshot();
    snapshot_parser_ = nullptr;
  }
  // ndjson and json_seq: a value may not run past the end of its line (record): the parser
  // is shown the bytes up to it only, and the end of the record ends the value.
  const bool ndjson = options_.separation == framing::ndjson;
  const bool bounded = ndjson || options_.separation == framing::json_seq;
  const char record_end = ndjson ? '\n' : record_separator;
  // A value's parser is given the rest of the buffer (or of the record) and the buffer as its
  // lookahead: it indexes a window of the buffer once and keeps that index for the values
  // that follow (jsonx/sax/lookahead.hpp). A token (a name or a scalar of token()) is given
  // 64 bytes at a time and no lookahead: token() alternates with the value parsers, whose
  // windows would otherwise each index the same bytes again.
  const std::size_t slice = value_is_token_ ? 64 : capacity_;
  // A record is first parsed as if unbounded, and its bytes searched for the record's end
  // after the parse, while they are in cache: searching first was a pass of its own over the
  // input (a memchr() call before each record). The value's first piece only, of about the
  // size of the last record, and only for a parser that can start its value over. A record end
  // inside what was parsed, or any error, means the value is parsed again from its start the
  // bounded way, which gives exactly its result and error.
  std::size_t parse_first = bounded && input_offset() == value_start_ && !value_is_token_
                                ? parser.bytes_to_parse_unbounded(record_bytes_guess_)
                                : 0;
  std::error_code ec;
  for (;;) {
    if (begin_ == end_) {
      const decode_status s = fill(error);
      if (s == decode_status::end_of_stream) {
        // The end of the input completes a number ("12" then EOF) or cuts the value.
        parser.finish(ec);
        return ec ? parse_failure(parser, error) : complete_value();
      }
      if (s != decode_status::value) return s;
    }
    const char* chunk = data_ + begin_;
    std::size_t size = end_ - begin_;
    bool at_record_end = false;
    if (parse_first != 0) {
      size = std::min(size, parse_first);
    } else if (bounded) {
      if (const void* stop = std::memchr(chunk, record_end, size)) {
        size = static_cast<std::size_t>(static_cast<const char*>(stop) - chunk);
        at_record_end = true;
      }
    }
    if (size > slice) {
      size = slice;
      at_record_end = false;
    }
    if (size != 0) {
      parser.set_stable_input(data_, data_ + end_);
      const std::uint64_t lookahead_buffer = value_is_token_ ? 0 : buffer_id_;  // (after fill())
      const std::size_t used = parser.feed(chunk, chunk + size, data_ + end_, lookahead_buffer, ec);
      if (parse_first != 0) {
        parse_first = 0;
        if (ec || std::memchr(chunk, record_end, used) != nullptr) {
          parser.restart();
          ec = {};
          continue;
        }
      }
      // An ndjson value holds no newline: nothing to count.
      if (ndjson) {
        consume(used);
      } else {
        consume_counting_lines(used);
      }
      if (ec) return parse_failure(parser, error);
      if (parser.done()) return complete_value();
    }
    if (at_record_end) {
      parser.finish(ec);
      return ec ? parse_failure(parser, error) : complete_value();
    }
  }
}

decode_status decoder::complete_value() {
  record_bytes_guess_ = next_record_guess(input_offset() - value_start_);
  in_value_ = false;
  value_target_ = nullptr;
  value_parser_ = nullptr;
  ++levels_.back().length;  // a name or a value, as Go counts them
  if (value_is_key_) {
    state_ = token_state::object_colon;
  } else {
    after_value();
  }
  return decode_status::value;
}

void decoder::after_value() {
  switch (state_) {
    case token_state::top_value:
      ++values_decoded_;
      line_has_value_ = true;
      record_open_ = false;
      break;
    case token_state::array_start:
    case token_state::array_value:
      state_ = token_state::array_comma;
      break;
    case token_state::object_value:
      state_ = token_state::object_comma;
      break;
    default:
      break;
  }
}

decode_status decoder::parse_failure(detail::value_parser& parser, stream_error& error) {
  // The parser started at the value: its offsets, lines and columns count from there.
  parse_error located = parser.error();
  located.offset += value_start_;
  if (located.line <= 1) {
    located.column += value_column_ - 1;
    located.line = value_line_;
  } else {
    located.line += value_line_ - 1;
  }
  error = {};
  std::string relative;
  if (parser.duplicate_name(relative)) {
    error.code = stream_errc::duplicate_name;
    error.path = walk_pointer(true) + relative;
  } else {
    parser.describe_failure(located, error);
  }
  error.offset = located.offset;
  error.line = located.line;
  error.column = located.column;
  error.value_index = values_decoded_;
  error.inside_value = true;
  error.excerpt = std::move(located.excerpt);
  error.excerpt_caret = located.excerpt_caret;
  in_value_ = false;
  value_target_ = nullptr;
  value_parser_ = nullptr;
  // A handler that stopped on purpose is not a bad record.
  const bool record_error = enclosing_.empty() && error.code != parse_errc::stopped_by_handler;
  return fail(error, record_error && options_.skip_bad_records &&
                         options_.separation != framing::whitespace);
}

// ---- tokens ------------------------------------------------------------------------------------

bool decoder::more() {
  if (failed_) return false;
  if (in_value_) return true;
  stream_error error;
  const decode_status s = skip_insignificant(error);
  if (s == decode_status::would_block) return true;
  if (s != decode_status::value) return false;
  const char c = data_[begin_];
  return c != ']' && c != '}';
}

decode_status decoder::token(stream::token& out, stream_error& error) {
  auto& parser = parser_of<detail::token_parser>(out);
  if (failed_) {
    error = final_error_;
    return decode_status::error;
  }
  would_block_ = false;
  if (in_value_) {
    if (value_parser_ != &parser || value_target_ != &parser)
      return report(stream_errc::value_in_progress, report_mode::returned, error);
    const bool is_key = value_is_key_;
    return finish_token(parser, out, is_key, run_value(parser, error), error);
  }
  const decode_status s = advance_to_token(report_mode::final, error);
  if (s != decode_status::value) return s;
  const char c = data_[begin_];
  switch (c) {
    case '{':
    case '[': {
      if (enclosing_.size() >= options_.decoding.parse.max_depth)
        return report(parse_errc::depth_limit, report_mode::final, error);
      const bool is_object = c == '{';
      enclosing_.push_back(state_);
      state_ = is_object ? token_state::object_start : token_state::array_start;
      ++levels_.back().length;  // Go counts a container in its parent when it begins
      levels_.push_back({is_object ? peeked_kind::object_begin : peeked_kind::array_begin, 0});
      if (is_object) walk_names_.push();
      consume(1);
      out.kind = is_object ? token_kind::object_begin : token_kind::array_begin;
      out.text.clear();
      return decode_status::value;
    }
    case '}':
    case ']': {
      const bool is_object = c == '}';
      consume(1);
      state_ = enclosing_.back();
      enclosing_.pop_back();
      levels_.pop_back();
      if (is_object) walk_names_.pop();
      after_value();
      out.kind = is_object ? token_kind::object_end : token_kind::array_end;
      out.text.clear();
      return decode_status::value;
    }
    default:
      break;
  }
  // A key or a scalar: the push parser parses it (and validates it) as one value.
  const bool is_key = c == '"' && key_expected();
  start_value(&parser, &parser, is_key);
  parser.start(options_.use_number);
  return finish_token(parser, out, is_key, run_value(parser, error), error);
}

decode_status decoder::finish_token(detail::token_parser& parser, stream::token& out, bool is_key,
                                    decode_status s, stream_error& error) {
  if (s != decode_status::value) return s;
  parser.take(out, is_key);
  return is_key ? record_name(out.text, error) : s;
}

decode_status decoder::record_name(std::string_view name, stream_error& error) {
  if (options_.allow_duplicate_names) {
    walk_names_.assign_only(name);
    return decode_status::value;
  }
  if (walk_names_.insert(name, true)) return decode_status::value;
  // The name is consumed: the error stands at its opening quote.
  std::string path = walk_pointer(false);
  const std::size_t cut = path.rfind('/');
  path.resize(cut);  // the pointer so far names the member before it
  append_json_pointer_token(path, name);
  error = {};
  error.code = stream_errc::duplicate_name;
  error.path = std::move(path);
  error.offset = value_start_;
  error.line = value_line_;
  error.column = value_column_;
  error.value_index = values_decoded_;
  error.inside_value = true;
  return fail(error, options_.skip_bad_records && options_.separation != framing::whitespace);
}

// ---- Go's jsontext vocabulary ------------------------------------------------------------------

bool decoder::token_allowed(char c) const noexcept {
  switch (c) {
    case '}':
      return state_ == token_state::object_start || state_ == token_state::object_comma;
    case ']':
      return state_ == token_state::array_start || state_ == token_state::array_comma;
    case ',':
    case ':':
      return false;
    case '"':
      return key_expected() || value_allowed();
    default:
      return value_allowed();
  }
}

parse_errc decoder::expected_here() const noexcept {
  // What the state wanted instead, as the parser would say it.
  switch (state_) {
    case token_state::array_comma:
      return parse_errc::expected_array_comma;
    case token_state::object_comma:
      return parse_errc::expected_object_comma;
    case token_state::object_colon:
      return parse_errc::expected_colon;
    case token_state::object_start:
      return parse_errc::expected_key;
    case token_state::object_key:
      return parse_errc::expected_key_after_comma;
    default:
      return parse_errc::expected_value;
  }
}

decode_status decoder::advance_to_token(report_mode mode, stream_error& error) {
  for (;;) {
    const decode_status s = skip_insignificant(error);
    if (s == decode_status::end_of_stream && !enclosing_.empty())
      return report(parse_errc::incomplete_input, report_mode::final, error);
    if (s != decode_status::value) return s;
    const char c = data_[begin_];
    if (c == ':' && state_ == token_state::object_colon) {
      consume(1);
      state_ = token_state::object_value;
      continue;
    }
    if (c == ',' && state_ == token_state::array_comma) {
      consume(1);
      state_ = token_state::array_value;
      continue;
    }
    if (c == ',' && state_ == token_state::object_comma) {
      consume(1);
      state_ = token_state::object_key;
      continue;
    }
    if (token_allowed(c)) return decode_status::value;
    return report(expected_here(), mode, error);
  }
}

decode_status decoder::peek_kind(peeked_kind& out, stream_error& error) {
  out = peeked_kind::none;
  if (failed_) {
    error = final_error_;
    return decode_status::error;
  }
  would_block_ = false;
  if (in_value_) return report(stream_errc::value_in_progress, report_mode::returned, error);
  const decode_status s = advance_to_token(report_mode::returned, error);
  if (s != decode_status::value) return s;
  const char c = data_[begin_];
  switch (c) {
    case '{':
    case '}':
    case '[':
    case ']':
    case '"':
    case 'n':
    case 't':
    case 'f':
      out = static_cast<peeked_kind>(c);
      return decode_status::value;
    case '-':
      out = peeked_kind::number;
      return decode_status::value;
    default:
      if (c >= '0' && c <= '9') {
        out = peeked_kind::number;
        return decode_status::value;
      }
      return report(parse_errc::expected_value, report_mode::returned, error);
  }
}

detail::value_parser& decoder::validating_parser() {
  if (options_.allow_duplicate_names) return parser_of<detail::validating_parser<false>>(*this);
  return parser_of<detail::validating_parser<true>>(*this);
}

decode_status decoder::read_value(std::string_view& out, std::string& spill, stream_error& error) {
  return whole_value(&spill, false, &out, error);
}

decode_status decoder::read_value(std::string& out, stream_error& error) {
  return whole_value(&out, true, nullptr, error);
}

decode_status decoder::skip_value(stream_error& error) {
  return whole_value(nullptr, false, nullptr, error);
}

decode_status decoder::whole_value(std::string* capture, bool copy_always, std::string_view* out,
                                   stream_error& error) {
  detail::value_parser& validator = validating_parser();
  auto& names = parser_of<detail::token_parser>(key_scratch_);
  // The value's identity across would_block: the capture string, or the decoder for skips.
  const void* target = capture != nullptr ? static_cast<const void*>(capture) : this;
  if (failed_) {
    error = final_error_;
    return decode_status::error;
  }
  would_block_ = false;
  decode_status s;
  if (in_value_) {
    if (value_target_ != target || (value_parser_ != &validator && value_parser_ != &names))
      return report(stream_errc::value_in_progress, report_mode::returned, error);
    if (value_parser_ == &names) {
      s = finish_token(names, key_scratch_, true, run_value(names, error), error);
    } else {
      s = run_value(validator, error);
    }
  } else {
    bool is_key = false;
    if (state_ == token_state::top_value && options_.separation != framing::whitespace) {
      // A record of NDJSON or json-seq: the framing's rules, then the parser judges the first
      // byte, as in decode(): a stray ',' or ']' makes a bad record (skipped with
      // skip_bad_records), not an error that leaves the decoder where it was, which a loop
      // reading to the end would meet again and again.
      s = position_for_value(error);
      if (s != decode_status::value) return s;
    } else {
      s = advance_to_token(report_mode::returned, error);
      if (s != decode_status::value) return s;
      const char c = data_[begin_];
      // Go: at the end of an object or array, an error that leaves the state as it was.
      if (c == '}' || c == ']')
        return report(parse_errc::expected_value, report_mode::returned, error);
      is_key = c == '"' && key_expected();
      if (!is_key && state_ == token_state::top_value) {
        s = position_for_value(error);  // the framing's rules for a top-level value
        if (s != decode_status::value) return s;
      }
    }
    capture_ = capture;
    capture_from_ = begin_;
    capture_spilled_ = false;
    capture_copy_always_ = copy_always;
    if (capture != nullptr) capture->clear();
    if (is_key) {
      start_value(target, &names, true);
      names.start(false);
      s = finish_token(names, key_scratch_, true, run_value(names, error), error);
    } else {
      start_value(target, &validator, false);
      if (options_.allow_duplicate_names) {
        static_cast<detail::validating_parser<false>&>(validator).start();
      } else {
        static_cast<detail::validating_parser<true>&>(validator).start();
      }
      s = run_value(validator, error);
    }
  }
  if (s == decode_status::value) {
    finish_capture(out);
  } else if (s != decode_status::would_block) {
    capture_ = nullptr;
  }
  return s;
}

void decoder::finish_capture(std::string_view* out) {
  if (capture_ == nullptr) return;
  const char* from = data_ + capture_from_;
  std::size_t size = begin_ - capture_from_;
  std::string_view bytes;
  if (capture_spilled_ || capture_copy_always_) {
    capture_->append(from, size);
    bytes = *capture_;
  } else {
    bytes = {from, size};
  }
  // The parser may have taken the whitespace that ended a number: not part of the value.
  while (!bytes.empty() && (bytes.back() == ' ' || bytes.back() == '\t' || bytes.back() == '\n' ||
                            bytes.back() == '\r'))
    bytes.remove_suffix(1);
  if (capture_spilled_ || capture_copy_always_) capture_->resize(bytes.size());
  if (out != nullptr)
    *out = capture_spilled_ || capture_copy_always_ ? std::string_view(*capture_) : bytes;
  capture_ = nullptr;
}

std::string decoder::walk_pointer(bool value_in_progress) const {
  std::string out;
  std::size_t object_level = 0;
  for (std::size_t i = 1; i < levels_.size(); ++i) {
    const stack_level& l = levels_[i];
    if (l.kind == peeked_kind::object_begin) {
      std::string_view name;
      if (l.length != 0 && walk_names_.last_name(object_level, name))
        append_json_pointer_token(out, name);
      ++object_level;
    } else {
      // The element being read is the next one; the one read last, the one before it.
      const bool next = value_in_progress && i + 1 == levels_.size();
      if (next) {
        append_json_pointer_index(out, static_cast<std::size_t>(l.length));
      } else if (l.length != 0) {
        append_json_pointer_index(out, static_cast<std::size_t>(l.length - 1));
      }
    }
  }
  return out;
}

std::string decoder::stack_pointer() const {
  return walk_pointer(false);
}

}  // namespace jsonx::stream
