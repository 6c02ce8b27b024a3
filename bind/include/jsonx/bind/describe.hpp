// Describing a type once, for both directions of the binding.
//
// A struct is described by the list of its fields: with our macro,
//
//   struct user { std::uint64_t id; std::string screen_name; std::optional<std::string> url; };
//   JSONX_DESCRIBE(user, id, screen_name, url)          // at namespace scope, next to the type
//
// or with Boost.Describe (`BOOST_DESCRIBE_STRUCT(user, (), (id, screen_name, url))`, public
// members, inherited ones included), or by hand, where each field can carry its options:
//
//   constexpr auto jsonx_describe(const user*) {        // found by argument-dependent lookup
//     return jsonx::fields(jsonx::field("id", &user::id),
//                          jsonx::field("screenName", &user::screen_name).omit_empty(),
//                          jsonx::field("url", &user::url).omit_null());
//   }
//
// Options can also be attached to fields described by a macro (ours or Boost's), naming the
// member:
//
//   JSONX_FIELD_OPTIONS(user, jsonx::rename(&user::screen_name, "screenName"),
//                       jsonx::omit_null(&user::url))
//
// The options: rename (the JSON name), skip (neither decoded nor encoded), omit_empty and
// omit_null (encoding leaves the member out when it is empty / null), optional_field (may be
// absent even when decode_options::missing_fields is error) and required_field (must be
// present whatever the policy). std::optional, std::unique_ptr and std::shared_ptr members
// are optional_field unless marked required_field.
//
// Private members: JSONX_DESCRIBE_FRIEND(type, fields...) inside the class body.
//
// Enums are written as strings when described (JSONX_DESCRIBE_ENUM(color, red, green) or
// BOOST_DESCRIBE_ENUM), as their underlying integer otherwise; by hand:
//
//   constexpr auto jsonx_describe_enum(const color*) {
//     return std::array{jsonx::enumerator{"RED", color::red}, jsonx::enumerator{"GREEN",
//     color::green}};
//   }
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "jsonx/bind/detail/preprocessor.hpp"

#if !defined(JSONX_BIND_BOOST_DESCRIBE)
#if __has_include(<boost/describe/members.hpp>)
#define JSONX_BIND_BOOST_DESCRIBE 1
#else
#define JSONX_BIND_BOOST_DESCRIBE 0
#endif
#endif
#if JSONX_BIND_BOOST_DESCRIBE
#include <boost/describe/enumerators.hpp>
#include <boost/describe/members.hpp>
#include <boost/describe/modifiers.hpp>
#endif

namespace jsonx {

/// Whether a field must be present in the JSON object when decoding.
enum class field_presence : std::uint8_t {
  by_policy,  ///< as decode_options::missing_fields says (optional-like types: optional)
  optional,   ///< may be absent whatever the policy
  required,   ///< must be present whatever the policy
};

/// One described field: its JSON name, the member, and its options.
template <class Class, class Member>
struct field_descriptor {
  using class_type = Class;
  using member_type = Member;

  std::string_view name;
  Member Class::*pointer;
  bool skipped = false;
  bool omit_if_empty = false;
  bool omit_if_null = false;
  field_presence presence = field_presence::by_policy;

  constexpr field_descriptor rename(std::string_view json_name) const {
    field_descriptor copy = *this;
    copy.name = json_name;
    return copy;
  }
  constexpr field_descriptor skip() const {
    field_descriptor copy = *this;
    copy.skipped = true;
    return copy;
  }
  constexpr field_descriptor omit_empty() const {
    field_descriptor copy = *this;
    copy.omit_if_empty = true;
    return copy;
  }
  constexpr field_descriptor omit_null() const {
    field_descriptor copy = *this;
    copy.omit_if_null = true;
    return copy;
  }
  constexpr field_descriptor optional() const {
    field_descriptor copy = *this;
    copy.presence = field_presence::optional;
    return copy;
  }
  constexpr field_descriptor required() const {
    field_descriptor copy = *this;
    copy.presence = field_presence::required;
    return copy;
  }
};

/// A field named `name` in JSON, stored in `pointer`.
template <class Class, class Member>
constexpr field_descriptor<Class, Member> field(std::string_view name, Member Class::*pointer) {
  return {name, pointer};
}

/// The field list of a description.
template <class... Fields>
constexpr std::tuple<Fields...> fields(Fields... described) {
  return {described...};
}

/// An option for the described field whose member is `pointer` (JSONX_FIELD_OPTIONS).
template <class Class, class Member>
struct member_option {
  enum class kind : std::uint8_t { rename, skip, omit_empty, omit_null, optional, required };
  Member Class::*pointer;
  kind what;
  std::string_view name;  // for rename

  constexpr void apply_to(field_descriptor<Class, Member>& f) const {
    switch (what) {
      case kind::rename:
        f.name = name;
        break;
      case kind::skip:
        f.skipped = true;
        break;
      case kind::omit_empty:
        f.omit_if_empty = true;
        break;
      case kind::omit_null:
        f.omit_if_null = true;
        break;
      case kind::optional:
        f.presence = field_presence::optional;
        break;
      case kind::required:
        f.presence = field_presence::required;
        break;
    }
  }
};

template <class C, class M>
constexpr member_option<C, M> rename(M C::*pointer, std::string_view json_name) {
  return {pointer, member_option<C, M>::kind::rename, json_name};
}
template <class C, class M>
constexpr member_option<C, M> skip(M C::*pointer) {
  return {pointer, member_option<C, M>::kind::skip, {}};
}
template <class C, class M>
constexpr member_option<C, M> omit_empty(M C::*pointer) {
  return {pointer, member_option<C, M>::kind::omit_empty, {}};
}
template <class C, class M>
constexpr member_option<C, M> omit_null(M C::*pointer) {
  return {pointer, member_option<C, M>::kind::omit_null, {}};
}
template <class C, class M>
constexpr member_option<C, M> optional_field(M C::*pointer) {
  return {pointer, member_option<C, M>::kind::optional, {}};
}
template <class C, class M>
constexpr member_option<C, M> required_field(M C::*pointer) {
  return {pointer, member_option<C, M>::kind::required, {}};
}

/// One described enumerator: its JSON string and its value.
template <class Enum>
struct enumerator {
  std::string_view name;
  Enum value;
};
template <class Enum>
enumerator(const char*, Enum) -> enumerator<Enum>;

namespace detail {

template <class T>
concept has_own_description = requires(const T* p) {
  jsonx_describe(p);
};
template <class T>
concept has_field_options = requires(const T* p) {
  jsonx_field_options(p);
};
template <class E>
concept has_own_enum_description = requires(const E* p) {
  jsonx_describe_enum(p);
};

#if JSONX_BIND_BOOST_DESCRIBE
template <class T>
concept has_boost_description =
    std::is_class_v<T> && boost::describe::has_describe_members<T>::value;
template <class E>
concept has_boost_enum_description =
    std::is_enum_v<E> && boost::describe::has_describe_enumerators<E>::value;

template <class T>
constexpr auto boost_fields() {
  using list = boost::describe::describe_members<T, boost::describe::mod_public |
                                                        boost::describe::mod_inherited>;
  return []<template <class...> class L, class... D>(L<D...>*) {
    return std::tuple{field(std::string_view(D::name), D::pointer)...};
  }(static_cast<list*>(nullptr));
}
template <class E>
constexpr auto boost_enumerators() {
  using list = boost::describe::describe_enumerators<E>;
  return []<template <class...> class L, class... D>(L<D...>*) {
    return std::array<enumerator<E>, sizeof...(D)>{enumerator<E>{D::name, D::value}...};
  }(static_cast<list*>(nullptr));
}
#else
template <class T>
concept has_boost_description = false;
template <class E>
concept has_boost_enum_description = false;
// Without Boost.Describe's headers no type has its description, but resolve_fields() and
// resolve_enumerators() below name these in their fallback branch, which must then still
// compile (a name not found there is an error in any program including this header); reached
// only for a type described in no way, which these reject.
template <class T>
constexpr auto boost_fields() {
  static_assert(sizeof(T) == 0,
                "jsonx: this type is not described (JSONX_DESCRIBE, "
                "jsonx_describe, or Boost.Describe with its headers installed)");
  return std::tuple<>{};
}
template <class E>
constexpr auto boost_enumerators() {
  static_assert(sizeof(E) == 0,
                "jsonx: this enum is not described (JSONX_DESCRIBE_ENUM, "
                "jsonx_describe_enum, or Boost.Describe with its headers "
                "installed)");
  return std::array<enumerator<E>, 0>{};
}
#endif

template <class C, class M, class C2, class M2>
constexpr bool apply_option(field_descriptor<C, M>& f, const member_option<C2, M2>& option) {
  if constexpr (std::is_same_v<M C::*, M2 C2::*>) {
    if (f.pointer == option.pointer) {
      option.apply_to(f);
      return true;
    }
  }
  return false;
}

// Applies JSONX_FIELD_OPTIONS to the field list. An option naming a member that is not
// described fails to compile (a throw in a constant expression).
template <class FieldTuple, class OptionTuple>
constexpr FieldTuple with_options(FieldTuple list, const OptionTuple& options) {
  std::apply(
      [&](const auto&... option) {
        auto apply_one = [&](const auto& o) {
          bool matched = false;
          std::apply([&](auto&... f) { ((matched = apply_option(f, o) || matched), ...); }, list);
          if (!matched) throw "jsonx: JSONX_FIELD_OPTIONS names a member that is not described";
        };
        (apply_one(option), ...);
      },
      options);
  return list;
}

template <class T>
constexpr auto resolve_fields() {
  auto base = [] {
    if constexpr (has_own_description<T>) {
      return jsonx_describe(static_cast<const T*>(nullptr));
    } else {
      return boost_fields<T>();
    }
  }();
  if constexpr (has_field_options<T>) {
    return with_options(base, jsonx_field_options(static_cast<const T*>(nullptr)));
  } else {
    return base;
  }
}

template <class E>
constexpr auto resolve_enumerators() {
  if constexpr (has_own_enum_description<E>) {
    return jsonx_describe_enum(static_cast<const E*>(nullptr));
  } else {
    return boost_enumerators<E>();
  }
}

}  // namespace detail

/// A struct described by JSONX_DESCRIBE, by hand (jsonx_describe) or by Boost.Describe.
template <class T>
concept described_struct = std::is_class_v<T> &&
    (detail::has_own_description<T> || detail::has_boost_description<T>);

/// An enum described by JSONX_DESCRIBE_ENUM, by hand (jsonx_describe_enum) or by Boost.Describe.
template <class E>
concept described_enum = std::is_enum_v<E> &&
    (detail::has_own_enum_description<E> || detail::has_boost_enum_description<E>);

/// The fields of a described struct, options applied: a tuple of field_descriptor.
template <described_struct T>
inline constexpr auto fields_of = detail::resolve_fields<T>();

/// The enumerators of a described enum: an array of enumerator<E>.
template <described_enum E>
inline constexpr auto enumerators_of = detail::resolve_enumerators<E>();

}  // namespace jsonx

#define JSONX_DETAIL_FIELD(type, member) ::jsonx::field(#member, &type::member)
#define JSONX_DETAIL_ENUMERATOR(type, name) \
  ::jsonx::enumerator<type> {               \
#name, type::name                       \
  }

/// Describes the public members of `type`, named in JSON as in C++. At namespace scope, in the
/// namespace of `type`.
#define JSONX_DESCRIBE(type, ...)                                                            \
  [[maybe_unused]] constexpr auto jsonx_describe(const type*) {                              \
    return ::jsonx::fields(JSONX_DETAIL_PP_FOR_EACH(JSONX_DETAIL_FIELD, type, __VA_ARGS__)); \
  }

/// JSONX_DESCRIBE for private members: inside the class body.
#define JSONX_DESCRIBE_FRIEND(type, ...)                                                     \
  friend constexpr auto jsonx_describe(const type*) {                                        \
    return ::jsonx::fields(JSONX_DETAIL_PP_FOR_EACH(JSONX_DETAIL_FIELD, type, __VA_ARGS__)); \
  }

/// Options of described fields (jsonx::rename, skip, omit_empty, omit_null, optional_field,
/// required_field), by member. At namespace scope, in the namespace of `type`.
#define JSONX_FIELD_OPTIONS(type, ...)                               \
  [[maybe_unused]] constexpr auto jsonx_field_options(const type*) { \
    return std::tuple{__VA_ARGS__};                                  \
  }

/// Describes an enum: each enumerator is written as its name. In the namespace of `type`.
#define JSONX_DESCRIBE_ENUM(type, ...)                                                       \
  [[maybe_unused]] constexpr auto jsonx_describe_enum(const type*) {                         \
    return std::array{JSONX_DETAIL_PP_FOR_EACH(JSONX_DETAIL_ENUMERATOR, type, __VA_ARGS__)}; \
  }
