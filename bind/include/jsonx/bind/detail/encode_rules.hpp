// Encode rules: how each type category is written as writer events. Static calls all the
// way down (no table of functions): the walk of a described struct is unrolled at compile time.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "jsonx/bind/codec.hpp"
#include "jsonx/bind/describe.hpp"
#include "jsonx/bind/detail/type_category.hpp"
#include "jsonx/bind/encode_context.hpp"
#include "jsonx/bind/raw_json.hpp"
#include "jsonx/encode/detail/integer_format.hpp"

namespace jsonx::detail {

template <class T, type_category = category_of<T>()>
struct encoder_of;

template <class T>
inline constexpr bool encode_always_false = false;

template <class T>
struct encoder_of<T, type_category::unsupported> {
  static_assert(encode_always_false<T>,
                "jsonx: this type cannot be bound: describe it (JSONX_DESCRIBE or "
                "BOOST_DESCRIBE_STRUCT), or give it a jsonx::codec");
};

template <class T>
bool encode_value(encode_context& c, const T& value) {
  return encoder_of<T>::encode(c, value);
}

/// True for values that omit_null leaves out: an empty optional or pointer, a variant
/// holding monostate, raw_json null.
template <class T>
bool is_null_value(const T& value) {
  constexpr type_category c = category_of<T>();
  if constexpr (c == type_category::optional || c == type_category::pointer) {
    return !value;
  } else if constexpr (c == type_category::null) {
    return true;
  } else if constexpr (c == type_category::variant) {
    return std::visit([](const auto& v) { return is_null_value(v); }, value);
  } else if constexpr (c == type_category::raw) {
    return value.text.empty() || value.text == "null";
  } else {
    return false;
  }
}

/// True for values that omit_empty leaves out: the null values, and empty strings, arrays
/// and maps.
template <class T>
bool is_empty_value(const T& value) {
  if (is_null_value(value)) return true;
  constexpr type_category c = category_of<T>();
  if constexpr (c == type_category::string || c == type_category::sequence ||
                c == type_category::bit_vector || c == type_category::map) {
    return value.empty();
  } else if constexpr (c == type_category::fixed_array) {
    return std::tuple_size_v<T> == 0;
  } else {
    return false;
  }
}

/// True if a described field with these options leaves `member` out.
template <bool OmitIfEmpty, bool OmitIfNull, class Member>
bool is_left_out(const Member& member) {
  if constexpr (OmitIfEmpty) {
    if (is_empty_value(member)) return true;
  }
  if constexpr (OmitIfNull) {
    if (is_null_value(member)) return true;
  }
  return false;
}

template <>
struct encoder_of<bool, type_category::boolean> {
  static bool encode(encode_context& c, bool v) { return c.out().on_bool(v) || c.writer_failed(); }
};

template <class T>
struct encoder_of<T, type_category::integer> {
  static bool encode(encode_context& c, T v) {
    const bool ok = std::is_signed_v<T> ? c.out().on_int64(static_cast<std::int64_t>(v))
                                        : c.out().on_uint64(static_cast<std::uint64_t>(v));
    return ok || c.writer_failed();
  }
};

template <class T>
struct encoder_of<T, type_category::floating> {
  static bool encode(encode_context& c, T v) {
    if constexpr (std::is_same_v<T, float>) {
      // The shortest text that reads back as this float (not as the double it widens to:
      // 0.1f is "0.1", not "0.10000000149011612").
      if (v == v && v - v == 0) {  // finite
        char text[32];
        const auto size = static_cast<std::size_t>(format_float(v, text) - text);
        // At most 17 (format_float): saying so spares a bogus -Warray-bounds about the long
        // branch of the writer's short copy.
        if (size > 17) __builtin_unreachable();
        return c.out().on_number_text(std::string_view(text, size)) || c.writer_failed();
      }
    }
    // double; long double is written as the nearest double.
    return c.out().on_double(static_cast<double>(v)) || c.writer_failed();
  }
};

template <class T>
struct encoder_of<T, type_category::string> {
  static bool encode(encode_context& c, const T& v) {
    return c.out().on_string(std::string_view(v.data(), v.size())) || c.writer_failed();
  }
};

template <class T>
struct encoder_of<T, type_category::null> {
  static bool encode(encode_context& c, const T&) { return c.out().on_null() || c.writer_failed(); }
};

/// The name of `value`, or null if no enumerator has it.
template <class E>
const std::string_view* enum_name(E value) {
  for (const auto& e : enumerators_of<E>)
    if (e.value == value) return &e.name;
  return nullptr;
}

template <class E>
struct encoder_of<E, type_category::named_enum> {
  static bool encode(encode_context& c, E v) {
    if (const std::string_view* name = enum_name(v))
      return c.out().on_string(*name) || c.writer_failed();
    return c.fail(make_error_code(bind_errc::unknown_enum_value),
                  "value " + std::to_string(static_cast<long long>(v)) + " has no name");
  }
};

template <class E>
struct encoder_of<E, type_category::plain_enum> {
  static bool encode(encode_context& c, E v) {
    return encode_value(c, static_cast<std::underlying_type_t<E>>(v));
  }
};

template <class T>
struct encoder_of<T, type_category::optional> {
  static bool encode(encode_context& c, const T& v) {
    return v ? encode_value(c, *v) : (c.out().on_null() || c.writer_failed());
  }
};

template <class T>
struct encoder_of<T, type_category::pointer> {
  static bool encode(encode_context& c, const T& v) {
    return v ? encode_value(c, *v) : (c.out().on_null() || c.writer_failed());
  }
};

template <class T>
struct encoder_of<T, type_category::variant> {
  static bool encode(encode_context& c, const T& v) {
    return std::visit([&](const auto& alternative) { return encode_value(c, alternative); }, v);
  }
};

template <class T>
struct encoder_of<T, type_category::raw> {
  static bool encode(encode_context& c, const raw_json& v) {
    const bool ok = v.text.empty() ? c.out().on_null() : c.out().write_raw_value(v.text);
    return ok || c.writer_failed();
  }
};

template <class T>
struct encoder_of<T, type_category::custom> {
  static bool encode(encode_context& c, const T& v) {
    return encode_value(c, custom_codec<T>::to_json(v));
  }
};

// ---- arrays -----------------------------------------------------------------------------

template <class Range>
bool encode_range(encode_context& c, const Range& range) {
  if (!c.enter()) return false;
  if (!c.out().on_array_begin()) return c.writer_failed();
  std::size_t index = 0;
  for (const auto& element : range) {
    if (!encode_value(c, static_cast<const typename Range::value_type&>(element))) {
      c.add_index_segment(index);
      return false;
    }
    ++index;
  }
  c.leave();
  return c.out().on_array_end(index) || c.writer_failed();
}

template <class T>
struct encoder_of<T, type_category::sequence> {
  static bool encode(encode_context& c, const T& v) { return encode_range(c, v); }
};
template <class T>
struct encoder_of<T, type_category::bit_vector> {
  static bool encode(encode_context& c, const T& v) {
    if (!c.enter()) return false;
    if (!c.out().on_array_begin()) return c.writer_failed();
    for (bool element : v)
      if (!c.out().on_bool(element)) return c.writer_failed();
    c.leave();
    return c.out().on_array_end(v.size()) || c.writer_failed();
  }
};
template <class T>
struct encoder_of<T, type_category::fixed_array> {
  static bool encode(encode_context& c, const T& v) { return encode_range(c, v); }
};

template <class T>
struct encoder_of<T, type_category::tuple> {
  static bool encode(encode_context& c, const T& v) {
    if (!c.enter()) return false;
    if (!c.out().on_array_begin()) return c.writer_failed();
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (encode_element<I>(c, v) && ...);
    }
    (std::make_index_sequence<std::tuple_size_v<T>>());
    if (!ok) return false;
    c.leave();
    return c.out().on_array_end(std::tuple_size_v<T>) || c.writer_failed();
  }
  template <std::size_t I>
  static bool encode_element(encode_context& c, const T& v) {
    if (encode_value(c, std::get<I>(v))) return true;
    c.add_index_segment(I);
    return false;
  }
};

// ---- objects ----------------------------------------------------------------------------

/// Writes a map key: strings as they are, integers in decimal, enums by name.
template <class K>
bool encode_key(encode_context& c, const K& key) {
  if constexpr (is_std_string<K>::value) {
    return c.out().on_key(std::string_view(key.data(), key.size())) || c.writer_failed();
  } else if constexpr (std::is_integral_v<K>) {
    char digits[24];
    auto result = std::to_chars(digits, digits + sizeof digits, key);
    return c.out().on_key(
               std::string_view(digits, static_cast<std::size_t>(result.ptr - digits))) ||
           c.writer_failed();
  } else {
    if (const std::string_view* name = enum_name(key))
      return c.out().on_key(*name) || c.writer_failed();
    return c.fail(make_error_code(bind_errc::unknown_enum_value),
                  "key " + std::to_string(static_cast<long long>(key)) + " has no name");
  }
}

template <class T>
struct encoder_of<T, type_category::map> {
  static bool encode(encode_context& c, const T& v) {
    if (!c.enter()) return false;
    if (!c.out().on_object_begin()) return c.writer_failed();
    for (const auto& [key, value] : v) {
      if (!encode_key(c, key) || !encode_value(c, value)) {
        add_key(c, key);
        return false;
      }
    }
    c.leave();
    return c.out().on_object_end(v.size()) || c.writer_failed();
  }
  static void add_key(encode_context& c, const typename T::key_type& key) {
    if constexpr (is_std_string<typename T::key_type>::value) {
      c.add_key_segment(key);
    } else if constexpr (std::is_integral_v<typename T::key_type>) {
      c.add_key_segment(std::to_string(key));
    } else {
      const std::string_view* name = enum_name(key);
      c.add_key_segment(name != nullptr ? *name : std::string_view("?"));
    }
  }
};

template <class T>
struct encoder_of<T, type_category::described> {
  static constexpr std::size_t count =
      std::tuple_size_v<std::remove_cvref_t<decltype(fields_of<T>)>>;

  static bool encode(encode_context& c, const T& v) {
    if (!c.enter()) return false;
    if (!c.out().on_object_begin()) return c.writer_failed();
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (encode_field<I>(c, v) && ...);
    }
    (std::make_index_sequence<count>());
    if (!ok) return false;
    c.leave();
    return c.out().on_object_end() || c.writer_failed();
  }

  template <std::size_t I>
  static bool encode_field(encode_context& c, const T& v) {
    constexpr auto f = std::get<I>(fields_of<T>);
    if constexpr (f.skipped) {
      return true;
    } else {
      const auto& member = v.*(f.pointer);
      if (is_left_out<f.omit_if_empty, f.omit_if_null>(member)) return true;
      if (!c.out().on_key(f.name)) return c.writer_failed();
      if (encode_value(c, member)) return true;
      c.add_key_segment(f.name);
      return false;
    }
  }
};

}  // namespace jsonx::detail
