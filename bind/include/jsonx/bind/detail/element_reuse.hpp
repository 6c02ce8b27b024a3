// Reusing the elements a std::vector already holds when an array is decoded into it again:
// the element is brought back to the state of a new one (a value-initialized U) in a way
// that keeps the memory its strings own, so that decoding a stream of documents into one
// value does not free and allocate every string again.
//
// How an element is brought back, by its type (reuse_of<U>):
// - in_place: nothing to do, the events replace the whole value (scalars, strings, optional,
//   pointers, variants, maps, vectors, raw_json, the DOM value; arrays and tuples of those);
// - reset: reset_element() first. A struct whose description names every member it has is
//   reset member by member to the members of a new U: strings and scalars assigned (the
//   strings keep their capacity), containers cleared, optionals and pointers emptied, nested
//   structs likewise, when a new U's containers, optionals and pointers are empty (checked
//   once per type). Any other type, or a new U with a non-empty container, is move-assigned
//   a new U (correct, without the saving);
// - none: the vector is cleared and appended to instead (U cannot be move-assigned).
// What a reset would destroy (an optional's or a unique_ptr's value, a vector's elements, a
// map's nodes) goes to the decoder's recycler (recycler.hpp), and what a decode would make new
// comes from there first (fill_optional, fill_pointer, append_element, recycled map nodes):
// the memory of a value is kept however deep it lies.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "jsonx/bind/describe.hpp"
#include "jsonx/bind/detail/recycler.hpp"
#include "jsonx/bind/detail/type_category.hpp"

namespace jsonx::detail {

template <class S>
struct is_std_vector : std::false_type {};
template <class U, class Alloc>
struct is_std_vector<std::vector<U, Alloc>> : std::true_type {};

/// Maps whose entries are nodes that can be taken out and put back (std::map and the like).
template <class M>
concept node_based_map = requires(M& m, typename M::iterator it) {
  m.insert(m.extract(it));
};

template <class U>
constexpr bool fully_described();

/// True if container U says its allocator is std::allocator (one that says nothing: false).
template <class U>
constexpr bool has_std_allocator() {
  if constexpr (requires { typename U::allocator_type; }) {
    return std::is_same_v<typename U::allocator_type, std::allocator<typename U::value_type>>;
  } else {
    return false;
  }
}

/// True if all the memory a U holds comes from std::allocator: no memory resource or
/// stateful allocator (a std::pmr member, a dom::value) that a value kept in the recycler
/// could outlive. Types the rules do not know (codecs, the DOM types, shared_ptr, whose object
/// others may hold) are not. `Seen`: the types being checked around it (a type that holds
/// itself through a pointer adds nothing new).
template <class U, class... Seen>
constexpr bool std_allocated() {
  constexpr type_category c = category_of<U>();
  if constexpr ((std::is_same_v<U, Seen> || ...)) {
    return true;
  } else if constexpr (c == type_category::boolean || c == type_category::integer ||
                       c == type_category::floating || c == type_category::named_enum ||
                       c == type_category::plain_enum || c == type_category::null ||
                       c == type_category::raw) {
    return true;
  } else if constexpr (c == type_category::string) {
    return has_std_allocator<U>();
  } else if constexpr (c == type_category::optional) {
    return std_allocated<typename U::value_type, U, Seen...>();
  } else if constexpr (c == type_category::pointer) {
    if constexpr (is_std_shared_ptr<U>::value) {
      return false;
    } else {
      return std::is_same_v<typename U::deleter_type,
                            std::default_delete<typename U::element_type>> &&
             std_allocated<typename U::element_type, U, Seen...>();
    }
  } else if constexpr (c == type_category::sequence || c == type_category::bit_vector) {
    return has_std_allocator<U>() && std_allocated<typename U::value_type, U, Seen...>();
  } else if constexpr (c == type_category::map) {
    return has_std_allocator<U>() && std_allocated<typename U::key_type, U, Seen...>() &&
           std_allocated<typename U::mapped_type, U, Seen...>();
  } else if constexpr (c == type_category::fixed_array) {
    return std_allocated<typename U::value_type, U, Seen...>();
  } else if constexpr (c == type_category::tuple) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (std_allocated<std::tuple_element_t<I, U>, U, Seen...>() && ...);
    }
    (std::make_index_sequence<std::tuple_size_v<U>>());
  } else if constexpr (c == type_category::variant) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (std_allocated<std::variant_alternative_t<I, U>, U, Seen...>() && ...);
    }
    (std::make_index_sequence<std::variant_size_v<U>>());
  } else if constexpr (c == type_category::described) {
    if constexpr (fully_described<U>()) {
      using fields = std::remove_cvref_t<decltype(fields_of<U>)>;
      return []<std::size_t... I>(std::index_sequence<I...>) {
        return (
            std_allocated<typename std::tuple_element_t<I, fields>::member_type, U, Seen...>() &&
            ...);
      }
      (std::make_index_sequence<std::tuple_size_v<fields>>());
    } else {
      return false;  // members the description does not name
    }
  } else {
    return false;
  }
}

/// True if a U can be brought back to a new value's state in place (reset_element()).
template <class U>
inline constexpr bool renewable = std::is_default_constructible_v<U>&& std::is_move_assignable_v<U>;
/// True if a destroyed U would free memory and can be kept: then it goes to the recycler.
template <class U>
inline constexpr bool worth_recycling =
    !std::is_trivially_destructible_v<U> && std::is_move_constructible_v<U> && renewable<U> &&
    std_allocated<U>();

enum class reuse_kind { in_place, reset, none };

template <class U>
constexpr reuse_kind reuse_of();

/// True if every element type of the array or tuple U is replaced whole by the events.
template <class U>
constexpr bool elements_in_place() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return ((reuse_of<std::tuple_element_t<I, U>>() == reuse_kind::in_place) && ...);
  }
  (std::make_index_sequence<std::tuple_size_v<U>>());
}

template <class U>
constexpr reuse_kind reuse_of() {
  constexpr type_category c = category_of<U>();
  if constexpr (c == type_category::boolean || c == type_category::integer ||
                c == type_category::floating || c == type_category::string ||
                c == type_category::named_enum || c == type_category::plain_enum ||
                c == type_category::null || c == type_category::optional ||
                c == type_category::pointer || c == type_category::variant ||
                c == type_category::raw || c == type_category::map ||
                c == type_category::sequence || c == type_category::bit_vector ||
                c == type_category::extension) {
    return reuse_kind::in_place;
  } else if constexpr (std::is_move_assignable_v<U> && std::is_default_constructible_v<U>) {
    if constexpr (c == type_category::fixed_array || c == type_category::tuple) {
      if constexpr (elements_in_place<U>()) return reuse_kind::in_place;
    }
    return reuse_kind::reset;  // described structs, custom types, arrays of structs
  } else {
    return reuse_kind::none;
  }
}

/// A value-initialized U, the model a reused element is reset to.
template <class U>
const U& new_value() {
  static const U value{};
  return value;
}

// ---- member by member ------------------------------------------------------------------

template <class U>
using field_list_of = std::remove_cvref_t<decltype(fields_of<U>)>;
template <class U, std::size_t I>
using member_type_of = typename std::tuple_element_t<I, field_list_of<U>>::member_type;
template <class U>
inline constexpr std::size_t field_count_of = std::tuple_size_v<field_list_of<U>>;

// Converts to any member type: `U{any_member{}...}` compiles with exactly as many as U
// has members (an rvalue reference, so that no converting constructor competes).
struct any_member {
  template <class M>
  operator M&&() const;
};
template <class U, std::size_t... I>
constexpr bool brace_constructible_from(std::index_sequence<I...>) {
  return requires {
    U{(void(I), any_member{})...};
  };
}

/// True if the description of U names every member U has: an aggregate without bases whose
/// member count is the description's (a member-by-member reset then misses none).
template <class U>
constexpr bool fully_described() {
  if constexpr (!described_struct<U> || !std::is_aggregate_v<U>) {
    return false;
  } else {
    constexpr std::size_t n = field_count_of<U>;
    constexpr bool own_members = []<std::size_t... I>(std::index_sequence<I...>) {
      return (std::is_same_v<typename std::tuple_element_t<I, field_list_of<U>>::class_type, U> &&
              ...);
    }
    (std::make_index_sequence<n>());
    return own_members && brace_constructible_from<U>(std::make_index_sequence<n>()) &&
           !brace_constructible_from<U>(std::make_index_sequence<n + 1>());
  }
}

/// True if a member of type M has a reset rule (at compile time; reset_possible() then says
/// whether the model suits it).
template <class M>
constexpr bool resettable() {
  constexpr type_category c = category_of<M>();
  if constexpr (c == type_category::boolean || c == type_category::integer ||
                c == type_category::floating || c == type_category::string ||
                c == type_category::named_enum || c == type_category::plain_enum ||
                c == type_category::null || c == type_category::raw ||
                c == type_category::optional || c == type_category::pointer ||
                c == type_category::sequence || c == type_category::bit_vector ||
                c == type_category::map) {
    return true;
  } else if constexpr (c == type_category::fixed_array) {
    return resettable<typename M::value_type>();
  } else if constexpr (c == type_category::described) {
    if constexpr (fully_described<M>()) {
      return []<std::size_t... I>(std::index_sequence<I...>) {
        return (resettable<member_type_of<M, I>>() && ...);
      }
      (std::make_index_sequence<field_count_of<M>>());
    } else {
      return false;
    }
  } else {
    return std::is_trivially_copyable_v<M>;  // a variant or tuple of scalars, say
  }
}

/// True if `model` suits the reset rules: its containers, optionals and pointers are empty.
template <class M>
bool reset_possible(const M& model) {
  constexpr type_category c = category_of<M>();
  if constexpr (c == type_category::optional || c == type_category::pointer) {
    return !model;
  } else if constexpr (c == type_category::sequence || c == type_category::bit_vector ||
                       c == type_category::map) {
    return model.empty();
  } else if constexpr (c == type_category::fixed_array) {
    for (const auto& element : model)
      if (!reset_possible(element)) return false;
    return true;
  } else if constexpr (c == type_category::described) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (reset_possible(model.*(std::get<I>(fields_of<M>).pointer)) && ...);
    }
    (std::make_index_sequence<field_count_of<M>>());
  } else {
    return true;
  }
}

// ---- emptying into the recycler, filling from it -----------------------------------------

template <class U>
void reset_element(U& element, recycler& r);

/// Empties an optional; its value goes to the recycler.
template <class T>
void empty_optional(T& o, recycler& r) {
  using U = typename T::value_type;
  if constexpr (worth_recycling<U>) {
    if (o) r.bin<U>().push_back(std::move(*o));
  }
  o.reset();
}
/// Gives an optional a new value (a value-initialized one's state), keeping the memory of the
/// one it holds, or taking one from the recycler; returns it.
template <class T>
typename T::value_type& fill_optional(T& o, recycler& r) {
  using U = typename T::value_type;
  if constexpr (renewable<U>) {
    if (o) {
      reset_element(*o, r);
      return *o;
    }
  }
  if constexpr (worth_recycling<U>) {
    std::vector<U>& bin = r.bin<U>();
    if (!bin.empty()) {
      o.emplace(std::move(bin.back()));
      bin.pop_back();
      reset_element(*o, r);  // (may put more into the bins: `bin` is not used again)
      return *o;
    }
  }
  return o.emplace();
}

/// Empties a smart pointer; a unique_ptr's object goes to the recycler (a shared_ptr's may be
/// shared: it is let go).
template <class T>
void empty_pointer(T& p, recycler& r) {
  if constexpr (worth_recycling<T>) {
    if (p) r.bin<T>().push_back(std::move(p));
  }
  p.reset();
}
/// Points a smart pointer at a new object (a value-initialized one's state): a unique_ptr's
/// own, or one from the recycler; a shared_ptr always at a new one. Returns the object.
template <class T>
typename T::element_type& fill_pointer(T& p, recycler& r) {
  using U = typename T::element_type;
  if constexpr (is_std_shared_ptr<T>::value) {
    p = std::make_shared<U>();
  } else if constexpr (renewable<U>) {
    if (p) {
      reset_element(*p, r);
      return *p;
    }
    if constexpr (!worth_recycling<T>) {
      p = std::make_unique<U>();
      return *p;
    }
    std::vector<T>& bin = r.bin<T>();
    if (!bin.empty()) {
      p = std::move(bin.back());
      bin.pop_back();
      reset_element(*p, r);
      return *p;
    }
    p = std::make_unique<U>();
  } else {
    p = std::make_unique<U>();
  }
  return *p;
}

/// True for a std::vector whose elements are worth recycling: such a vector, emptied by a
/// reset, goes to the recycler whole (empty_sequence), and the next array decoded into an
/// empty one of its type takes it back (take_recycled_sequence).
template <class S>
constexpr bool recycled_whole() {
  if constexpr (is_std_vector<S>::value) {
    return worth_recycling<typename S::value_type> && worth_recycling<S>;
  } else {
    return false;
  }
}

/// Empties a sequence. A std::vector whose elements are worth recycling goes to the recycler
/// whole, its elements in it in their order: moving the vector costs three pointers where
/// moving each element into the element bin and back cost about 90 instructions an element
/// (citm_catalog.json's 8,685 `area` objects, reset with their seat category each decode).
/// Its memory stays bounded by what the target held, as before.
template <class S>
void empty_sequence(S& s, recycler& r) {
  if constexpr (recycled_whole<S>()) {
    if (!s.empty()) r.bin<S>().push_back(std::move(s));
  }
  s.clear();  // (a moved-from std::vector is empty already)
}
/// At the start of an array decoded into a std::vector that holds nothing and no memory (one
/// a reset emptied): takes a vector of its type from the recycler, whose elements the decode
/// then reuses in place, one by one as it reaches them, brought back to a new element's state
/// (the frame's reuse); those it does not reach go to the element bin at the array's end.
/// The result is the one a new vector would get.
template <class S>
void take_recycled_sequence(S& s, recycler& r) {
  if constexpr (recycled_whole<S>()) {
    if (s.capacity() != 0) return;
    std::vector<S>& bin = r.bin<S>();
    if (bin.empty()) return;
    s.swap(bin.back());  // s held no memory: nothing is freed
    bin.pop_back();
  }
}
/// Erases the elements of a std::vector from `first` on; they go to the recycler.
template <class S>
void erase_tail(S& s, std::size_t first, recycler& r) {
  if constexpr (worth_recycling<typename S::value_type>) {
    auto& bin = r.bin<typename S::value_type>();
    for (std::size_t i = s.size(); i-- > first;) bin.push_back(std::move(s[i]));
  }
  s.erase(s.begin() + static_cast<std::ptrdiff_t>(first), s.end());
}
/// Appends a new element (a value-initialized one's state) to a std::vector, from the
/// recycler if it has one; returns it.
template <class S>
typename S::value_type& append_element(S& s, recycler& r) {
  using U = typename S::value_type;
  if constexpr (worth_recycling<U>) {
    std::vector<U>& bin = r.bin<U>();
    if (!bin.empty()) {
      U& e = s.emplace_back(std::move(bin.back()));
      bin.pop_back();
      reset_element(e, r);
      return e;
    }
  }
  return s.emplace_back();
}

/// Empties a map; the nodes of a node-based one go to the recycler, last first.
template <class M>
void empty_map(M& m, recycler& r) {
  if constexpr (node_based_map<M> && std_allocated<M>()) {
    auto& bin = r.bin<typename M::node_type>();
    if constexpr (std::bidirectional_iterator<typename M::iterator>) {
      while (!m.empty()) bin.push_back(m.extract(std::prev(m.end())));
    } else {
      while (!m.empty()) bin.push_back(m.extract(m.begin()));
    }
  } else {
    m.clear();
  }
}

/// Makes `target` equal to `model` (reset_possible(model)), keeping the memory of what it
/// holds (strings keep their capacity; the rest goes to the recycler).
template <class M>
void reset_to(M& target, const M& model, recycler& r) {
  constexpr type_category c = category_of<M>();
  if constexpr (c == type_category::optional) {
    empty_optional(target, r);
  } else if constexpr (c == type_category::pointer) {
    empty_pointer(target, r);
  } else if constexpr (c == type_category::sequence) {
    empty_sequence(target, r);
  } else if constexpr (c == type_category::map) {
    empty_map(target, r);
  } else if constexpr (c == type_category::bit_vector) {
    target.clear();
  } else if constexpr (c == type_category::fixed_array) {
    for (std::size_t i = 0; i < target.size(); ++i) reset_to(target[i], model[i], r);
  } else if constexpr (c == type_category::described) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      constexpr auto& fields = fields_of<M>;
      (reset_to(target.*(std::get<I>(fields).pointer), model.*(std::get<I>(fields).pointer), r),
       ...);
    }
    (std::make_index_sequence<field_count_of<M>>());
  } else {
    target = model;
  }
}

/// Brings a reused value back to the state of a new one, keeping its memory where its type
/// allows (reset_to), else by assigning a new U.
template <class U>
void reset_element(U& element, recycler& r) {
  if constexpr (resettable<U>()) {
    static const bool possible = reset_possible(new_value<U>());
    if (possible) [[likely]] {
      reset_to(element, new_value<U>(), r);
      return;
    }
  }
  element = U();
}

}  // namespace jsonx::detail
