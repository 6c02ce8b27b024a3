// The cold and shared parts of the typed decoder: starting, frames that end with wrappers,
// raw captures, snapshots of the value so far, and the making of errors (paths, what was
// expected, what was found).
#include "jsonx/bind/decode_handler.hpp"

#include <charconv>
#include <string>

#include "jsonx/bind/detail/decode_base.hpp"
#include "jsonx/bind/detail/decode_containers.hpp"
#include "jsonx/bind/detail/decode_struct.hpp"

namespace jsonx {

void decode_handler::start_erased(detail::value_target root, const decode_options& options) {
  keep_snapshot();
  abandon_frames();
  seen_words_.clear();
  options_ = options;
  root_ = root;
  next_ = root;
  readable_begin_ = 0;
  readable_end_ = 0;
  abandoned_ = false;
  clear_error();
  skipped_key_.clear();
  short_key_size_ = 0;
  key_is_short_ = true;
  skip_next_ = skip_answer::read;
}

namespace detail {
namespace {

// The next target while a row of numbers is filled by the handler: any event other than a
// number with a fraction (on_double takes those) gives the row its frame, then goes to it.
struct row_events {
  static bool on_null(decode_handler& h, void*) {
    h.leave_fast_row();
    return h.on_null();
  }
  static bool on_bool(decode_handler& h, void*, bool v) {
    h.leave_fast_row();
    return h.on_bool(v);
  }
  static bool on_int64(decode_handler& h, void*, std::int64_t v, std::string_view text) {
    h.leave_fast_row();
    return h.on_int64(v, text);
  }
  static bool on_uint64(decode_handler& h, void*, std::uint64_t v, std::string_view text) {
    h.leave_fast_row();
    return h.on_uint64(v, text);
  }
  static bool on_double(decode_handler& h, void*, double v, std::string_view text) {
    h.leave_fast_row();  // a number past the row's size
    return h.on_double(v, text);
  }
  static bool on_number_text(decode_handler& h, void*, std::string_view text) {
    h.leave_fast_row();
    return h.on_number_text(text);
  }
  static bool on_string(decode_handler& h, void*, std::string_view v) {
    h.leave_fast_row();
    return h.on_string(v);
  }
  static bool on_object_begin(decode_handler& h, void*) {
    h.leave_fast_row();
    return h.on_object_begin();
  }
  static bool on_array_begin(decode_handler& h, void*) {
    h.leave_fast_row();
    return h.on_array_begin();
  }
  // (A snapshot gives the row its frame before any cut value comes.)
  static bool prepare_cut_value(decode_handler&, void*, json_kind) { return false; }
};

constexpr value_ops row_events_table{&row_events::on_null,        &row_events::on_bool,
                                     &row_events::on_int64,       &row_events::on_uint64,
                                     &row_events::on_double,      &row_events::on_number_text,
                                     &row_events::on_string,      &row_events::on_object_begin,
                                     &row_events::on_array_begin, &row_events::prepare_cut_value};

}  // namespace
}  // namespace detail

const detail::value_ops decode_handler::row_events_ops = detail::row_events_table;

void decode_handler::push_row_frame() {
  push_frame(row_frame_, row_object_).index = static_cast<std::size_t>(row_next_ - row_);
  row_ = row_next_ = row_end_ = nullptr;
}

void decode_handler::append_row_path(std::string& out) const {
  if (row_ == nullptr) return;
  const detail::frame row{row_frame_, row_object_, nullptr,
                          static_cast<std::size_t>(row_next_ - row_), detail::not_tracking};
  row_frame_->append_path(*this, row, out);
}

void decode_handler::abandon_frames() noexcept {
  row_ = row_next_ = row_end_ = nullptr;
  for (detail::frame& f : frames_)
    if (f.ops->discard != nullptr) f.ops->discard(f);
  frames_.clear();
}

void decode_handler::abandon_after_failure() noexcept {
  if (abandoned_) return;
  abandoned_ = true;
  keep_snapshot();  // (only an exception inside a snapshot leaves one here)
  // (A row of numbers cut by the failure needs nothing: its numbers so far are in place, as
  // with its frame; it stays, for the error's path.)
  for (std::size_t i = frames_.size(); i-- > 0;)
    if (frames_[i].ops->on_failure != nullptr) frames_[i].ops->on_failure(frames_[i]);
  // A raw_json capture cut by the failure: its writer still refers to the target's string.
  // Let it go now, while the target lives (the writer's destructor commits into that string;
  // later, from ~typed_decoder, the target may be gone).
  raw_writer_.reset();
}

bool decode_handler::skip_rest_of_object() {
  if (!end_container()) return false;
  push_frame(&detail::rest_of_object_frame, nullptr);
  next_ = detail::skip_target;  // this key's value
  skip_next_ = skip_answer::value_and_rest;
  return true;
}

// The innermost frame was a container standing for a custom type's value: convert it (and
// the next wrapper out, if that container was itself one).
bool decode_handler::end_wrappers() {
  while (!frames_.empty() && frames_.back().ops->is_wrapper) {
    detail::frame& wrapper = frames_.back();
    if (!wrapper.ops->on_end(*this, wrapper)) return false;
    frames_.pop();
  }
  return resume_after_end();
}

writer& decode_handler::start_raw_capture(std::string& target) {
  target.clear();
  if (!raw_writer_) {
    // The parser validated the strings: no need to check their UTF-8 again.
    write_options options;
    options.invalid_utf8 = invalid_utf8_policy::assume_valid;
    raw_writer_.emplace(target, options);
  } else {
    raw_writer_->reset(target);
  }
  return *raw_writer_;
}

// ---- snapshots ------------------------------------------------------------------------
//
// A snapshot closes the value in place: the target already holds every member and element
// completed so far, and the containers still open are values of their own type, so all a
// snapshot has to do is send the cut value (if the mode keeps it and the target takes it),
// drop the innermost key that has no value, and let each open container hide what the
// parse would still change (a reused vector's elements from before). Each change that the
// parse must not see is recorded, and undone, last first, before the next event.

void decode_handler::deliver_cut_value(const detail::cut_value& v) {
  using kind = detail::cut_value::kind;
  static constexpr json_kind kinds[] = {json_kind::null,   json_kind::boolean, json_kind::number,
                                        json_kind::number, json_kind::number,  json_kind::number,
                                        json_kind::string};
  const std::size_t mark = changes_count_;
  bool kept =
      next_.ops->prepare_cut_value(*this, next_.object, kinds[static_cast<std::size_t>(v.what)]);
  if (kept) {
    switch (v.what) {
      case kind::null:
        kept = next_.ops->on_null(*this, next_.object);
        break;
      case kind::boolean:
        kept = next_.ops->on_bool(*this, next_.object, v.boolean);
        break;
      case kind::int64:
        kept = next_.ops->on_int64(*this, next_.object, v.i, v.text);
        break;
      case kind::uint64:
        kept = next_.ops->on_uint64(*this, next_.object, v.u, v.text);
        break;
      case kind::float64:
        kept = next_.ops->on_double(*this, next_.object, v.d, v.text);
        break;
      case kind::number_text:
        kept = next_.ops->on_number_text(*this, next_.object, v.text);
        break;
      case kind::string:
        kept = next_.ops->on_string(*this, next_.object, v.text);
        break;
    }
    if (!kept) {
      // The target refuses the value as it is so far (an enumerator's name cut short, a
      // number out of range that more digits may bring back): not an error of the input,
      // which is incomplete. The value is left out, and the target as it was.
      clear_error();
      undo_changes_to(mark);
    }
  }
  cut_value_dropped_ = !kept;
}

void decode_handler::close_for_snapshot(std::size_t ends, bool key_dropped) {
  std::size_t containers = 0;
  for (const detail::frame& f : frames_) containers += f.ops->is_wrapper ? 0 : 1;
  // With more ends than frames, the parser's innermost containers belong to a value it skips
  // (no event reached the handler): the key dropped is one of theirs.
  const bool innermost_is_ours = ends == containers;
  if (!frames_.empty() && ((key_dropped && innermost_is_ours) || cut_value_dropped_)) {
    detail::frame& f = frames_.back();
    if (f.ops->on_snapshot_drop_key != nullptr) f.ops->on_snapshot_drop_key(*this, f);
  }
  for (std::size_t i = frames_.size(); i-- > 0;)
    if (frames_[i].ops->on_snapshot != nullptr) frames_[i].ops->on_snapshot(*this, frames_[i]);
}

void decode_handler::undo_changes_to(std::size_t count) {
  while (changes_count_ > count) {
    detail::snapshot_change& c = changes_[--changes_count_];
    c.undo(*this, c);
  }
}

void decode_handler::take_back_snapshot() {
  if (!snapshot_taken_) return;
  snapshot_taken_ = false;
  undo_changes_to(0);
}

void decode_handler::keep_snapshot() noexcept {
  while (changes_count_ > 0) {
    detail::snapshot_change& c = changes_[--changes_count_];
    if (c.keep != nullptr) c.keep(*this, c);
  }
  snapshot_taken_ = false;
}

void decode_handler::clear_error() noexcept {
  error_code_ = {};
  error_path_.clear();
  error_expected_.clear();
  error_found_.clear();
  error_expected_type_ = {};
  error_found_kind_ = json_kind::none;
}

void decode_handler::release_raw_writer() noexcept {
  raw_writer_.reset();
}

// ---- errors -----------------------------------------------------------------------------

namespace {

// A string as an error message shows it: quoted, escaped, at most ~40 bytes (cut at a UTF-8
// boundary).
void append_quoted_excerpt(std::string& out, std::string_view text) {
  constexpr std::size_t max_bytes = 40;
  std::size_t size = text.size();
  bool cut = false;
  if (size > max_bytes) {
    size = max_bytes;
    while (size > 0 && (static_cast<unsigned char>(text[size]) & 0xC0) == 0x80) --size;
    cut = true;
  }
  out += '"';
  for (char c : text.substr(0, size)) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20) {
      static const char hex[] = "0123456789abcdef";
      out += "\\u00";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else {
      out += c;
    }
  }
  out += cut ? "\"..." : "\"";
}

void append_found(std::string& out, const detail::found_value& found) {
  using kind = detail::found_value::kind;
  switch (found.what) {
    case kind::null:
      out += "null";
      break;
    case kind::boolean:
    case kind::description:
      out.append(found.text);
      break;
    case kind::number:
      if (found.text.empty()) {
        out += "a number";
      } else if (found.text.size() > 40) {
        out.append(found.text.substr(0, 40));
        out += "...";
      } else {
        out.append(found.text);
      }
      break;
    case kind::string:
      out += "the string ";
      append_quoted_excerpt(out, found.text);
      break;
    case kind::object:
      out += "an object";
      break;
    case kind::array:
      out += "an array";
      break;
  }
}

}  // namespace

bool decode_handler::fail(bind_errc code, error_at where, detail::type_name_function type,
                          detail::describe_function expected, detail::found_value found,
                          std::string_view key) {
  std::string expected_text;
  expected(expected_text);
  record_error(code, where, type, std::move(expected_text), found, key);
  return false;
}

bool decode_handler::fail(bind_errc code, error_at where, detail::type_name_function type,
                          std::string_view expected, detail::found_value found,
                          std::string_view key) {
  record_error(code, where, type, std::string(expected), found, key);
  return false;
}

void decode_handler::record_error(bind_errc code, error_at where, detail::type_name_function type,
                                  std::string expected, detail::found_value found,
                                  std::string_view key) {
  error_code_ = make_error_code(code);
  error_expected_ = std::move(expected);
  error_expected_type_ = type();
  error_found_kind_ = found.json;
  error_found_.clear();
  append_found(error_found_, found);
  error_path_.clear();
  const std::size_t levels =
      where == error_at::child || frames_.empty() ? frames_.size() : frames_.size() - 1;
  for (std::size_t i = 0; i < levels; ++i) {
    const detail::frame& f = frames_[i];
    if (f.ops->append_path != nullptr && !f.ops->append_path(*this, f, error_path_)) break;
  }
  if (where == error_at::key) append_json_pointer_token(error_path_, key);
}

std::string decode_handler::current_path() const {
  std::string path;
  for (const detail::frame& f : frames_) {
    if (f.ops->append_path != nullptr && !f.ops->append_path(*this, f, path)) return path;
  }
  append_row_path(path);  // a parse error inside a row of numbers
  return path;
}

decode_error decode_handler::make_error(const parse_error& parse) const {
  decode_error error;
  // Offset, line, column and excerpt: where the parser was when the decode failed.
  static_cast<error_location&>(error) = parse;
  if (error_code_) {
    error.code = error_code_;
    error.path = error_path_;
    error.expected = error_expected_;
    error.found = error_found_;
    error.expected_type = error_expected_type_;
    error.found_kind = error_found_kind_;
  } else if (parse.code) {
    error.code = parse.code;
    error.path = current_path();
  }
  return error;
}

namespace detail {

void append_unsigned(std::string& out, std::uint64_t value) {
  char digits[24];
  auto result = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, result.ptr);
}

void append_integer(std::string& out, std::int64_t value) {
  char digits[24];
  auto result = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, result.ptr);
}

long long decimal_magnitude(std::string_view text) {
  constexpr long long saturated = 1'000'000'000;  // far beyond any exponent range
  std::size_t i = text.starts_with('-') ? 1 : 0;
  long long magnitude = 0;
  bool significant = false;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    significant = significant || text[i] != '0';
    if (significant && magnitude < saturated) ++magnitude;
  }
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      if (significant) continue;
      if (text[i] != '0') {
        significant = true;
      } else if (magnitude > -saturated) {
        --magnitude;  // each zero right after the point lowers the first significant digit
      }
    }
  }
  if (!significant) return -2 * saturated;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    long long exponent = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
      if (exponent < saturated) exponent = exponent * 10 + (text[i] - '0');
    magnitude += negative ? -exponent : exponent;
  }
  return magnitude;
}

bool fail_too_many_elements(decode_handler& h, type_name_function type, json_kind container,
                            std::size_t limit) {
  std::string expected = "at most ";
  append_unsigned(expected, limit);
  expected += " elements (decode_options::max_elements)";
  return h.fail(bind_errc::too_many_elements, decode_handler::error_at::container, type, expected,
                found_description("more", container));
}

void describe_array_of(std::string& out, std::size_t size) {
  out += "an array of ";
  append_unsigned(out, size);
  out += size == 1 ? " element" : " elements";
}

bool fail_array_size(decode_handler& h, type_name_function type, std::size_t expected_size,
                     std::size_t found_size, bool more) {
  std::string expected;
  describe_array_of(expected, expected_size);
  std::string found = more ? "an array of more than " : "an array of ";
  append_unsigned(found, more ? expected_size : found_size);
  found += (more ? expected_size : found_size) == 1 ? " element" : " elements";
  return h.fail(bind_errc::wrong_array_size, decode_handler::error_at::container, type, expected,
                found_description(found, json_kind::array));
}

bool fail_unknown_field(decode_handler& h, type_name_function type, std::string_view key,
                        const field_entry* fields, std::size_t count) {
  std::string expected = count == 0 ? "no field at all" : "one of the fields ";
  for (std::size_t i = 0; i < count; ++i) {
    if (i != 0) expected += ", ";
    if (i == 12) {
      expected += "...";
      break;
    }
    expected += '"';
    expected.append(fields[i].name, fields[i].length);
    expected += '"';
  }
  std::string found = "the key ";
  append_quoted_excerpt(found, key);
  return h.fail(bind_errc::unknown_field, decode_handler::error_at::key, type, expected,
                found_description(found, json_kind::string), key);
}

bool fail_missing_field(decode_handler& h, type_name_function type, const field_entry& missing) {
  std::string expected = "the field \"";
  expected.append(missing.name, missing.length);
  expected += '"';
  return h.fail(bind_errc::missing_field, decode_handler::error_at::container, type, expected,
                found_description("an object without it", json_kind::object));
}

}  // namespace detail
}  // namespace jsonx
