// The readable C++ name of a target type, for decode errors: "std::int32_t",
// "std::vector<std::string>", "std::optional<my::point>", "my::config".
//
// The standard types a binding meets are named here, as a user writes them (the fixed-width
// integer names, no allocators or comparators); any other type (a described struct, an enum,
// a codec's type) by the compiler's own spelling of it, taken from __PRETTY_FUNCTION__.
#pragma once

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace jsonx::detail {

/// Returns the name of a type; stable for the program's life.
using type_name_function = std::string_view (*)();

template <class T>
std::string_view type_name();

namespace type_naming {

// "T = my::point" in the compiler's signature of this function.
template <class T>
std::string compiler_name() {
  std::string_view signature = __PRETTY_FUNCTION__;
  constexpr std::string_view marker = "T = ";
  const std::size_t begin = signature.find(marker);
  if (begin == std::string_view::npos) return std::string(signature);
  signature.remove_prefix(begin + marker.size());
  // GCC ends the type with ';' (more template parameters follow) or ']'; Clang with ']'.
  std::size_t end = 0;
  int depth = 0;
  for (; end < signature.size(); ++end) {
    const char c = signature[end];
    if (c == '<') ++depth;
    if (c == '>') --depth;
    if (depth == 0 && (c == ';' || c == ']')) break;
  }
  std::string name(signature.substr(0, end));
  // libstdc++'s inline namespace for the C++11 ABI is no part of the name a user writes.
  for (std::size_t at; (at = name.find("std::__cxx11::")) != std::string::npos;)
    name.erase(at + 5, 9);
  return name;
}

template <class T>
struct namer {
  static std::string make() {
    if constexpr (std::is_same_v<T, bool>) {
      return "bool";
    } else if constexpr (std::is_same_v<T, char>) {
      return "char";
    } else if constexpr (std::is_integral_v<T>) {
      std::string name = std::is_signed_v<T> ? "std::int" : "std::uint";
      name += std::to_string(sizeof(T) * CHAR_BIT);
      return name + "_t";
    } else if constexpr (std::is_same_v<T, float>) {
      return "float";
    } else if constexpr (std::is_same_v<T, double>) {
      return "double";
    } else if constexpr (std::is_same_v<T, long double>) {
      return "long double";
    } else {
      return compiler_name<T>();
    }
  }
};

// "prefix<A, B, ...>"
template <class... A>
std::string templated(std::string_view prefix) {
  std::string name(prefix);
  name += '<';
  bool first = true;
  ((name += first ? "" : ", ", name += type_name<A>(), first = false), ...);
  name += '>';
  return name;
}

template <>
struct namer<std::string> {
  static std::string make() { return "std::string"; }
};
template <>
struct namer<std::string_view> {
  static std::string make() { return "std::string_view"; }
};
template <>
struct namer<std::nullptr_t> {
  static std::string make() { return "std::nullptr_t"; }
};
template <>
struct namer<std::monostate> {
  static std::string make() { return "std::monostate"; }
};
template <class U>
struct namer<std::optional<U>> {
  static std::string make() { return templated<U>("std::optional"); }
};
template <class U, class D>
struct namer<std::unique_ptr<U, D>> {
  static std::string make() { return templated<U>("std::unique_ptr"); }
};
template <class U>
struct namer<std::shared_ptr<U>> {
  static std::string make() { return templated<U>("std::shared_ptr"); }
};
template <class U, class A>
struct namer<std::vector<U, A>> {
  static std::string make() { return templated<U>("std::vector"); }
};
template <class U, class A>
struct namer<std::deque<U, A>> {
  static std::string make() { return templated<U>("std::deque"); }
};
template <class U, class A>
struct namer<std::list<U, A>> {
  static std::string make() { return templated<U>("std::list"); }
};
template <class U, std::size_t N>
struct namer<std::array<U, N>> {
  static std::string make() {
    std::string name = templated<U>("std::array");
    name.insert(name.size() - 1, ", " + std::to_string(N));
    return name;
  }
};
template <class K, class V, class C, class A>
struct namer<std::map<K, V, C, A>> {
  static std::string make() { return templated<K, V>("std::map"); }
};
template <class K, class V, class H, class E, class A>
struct namer<std::unordered_map<K, V, H, E, A>> {
  static std::string make() { return templated<K, V>("std::unordered_map"); }
};
template <class A, class B>
struct namer<std::pair<A, B>> {
  static std::string make() { return templated<A, B>("std::pair"); }
};
template <class... A>
struct namer<std::tuple<A...>> {
  static std::string make() { return templated<A...>("std::tuple"); }
};
template <class... A>
struct namer<std::variant<A...>> {
  static std::string make() { return templated<A...>("std::variant"); }
};

}  // namespace type_naming

template <class T>
std::string_view type_name() {
  // Made once, on the first error that names T (errors are cold).
  static const std::string name = type_naming::namer<std::remove_cv_t<T>>::make();
  return name;
}

}  // namespace jsonx::detail
