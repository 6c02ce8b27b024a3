// What every decode rule builds on: the rule template (one specialization per type
// category), the default of every event (a type mismatch), the value_ops table made from a
// rule, forwarding to an inner type (optional, pointers, container elements), and skipping.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "jsonx/bind/decode_handler.hpp"
#include "jsonx/bind/detail/decode_snapshot.hpp"
#include "jsonx/bind/detail/decode_types.hpp"
#include "jsonx/bind/detail/json_pointer.hpp"
#include "jsonx/bind/detail/type_category.hpp"
#include "jsonx/bind/error.hpp"

namespace jsonx::detail {

/// The JSON kinds a type accepts, as bits (a variant picks its alternative by them).
enum json_kind_bits : unsigned {
  accepts_null = 1u << 0,
  accepts_bool = 1u << 1,
  accepts_integer = 1u << 2,     // int64 / uint64
  accepts_fraction = 1u << 3,    // numbers with a fraction or an exponent
  accepts_big_number = 1u << 4,  // beyond 64-bit integers or double range (on_number_text)
  accepts_string = 1u << 5,
  accepts_array = 1u << 6,
  accepts_object = 1u << 7,
  accepts_any = 0xffu,
};

/// The decode rule of T. Each specialization (detail/decode_*.hpp) provides the events it
/// takes and `describe`, inheriting the rest from decode_base.
template <class T, type_category = category_of<T>()>
struct decoder_of;

template <class T>
inline constexpr bool always_false = false;

template <class T>
struct decoder_of<T, type_category::unsupported> {
  static_assert(always_false<T>,
                "jsonx: this type cannot be bound: describe it (JSONX_DESCRIBE or "
                "BOOST_DESCRIBE_STRUCT), or give it a jsonx::codec");
};

/// The C++ type a rule decodes: T for decoder_of<T>; a rule of its own (an element rule, a
/// shared rule) says it as `target_type`. Decode errors name it (decode_error::expected_type).
template <class Rule>
struct rule_target {
  using type = typename Rule::target_type;
};
template <class T, type_category C>
struct rule_target<decoder_of<T, C>> {
  using type = T;
};
template <class Rule>
std::string_view rule_type_name() {
  return type_name<typename rule_target<Rule>::type>();
}

/// Every event a rule does not take is a type mismatch, described by Self::describe.
template <class Self>
struct decode_base {
  static constexpr unsigned accepts = 0;
  [[gnu::cold]] static bool on_null(decode_handler& h, void*) { return mismatch(h, found_null()); }
  [[gnu::cold]] static bool on_bool(decode_handler& h, void*, bool v) {
    return mismatch(h, found_bool(v));
  }
  [[gnu::cold]] static bool on_int64(decode_handler& h, void*, std::int64_t, std::string_view t) {
    return mismatch(h, found_number(t));
  }
  [[gnu::cold]] static bool on_uint64(decode_handler& h, void*, std::uint64_t, std::string_view t) {
    return mismatch(h, found_number(t));
  }
  [[gnu::cold]] static bool on_double(decode_handler& h, void*, double, std::string_view t) {
    return mismatch(h, found_number(t));
  }
  [[gnu::cold]] static bool on_number_text(decode_handler& h, void*, std::string_view t) {
    return mismatch(h, found_number(t));
  }
  [[gnu::cold]] static bool on_string(decode_handler& h, void*, std::string_view v) {
    return mismatch(h, found_string(v));
  }
  [[gnu::cold]] static bool on_object_begin(decode_handler& h, void*) {
    return mismatch(h, found_object());
  }
  [[gnu::cold]] static bool on_array_begin(decode_handler& h, void*) {
    return mismatch(h, found_array());
  }
  [[gnu::cold]] static bool mismatch(decode_handler& h, found_value found) {
    return h.fail(bind_errc::type_mismatch, decode_handler::error_at::child, &rule_type_name<Self>,
                  &Self::describe, found);
  }
};

/// The type a rule decoder_of<T, C> fills.
template <class D>
struct decoder_target {};
template <class T, type_category C>
struct decoder_target<decoder_of<T, C>> {
  using type = T;
};

/// How a rule's target takes a snapshot's cut value (detail/decode_snapshot.hpp): the rule's
/// own prepare_cut_value (container elements, skipping), or T's value saved.
template <class D>
bool prepare_cut_value_of(decode_handler& h, void* o, json_kind kind) {
  if constexpr (requires(decode_handler & hh, void* oo, json_kind k) {
                  D::prepare_cut_value(hh, oo, k);
                }) {
    return D::prepare_cut_value(h, o, kind);
  } else {
    return save_for_snapshot<typename decoder_target<D>::type>(h, o, kind);
  }
}

/// True if a rule takes "[]" whole: its on_empty_array does what on_array_begin and the end
/// would (it says so by `static constexpr bool takes_empty_array = true`).
template <class D>
constexpr bool takes_empty_array() {
  if constexpr (requires { D::takes_empty_array; }) {
    return D::takes_empty_array;
  } else {
    return false;
  }
}
/// A rule's on_empty_array, if it has one (null: the handler sends the parser's two events).
template <class D>
constexpr auto empty_array_of() -> bool (*)(decode_handler&, void*) {
  if constexpr (takes_empty_array<D>()) {
    return &D::on_empty_array;
  } else {
    return nullptr;
  }
}

/// A rule's on_flat_object, if it takes flat objects (it says so by `static constexpr bool
/// takes_flat_objects = true`); null: objects come as events.
template <class D>
constexpr auto flat_object_of()
    -> flat_object_result (*)(decode_handler&, void*, const flat_object&) {
  if constexpr (requires { requires D::takes_flat_objects; }) {
    return &D::on_flat_object;
  } else {
    return nullptr;
  }
}

template <class D>
constexpr std::uint8_t flat_object_members_of() {
  if constexpr (requires { requires D::takes_flat_objects; }) {
    return static_cast<std::uint8_t>(std::min<std::size_t>(D::flat_object_members, 255));
  } else {
    return 0;
  }
}

/// The value_ops of a rule.
template <class D>
inline constexpr value_ops ops_table{&D::on_null,
                                     &D::on_bool,
                                     &D::on_int64,
                                     &D::on_uint64,
                                     &D::on_double,
                                     &D::on_number_text,
                                     &D::on_string,
                                     &D::on_object_begin,
                                     &D::on_array_begin,
                                     &prepare_cut_value_of<D>,
                                     empty_array_of<D>(),
                                     flat_object_of<D>(),
                                     flat_object_members_of<D>()};

/// Rows of numbers: the elements of a container that are std::array<double, N> (GeoJSON's
/// coordinates, [time, value] pairs) are filled by the handler itself while they hold only
/// numbers with a fraction, with no frame and no call per number (decode_handler::
/// begin_row); a row that needs the rules (any other event, a wrong count, a snapshot) gets
/// its frame then and goes on through them. canada.json's typed decode (callgrind, avx2):
/// 45.2M -> 41.3M instructions.
///
/// N if U is a row of numbers that the handler may fill itself: std::array<double, N> bound
/// by the built-in rules (no codec for it or for double, whose rules it would bypass).
template <class U>
constexpr std::uint32_t number_row_size() {
  if constexpr (category_of<U>() == type_category::fixed_array) {
    constexpr std::size_t size = std::tuple_size_v<U>;
    if constexpr (std::is_same_v<typename U::value_type, double> &&
                  category_of<double>() == type_category::floating && size != 0 && size <= 64) {
      return static_cast<std::uint32_t>(size);
    }
  }
  return 0;
}

template <class T>
constexpr const value_ops* ops_for() noexcept {
  static_assert(!std::is_const_v<T>, "jsonx: cannot decode into a const member");
  return &ops_table<decoder_of<T>>;
}

/// Each event: Prepare::prepare(handler, object) makes the inner U (emplace an element,
/// construct the optional's value) and returns it, or null after recording an error; then
/// U's rule takes the event. Static calls: U's rule is inlined here. With an Outer rule
/// (optional, pointers), an event U never takes is reported as Outer's mismatch ("null or
/// an integer"), before anything is made; without one (container elements), U reports it.
template <class U, class Prepare, class Outer = void>
struct forwarding {
  using inner = decoder_of<U>;
  static constexpr std::uint32_t row_size = std::is_void_v<Outer> ? number_row_size<U>() : 0;
  template <unsigned Bits>
  static constexpr bool refused = !std::is_void_v<Outer> && (inner::accepts & Bits) == 0;

  [[gnu::cold]] static bool outer_mismatch(decode_handler& h, found_value found) {
    if constexpr (std::is_void_v<Outer>) {
      return false;
    } else {
      return h.fail(bind_errc::type_mismatch, decode_handler::error_at::child,
                    &rule_type_name<Outer>, &Outer::describe, found);
    }
  }
  static bool on_null(decode_handler& h, void* o) {
    if constexpr (refused<accepts_null>) return outer_mismatch(h, found_null());
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_null(h, t);
  }
  static bool on_bool(decode_handler& h, void* o, bool v) {
    if constexpr (refused<accepts_bool>) return outer_mismatch(h, found_bool(v));
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_bool(h, t, v);
  }
  static bool on_int64(decode_handler& h, void* o, std::int64_t v, std::string_view text) {
    if constexpr (refused<accepts_integer>) return outer_mismatch(h, found_number(text));
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_int64(h, t, v, text);
  }
  static bool on_uint64(decode_handler& h, void* o, std::uint64_t v, std::string_view text) {
    if constexpr (refused<accepts_integer>) return outer_mismatch(h, found_number(text));
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_uint64(h, t, v, text);
  }
  static bool on_double(decode_handler& h, void* o, double v, std::string_view text) {
    if constexpr (refused<accepts_fraction>) return outer_mismatch(h, found_number(text));
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_double(h, t, v, text);
  }
  static bool on_number_text(decode_handler& h, void* o, std::string_view text) {
    // (An integer rule takes big numbers to report them out of its range.)
    if constexpr (refused<accepts_big_number | accepts_integer>)
      return outer_mismatch(h, found_number(text));
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_number_text(h, t, text);
  }
  static bool on_string(decode_handler& h, void* o, std::string_view v) {
    if constexpr (refused<accepts_string>) return outer_mismatch(h, found_string(v));
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_string(h, t, v);
  }
  static bool on_object_begin(decode_handler& h, void* o) {
    if constexpr (refused<accepts_object>) return outer_mismatch(h, found_object());
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_object_begin(h, t);
  }
  static bool on_array_begin(decode_handler& h, void* o) {
    if constexpr (refused<accepts_array>) return outer_mismatch(h, found_array());
    U* t = Prepare::prepare(h, o);
    if constexpr (row_size != 0) {  // a container's row of numbers: filled by the handler
      if (t == nullptr) return false;
      h.begin_row(t, t->data(), row_size, &inner::container_frame);
      return true;
    } else {
      return t != nullptr && inner::on_array_begin(h, t);
    }
  }
  // An empty array, when U's rule takes one whole (not a row of numbers, whose rule checks
  // its count at the end).
  static constexpr bool takes_empty_array =
      row_size == 0 && !refused<accepts_array> && detail::takes_empty_array<inner>();
  static bool on_empty_array(decode_handler& h, void* o) {
    U* t = Prepare::prepare(h, o);
    return t != nullptr && inner::on_empty_array(h, t);
  }
  // A flat object, when U's rule takes one: U is made only once the object is known to be
  // taken whole (nothing is changed for an object declined). (Asked of U's rule alone: a rule
  // that takes flat objects takes objects. Evaluating refused<> here, while a recursive
  // struct's rule is still being defined, would fix it with the base's `accepts`.)
  static constexpr bool takes_flat_objects = requires { requires inner::takes_flat_objects; };
  static constexpr std::size_t flat_object_members = [] {
    if constexpr (takes_flat_objects) {
      return inner::flat_object_members;
    } else {
      return std::size_t{0};
    }
  }();
  static flat_object_result on_flat_object(decode_handler& h, void* o, const flat_object& value) {
    if constexpr (takes_flat_objects) {
      flat_fields fields;
      if (!inner::flat_object_fits(h, value, fields)) return flat_object_result::declined;
      U* t = Prepare::prepare(h, o);
      if (t == nullptr) return flat_object_result::stopped;
      return inner::store_flat_object(h, t, value, fields) ? flat_object_result::taken
                                                           : flat_object_result::stopped;
    } else {
      return flat_object_result::declined;
    }
  }
  // Container elements: the container says how a cut value is taken back. (With an Outer
  // rule, the optional or pointer itself is saved: prepare_cut_value_of.)
  static bool prepare_cut_value(decode_handler& h, void* o,
                                json_kind kind) requires std::is_void_v<Outer> {
    return Prepare::prepare_cut_value(h, o, kind);
  }
};

// ---- skipping a value no field wants ----------------------------------------------------

struct skip_value {
  static bool on_null(decode_handler&, void*) { return true; }
  static bool on_bool(decode_handler&, void*, bool) { return true; }
  static bool on_int64(decode_handler&, void*, std::int64_t, std::string_view) { return true; }
  static bool on_uint64(decode_handler&, void*, std::uint64_t, std::string_view) { return true; }
  static bool on_double(decode_handler&, void*, double, std::string_view) { return true; }
  static bool on_number_text(decode_handler&, void*, std::string_view) { return true; }
  static bool on_string(decode_handler&, void*, std::string_view) { return true; }
  static constexpr bool takes_empty_array = true;
  static bool on_empty_array(decode_handler&, void*) { return true; }
  static bool on_object_begin(decode_handler& h, void*);
  static bool on_array_begin(decode_handler& h, void*);
  static bool prepare_cut_value(decode_handler&, void*, json_kind) { return false; }
};

inline constexpr value_target skip_target{nullptr, &ops_table<skip_value>};

inline bool skip_key(decode_handler& h, frame&, std::string_view) {
  h.set_next(skip_target);
  return true;
}
// Below a skipped value the path is not followed.
inline bool no_path(const decode_handler&, const frame&, std::string&) {
  return false;
}

inline constexpr frame_ops skip_frame{
    &ops_table<skip_value>, &skip_key, nullptr, &no_path, nullptr, false};

// The rest of an object whose struct has every field (remaining_member_policy::skip): the
// struct's frame has ended, and this one stands for the object until its end event, each key's
// value skipped. (A parser that skips values is told to pass over the whole rest instead, and
// the frame goes at once: decode_handler::skip_next_value.) An error in the rest has the
// object's path.
inline bool rest_path(const decode_handler&, const frame&, std::string&) {
  return true;
}
inline constexpr frame_ops rest_of_object_frame{
    &ops_table<skip_value>, &skip_key, nullptr, &rest_path, nullptr, false};

inline bool skip_value::on_object_begin(decode_handler& h, void*) {
  h.push_frame(&skip_frame, nullptr);
  return true;
}
inline bool skip_value::on_array_begin(decode_handler& h, void*) {
  h.push_frame(&skip_frame, nullptr);
  return true;
}

}  // namespace jsonx::detail
