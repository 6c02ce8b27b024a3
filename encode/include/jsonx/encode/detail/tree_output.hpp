// tree_output: the writer's output primitives, for serializers of trees that know their own
// structure (dom::write walks a document). Events make the writer track where it is (a
// position per event, a separator table, a stack of enclosing containers), because events
// may come in any order; a tree walk knows where commas, colons and brackets go, so it
// prints them itself and keeps only the writer's buffer, escaping and number formatting.
// Compact layout only: pretty output goes through events (usable() says which).
//
//   detail::tree_output out(w);
//   if (out.usable()) { if (!out.begin_value()) return false; ...; return out.end_value(); }
//
// Not for users: the walk must produce valid JSON (balanced brackets, keys where keys go).
#pragma once

#include <bit>
#include <cmath>
#include <cstring>
#include <string_view>

// writer.hpp includes this file at its end, after the writer and its inline events (included
// first, this pulls them in the same way).
#include "jsonx/encode/writer.hpp"

namespace jsonx::detail {

class tree_output {
 public:
  explicit tree_output(writer& w) noexcept : w_(w) {}

  /// Compact layout, no error, not inside a string written in parts.
  bool usable() const noexcept {
    return !w_.pretty_ && !w_.error_ && w_.position_ != writer::position::in_string_parts &&
           w_.position_ != writer::position::in_key_parts;
  }
  /// Where the writer expects a value: writes its separator (false, with the writer's error
  /// set, if a value is misplaced here).
  bool begin_value() { return w_.begin_value(); }
  /// After a whole value: the writer's state moves on as after any value event.
  bool end_value() { return w_.after_value(); }

  // ---- inside a value: no separators are written but those asked for ----

  // A walk that keeps the write cursor in a local variable: a store through a char* may alias
  // anything, so a cursor kept in the writer is reloaded after every byte written. The walk
  // takes cursor() and limit(), writes below limit() on its own, and hands the cursor back
  // (set_cursor, or refill) before any other call on this object.

  /// Room every step may ask of refill(), and the longest number text copied inline.
  static constexpr std::size_t step_room = writer::scalar_room;
  static constexpr std::size_t short_number_text = writer::short_number_text;

  char* cursor() const noexcept { return w_.pos_; }
  char* limit() const noexcept { return w_.end_; }
  void set_cursor(char* p) noexcept { w_.pos_ = p; }
  /// Hands back the cursor `p` and gets room for `n` <= output_sink::max_min_free bytes: the
  /// new cursor (limit() has moved too), or nullptr with the writer's error set.
  char* refill(char* p, std::size_t n) {
    w_.pos_ = p;
    return w_.ensure(n) ? w_.pos_ : nullptr;
  }
  /// True if the options escape nothing beyond what JSON requires (", \ and control bytes):
  /// strings known to hold none of those may then be copied without looking at them.
  bool escapes_only_json_specials() const noexcept {
    return !w_.escape_html_ && !w_.options_.ascii_only && !w_.options_.escape_line_separators;
  }
  const write_options& options() const noexcept { return w_.options_; }
  /// What copy_short_if_plain() must look for under these options.
  bool escape_html() const noexcept { return w_.escape_html_; }
  bool inspect_non_ascii() const noexcept { return w_.inspect_non_ascii_; }
  /// Writes `size` bytes verbatim at the cursor (any length; refills as needed).
  bool bytes(const char* data, std::size_t size) { return w_.write_bytes(data, size); }
  /// A string through the writer's escape loop, at the cursor.
  bool escaped_string(std::string_view text, bool is_key) {
    if (!w_.ensure(writer::scalar_room)) return false;
    return w_.write_string_outlined(text, is_key);
  }
  bool fail_non_finite() { return w_.fail(make_error_code(write_errc::non_finite_number)); }
  /// Writes one value at the cursor through the writer's events (`write_events()`: a value
  /// the walk does not print itself), with no separator before it, and leaves the writer's
  /// state as the walk had it. The cursor moves on past the value.
  template <class WriteEvents>
  bool value_as_events(WriteEvents write_events) {
    const writer::position position = w_.position_;
    const writer::position after_value = w_.after_value_position_;
    // As after a key: no separator before the value; after it, an inner position (no
    // top-level bookkeeping), then the walk's own state back.
    w_.position_ = writer::position::object_value;
    w_.after_value_position_ = writer::position::object_next;
    if (!write_events(w_)) return false;
    w_.position_ = position;
    w_.after_value_position_ = after_value;
    return true;
  }

  /// Room for `n` <= output_sink::max_min_free bytes at pos().
  bool room(std::size_t n) { return w_.ensure(n); }
  char*& pos() noexcept { return w_.pos_; }

  bool put(char c) {
    if (!w_.ensure(1)) return false;
    *w_.pos_++ = c;
    return true;
  }
  bool null_value() {
    if (!w_.ensure(4)) return false;
    std::memcpy(w_.pos_, "null", 4);
    w_.pos_ += 4;
    return true;
  }
  bool bool_value(bool value) {
    if (!w_.ensure(5)) return false;
    std::memcpy(w_.pos_, value ? "true " : "false", 5);
    w_.pos_ += value ? 4 : 5;
    return true;
  }
  bool int64_value(std::int64_t value) {
    if (!w_.ensure(writer::scalar_room)) return false;
    w_.pos_ = format_int64(value, w_.pos_);
    return true;
  }
  bool uint64_value(std::uint64_t value) {
    if (!w_.ensure(writer::scalar_room)) return false;
    w_.pos_ = format_uint64(value, w_.pos_);
    return true;
  }
  bool double_value(double value) {
    if (!std::isfinite(value)) [[unlikely]] {
      if (w_.options_.non_finite == non_finite_policy::write_null) return null_value();
      return w_.fail(make_error_code(write_errc::non_finite_number));
    }
    if (!w_.ensure(writer::scalar_room)) return false;
    w_.pos_ = format_double(value, w_.pos_);
    return true;
  }
  /// A JSON number's text, verbatim.
  bool number_text(std::string_view text) {
    if (text.size() <= writer::short_number_text && w_.ensure(writer::scalar_room)) {
      copy_short(w_.pos_, text.data(), text.size());
      w_.pos_ += text.size();
      return true;
    }
    return !w_.error_ && w_.write_bytes(text.data(), text.size());
  }
  /// A short plain string (at most 32 bytes, nothing to escape under these options) written
  /// at `p` with its quotes (a key followed by ':'), as on_string() does inline: the cursor
  /// after it, or nullptr with nothing written that counts (the caller then escapes it). `p`
  /// must have step_room bytes of room.
  char* plain_short_string(char* p, std::string_view text, bool is_key) const {
    if (text.size() > 32) return nullptr;
    p[0] = '"';
    if (!copy_short_if_plain(text.data(), text.size(), p + 1, w_.escape_html_,
                             w_.inspect_non_ascii_))
      return nullptr;
    p += 1 + text.size();
    std::memcpy(p, "\":", 2);
    return p + (is_key ? 2 : 1);
  }
  /// A string value, quoted and escaped; with `is_key`, followed by ':'.
  bool string_value(std::string_view text, bool is_key) {
    if (!w_.ensure(writer::scalar_room)) return false;
    if (char* after = plain_short_string(w_.pos_, text, is_key)) {
      w_.pos_ = after;
      return true;
    }
    return w_.write_string_outlined(text, is_key);
  }

 private:
  writer& w_;
};

}  // namespace jsonx::detail
