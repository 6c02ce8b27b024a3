// encoder: one writer over the sink, rebuilt when the layout changes; a stack of the containers
// that write_token() opened, checked before anything is written.
#include "jsonx/stream/encoder.hpp"

#include <cmath>
#include <stdexcept>

#include "jsonx/dom/serialize.hpp"
#include "jsonx/encode/canonical.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "jsonx/stream/stream_error.hpp"
#include "token_checks.hpp"

namespace jsonx::stream {

namespace {

void check_indent_characters(const std::optional<std::string>& text, const char* what) {
  if (text && text->find_first_not_of(" \t") != std::string::npos) {
    throw std::invalid_argument(std::string("jsonx::stream::encoder_options: ") + what +
                                " may hold only spaces and tabs");
  }
}

// What write_value() learns from its check of the raw text: the first event (a string at the
// top of the value may be a key) and the string itself.
struct raw_value_checker {
  bool started = false;
  bool is_string = false;
  std::string text;

  bool first(bool string) {
    if (!started) is_string = string;
    started = true;
    return true;
  }
  bool on_null() { return first(false); }
  bool on_bool(bool) { return first(false); }
  bool on_int64(std::int64_t, std::string_view) { return first(false); }
  bool on_uint64(std::uint64_t, std::string_view) { return first(false); }
  bool on_double(double, std::string_view) { return first(false); }
  bool on_number_text(std::string_view) { return first(false); }
  bool on_string(std::string_view value) {
    if (!started) text.assign(value);
    return first(true);
  }
  bool on_key(std::string_view) { return true; }
  bool on_object_begin() { return first(false); }
  bool on_object_end(std::size_t) { return true; }
  bool on_array_begin() { return first(false); }
  bool on_array_end(std::size_t) { return true; }
};

}  // namespace

write_options encoder_options::apply_to(write_options base) const {
  check_indent_characters(indent, "indent");
  check_indent_characters(indent_prefix, "indent_prefix");
  if (is_multiline()) {
    base.multiline = true;
    base.indent = indent.value_or("\t");
    base.prefix = indent_prefix.value_or("");
  } else {
    base.multiline = false;
    base.indent.clear();
    base.prefix.clear();
  }
  base.space_after_colon = space_after_colon.value_or(is_multiline());
  base.space_after_comma = space_after_comma;
  base.escape_html = escape_for_html;
  base.escape_line_separators = escape_for_js;
  return base;
}

encoder::encoder(output_sink& sink, const write_options& options)
    : sink_(&sink), base_options_(options), options_(options) {
  start_writer();
}

encoder::encoder(std::string& out, const write_options& options)
    : base_options_(options), options_(options) {
  own_sink_.emplace(out);
  sink_ = &*own_sink_;
  start_writer();
}

// The writer's destructor hands its bytes to the sink (without delivering them: a buffered
// sink writes them out when it is destroyed, a string gets its exact size).
encoder::~encoder() = default;

void encoder::start_writer() {
  if (writer_) {
    writer_->flush();
    offset_before_writer_ += writer_->bytes_written();
  }
  canonical_ = next_canonical_;
  write_options layout = options_;
  if (canonical_) {
    // The canonical text is complete JSON, written as it is: no layout, no escaping of its own.
    layout = write_options{};
    layout.kernel = options_.kernel;
    // The value in progress, compact (its layout would be parsed away), checked as configured.
    write_options buffered = options_;
    buffered.set_indent("", "");
    buffered.multiline = false;
    buffered.space_after_colon.reset();
    buffered.space_after_comma = false;
    canonical_writer_.emplace(canonical_text_, buffered);
  } else {
    canonical_writer_.reset();
  }
  layout.newline_after_value = true;  // Go's Encoder: a newline after each value
  writer_.emplace(*sink_, layout);
  restart_pending_ = false;
}

// A new writer only between top-level values: one inside a value would lose its place.
void encoder::options_changed() {
  if (stack_.empty()) {
    start_writer();
  } else {
    restart_pending_ = true;
  }
}

void encoder::set_indent(std::string_view prefix, std::string_view indent) {
  if (options_.prefix == prefix && options_.indent == indent) return;
  options_.set_indent(prefix, indent);
  options_changed();
}

void encoder::set_escape_html(bool on) {
  if (options_.escape_html == on) return;
  options_.escape_html = on;
  options_changed();
}

void encoder::set_options(const encoder_options& options) {
  options_ = options.apply_to(base_options_);
  next_canonical_ = options.canonical;
  options_changed();
}

bool encoder::fail(std::error_code ec) {
  if (!error_) error_ = ec;
  return false;
}

bool encoder::ready(std::error_code& ec) {
  if (error_) {
    ec = error_;
    return false;
  }
  ec = {};
  return true;
}

writer* encoder::begin_value(std::error_code& ec) {
  if (!ready(ec)) return nullptr;
  if (expecting_key()) {
    // Refused before anything is written: not sticky.
    ec = make_error_code(write_errc::expected_key);
    return nullptr;
  }
  writer& w = target();
  depth_before_ = w.depth();
  values_before_ = w.values_written();
  return &w;
}

bool encoder::end_value(std::error_code& ec) {
  writer& w = target();
  if (w.failed()) {
    ec = w.error();
    return fail(ec);
  }
  if (w.depth() != depth_before_ || (stack_.empty() && w.values_written() != values_before_ + 1)) {
    // Not exactly one complete value: the output no longer frames values.
    ec = make_error_code(stream_errc::write_failed);
    return fail(ec);
  }
  return value_done(ec);
}

bool encoder::value_done(std::error_code& ec) {
  if (!stack_.empty()) {
    ++stack_.back().length;
    return true;
  }
  return finish_top_level_value(ec);
}

bool encoder::finish_top_level_value(std::error_code& ec) {
  if (canonical_) {
    canonical_writer_->flush();
    canonical_output_.clear();
    parse_error canonical_error;
    const bool ok = canonicalize(canonical_text_, canonical_output_, canonical_error);
    canonical_text_.clear();
    canonical_writer_->reset(canonical_text_);
    if (!ok) {
      ec = canonical_error.code;
      return fail(ec);
    }
    if (!writer_->write_raw_value(canonical_output_)) {
      ec = writer_->error();
      return fail(ec);
    }
  }
  ++values_written_;
  if (restart_pending_) start_writer();
  if (flush_each_value_ && !writer_->flush()) {
    ec = writer_->error();
    return fail(ec);
  }
  return true;
}

// ---- tokens -------------------------------------------------------------------------------

// Everything that could make the writer refuse `t` half way, checked first.
bool encoder::check_token(const token& t, std::error_code& ec) const {
  const auto refuse = [&](write_errc e) {
    ec = make_error_code(e);
    return false;
  };
  const bool key_expected = expecting_key();
  switch (t.kind) {
    case token_kind::object_end:
    case token_kind::array_end: {
      const bool is_object = t.kind == token_kind::object_end;
      if (stack_.empty() || stack_.back().is_object != is_object) {
        return refuse(write_errc::unbalanced_end);
      }
      if (is_object && !key_expected) return refuse(write_errc::missing_value);
      return true;
    }
    case token_kind::key:
      if (!key_expected) return refuse(write_errc::expected_value);
      break;
    case token_kind::string:
      break;  // a value, or the key where one is expected
    case token_kind::object_begin:
    case token_kind::array_begin:
    case token_kind::boolean:
    case token_kind::null:
    case token_kind::int64:
    case token_kind::uint64:
    case token_kind::double_:
    case token_kind::number_text:
      if (key_expected) return refuse(write_errc::expected_key);
      break;
    default:
      ec = make_error_code(std::errc::invalid_argument);  // not a token_kind
      return false;
  }
  // The policies of the writer that will write the token (options_ may already be the next
  // value's).
  const write_options& policies = canonical_ ? canonical_writer_->options() : writer_->options();
  switch (t.kind) {
    case token_kind::key:
    case token_kind::string:
      if (policies.invalid_utf8 == invalid_utf8_policy::error && !detail::is_valid_utf8(t.text)) {
        return refuse(write_errc::invalid_utf8);
      }
      return true;
    case token_kind::number_text:
      if (!detail::is_json_number(t.text)) return refuse(write_errc::invalid_number);
      return true;
    case token_kind::int64:
    case token_kind::uint64:
    case token_kind::double_:
      if (!t.text.empty()) {
        if (!detail::is_json_number(t.text)) return refuse(write_errc::invalid_number);
      } else if (t.kind == token_kind::double_ && !std::isfinite(t.number) &&
                 policies.non_finite == non_finite_policy::error) {
        return refuse(write_errc::non_finite_number);
      }
      return true;
    default:
      return true;
  }
}

bool encoder::write_checked_token(writer& w, const token& t) {
  switch (t.kind) {
    case token_kind::object_begin:
      return w.on_object_begin();
    case token_kind::object_end:
      return w.on_object_end();
    case token_kind::array_begin:
      return w.on_array_begin();
    case token_kind::array_end:
      return w.on_array_end();
    case token_kind::key:
      return w.on_key(t.text);
    case token_kind::string:
      return expecting_key() ? w.on_key(t.text) : w.on_string(t.text);
    case token_kind::int64:
      return w.on_int64(t.int64, t.text);
    case token_kind::uint64:
      return w.on_uint64(t.uint64, t.text);
    case token_kind::double_:
      return w.on_double(t.number, t.text);
    case token_kind::number_text:
      return w.on_number_text(t.text);
    case token_kind::boolean:
      return w.on_bool(t.boolean);
    case token_kind::null:
      return w.on_null();
  }
  return false;
}

bool encoder::write_token(const token& t, std::error_code& ec) {
  if (!ready(ec) || !check_token(t, ec)) return false;
  writer& w = target();
  const bool is_key =
      t.kind == token_kind::key || (t.kind == token_kind::string && expecting_key());
  if (!write_checked_token(w, t)) {
    ec = w.failed() ? w.error() : make_error_code(stream_errc::write_failed);
    return fail(ec);
  }
  switch (t.kind) {
    case token_kind::object_begin:
    case token_kind::array_begin:
      if (!stack_.empty()) ++stack_.back().length;
      stack_.push_back(level{t.kind == token_kind::object_begin, 0, {}});
      return true;
    case token_kind::object_end:
    case token_kind::array_end:
      stack_.pop_back();
      return stack_.empty() ? finish_top_level_value(ec) : true;
    default:
      if (is_key) {
        ++stack_.back().length;
        stack_.back().last_name = t.text;
        return true;
      }
      return value_done(ec);
  }
}

void encoder::write_token(const token& t) {
  std::error_code ec;
  if (!write_token(t, ec)) throw write_exception(ec);
}

// ---- raw values ---------------------------------------------------------------------------

bool encoder::write_value(std::string_view json, parse_error& error) {
  error = parse_error{};
  if (!ready(error.code)) return false;
  // First the whole check (nothing written if the text is not JSON), then the writing.
  raw_value_checker checker;
  parse_options parsing;
  parsing.max_depth = max_depth_;
  if (!parse(json, checker, error, parsing)) return false;
  if (expecting_key()) {
    if (!checker.is_string) {
      error.code = make_error_code(write_errc::expected_key);
      return false;
    }
    token key;
    key.kind = token_kind::key;
    key.text = std::move(checker.text);
    return write_token(key, error.code);
  }
  writer* w = begin_value(error.code);
  if (!w) return false;
  parse_error ignored;
  parse(json, *w, ignored, parsing);  // valid: only the sink can fail, which the writer says
  return end_value(error.code);
}

bool encoder::write_value(std::string_view json, std::error_code& ec) {
  parse_error error;
  const bool ok = write_value(json, error);
  ec = error.code;
  return ok;
}

void encoder::write_value(std::string_view json) {
  parse_error error;
  if (write_value(json, error)) return;
  if (error.code.category() == jsonx::parse_category()) throw parse_exception(std::move(error));
  throw write_exception(error.code);
}

// ---- where the encoder stands ---------------------------------------------------------------

std::uint64_t encoder::output_offset() const noexcept {
  return offset_before_writer_ + writer_->bytes_written();
}

std::pair<char, std::uint64_t> encoder::stack_index(std::size_t i) const noexcept {
  if (i == 0) return {'\0', values_written_};
  if (i > stack_.size()) return {'\0', 0};
  const level& l = stack_[i - 1];
  return {l.is_object ? '{' : '[', l.length};
}

std::string encoder::stack_pointer() const {
  std::string pointer;
  for (const level& l : stack_) {
    if (l.length == 0) break;  // nothing written in it yet
    pointer += '/';
    if (l.is_object) {
      for (const char c : l.last_name) {
        if (c == '~') {
          pointer += "~0";
        } else if (c == '/') {
          pointer += "~1";
        } else {
          pointer += c;
        }
      }
    } else {
      pointer += std::to_string(l.length - 1);
    }
  }
  return pointer;
}

bool encoder::encode(const dom::document& doc, std::error_code& ec) {
  writer* w = begin_value(ec);
  if (!w) return false;
  dom::write(doc, *w);
  return end_value(ec);
}

bool encoder::encode(const dom::element& e, std::error_code& ec) {
  writer* w = begin_value(ec);
  if (!w) return false;
  dom::write(e, *w);
  return end_value(ec);
}

bool encoder::encode(const dom::value& v, std::error_code& ec) {
  writer* w = begin_value(ec);
  if (!w) return false;
  dom::write(v, *w);
  return end_value(ec);
}

bool encoder::flush(std::error_code& ec) {
  if (!ready(ec)) return false;
  if (writer_->flush()) return true;
  ec = writer_->error();
  return fail(ec);
}

void encoder::flush() {
  std::error_code ec;
  if (!flush(ec)) throw std::system_error(ec);
}

}  // namespace jsonx::stream
