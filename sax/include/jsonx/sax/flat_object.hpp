// A flat object offered whole to a handler (handler_with_flat_objects).
//
// A handler that can take an object in one call (typed decoding: a struct's members matched
// and stored by code made for the struct, with no event per key or value) says so by two
// members:
//
//   std::size_t flat_object_members();   // at each '{': at most this many members (0: none)
//   flat_object_result on_flat_object(const flat_object& object);
//
// When the handler wants one, the parser reads the object ahead in its index, and offers it
// if it is flat and has at most that many members (a struct says its field count: an object
// with more has keys it skips, and is left to the events, which skip them cheaply): every member's
// value a number, a literal, a string or an array of those (no object or array inside an array),
// all of it valid, complete in the bytes at hand and within the parser's limits (depth, token
// size). The handler then takes it (no event follows for it), declines it (the parser sends its
// events as always: nothing may have been changed), or stops the parse. Anything else, or any doubt
// (an error anywhere in the object, bytes cut by a chunk's end, more members than a flat_object
// holds), and the object is not offered: its events come as always. So a handler sees either the
// whole object, checked exactly as its events would be, or its events.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace jsonx {

/// A member's value, or an array's element, as the parser read and checked it.
struct flat_token {
  enum class kind : std::uint8_t {
    null,
    boolean,
    int64,
    uint64,      ///< above INT64_MAX
    float64,     ///< a number with a fraction or an exponent
    big_number,  ///< an integer beyond 64 bits, or beyond double range: `text` only
    string,      ///< `text` is the string's raw bytes between the quotes
    array,       ///< elements [first_element, first_element + element_count)
  };
  kind what = kind::null;
  bool boolean = false;
  bool escaped = false;  ///< a string with escape sequences: `text` is not yet unescaped
  std::uint32_t first_element = 0;
  std::uint32_t element_count = 0;
  std::string_view text;  ///< a number's text, a string's raw bytes
  union {
    std::int64_t i = 0;
    std::uint64_t u;
    double d;
  };
};

struct flat_member {
  std::string_view key;  ///< raw bytes between the quotes
  bool key_escaped = false;
  flat_token value;
};

/// The members of a flat object, in order, and the elements of its arrays.
class flat_object {
 public:
  static constexpr std::size_t max_members = 32;
  static constexpr std::size_t max_elements = 64;  ///< elements of all its arrays together

  std::span<const flat_member> members() const noexcept { return {members_, member_count_}; }
  std::span<const flat_token> elements(const flat_token& array) const noexcept {
    return {elements_ + array.first_element, array.element_count};
  }

  // For the parser, which fills the storage (max_members members, max_elements elements)
  // and then says how much of it is the object.
  flat_member* member_storage() noexcept { return members_; }
  flat_token* element_storage() noexcept { return elements_; }
  void set_sizes(std::size_t members, std::size_t elements) noexcept {
    member_count_ = members;
    element_count_ = elements;
  }

 private:
  flat_member members_[max_members];
  flat_token elements_[max_elements];
  std::size_t member_count_ = 0;
  std::size_t element_count_ = 0;
};

enum class flat_object_result : std::uint8_t {
  taken,     ///< done: no event follows for this object
  declined,  ///< nothing changed: the parser sends the object's events
  stopped,   ///< the handler stops the parse (stopped_by_handler at the object's '{')
};

}  // namespace jsonx
