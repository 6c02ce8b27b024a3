// The steps of a variadic path, get("statuses", 3, "user"): a key or an array index.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>

namespace jsonx::dom {

/// A step of get(path...): an integer (an array index) or anything that converts to a
/// std::string_view (an object key). bool and char are neither.
template <class T>
concept path_step = (std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char>) ||
                    std::convertible_to<const T&, std::string_view>;

namespace detail {

/// A step as the lookups take it: either an index or a key.
struct path_step_value {
  bool is_index;
  std::size_t index;
  std::string_view key;
};

template <path_step T>
path_step_value to_path_step(const T& step) noexcept {
  if constexpr (std::integral<T>) {
    // A negative index can never name an element; map it past any real size.
    if constexpr (std::is_signed_v<T>) {
      if (step < 0) return {true, static_cast<std::size_t>(-1), {}};
    }
    return {true, static_cast<std::size_t>(step), {}};
  } else {
    return {false, 0, std::string_view(step)};
  }
}

}  // namespace detail
}  // namespace jsonx::dom
