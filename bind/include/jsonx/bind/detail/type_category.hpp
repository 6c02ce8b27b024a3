// Which built-in rule binds a type: one category per type, decided once, so that the decode
// and encode rules are specialized on it without overlapping partial specializations.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "jsonx/bind/codec.hpp"
#include "jsonx/bind/describe.hpp"
#include "jsonx/bind/raw_json.hpp"

namespace jsonx::detail {

enum class type_category {
  custom,       // jsonx::codec<T> or the jsonx_encode/jsonx_decode pair
  boolean,      // bool
  integer,      // every integer type but bool
  floating,     // float, double, long double
  string,       // std::basic_string<char, ...>
  named_enum,   // a described enum: its enumerators' names
  plain_enum,   // any other enum: its underlying integer
  null,         // std::monostate, std::nullptr_t: only null
  optional,     // std::optional<U>: null or U
  pointer,      // std::unique_ptr<U>, std::shared_ptr<U>: null or U
  variant,      // std::variant<A...>: the alternative chosen by the JSON type
  sequence,     // a container with emplace_back (vector, deque, list)
  bit_vector,   // std::vector<bool>
  fixed_array,  // std::array<U, N>
  map,          // a container with try_emplace, keys string-like, integer or enum
  tuple,        // std::tuple, std::pair: a JSON array of fixed length
  described,    // a described struct
  raw,          // jsonx::raw_json
  extension,    // a type bound by a later header (jsonx/bind/dom.hpp: the DOM types)
  unsupported,
};

template <class T>
struct is_std_string : std::false_type {};
template <class Traits, class Alloc>
struct is_std_string<std::basic_string<char, Traits, Alloc>> : std::true_type {};

template <class T>
struct is_std_optional : std::false_type {};
template <class U>
struct is_std_optional<std::optional<U>> : std::true_type {};

template <class T>
struct is_smart_pointer : std::false_type {};
template <class U>
struct is_smart_pointer<std::unique_ptr<U>> : std::true_type {};
template <class U>
struct is_smart_pointer<std::shared_ptr<U>> : std::true_type {};

template <class T>
struct is_std_shared_ptr : std::false_type {};
template <class U>
struct is_std_shared_ptr<std::shared_ptr<U>> : std::true_type {};

template <class T>
struct is_std_variant : std::false_type {};
template <class... A>
struct is_std_variant<std::variant<A...>> : std::true_type {};

template <class T>
struct is_std_array : std::false_type {};
template <class U, std::size_t N>
struct is_std_array<std::array<U, N>> : std::true_type {};

template <class T>
struct is_tuple_like : std::false_type {};
template <class... A>
struct is_tuple_like<std::tuple<A...>> : std::true_type {};
template <class A, class B>
struct is_tuple_like<std::pair<A, B>> : std::true_type {};

template <class T>
struct is_bit_vector : std::false_type {};
template <class Alloc>
struct is_bit_vector<std::vector<bool, Alloc>> : std::true_type {};

/// Specialize (to true) for a type that a later header binds (category extension); it then
/// provides decoder_of / encoder_of for it.
template <class T>
struct is_bind_extension : std::false_type {};

template <class K>
concept map_key = is_std_string<K>::value ||(std::is_integral_v<K> && !std::is_same_v<K, bool>) ||
                  described_enum<K>;

template <class T>
concept map_like = requires(T& m, typename T::key_type&& k) {
  typename T::key_type;
  typename T::mapped_type;
  m.try_emplace(std::move(k));
  m.clear();
}
&&map_key<typename T::key_type>;

template <class T>
concept sequence_like = requires(T& s) {
  typename T::value_type;
  s.emplace_back();
  s.clear();
  s.begin();
  s.end();
}
&&!is_std_string<T>::value && !map_like<T>;

template <class T>
constexpr type_category category_of() {
  if constexpr (custom_coded<T>)
    return type_category::custom;
  else if constexpr (is_bind_extension<T>::value)
    return type_category::extension;
  else if constexpr (std::is_same_v<T, bool>)
    return type_category::boolean;
  else if constexpr (std::is_integral_v<T>)
    return type_category::integer;
  else if constexpr (std::is_floating_point_v<T>)
    return type_category::floating;
  else if constexpr (is_std_string<T>::value)
    return type_category::string;
  else if constexpr (described_enum<T>)
    return type_category::named_enum;
  else if constexpr (std::is_enum_v<T>)
    return type_category::plain_enum;
  else if constexpr (std::is_same_v<T, std::monostate> || std::is_same_v<T, std::nullptr_t>)
    return type_category::null;
  else if constexpr (is_std_optional<T>::value)
    return type_category::optional;
  else if constexpr (is_smart_pointer<T>::value)
    return type_category::pointer;
  else if constexpr (is_std_variant<T>::value)
    return type_category::variant;
  else if constexpr (std::is_same_v<T, raw_json>)
    return type_category::raw;
  else if constexpr (described_struct<T>)
    return type_category::described;
  else if constexpr (is_bit_vector<T>::value)
    return type_category::bit_vector;
  else if constexpr (is_std_array<T>::value)
    return type_category::fixed_array;
  else if constexpr (is_tuple_like<T>::value)
    return type_category::tuple;
  else if constexpr (map_like<T>)
    return type_category::map;
  else if constexpr (sequence_like<T>)
    return type_category::sequence;
  else
    return type_category::unsupported;
}

/// True if a member of this type may be absent without being an error (optional-like).
template <class T>
constexpr bool absent_is_natural() {
  constexpr type_category c = category_of<T>();
  return c == type_category::optional || c == type_category::pointer;
}

}  // namespace jsonx::detail
