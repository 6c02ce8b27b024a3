// Flat objects stored at once (the parser's handler_with_flat_objects, jsonx/sax/flat_object.hpp).
//
// A described struct whose members are all of the kinds below takes a flat object in one
// call: each key is matched against the struct's field table and its value goes straight to
// the member's rule, called by its static name (no table of functions per key or value, no
// frame). Two passes over the object's members: the first only checks that every key is a
// field (or an unknown key skipped by policy), that no field comes twice, that no required
// field is missing and that every value is one the member's rule takes without error (the
// kind and the range); the second stores. So a declined object has changed nothing and its
// events decode it (errors, paths and all) exactly as before, and a taken one is stored by
// the same rules as its events would have called, in the same order.
//
// The member kinds (flat_member_kind):
//   - integers but bool: an integer in the type's range;
//   - double: a number with a fraction, or an integer of at most 53 bits;
//   - bool: true or false;
//   - std::string: a string (unescaped here, as the parser would before its event);
//   - std::optional of the four above: null or the value;
//   - a sequence of integers (std::vector<std::int64_t>, ...): an array of integers in range;
//   - std::array of integers: an array of exactly that many integers in range.
// Any other member (a nested struct, a float, a codec's type, ...) keeps its struct on events.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "jsonx/bind/detail/decode_base.hpp"
#include "jsonx/bind/detail/type_category.hpp"
#include "jsonx/sax/detail/string_unescape.hpp"
#include "jsonx/sax/flat_object.hpp"

namespace jsonx::detail {

/// The flat member kinds; none for the others.
enum class flat_kind : std::uint8_t { none, integer, float64, boolean, string, integer_list };

template <class M>
constexpr flat_kind flat_scalar_kind() {
  constexpr type_category c = category_of<M>();
  if constexpr (c == type_category::integer) {
    return flat_kind::integer;
  } else if constexpr (c == type_category::floating && std::is_same_v<M, double>) {
    return flat_kind::float64;
  } else if constexpr (c == type_category::boolean) {
    return flat_kind::boolean;
  } else if constexpr (c == type_category::string && std::is_same_v<M, std::string>) {
    return flat_kind::string;
  } else {
    return flat_kind::none;
  }
}

template <class M>
struct flat_member_kind {
  static constexpr flat_kind kind = flat_scalar_kind<M>();
  static constexpr bool optional = false;
};
template <class U>
struct flat_member_kind<std::optional<U>> {
  static constexpr flat_kind kind = category_of<std::optional<U>>() == type_category::optional
                                        ? flat_scalar_kind<U>()
                                        : flat_kind::none;
  static constexpr bool optional = true;
};
template <class M>
requires((category_of<M>() == type_category::sequence ||
          category_of<M>() == type_category::fixed_array) &&
         category_of<typename M::value_type>() ==
             type_category::integer) struct flat_member_kind<M> {
  static constexpr flat_kind kind = flat_kind::integer_list;
  static constexpr bool optional = false;
};

/// The element count M's rule takes: any for a sequence, N for std::array<U, N>.
template <class M>
bool flat_list_length_fits(std::size_t count) noexcept {
  if constexpr (category_of<M>() == type_category::fixed_array) {
    return count == std::tuple_size_v<M>;
  } else {
    return true;
  }
}

/// True if M's rule takes `token` without an error.
template <class I>
bool flat_integer_in_range(const flat_token& token) noexcept {
  if (token.what == flat_token::kind::int64) return std::in_range<I>(token.i);
  if (token.what == flat_token::kind::uint64) return std::in_range<I>(token.u);
  return false;  // 3.0 is an integer to the rule too, but not here: its events decide
}

template <class M>
bool flat_takes(const flat_token& token, const flat_object& object) noexcept {
  using traits = flat_member_kind<M>;
  if constexpr (traits::optional) {
    if (token.what == flat_token::kind::null) return true;
  }
  using value_type = typename std::conditional_t<traits::optional, M, std::optional<M>>::value_type;
  if constexpr (traits::kind == flat_kind::integer) {
    return flat_integer_in_range<value_type>(token);
  } else if constexpr (traits::kind == flat_kind::float64) {
    constexpr std::int64_t exact = std::int64_t{1} << 53;  // every integer up to it is a double
    return token.what == flat_token::kind::float64 ||
           (token.what == flat_token::kind::int64 && token.i >= -exact && token.i <= exact);
  } else if constexpr (traits::kind == flat_kind::boolean) {
    return token.what == flat_token::kind::boolean;
  } else if constexpr (traits::kind == flat_kind::string) {
    return token.what == flat_token::kind::string;
  } else if constexpr (traits::kind == flat_kind::integer_list) {
    if (token.what != flat_token::kind::array || !flat_list_length_fits<M>(token.element_count))
      return false;
    for (const flat_token& item : object.elements(token))
      if (!flat_integer_in_range<typename M::value_type>(item)) return false;
    return true;
  } else {
    return false;
  }
}

/// Stores `token` (one flat_takes<M> accepted) into `member` through M's rule, the call its
/// event would have made.
template <class M>
[[gnu::always_inline]] inline bool flat_store(decode_handler& h, M* member, const flat_token& token,
                                              const flat_object& object) {
  using traits = flat_member_kind<M>;
  using rule = decoder_of<M>;
  if constexpr (traits::optional) {
    if (token.what == flat_token::kind::null) return rule::on_null(h, member);
  }
  if constexpr (traits::kind == flat_kind::integer) {
    return token.what == flat_token::kind::int64 ? rule::on_int64(h, member, token.i, token.text)
                                                 : rule::on_uint64(h, member, token.u, token.text);
  } else if constexpr (traits::kind == flat_kind::float64) {
    return token.what == flat_token::kind::float64 ? rule::on_double(h, member, token.d, token.text)
                                                   : rule::on_int64(h, member, token.i, token.text);
  } else if constexpr (traits::kind == flat_kind::boolean) {
    return rule::on_bool(h, member, token.boolean);
  } else if constexpr (traits::kind == flat_kind::string) {
    if (!token.escaped) return rule::on_string(h, member, token.text);
    // Unescaped as the parser does before its event (the parser checked the escapes).
    std::string& unescaped = h.flat_unescape_buffer();
    unescaped.clear();
    unescape_string(token.text.data(), token.text.data() + token.text.size(), unescaped, false);
    return rule::on_string(h, member, unescaped);
  } else if constexpr (traits::kind == flat_kind::integer_list &&
                       category_of<M>() == type_category::fixed_array) {
    // Its N elements (the count was checked) by the element rule, as the frame would send
    // them in turn.
    using element_rule = decoder_of<typename M::value_type>;
    std::size_t k = 0;
    for (const flat_token& item : object.elements(token)) {
      auto* element = &(*member)[k++];
      const bool stored = item.what == flat_token::kind::int64
                              ? element_rule::on_int64(h, element, item.i, item.text)
                              : element_rule::on_uint64(h, element, item.u, item.text);
      if (!stored) return false;
    }
    return true;
  } else if constexpr (traits::kind == flat_kind::integer_list) {
    if constexpr (takes_empty_array<rule>()) {
      if (token.element_count == 0) return rule::on_empty_array(h, member);
    }
    // The sequence's own frame and element events, as the parser would send them.
    if (!rule::on_array_begin(h, member)) return false;
    for (const flat_token& item : object.elements(token)) {
      const bool stored = item.what == flat_token::kind::int64 ? h.on_int64(item.i, item.text)
                                                               : h.on_uint64(item.u, item.text);
      if (!stored) return false;
    }
    return h.on_array_end(token.element_count);
  } else {
    return false;
  }
}

}  // namespace jsonx::detail
