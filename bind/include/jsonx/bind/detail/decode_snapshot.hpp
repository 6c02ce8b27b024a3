// Snapshots of the value so far (typed_decoder<T>::partial()): the changes a snapshot makes to
// the target, each recorded with its undo (snapshot_change), so that the parse goes on as if
// no snapshot had been taken.
//
// A snapshot changes little: the target already holds what was decoded, in place. It sends
// the value cut by the end of the input (a string's prefix, a number complete by itself, a
// whole literal) to the next target, which saves what that event replaces (the member's old
// value, moved out: no copy; a container's element count); it hides the last key of a map
// when that key has no value yet; and an open reused vector puts the elements it kept from
// before out of sight (decode_containers.hpp), for good: that one is not undone.
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <variant>

#include "jsonx/bind/decode_handler.hpp"
#include "jsonx/bind/detail/decode_types.hpp"
#include "jsonx/bind/detail/type_category.hpp"
#include "jsonx/bind/error.hpp"

namespace jsonx::detail {

/// True if T holds a value bound through a codec (which sees only complete values).
template <class T>
constexpr bool holds_codec() {
  constexpr type_category c = category_of<T>();
  if constexpr (c == type_category::custom) {
    return true;
  } else if constexpr (c == type_category::optional) {
    return holds_codec<typename T::value_type>();
  } else if constexpr (c == type_category::pointer) {
    return holds_codec<std::remove_cv_t<typename T::element_type>>();
  } else if constexpr (c == type_category::variant) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (holds_codec<std::variant_alternative_t<I, T>>() || ...);
    }
    (std::make_index_sequence<std::variant_size_v<T>>());
  } else {
    return false;
  }
}

/// True if a T may be given a snapshot's cut value of kind `kind` (a scalar): false where
/// the event would be a type mismatch anyway (structs and containers take no scalar), and
/// for codecs, whose conversion sees only complete values (a cut string is not one).
template <class T>
constexpr bool takes_cut_value(json_kind kind) {
  constexpr type_category c = category_of<T>();
  if constexpr (!std::is_move_constructible_v<T> || !std::is_move_assignable_v<T>) {
    return false;
  } else if constexpr (c == type_category::described || c == type_category::sequence ||
                       c == type_category::bit_vector || c == type_category::fixed_array ||
                       c == type_category::tuple || c == type_category::map) {
    return false;
  } else if constexpr (c == type_category::optional || c == type_category::pointer) {
    return kind == json_kind::null || !holds_codec<T>();
  } else {
    return !holds_codec<T>();
  }
}

// ---- a saved value ----------------------------------------------------------------------

template <class T>
void free_saved(snapshot_change& c) noexcept {
  if constexpr (snapshot_change::fits_in_storage<T>) {
    static_cast<T*>(c.saved)->~T();
  } else {
    delete static_cast<T*>(c.saved);
  }
}
template <class T>
void keep_saved(decode_handler&, snapshot_change& c) noexcept {
  free_saved<T>(c);
}
template <class T>
void restore_saved(decode_handler&, snapshot_change& c) {
  *static_cast<T*>(c.object) = std::move(*static_cast<T*>(c.saved));
  free_saved<T>(c);
}

/// Before a cut value goes to the T at `object`: moves its value out into a record (undo
/// moves it back). False if T does not take the value, or no record is left.
template <class T>
bool save_for_snapshot(decode_handler& h, void* object, json_kind kind) {
  if constexpr (!takes_cut_value<T>(json_kind::null) && !takes_cut_value<T>(json_kind::boolean) &&
                !takes_cut_value<T>(json_kind::number) && !takes_cut_value<T>(json_kind::string)) {
    return false;
  } else {
    if (!takes_cut_value<T>(kind)) return false;
    snapshot_change* c = h.next_change();
    if (c == nullptr) return false;
    T& target = *static_cast<T*>(object);
    if constexpr (snapshot_change::fits_in_storage<T>) {
      c->saved = ::new (static_cast<void*>(c->storage)) T(std::move(target));
    } else {
      c->saved = new T(std::move(target));
    }
    c->undo = &restore_saved<T>;
    c->keep = &keep_saved<T>;
    c->object = object;
    c->value = 0;
    h.commit_change();
    return true;
  }
}

// ---- a container's count ----------------------------------------------------------------

inline void restore_frame_index(decode_handler&, snapshot_change& c) {
  static_cast<frame*>(c.object)->index = c.value;
}

/// Before a cut value is counted by the innermost frame (elements begun): undo puts the count
/// back. (A frame stays where it is while a snapshot is shown: no frame is pushed.)
inline bool record_frame_index(decode_handler& h) {
  snapshot_change* c = h.next_change();
  if (c == nullptr) return false;
  frame& f = h.top();
  c->undo = &restore_frame_index;
  c->keep = nullptr;
  c->object = &f;
  c->value = f.index;
  c->saved = nullptr;
  h.commit_change();
  return true;
}

template <class S>
void restore_size(decode_handler&, snapshot_change& c) {
  S& s = *static_cast<S*>(c.object);
  while (s.size() > c.value) s.pop_back();
}

/// Before a cut value is appended to the sequence `s`: undo removes what was appended.
template <class S>
bool record_size(decode_handler& h, S& s) {
  snapshot_change* c = h.next_change();
  if (c == nullptr) return false;
  c->undo = &restore_size<S>;
  c->keep = nullptr;
  c->object = &s;
  c->value = s.size();
  c->saved = nullptr;
  h.commit_change();
  return true;
}

}  // namespace jsonx::detail
