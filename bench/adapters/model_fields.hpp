// What the peers' typed adapters (nlohmann, Boost.JSON, RapidJSON) need to fill and write the
// models generically: the list of a struct's fields (names as in JSON, members, options) from
// the models' own description (JSONX_DESCRIBE, read through jsonx::fields_of), and traits of
// the member types that those libraries do not convert by themselves.
//
// Using the description only saves writing every struct out by hand for each library: the code
// generated is the same per-field lookup and conversion a hand-written from_json / tag_invoke /
// manual fill would do. (simdjson's fill is written out by hand: simdjson_model_fill.hpp.)
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>

#include "jsonx/bind/describe.hpp"
#include "jsonx/bind/raw_json.hpp"

namespace jsonx_bench::model_fields {

/// A struct with a description: its members are read and written by name.
template <class T>
concept model_struct = jsonx::described_struct<T>;

/// Calls `visit(field)` for each described field of T, in declaration order; a field has `name`
/// (as in JSON), `pointer` (to the member), `skipped` and `omit_if_null`.
template <model_struct T, class Visitor>
void for_each_field(Visitor&& visit) {
  std::apply([&](const auto&... field) { (visit(field), ...); }, jsonx::fields_of<T>);
}

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

template <class T>
struct is_unique_ptr : std::false_type {};
template <class T>
struct is_unique_ptr<std::unique_ptr<T>> : std::true_type {};

/// std::optional or std::unique_ptr: null in JSON when empty, and may be absent.
template <class T>
concept nullable = is_optional<T>::value || is_unique_ptr<T>::value;

/// A map with integer keys, written as strings in JSON (citm_catalog's id maps).
template <class T>
struct is_integer_keyed_map : std::false_type {};
template <class T>
struct is_integer_keyed_map<std::map<std::int64_t, T>> : std::true_type {};
template <class T>
concept integer_keyed_map = is_integer_keyed_map<T>::value;

/// Empties a nullable member (for a key that is absent).
template <nullable T>
void clear_nullable(T& member) {
  member.reset();
}

/// The value a nullable holds, made if it is empty (optional::emplace would destroy the old
/// one; keeping it lets a reused model keep its capacity).
template <class T>
T& make_present(std::optional<T>& member) {
  return member ? *member : member.emplace();
}
template <class T>
T& make_present(std::unique_ptr<T>& member) {
  if (!member) member = std::make_unique<T>();
  return *member;
}

}  // namespace jsonx_bench::model_fields
