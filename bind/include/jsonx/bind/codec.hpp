// The customization point: how a type the binding does not know is read and written.
//
// A type is bound through another, bindable type that stands for its JSON form (its "JSON
// type"): decoding fills a JSON-type value from the events, then converts; encoding converts,
// then writes. Two ways to say so, checked before every built-in rule (so they also override
// the built-in handling of a described struct or a standard type):
//
// 1. A trait, specialized in namespace jsonx:
//
//      template <>
//      struct jsonx::codec<point> {
//        using json_type = std::array<double, 2>;               // [x, y]
//        static json_type to_json(const point& p) { return {p.x, p.y}; }
//        static bool from_json(json_type&& j, point& p) {      // false: invalid value
//          p = {j[0], j[1]};
//          return true;
//        }
//        static constexpr std::string_view expected = "a point [x, y]";  // optional
//      };
//
// 2. Two functions next to the type, found by argument-dependent lookup:
//
//      std::string jsonx_encode(const iso_date& d);             // the JSON type is the result
//      bool jsonx_decode(std::string&& text, iso_date& d);      // or void if it cannot fail
//
// from_json / jsonx_decode returning false makes the decode fail with bind_errc::invalid_value
// at the value's path ("expected" names `expected` if given, else "a valid value"). Decoding
// stays streaming: a JSON type that is a container is filled element by element like any
// other, and converted when its end arrives.
#pragma once

#include <string_view>
#include <type_traits>
#include <utility>

namespace jsonx {

/// Specialize for a type to bind it through codec<T>::json_type (see above).
template <class T>
struct codec;

namespace detail {

template <class T>
concept has_codec_trait = requires {
  typename codec<T>::json_type;
};

template <class T>
concept has_adl_codec = requires(const T& value) {
  jsonx_encode(value);
}
&&requires(T& target,
           std::remove_cvref_t<decltype(jsonx_encode(std::declval<const T&>()))>&& from) {
  jsonx_decode(std::move(from), target);
};

}  // namespace detail

/// A type bound through a codec (trait or ADL pair).
template <class T>
concept custom_coded = detail::has_codec_trait<T> || detail::has_adl_codec<T>;

namespace detail {

// One interface over both forms.
template <class T>
struct custom_codec;

template <class T>
requires has_codec_trait<T>
struct custom_codec<T> {
  using json_type = typename codec<T>::json_type;
  static json_type to_json(const T& value) { return codec<T>::to_json(value); }
  static bool from_json(json_type&& from, T& to) {
    if constexpr (std::is_void_v<decltype(codec<T>::from_json(std::move(from), to))>) {
      codec<T>::from_json(std::move(from), to);
      return true;
    } else {
      return static_cast<bool>(codec<T>::from_json(std::move(from), to));
    }
  }
  static constexpr std::string_view expected() {
    if constexpr (requires { std::string_view(codec<T>::expected); }) {
      return codec<T>::expected;
    } else {
      return "a valid value";
    }
  }
};

template <class T>
requires(!has_codec_trait<T> && has_adl_codec<T>) struct custom_codec<T> {
  using json_type = std::remove_cvref_t<decltype(jsonx_encode(std::declval<const T&>()))>;
  static json_type to_json(const T& value) { return jsonx_encode(value); }
  static bool from_json(json_type&& from, T& to) {
    if constexpr (std::is_void_v<decltype(jsonx_decode(std::move(from), to))>) {
      jsonx_decode(std::move(from), to);
      return true;
    } else {
      return static_cast<bool>(jsonx_decode(std::move(from), to));
    }
  }
  static constexpr std::string_view expected() { return "a valid value"; }
};

}  // namespace detail
}  // namespace jsonx
