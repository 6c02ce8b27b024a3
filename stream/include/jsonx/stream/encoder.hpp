// encoder: a sequence of JSON values written to a sink, each followed by a newline (Go's
// json.Encoder), through jsonx::writer.
//
//   jsonx::fd_sink out(1);                         // or file_sink, ostream_sink, iostreams_sink
//   jsonx::stream::encoder encoder(out);
//   encoder.set_indent("", "  ");                  // Go's SetIndent; compact by default
//   encoder.encode(doc);                           // a dom::document, element or value
//   encoder.encode(my_struct);                     // a typed value (jsonx/bind)
//   encoder.encode_events([](jsonx::writer& w) {   // or events, written by hand
//     return w.on_array_begin() && w.on_int64(1) && w.on_array_end();
//   });
//
// Token by token, as Go's jsontext.Encoder (WriteToken, WriteValue), mixed freely with encode():
//
//   encoder.write_token(jsonx::stream::token{jsonx::stream::token_kind::array_begin});
//   encoder.encode(my_struct);                     // an element of the open array
//   encoder.write_value(R"({"raw": [1, 2]})");     // checked, then reformatted as configured
//   encoder.write_token(jsonx::stream::token{jsonx::stream::token_kind::array_end});
//
// The encoder checks the grammar: a misplaced token (a number where a key belongs, ']' closing
// an object, a key in an array) is refused with a write_errc, and nothing is written for it: the
// output is never invalid JSON, and the encoder goes on as if the call had not been made (as
// Go's SyntacticError leaves the state unchanged). So are invalid UTF-8, a number text that is
// not a number, NaN, and a raw value that is not JSON. Separators (',' ':', the newline after
// each top-level value) are the encoder's. Go's option names: see encoder_options.
//
// Memory is the sink's buffer (64 KiB for buffered sinks), whatever the values' sizes. Each
// value is delivered to the sink as it is written (as Go's Encoder writes each value); with
// set_flush_each_value(false) the sink's buffer is delivered when full, and by flush().
// (Canonical output is the exception: a top-level value is held whole until it is complete,
// since its members are sorted.) Errors of encode() stick: after a failed value (a NaN,
// invalid UTF-8, an I/O error) the output may end inside it, and every later call fails.
// Unlike Go's, HTML characters are not escaped unless set_escape_html(true).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "jsonx/bind/dom.hpp"
#include "jsonx/dom/document.hpp"
#include "jsonx/dom/element.hpp"
#include "jsonx/dom/value.hpp"
#include "jsonx/encode/canonical.hpp"  // the canonical option; jsonx::canonicalize()
#include "jsonx/encode/output_sink.hpp"
#include "jsonx/encode/write_options.hpp"
#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/error.hpp"
#include "jsonx/stream/token.hpp"

namespace jsonx::stream {

/// Go's jsontext encoder options, by their Go names; apply them with encoder::set_options().
/// Options not here (ascii_only, invalid_utf8, non_finite, kernel) stay write_options'.
struct encoder_options {
  /// Go's Multiline: each member or element on its own indented line. With it, the colon is
  /// followed by a space unless space_after_colon says otherwise, and the indent is "\t" unless
  /// `indent` says otherwise. Without it: one line, with only the spaces the two space_after_
  /// options ask for.
  bool multiline = false;
  /// Go's WithIndent: one copy per level of nesting (spaces and tabs only). Implies multiline.
  std::optional<std::string> indent;
  /// Go's WithIndentPrefix: what each new line starts with, before the indent (spaces and tabs
  /// only; the first line of a top-level value gets none). Implies multiline.
  std::optional<std::string> indent_prefix;
  /// Go's SpaceAfterColon: a space after each member's colon. Default: multiline.
  std::optional<bool> space_after_colon;
  /// Go's SpaceAfterComma: a space after each comma (multiline: before the newline, as Go).
  bool space_after_comma = false;
  /// Go's EscapeForHTML: '<', '>' and '&' in strings as \u003c, \u003e, \u0026.
  bool escape_for_html = false;
  /// Go's EscapeForJS: U+2028 and U+2029 in strings as \u2028 and \u2029.
  bool escape_for_js = false;
  /// Canonical JSON (RFC 8785, jsonx/encode/canonical.hpp): each top-level value is written,
  /// when complete, with members sorted by UTF-16 code units, numbers in ECMAScript form,
  /// minimal escaping and no whitespace (the layout and escaping options above are ignored).
  /// A value with duplicate member names, or a number beyond double range, fails (and sticks,
  /// as encode()'s errors do): nothing of it is written.
  bool canonical = false;

  bool is_multiline() const noexcept { return multiline || indent || indent_prefix; }
  /// `base` with these options applied. Throws std::invalid_argument if the indent or the
  /// prefix holds anything but spaces and tabs (Go panics).
  write_options apply_to(write_options base) const;
};

class encoder {
 public:
  /// Writes to `sink`, which must outlive the encoder.
  explicit encoder(output_sink& sink, const write_options& options = {});
  /// Appends to `out`.
  explicit encoder(std::string& out, const write_options& options = {});
  ~encoder();
  encoder(const encoder&) = delete;
  encoder& operator=(const encoder&) = delete;

  /// Go's SetIndent: each element on its own line, starting with `prefix` and one `indent`
  /// per level (both empty: compact). Applies to the next value.
  void set_indent(std::string_view prefix, std::string_view indent);
  /// Go's SetEscapeHTML: write <, > and & as \u003c, \u003e, \u0026.
  void set_escape_html(bool on);
  /// Go's jsontext options (see encoder_options): they replace the layout and escaping of the
  /// write_options given at construction and keep the rest. Like set_indent and
  /// set_escape_html, applies from the next top-level value.
  void set_options(const encoder_options& options);
  /// Deliver each value to the destination as soon as it is written (the default).
  void set_flush_each_value(bool on) noexcept { flush_each_value_ = on; }
  /// The options of the next top-level value.
  const write_options& options() const noexcept { return options_; }
  /// Whether the next top-level value is written canonical (encoder_options::canonical).
  bool canonical() const noexcept { return next_canonical_; }

  // ---- Go's jsontext.Encoder: tokens and raw values --------------------------------------

  /// Go's WriteToken: writes a delimiter, key or scalar where the grammar allows it, with the
  /// separators before it. A string token where a key belongs is the key (as Go, which has no
  /// key kind). A number token with source text (`text`) is written as that text, which must
  /// be JSON number syntax; without it, as its value. Refused, with nothing written and the
  /// state unchanged (not sticky): write_errc::expected_key (a value where a key belongs),
  /// expected_value (a key where a value belongs), unbalanced_end ('}' or ']' closing nothing
  /// or the other kind), missing_value ('}' right after a key), invalid_utf8 (with
  /// invalid_utf8_policy::error), invalid_number, non_finite_number (unless
  /// non_finite_policy::write_null). An I/O error sticks.
  bool write_token(const token& t, std::error_code& ec);
  /// Throws write_exception.
  void write_token(const token& t);

  /// Go's WriteValue: one complete JSON value given as text, validated (RFC 8259, UTF-8) and
  /// reformatted to the encoder's layout and escaping, where the grammar allows it (a string
  /// where a key belongs is the key). Invalid JSON: a parse_errc with its location inside
  /// `json`, nothing written, state unchanged; a misplaced value: a write_errc (no location).
  bool write_value(std::string_view json, parse_error& error);
  bool write_value(std::string_view json, std::error_code& ec);
  /// Throws parse_exception (invalid JSON) or write_exception.
  void write_value(std::string_view json);

  /// Go's OutputOffset: bytes written so far (delivered to the sink or still buffered), the
  /// newline after each top-level value included. Canonical output counts a top-level value
  /// once it is complete (it is written then).
  std::uint64_t output_offset() const noexcept;
  /// Go's StackDepth: open objects and arrays (0 at the top level).
  std::size_t stack_depth() const noexcept { return stack_.size(); }
  /// Go's StackIndex: for level `i` (0 .. stack_depth()), its kind ('{', '[', or 0 for the
  /// top level) and its length so far: elements of an array; names and values of an object,
  /// counted apart (twice the members); at the top level, the values written.
  std::pair<char, std::uint64_t> stack_index(std::size_t i) const noexcept;
  /// Go's StackPointer: the RFC 6901 JSON Pointer of the value most recently written (or whose
  /// key was), "~" and "/" in names escaped as "~0" and "~1": "/items/3/name". Empty at the
  /// top level.
  std::string stack_pointer() const;

  bool encode(const dom::document& doc, std::error_code& ec);
  bool encode(const dom::element& e, std::error_code& ec);
  bool encode(const dom::value& v, std::error_code& ec);
  /// A typed value (jsonx/bind); error has the path of a value that failed.
  template <class T>
  requires(!std::is_same_v<T, dom::document> && !std::is_same_v<T, dom::element> &&
           !std::is_same_v<T, dom::value>) bool encode(const T& value, encode_error& error) {
    writer* w = begin_value(error.code);
    if (!w) return false;
    if (!jsonx::encode(value, *w, error, encode_options{w->options(), max_depth_})) {
      if (!error.code) error.code = w->error();
      return fail(error.code);
    }
    return end_value(error.code);
  }
  template <class T>
  requires(!std::is_same_v<T, dom::document> && !std::is_same_v<T, dom::element> &&
           !std::is_same_v<T, dom::value>) bool encode(const T& value, std::error_code& ec) {
    encode_error error;
    const bool ok = encode(value, error);
    ec = error.code;
    return ok;
  }
  /// Throwing flavour of every encode(): throws std::system_error (encode_exception for a
  /// typed value, with its path).
  template <class T>
  void encode(const T& value) {
    if constexpr (std::is_same_v<T, dom::document> || std::is_same_v<T, dom::element> ||
                  std::is_same_v<T, dom::value>) {
      std::error_code ec;
      if (!encode(value, ec)) throw std::system_error(ec);
    } else {
      encode_error error;
      if (!encode(value, error)) throw encode_exception(std::move(error));
    }
  }

  /// One value written by `write(jsonx::writer&)` (which returns false on failure): exactly
  /// one complete value (then the newline, at the top level).
  template <class F>
  bool encode_events(F&& write, std::error_code& ec) {
    writer* w = begin_value(ec);
    if (!w) return false;
    if (!std::forward<F>(write)(*w)) {
      ec = w->failed() ? w->error() : make_error_code(std::errc::invalid_argument);
      return fail(ec);
    }
    return end_value(ec);
  }

  /// Throwing flavour of encode_events().
  template <class F>
  void encode_events(F&& write) {
    std::error_code ec;
    if (!encode_events(std::forward<F>(write), ec)) throw std::system_error(ec);
  }

  /// Delivers what is buffered to the destination.
  bool flush(std::error_code& ec);
  void flush();

  /// Top-level values written so far.
  std::uint64_t values_written() const noexcept { return values_written_; }
  /// The first error (empty if none): it sticks.
  const std::error_code& error() const noexcept { return error_; }
  bool failed() const noexcept { return static_cast<bool>(error_); }

 private:
  // An open object or array of write_token() (or around an encode()).
  struct level {
    bool is_object = false;
    std::uint64_t length = 0;  // Go's: elements, or names and values counted apart
    std::string last_name;     // for stack_pointer()
  };

  bool ready(std::error_code& ec);
  // Where encode() writes its value (the writer, or the canonical buffer), after the checks;
  // nullptr with `ec` set if a value cannot go here.
  writer* begin_value(std::error_code& ec);
  bool end_value(std::error_code& ec);
  // After a complete value: counts it in its container, or ends the top-level value.
  bool value_done(std::error_code& ec);
  bool finish_top_level_value(std::error_code& ec);
  bool expecting_key() const noexcept {
    return !stack_.empty() && stack_.back().is_object && stack_.back().length % 2 == 0;
  }
  writer& target() noexcept { return canonical_ ? *canonical_writer_ : *writer_; }
  bool check_token(const token& t, std::error_code& ec) const;
  bool write_checked_token(writer& w, const token& t);
  bool fail(std::error_code ec);
  void options_changed();
  void start_writer();

  output_sink* sink_;
  std::optional<string_sink> own_sink_;
  write_options base_options_;  // as given at construction, for set_options()
  write_options options_;
  bool canonical_ = false;        // the value in progress
  bool next_canonical_ = false;   // from the next top-level value
  bool restart_pending_ = false;  // options changed inside a value: restart at its end
  std::vector<level> stack_;
  std::uint64_t offset_before_writer_ = 0;  // output_offset() of the writers replaced
  // Canonical output: the top-level value in progress, written compact, then canonicalized.
  std::string canonical_text_;
  std::optional<writer> canonical_writer_;
  std::string canonical_output_;
  // begin_value()'s snapshot, for end_value()'s check of exactly one value.
  std::size_t depth_before_ = 0;
  std::uint64_t values_before_ = 0;
  std::size_t max_depth_ = 1024;
  std::optional<writer> writer_;
  bool flush_each_value_ = true;
  std::uint64_t values_written_ = 0;
  std::error_code error_;
};

}  // namespace jsonx::stream
