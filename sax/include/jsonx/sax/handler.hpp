// The Handler contract: what the push parser calls, as a C++20 concept.
//
// A handler receives the events of a JSON text in document order. Every callback returns
// bool: true to go on, false to stop the parse (reported as parse_errc::stopped_by_handler).
// Views passed to a callback are valid only during that call: copy what you keep.
//
// A complete handler, which compiles as it stands (tests/sax/handler_stub_test.cpp builds it):
//
//   struct my_handler {
//     bool on_null() { return true; }
//     bool on_bool(bool value) { return true; }
//     // Numbers carry their source text too; `text` is exactly the bytes of the number.
//     bool on_int64(std::int64_t value, std::string_view text) { return true; }
//     bool on_uint64(std::uint64_t value, std::string_view text) { return true; }  // > INT64_MAX
//     bool on_double(double value, std::string_view text) { return true; }
//     // A number no int64/uint64/double holds exactly enough: an integer beyond 64 bits, or
//     // a number beyond double range. Never rounded silently: you get the text.
//     bool on_number_text(std::string_view text) { return true; }
//     bool on_string(std::string_view value) { return true; }  // unescaped, valid UTF-8
//     bool on_key(std::string_view key) { return true; }       // unescaped, valid UTF-8
//     bool on_object_begin() { return true; }
//     bool on_object_end(std::size_t member_count) { return true; }
//     bool on_array_begin() { return true; }
//     bool on_array_end(std::size_t element_count) { return true; }
//
//     // Optional. With these two, a string or key cut by a chunk end arrives in pieces:
//     // on_string_part()* then on_string() with the last piece (likewise keys), so that even
//     // a huge string needs no buffer. Pieces never split a UTF-8 sequence.
//     bool on_string_part(std::string_view piece) { return true; }
//     bool on_key_part(std::string_view piece) { return true; }
//
//     // Optional. With these, a string or key delivered whole with no escape sequence in the
//     // input comes here instead of on_string()/on_key(): its bytes are the input's, so it
//     // holds no '"', '\' or control byte and writes back as JSON unchanged (the DOM marks
//     // such strings so that serializing them is a plain copy).
//     bool on_string_verbatim(std::string_view value) { return true; }
//     bool on_key_verbatim(std::string_view key) { return true; }
//
//     // Optional. Asked before each value (after a key's ':', before each array element, before
//     // a top-level value): true, and the parser passes over that value without an event for it
//     // or for anything inside it. A skipped value is still validated exactly as any other (the
//     // grammar, UTF-8, escapes, numbers, the limits): the verdict, error code and offset are
//     // those of a full parse. Numbers in it are not converted and strings not unescaped, and it
//     // costs a walk over its structurals. (parse_options::skipped_values =
//     // skip_check::brackets_and_utf8 asks for simdjson On-Demand's lighter guarantee instead:
//     // brackets matched and UTF-8 checked, numbers and literals not looked at.) It still counts
//     // in its container's member or element count (on_object_end, on_array_end). Typed
//     // decoding skips unknown fields this way.
//     bool skip_next_value() { return false; }
//     // It may answer a jsonx::skip_answer instead of a bool, and then also ask for the rest of
//     // the container the value is in (skip_answer::value_and_rest, below).
//
//     // Optional. An empty array or object in one call instead of its begin and end events,
//     // for handlers that make one cheaply (typed decoding: no frame for "[]"): return
//     // jsonx::empty_container::taken, ::stopped (refused: the parse stops at its first byte),
//     // or ::as_events to be sent the two events instead. The parser offers only some: members'
//     // values written "[]" or "{}" that it reads right after their colon. Any empty container
//     // may come as its two events instead (always "[ ]", elements, one cut by a chunk end).
//     jsonx::empty_container on_empty_array() { return jsonx::empty_container::as_events; }
//     jsonx::empty_container on_empty_object() { return jsonx::empty_container::as_events; }
//
//     // Optional, together. A flat object (members whose values are scalars, strings or arrays
//     // of those) read ahead by the parser and offered in one call, for handlers that store it
//     // without an event per key and value (typed decoding): see jsonx/sax/flat_object.hpp.
//     // Asked at each '{' how many members it takes at most in one (0: it wants no flat object
//     // there); any object may come as its events instead.
//     std::size_t flat_object_members() { return 0; }
//     jsonx::flat_object_result on_flat_object(const jsonx::flat_object&) {
//       return jsonx::flat_object_result::declined;
//     }
//
//     // Optional switches for numbers (both false when absent):
//     // every number goes to on_number_text(), unconverted (Go's UseNumber).
//     static constexpr bool numbers_as_text = false;
//     // integers beyond 64 bits go to on_double() (rounded) instead of on_number_text().
//     static constexpr bool big_integers_as_double = false;
//   };
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "jsonx/sax/flat_object.hpp"

namespace jsonx {

template <class H>
concept handler = requires(H& h, bool b, std::int64_t i, std::uint64_t u, double d,
                           std::string_view s, std::size_t n) {
  { h.on_null() } -> std::convertible_to<bool>;
  { h.on_bool(b) } -> std::convertible_to<bool>;
  { h.on_int64(i, s) } -> std::convertible_to<bool>;
  { h.on_uint64(u, s) } -> std::convertible_to<bool>;
  { h.on_double(d, s) } -> std::convertible_to<bool>;
  { h.on_number_text(s) } -> std::convertible_to<bool>;
  { h.on_string(s) } -> std::convertible_to<bool>;
  { h.on_key(s) } -> std::convertible_to<bool>;
  { h.on_object_begin() } -> std::convertible_to<bool>;
  { h.on_object_end(n) } -> std::convertible_to<bool>;
  { h.on_array_begin() } -> std::convertible_to<bool>;
  { h.on_array_end(n) } -> std::convertible_to<bool>;
};

/// True if the handler takes strings and keys in pieces.
template <class H>
concept handler_with_parts = handler<H> && requires(H& h, std::string_view s) {
  { h.on_string_part(s) } -> std::convertible_to<bool>;
  { h.on_key_part(s) } -> std::convertible_to<bool>;
};

/// A handler told which strings came verbatim from the input (see on_string_verbatim above).
template <class H>
concept handler_with_verbatim_strings = handler<H> && requires(H& h, std::string_view s) {
  { h.on_string_verbatim(s) } -> std::convertible_to<bool>;
  { h.on_key_verbatim(s) } -> std::convertible_to<bool>;
};

/// What a handler did with an empty container offered whole (on_empty_array above).
enum class empty_container : std::uint8_t {
  taken,      ///< done: no begin or end event follows
  stopped,    ///< refused: the parse stops (stopped_by_handler at the container's first byte)
  as_events,  ///< send the begin and end events instead
};

/// A handler that takes empty arrays, or empty objects, in one call (see above).
template <class H>
concept handler_with_empty_arrays = handler<H> && requires(H& h) {
  { h.on_empty_array() } -> std::same_as<empty_container>;
};
template <class H>
concept handler_with_empty_objects = handler<H> && requires(H& h) {
  { h.on_empty_object() } -> std::same_as<empty_container>;
};

/// A handler that takes flat objects in one call (jsonx/sax/flat_object.hpp).
template <class H>
concept handler_with_flat_objects = handler<H> && requires(H& h, const flat_object& o) {
  { h.flat_object_members() } -> std::convertible_to<std::size_t>;
  { h.on_flat_object(o) } -> std::same_as<flat_object_result>;
};

/// What skip_next_value() may answer instead of a bool.
enum class skip_answer : std::uint8_t {
  read,   ///< the value comes as events (false)
  value,  ///< the value is passed over (true)
  /// The value is passed over, and the rest of the innermost array or object with it, up to
  /// its closing bracket, with no event: not even the container's end event (on_object_end,
  /// on_array_end), for the handler takes the container as ended when it answers this. What
  /// is passed over is checked as a skipped value is, and the container still counts in its
  /// parent. (A top-level value has no container: it alone is passed over.) Typed decoding
  /// answers it once an object has given every field of its struct a value
  /// (decode_options::remaining_members).
  value_and_rest,
};

/// A handler that may ask to skip values (see skip_next_value above). A handler without the
/// hook is parsed by exactly the code it was before the hook existed.
template <class H>
concept handler_with_skip = handler<H> && requires(H& h) {
  requires std::convertible_to<decltype(h.skip_next_value()), bool> ||
      std::same_as<decltype(h.skip_next_value()), skip_answer>;
};

/// A handler whose skip_next_value() answers a skip_answer: it may pass over the rest of a
/// container.
template <class H>
concept handler_with_skip_rest = handler_with_skip<H> && requires(H& h) {
  { h.skip_next_value() } -> std::same_as<skip_answer>;
};

namespace detail {
template <class H>
constexpr bool numbers_as_text_of() {
  if constexpr (requires { H::numbers_as_text; }) return H::numbers_as_text;
  return false;
}
template <class H>
constexpr bool big_integers_as_double_of() {
  if constexpr (requires { H::big_integers_as_double; }) return H::big_integers_as_double;
  return false;
}
}  // namespace detail

/// A handler chosen at run time (a plug-in, a handler behind a library boundary): derive from
/// this and parse with push_parser<dynamic_handler>. One virtual call per event.
class dynamic_handler {
 public:
  virtual ~dynamic_handler() = default;
  virtual bool on_null() = 0;
  virtual bool on_bool(bool value) = 0;
  virtual bool on_int64(std::int64_t value, std::string_view text) = 0;
  virtual bool on_uint64(std::uint64_t value, std::string_view text) = 0;
  virtual bool on_double(double value, std::string_view text) = 0;
  virtual bool on_number_text(std::string_view text) = 0;
  virtual bool on_string(std::string_view value) = 0;
  virtual bool on_key(std::string_view key) = 0;
  virtual bool on_object_begin() = 0;
  virtual bool on_object_end(std::size_t member_count) = 0;
  virtual bool on_array_begin() = 0;
  virtual bool on_array_end(std::size_t element_count) = 0;
};

/// Forwards every event of a compile-time handler through the dynamic_handler interface.
template <handler H>
class dynamic_handler_adapter final : public dynamic_handler {
 public:
  explicit dynamic_handler_adapter(H& target) : target_(target) {}
  bool on_null() override { return target_.on_null(); }
  bool on_bool(bool v) override { return target_.on_bool(v); }
  bool on_int64(std::int64_t v, std::string_view t) override { return target_.on_int64(v, t); }
  bool on_uint64(std::uint64_t v, std::string_view t) override { return target_.on_uint64(v, t); }
  bool on_double(double v, std::string_view t) override { return target_.on_double(v, t); }
  bool on_number_text(std::string_view t) override { return target_.on_number_text(t); }
  bool on_string(std::string_view v) override { return target_.on_string(v); }
  bool on_key(std::string_view k) override { return target_.on_key(k); }
  bool on_object_begin() override { return target_.on_object_begin(); }
  bool on_object_end(std::size_t n) override { return target_.on_object_end(n); }
  bool on_array_begin() override { return target_.on_array_begin(); }
  bool on_array_end(std::size_t n) override { return target_.on_array_end(n); }

 private:
  H& target_;
};

}  // namespace jsonx
