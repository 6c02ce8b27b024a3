// Deep equality of bound values, following the descriptions: described structs member by
// member, optionals and pointers by what they hold, containers element by element. For the
// models' round-trip tests (twitter's status holds a unique_ptr, so it has no operator==).
#pragma once

#include <cstddef>
#include <iterator>
#include <tuple>
#include <utility>
#include <variant>

#include "jsonx/bind/detail/type_category.hpp"

namespace jsonx::models {

template <std::size_t I, class T>
bool equal_field(const T& a, const T& b);

template <class T>
bool equal(const T& a, const T& b) {
  using detail::type_category;
  constexpr type_category c = detail::category_of<T>();
  if constexpr (c == type_category::described) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (equal_field<I>(a, b) && ...);
    }
    (std::make_index_sequence<std::tuple_size_v<std::remove_cvref_t<decltype(fields_of<T>)>>>());
  } else if constexpr (c == type_category::optional || c == type_category::pointer) {
    return (!a && !b) || (a && b && equal(*a, *b));
  } else if constexpr (c == type_category::sequence || c == type_category::fixed_array) {
    if (std::size(a) != std::size(b)) return false;
    auto j = std::begin(b);
    for (const auto& x : a)
      if (!equal(x, *j++)) return false;
    return true;
  } else if constexpr (c == type_category::map) {
    if (a.size() != b.size()) return false;
    for (const auto& [key, value] : a) {
      auto found = b.find(key);
      if (found == b.end() || !equal(value, found->second)) return false;
    }
    return true;
  } else if constexpr (c == type_category::variant) {
    return a.index() == b.index() &&
           std::visit(
               [&](const auto& x) {
                 return equal(x, std::get<std::remove_cvref_t<decltype(x)>>(b));
               },
               a);
  } else if constexpr (c == type_category::tuple) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (equal(std::get<I>(a), std::get<I>(b)) && ...);
    }
    (std::make_index_sequence<std::tuple_size_v<T>>());
  } else {
    return a == b;
  }
}

template <std::size_t I, class T>
bool equal_field(const T& a, const T& b) {
  constexpr auto f = std::get<I>(fields_of<T>);
  if constexpr (f.skipped) {
    return true;
  } else {
    return equal(a.*(f.pointer), b.*(f.pointer));
  }
}

}  // namespace jsonx::models
