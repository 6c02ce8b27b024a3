// Compares two values of a typed model member by member and says where they first differ (a
// JSON Pointer path), for the checks of the typed tasks.
//
// Doubles: a value that is not bit-identical but within 1e-14 relative is counted as inexact,
// not as a difference. Boost.JSON's and RapidJSON's default number parsing is not correctly
// rounded (the value_tally check accepts it for the same reason); the count is reported, so an
// imprecise library is visible without being mistaken for a wrong one.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "adapters/model_fields.hpp"

namespace jsonx_bench {

struct model_comparison {
  std::string difference;             ///< "" if equal; else "at /path: what differs"
  std::uint64_t inexact_doubles = 0;  ///< doubles within 1e-14 relative, not bit-identical
};

namespace model_compare_detail {

using namespace model_fields;

template <class T>
bool compare(const T& got, const T& expected, std::string& path, model_comparison& result);

inline bool differ(std::string& path, model_comparison& result, const std::string& what) {
  result.difference = "at " + (path.empty() ? std::string("/") : path) + ": " + what;
  return false;
}

// Appends a path step for the duration of one comparison.
template <class T>
bool compare_at(const T& got, const T& expected, const std::string& step, std::string& path,
                model_comparison& result) {
  std::size_t length = path.size();
  path += '/';
  path += step;
  bool same = compare(got, expected, path, result);
  if (same) path.resize(length);
  return same;
}

template <class T>
bool compare(const T& got, const T& expected, std::string& path, model_comparison& result) {
  if constexpr (model_struct<T>) {
    bool same = true;
    for_each_field<T>([&](const auto& field) {
      if (!same || field.skipped) return;
      same = compare_at(got.*(field.pointer), expected.*(field.pointer), std::string(field.name),
                        path, result);
    });
    return same;
  } else if constexpr (nullable<T>) {
    if (static_cast<bool>(got) != static_cast<bool>(expected)) {
      return differ(path, result, got ? "present, expected absent or null" : "absent or null");
    }
    return !got || compare(*got, *expected, path, result);
  } else if constexpr (std::is_same_v<T, double>) {
    if (got == expected) return true;
    double scale = std::fmax(std::fabs(expected), 1e-300);
    if (std::fabs(got - expected) <= 1e-14 * scale) {
      ++result.inexact_doubles;
      return true;
    }
    return differ(path, result, std::to_string(got) + " != " + std::to_string(expected));
  } else if constexpr (std::is_same_v<T, jsonx::raw_json>) {
    return got.text == expected.text || differ(path, result, got.text + " != " + expected.text);
  } else if constexpr (std::is_same_v<T, std::string> || std::is_arithmetic_v<T>) {
    return got == expected || differ(path, result, "different values");
  } else if constexpr (requires { got.find(got.begin()->first); }) {  // a map
    if (got.size() != expected.size()) return differ(path, result, "different sizes");
    for (const auto& [key, value] : expected) {
      auto found = got.find(key);
      std::string step;
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(key)>, std::string>) {
        step = key;
      } else {
        step = std::to_string(key);
      }
      if (found == got.end()) return differ(path, result, "key " + step + " missing");
      if (!compare_at(found->second, value, step, path, result)) return false;
    }
    return true;
  } else {  // a sequence: std::vector, std::array
    if (got.size() != expected.size()) return differ(path, result, "different lengths");
    for (std::size_t i = 0; i < got.size(); ++i) {
      if (!compare_at(got[i], expected[i], std::to_string(i), path, result)) return false;
    }
    return true;
  }
}

}  // namespace model_compare_detail

/// Compares `got` with `expected` (see above).
template <class T>
model_comparison compare_models(const T& got, const T& expected) {
  model_comparison result;
  std::string path;
  model_compare_detail::compare(got, expected, path, result);
  return result;
}

}  // namespace jsonx_bench
