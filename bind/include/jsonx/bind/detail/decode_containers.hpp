// Decode rules of the containers: growing sequences (vector, deque, list), std::vector<bool>,
// std::array, tuples and pairs (fixed-length arrays), and maps (JSON objects, keys converted
// to the key type). A container that appears in the input replaces the target's contents.
#pragma once

#include <array>
#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "jsonx/bind/detail/decode_base.hpp"
#include "jsonx/bind/detail/decode_scalars.hpp"
#include "jsonx/bind/detail/element_reuse.hpp"

namespace jsonx::detail {

[[gnu::cold]] bool fail_too_many_elements(decode_handler& h, type_name_function type,
                                          json_kind container, std::size_t limit);

/// "/<index of the last element>", for containers that know their size.
template <class S>
bool sequence_path(const decode_handler&, const frame& f, std::string& out) {
  const auto& s = *static_cast<const S*>(f.object);
  if (s.empty()) return true;
  append_json_pointer_index(out, s.size() - 1);
  return true;
}

/// "/<index of the element begun last>", for frames that count their elements in `index`.
inline bool counted_path(const decode_handler&, const frame& f, std::string& out) {
  if (f.index != 0) append_json_pointer_index(out, f.index - 1);
  return true;
}

// ---- vector, deque, list ----------------------------------------------------------------

template <class S>
struct is_std_vector : std::false_type {};
template <class U, class Alloc>
struct is_std_vector<std::vector<U, Alloc>> : std::true_type {};

template <class S>
struct decoder_of<S, type_category::sequence> : decode_base<decoder_of<S>> {
  using element_type = typename S::value_type;
  static constexpr unsigned accepts = accepts_array;
  static void describe(std::string& out) { out += "an array"; }

  // A std::vector keeps its elements while an array is decoded into it: the element i
  // is decoded into the one already there (brought back to a new element's state, see
  // element_reuse.hpp), so that its strings and vectors keep their memory; the elements
  // beyond the array's length are erased at its end. The frame counts the elements begun.
  // Other sequences are cleared, then appended to.
  static constexpr bool reuses =
      is_std_vector<S>::value && reuse_of<element_type>() != reuse_kind::none;

  struct append {
    static element_type* prepare(decode_handler& h, void* o) {
      S& s = *static_cast<S*>(o);
      if constexpr (reuses) {
        frame& f = h.top();
        const std::size_t i = f.index;
        if (i < s.size()) {
          ++f.index;
          if constexpr (reuse_of<element_type>() == reuse_kind::reset) reset_element(s[i]);
          return &s[i];
        }
        if (i >= h.options().max_elements) [[unlikely]]
          return too_many(h);
        ++f.index;
      } else {
        if (s.size() >= h.options().max_elements) [[unlikely]]
          return too_many(h);
      }
      return &s.emplace_back();
    }
    [[gnu::cold]] static element_type* too_many(decode_handler& h) {
      fail_too_many_elements(h, &type_name<S>, json_kind::array, h.options().max_elements);
      return nullptr;
    }
  };
  // The elements kept from before and not decoded into are dropped: at the end of the
  // array, or when a failure abandons it.
  static void drop_unused(frame& f) {
    if constexpr (reuses) {
      S& s = *static_cast<S*>(f.object);
      if (f.index < s.size()) s.erase(s.begin() + static_cast<std::ptrdiff_t>(f.index), s.end());
    }
  }
  static bool on_end(decode_handler&, frame& f) {
    drop_unused(f);
    return true;
  }
  static constexpr frame_ops container_frame =
      reuses ? frame_ops{&ops_table<forwarding<element_type, append>>,
                         nullptr,
                         &on_end,
                         &counted_path,
                         nullptr,
                         false,
                         &drop_unused}
             : frame_ops{&ops_table<forwarding<element_type, append>>,
                         nullptr,
                         nullptr,
                         &sequence_path<S>,
                         nullptr,
                         false,
                         nullptr};

  static bool on_array_begin(decode_handler& h, void* o) {
    if constexpr (!reuses) static_cast<S*>(o)->clear();
    h.push_frame(&container_frame, o);  // index 0: no element begun
    return true;
  }
};

template <class S>
struct decoder_of<S, type_category::bit_vector> : decode_base<decoder_of<S>> {
  static constexpr unsigned accepts = accepts_array;
  static void describe(std::string& out) { out += "an array of booleans"; }

  struct element : decode_base<element> {
    using target_type = bool;
    static void describe(std::string& out) { out += "a boolean"; }
    static bool on_bool(decode_handler& h, void* o, bool v) {
      S& s = *static_cast<S*>(o);
      if (s.size() >= h.options().max_elements) [[unlikely]]
        return fail_too_many_elements(h, &type_name<S>, json_kind::array, h.options().max_elements);
      s.push_back(v);
      return true;
    }
  };
  // The element is not there yet when a wrong event comes: its index is the size.
  static bool element_path(const decode_handler&, const detail::frame& f, std::string& out) {
    append_json_pointer_index(out, static_cast<const S*>(f.object)->size());
    return true;
  }
  static constexpr frame_ops container_frame{&ops_table<element>, nullptr, nullptr,
                                             &element_path,       nullptr, false};

  static bool on_array_begin(decode_handler& h, void* o) {
    static_cast<S*>(o)->clear();
    h.push_frame(&container_frame, o);
    return true;
  }
};

// ---- std::array -------------------------------------------------------------------------

[[gnu::cold]] bool fail_array_size(decode_handler& h, type_name_function type, std::size_t expected,
                                   std::size_t found, bool more);
/// Appends "an array of <size> element(s)" (std::array, tuples and pairs).
void describe_array_of(std::string& out, std::size_t size);

template <class A>
struct decoder_of<A, type_category::fixed_array> : decode_base<decoder_of<A>> {
  using element_type = typename A::value_type;
  static constexpr std::size_t size = std::tuple_size_v<A>;
  static constexpr unsigned accepts = accepts_array;
  static void describe(std::string& out) { describe_array_of(out, size); }

  struct next_element {
    static element_type* prepare(decode_handler& h, void* o) {
      detail::frame& f = h.top();
      if (f.index == size) [[unlikely]] {
        fail_array_size(h, &type_name<A>, size, size + 1, true);
        return nullptr;
      }
      return &(*static_cast<A*>(o))[f.index++];
    }
  };
  static bool on_end(decode_handler& h, detail::frame& f) {
    return f.index == size || fail_array_size(h, &type_name<A>, size, f.index, false);
  }
  static constexpr frame_ops container_frame{&ops_table<forwarding<element_type, next_element>>,
                                             nullptr,
                                             &on_end,
                                             &counted_path,
                                             nullptr,
                                             false};

  static bool on_array_begin(decode_handler& h, void* o) {
    h.push_frame(&container_frame, o);
    return true;
  }
};

// ---- std::tuple, std::pair --------------------------------------------------------------

template <class T>
struct decoder_of<T, type_category::tuple> : decode_base<decoder_of<T>> {
  static constexpr std::size_t size = std::tuple_size_v<T>;
  static constexpr unsigned accepts = accepts_array;
  static void describe(std::string& out) { describe_array_of(out, size); }

  template <std::size_t I>
  static value_target element_at(void* o) {
    auto& e = std::get<I>(*static_cast<T*>(o));
    return {&e, ops_for<std::remove_cvref_t<decltype(e)>>()};
  }
  static constexpr auto element_table = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<value_target (*)(void*), size>{&element_at<I>...};
  }
  (std::make_index_sequence<size>());

  // Element events: the frame's count says which element; it is the tuple's own dispatch.
  struct element {
    static bool next(decode_handler& h, void* o, value_target& t) {
      detail::frame& f = h.top();
      if (f.index == size) [[unlikely]]
        return fail_array_size(h, &type_name<T>, size, size + 1, true);
      t = element_table[f.index++](o);
      return true;
    }
    static bool on_null(decode_handler& h, void* o) {
      value_target t{};
      return next(h, o, t) && t.ops->on_null(h, t.object);
    }
    static bool on_bool(decode_handler& h, void* o, bool v) {
      value_target t{};
      return next(h, o, t) && t.ops->on_bool(h, t.object, v);
    }
    static bool on_int64(decode_handler& h, void* o, std::int64_t v, std::string_view s) {
      value_target t{};
      return next(h, o, t) && t.ops->on_int64(h, t.object, v, s);
    }
    static bool on_uint64(decode_handler& h, void* o, std::uint64_t v, std::string_view s) {
      value_target t{};
      return next(h, o, t) && t.ops->on_uint64(h, t.object, v, s);
    }
    static bool on_double(decode_handler& h, void* o, double v, std::string_view s) {
      value_target t{};
      return next(h, o, t) && t.ops->on_double(h, t.object, v, s);
    }
    static bool on_number_text(decode_handler& h, void* o, std::string_view s) {
      value_target t{};
      return next(h, o, t) && t.ops->on_number_text(h, t.object, s);
    }
    static bool on_string(decode_handler& h, void* o, std::string_view v) {
      value_target t{};
      return next(h, o, t) && t.ops->on_string(h, t.object, v);
    }
    static bool on_object_begin(decode_handler& h, void* o) {
      value_target t{};
      return next(h, o, t) && t.ops->on_object_begin(h, t.object);
    }
    static bool on_array_begin(decode_handler& h, void* o) {
      value_target t{};
      return next(h, o, t) && t.ops->on_array_begin(h, t.object);
    }
  };
  static bool on_end(decode_handler& h, detail::frame& f) {
    return f.index == size || fail_array_size(h, &type_name<T>, size, f.index, false);
  }
  static constexpr frame_ops container_frame{&ops_table<element>, nullptr, &on_end,
                                             &counted_path,       nullptr, false};

  static bool on_array_begin(decode_handler& h, void* o) {
    h.push_frame(&container_frame, o);
    return true;
  }
};

// ---- maps -------------------------------------------------------------------------------

/// Converts an object key to a map's key type; false if it does not convert.
template <class K>
bool key_from_json(std::string_view key, K& out) {
  if constexpr (is_std_string<K>::value) {
    out.assign(key.data(), key.size());
    return true;
  } else if constexpr (std::is_integral_v<K>) {
    // The key is the integer's decimal text, as written by encode (and Go): "-12", "7".
    auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), out);
    return ec == std::errc() && end == key.data() + key.size() && !key.empty() &&
           key.front() != '+';
  } else {
    return enum_from_name(key, out);
  }
}

template <class K>
void describe_map_key(std::string& out) {
  if constexpr (is_std_string<K>::value) {
    out += "a string key";
  } else if constexpr (std::is_integral_v<K>) {
    out += "a key that is ";
    describe_integer_range<K>(out);
  } else {
    out += "a key that is ";
    describe_enum<K>(out);
  }
}

template <class K>
void append_key_segment(std::string& out, const K& key) {
  if constexpr (is_std_string<K>::value) {
    append_json_pointer_token(out, key);
  } else if constexpr (std::is_integral_v<K>) {
    out += '/';
    if constexpr (std::is_signed_v<K>)
      append_integer(out, key);
    else
      append_unsigned(out, key);
  } else {
    for (const auto& e : enumerators_of<K>) {
      if (e.value == key) {
        append_json_pointer_token(out, e.name);
        return;
      }
    }
    out += "/?";
  }
}

template <class M>
struct decoder_of<M, type_category::map> : decode_base<decoder_of<M>> {
  using key_type = typename M::key_type;
  using mapped_type = typename M::mapped_type;
  static constexpr unsigned accepts = accepts_object;
  static void describe(std::string& out) { out += "an object"; }

  static bool on_key(decode_handler& h, detail::frame& f, std::string_view key) {
    M& m = *static_cast<M*>(f.object);
    key_type k{};
    if (!key_from_json(key, k)) [[unlikely]] {
      return h.fail(bind_errc::invalid_map_key, decode_handler::error_at::key, &type_name<key_type>,
                    &describe_map_key<key_type>, found_string(key), key);
    }
    auto [it, inserted] = m.try_emplace(std::move(k));
    if (!inserted) {
      it->second = mapped_type{};  // a duplicate key: the last one wins
    } else if (m.size() > h.options().max_elements) [[unlikely]] {
      m.erase(it);
      return fail_too_many_elements(h, &type_name<M>, json_kind::object, h.options().max_elements);
    }
    f.aux = const_cast<key_type*>(&it->first);
    h.set_next({&it->second, ops_for<mapped_type>()});
    return true;
  }
  static bool path(const decode_handler&, const detail::frame& f, std::string& out) {
    if (f.aux != nullptr) append_key_segment(out, *static_cast<const key_type*>(f.aux));
    return true;
  }
  static constexpr frame_ops container_frame{
      &ops_table<skip_value>, &on_key, nullptr, &path, nullptr, false};

  static bool on_object_begin(decode_handler& h, void* o) {
    static_cast<M*>(o)->clear();
    h.push_frame(&container_frame, o);
    return true;
  }
};

}  // namespace jsonx::detail
