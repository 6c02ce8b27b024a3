// tree_printer: a parsed document's nodes printed as compact JSON through the writer's
// tree_output. The walk knows where commas, colons and brackets go, so the writer only lends
// its buffer, escapes the strings that need it and formats numbers.
//
// Written for speed (serialize is a headline task). Instructions per serialization (callgrind),
// before this walk (a recursive print_node/print_container over tree_output's checked calls)
// and with it: twitter.json 2.29 M -> 1.51 M, with the plain-text copies below included.
//  - The write cursor stays in a local variable: a store through a char* may alias anything,
//    so a cursor kept in the writer would be reloaded and stored back around every byte.
//  - One room check per step (a separator and a key, or a separator and a scalar), for
//    output_sink::max_min_free bytes, which the longest short key or scalar step fits in.
//  - Strings the parser delivered verbatim carry plain_text_flag: under options that escape
//    only what JSON requires, they are copied without being looked at.
#pragma once

#include <bit>
#include <cmath>
#include <cstring>
#include <string_view>

#include "jsonx/dom/detail/node.hpp"
#include "jsonx/encode/detail/small_copy.hpp"
#include "jsonx/encode/writer.hpp"

namespace jsonx::dom::detail {

class tree_printer {
 public:
  tree_printer(const char* strings, jsonx::detail::tree_output& out) noexcept
      : strings_(strings),
        out_(out),
        copy_plain_text_(out.escapes_only_json_specials()),
        escape_html_(out.escape_html()),
        inspect_non_ascii_(out.inspect_non_ascii()),
        non_finite_as_null_(out.options().non_finite == non_finite_policy::write_null) {}

  /// Prints the value at `n` at the writer's cursor (its separator already written).
  bool print(const node* n) {
    char* p = out_.cursor();
    char* end = out_.limit();
    p = is_container(tag_of(*n)) ? container(n, p) : value(n, p, end, false);
    if (p == nullptr) return false;
    out_.set_cursor(p);
    return true;
  }

 private:
  // Bytes one step may write: a separator, then a short key with its quotes and colon (at most
  // 1 + 32 + 3) or a scalar (a number, a literal or a short string: at most 1 + 48).
  static constexpr std::size_t step_room = jsonx::detail::tree_output::step_room;
  static constexpr std::size_t short_text = 32;

  // Room for one step at `p`: the cursor (moved if the writer refilled), or nullptr on error.
  [[gnu::always_inline]] char* room(char* p, char*& end) {
    if (static_cast<std::size_t>(end - p) >= step_room) [[likely]]
      return p;
    p = out_.refill(p, step_room);
    end = out_.limit();
    return p;
  }

  // The rest of this file's functions return the cursor after what they wrote, or nullptr
  // after an error (the writer holds it).

  // An object or array: brackets, members or elements, separators. Recurses per level (the
  // depth is the document's: the parser's max_depth bounds it).
  char* container(const node* c, char* p) {
    char* end = out_.limit();
    const bool is_object = tag_of(*c) == tag::object;
    const node* n = c + 1;
    const node* const last = c + c->payload;
    if ((p = room(p, end)) == nullptr) return nullptr;
    if (n == last) {
      std::memcpy(p, is_object ? "{}" : "[]", 2);
      return p + 2;
    }
    *p++ = is_object ? '{' : '[';
    bool separated = false;  // a ',' goes before every member or element but the first
    for (;;) {
      if (is_object) {
        if ((p = text(n, p, end, separated, true)) == nullptr) return nullptr;
        separated = false;  // the value follows the key's colon
        ++n;
      }
      if (is_container(tag_of(*n))) {
        if ((p = room(p, end)) == nullptr) return nullptr;
        *p = ',';
        p += separated;
        // In an array, an array of scalars (is_scalar_array) goes, with those like it that
        // follow, to a simpler loop: canada.json's rings of coordinate pairs. Not checked in
        // objects, where the check costs more than it saves (citm_catalog's id lists: +3%
        // instructions).
        const printed child = !is_object && is_scalar_array(n)
                                  ? scalar_arrays(n, last, p)
                                  : printed{container(n, p), n + n->payload};
        if ((p = child.cursor) == nullptr) return nullptr;
        end = out_.limit();
        n = child.next;
      } else {
        if ((p = value(n, p, end, separated)) == nullptr) return nullptr;
        ++n;
      }
      if (n == last) break;
      separated = true;
    }
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p++ = is_object ? '}' : ']';
    return p;
  }

  // An array whose elements all span one node (its span is its element count plus itself):
  // scalars, or empty containers, which value() prints too.
  static bool is_scalar_array(const node* n) noexcept {
    return n->payload == count_of(*n) + 1 && tag_of(*n) == tag::array;
  }

  // The longest text of a finite double: "-2.2250738585072014e-308".
  static constexpr std::size_t max_double_text = 24;

  // A two-element array of finite doubles (canada.json's coordinate pairs: 55,517 of its
  // 55,563 arrays of scalars), printed by scalar_arrays with one room check and no test of
  // each element in between. Serializing canada.json 10 times (callgrind): 311.4M -> 289.2M
  // instructions (20 fewer a number); paired, pinned runs: serialize canada 0.95x the time.
  static bool is_pair_of_finite_doubles(const node* a) noexcept {
    constexpr std::uint64_t exponent_mask = 0x7FF0000000000000ULL;
    return a->payload == 3 && tag_of(a[1]) == tag::double_ && tag_of(a[2]) == tag::double_ &&
           (a[1].payload & exponent_mask) != exponent_mask &&
           (a[2].payload & exponent_mask) != exponent_mask;
  }

  struct printed {
    char* cursor;      // after what was printed, or nullptr after an error
    const node* next;  // the node after the last one printed
  };

  // Arrays of scalars (is_scalar_array), the one at `a` and those that follow it up to the
  // first sibling that is not one or the end of the parent's elements (`parent_last`), each
  // after a ',': one call for a run of them, since they come in runs (canada.json's rings of
  // coordinate pairs: one call per ring, not per pair). Serializing canada.json 10 times
  // (callgrind): 338.9M -> 314.7M instructions.
  [[gnu::noinline]] printed scalar_arrays(const node* a, const node* parent_last, char* p) {
    char* end = out_.limit();
    for (;;) {
      const node* n = a + 1;
      const node* const last = a + a->payload;
      if ((p = room(p, end)) == nullptr) return {nullptr, nullptr};
      if (is_pair_of_finite_doubles(a)) {
        // "[x,y]" in one step: its 51 bytes at most (two doubles of 24, three brackets and
        // commas) and the digit stores' 7 bytes of slack past a number fit in step_room.
        static_assert(step_room >= 2 * max_double_text + 3 + 7);
        *p = '[';
        p = jsonx::detail::format_double(std::bit_cast<double>(n[0].payload), p + 1);
        *p = ',';
        p = jsonx::detail::format_double(std::bit_cast<double>(n[1].payload), p + 1);
        *p++ = ']';
        a = last;
        if (a == parent_last || !is_scalar_array(a)) return {p, a};
        *p++ = ',';  // (the pair left step_room - 51 bytes: room for it)
        continue;
      }
      *p++ = '[';
      if (n != last) {
        if ((p = number_or_value(n, p, end, false)) == nullptr) return {nullptr, nullptr};
        for (++n; n != last; ++n) {
          if ((p = number_or_value(n, p, end, true)) == nullptr) return {nullptr, nullptr};
        }
      }
      if ((p = room(p, end)) == nullptr) return {nullptr, nullptr};
      *p++ = ']';
      a = last;
      if (a == parent_last || !is_scalar_array(a)) return {p, a};
      *p++ = ',';  // (room: the step after ']' had step_room bytes, it took one)
    }
  }

  // value(), with finite doubles tested first: arrays of scalars are mostly arrays of numbers
  // (canada.json's coordinates), and the switch's jump table costs more than one compare.
  [[gnu::always_inline]] char* number_or_value(const node* n, char* p, char*& end, bool separated) {
    if (tag_of(*n) == tag::double_) {
      const double d = std::bit_cast<double>(n->payload);
      if (std::isfinite(d)) [[likely]] {
        if ((p = room(p, end)) == nullptr) return nullptr;
        *p = ',';
        return jsonx::detail::format_double(d, p + separated);
      }
    }
    return value(n, p, end, separated);
  }

  // A scalar, after a ',' if `separated`.
  [[gnu::always_inline]] char* value(const node* n, char* p, char*& end, bool separated) {
    const tag t = tag_of(*n);
    if (t == tag::string) return text(n, p, end, separated, false);
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p = ',';
    p += separated;
    switch (t) {
      case tag::null:
        std::memcpy(p, "null", 4);
        return p + 4;
      case tag::false_:
        std::memcpy(p, "false", 5);
        return p + 5;
      case tag::true_:
        std::memcpy(p, "true", 4);
        return p + 4;
      case tag::int64:
        return jsonx::detail::format_int64(static_cast<std::int64_t>(n->payload), p);
      case tag::uint64:
        return jsonx::detail::format_uint64(n->payload, p);
      case tag::double_: {
        const double d = std::bit_cast<double>(n->payload);
        if (!std::isfinite(d)) [[unlikely]]
          return non_finite(p);
        return jsonx::detail::format_double(d, p);
      }
      case tag::raw_number:
        return number_text(n, p, end);
      case tag::array:  // empty: a node of its own in an array of one-node elements
        std::memcpy(p, "[]", 2);
        return p + 2;
      case tag::object:
        std::memcpy(p, "{}", 2);
        return p + 2;
      default:
        return nullptr;  // keys are not values
    }
  }

  // NaN or an infinity, which documents built from events may hold: null, or the error.
  char* non_finite(char* p) {
    if (non_finite_as_null_) {
      std::memcpy(p, "null", 4);
      return p + 4;
    }
    out_.set_cursor(p);
    out_.fail_non_finite();
    return nullptr;
  }

  char* number_text(const node* n, char* p, char*& end) {
    const auto length = static_cast<std::size_t>(count_of(*n));
    const char* src = strings_ + n->payload;
    if (length <= jsonx::detail::tree_output::short_number_text) {
      jsonx::detail::copy_short(p, src, length);
      return p + length;
    }
    out_.set_cursor(p);
    if (!out_.bytes(src, length)) return nullptr;
    end = out_.limit();
    return out_.cursor();
  }

  // A string or key between quotes (a key followed by ':'), after a ',' if `separated`.
  [[gnu::always_inline]] char* text(const node* n, char* p, char*& end, bool separated,
                                    bool is_key) {
    const auto length = static_cast<std::size_t>(count_of(*n));
    const char* src = strings_ + n->payload;
    const bool plain = copy_plain_text_ && is_plain_text(*n);
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p = ',';
    p += separated;
    if (length <= short_text) {
      char* q = p;
      *q++ = '"';
      if (plain) {
        jsonx::detail::copy_short(q, src, length);
      } else if (!jsonx::detail::copy_short_if_plain(src, length, q, escape_html_,
                                                     inspect_non_ascii_)) {
        return escaped_text(src, length, p, end, is_key);
      }
      q += length;
      std::memcpy(q, "\":", 2);
      return q + (is_key ? 2 : 1);
    }
    if (!plain) return escaped_text(src, length, p, end, is_key);
    *p++ = '"';
    out_.set_cursor(p);
    if (!out_.bytes(src, length) || (p = out_.refill(out_.cursor(), 2)) == nullptr) return nullptr;
    end = out_.limit();
    std::memcpy(p, "\":", 2);
    return p + (is_key ? 2 : 1);
  }

  [[gnu::noinline]] char* escaped_text(const char* src, std::size_t length, char* p, char*& end,
                                       bool is_key) {
    out_.set_cursor(p);
    if (!out_.escaped_string({src, length}, is_key)) return nullptr;
    end = out_.limit();
    return out_.cursor();
  }

  const char* const strings_;
  jsonx::detail::tree_output& out_;
  const bool copy_plain_text_;
  const bool escape_html_;
  const bool inspect_non_ascii_;
  const bool non_finite_as_null_;
};

}  // namespace jsonx::dom::detail
