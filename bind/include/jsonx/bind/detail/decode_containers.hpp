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
struct decoder_of<S, type_category::sequence> : decode_base<decoder_of<S>> {
  using element_type = typename S::value_type;
  static constexpr unsigned accepts = accepts_array;
  static void describe(std::string& out) { out += "an array"; }

  // A std::vector keeps its elements while an array is decoded into it: the element i
  // is decoded into the one already there (brought back to a new element's state, see
  // element_reuse.hpp), so that its strings and vectors keep their memory; the elements
  // beyond the array's length are erased at its end. The frame counts the elements begun.
  // Other sequences are cleared, then appended to.
  //
  // A snapshot shows the elements begun so far, so it moves those kept from before to a
  // spare vector of the frame's (f.aux), from which the next elements are taken: each
  // element kept from before is moved once to the spare and once back, however many
  // snapshots are taken.
  static constexpr bool reuses =
      is_std_vector<S>::value && reuse_of<element_type>() != reuse_kind::none;
  using spare_type = std::vector<element_type>;

  struct append {
    static element_type* prepare(decode_handler& h, void* o) {
      S& s = *static_cast<S*>(o);
      if constexpr (reuses) {
        frame& f = h.top();
        const std::size_t i = f.index;
        if (i < s.size()) [[likely]] {
          ++f.index;
          if constexpr (reuse_of<element_type>() == reuse_kind::reset)
            reset_element(s[i], h.recycler());
          return &s[i];
        }
        return append_new(h, f, s);
      } else {
        if (s.size() >= h.options().max_elements) [[unlikely]]
          return too_many(h);
        return &s.emplace_back();
      }
    }
    // A vector decoded into again reuses its elements (prepare); beyond them, new ones.
    // (Apart, so that the reuse above needs no saved registers: with this inline, prepare
    // saved and restored six, 14 of its 26 instructions per element of canada.json.)
    [[gnu::noinline]] static element_type* append_new(decode_handler& h, frame& f, S& s) {
      if (f.index >= h.options().max_elements) [[unlikely]]
        return too_many(h);
      ++f.index;
      if (f.aux != nullptr) [[unlikely]]
        return from_spare(h, f, s);
      return &append_element(s, h.recycler());
    }
    [[gnu::cold]] static element_type* too_many(decode_handler& h) {
      fail_too_many_elements(h, &type_name<S>, json_kind::array, h.options().max_elements);
      return nullptr;
    }
    [[gnu::noinline]] static element_type* from_spare(decode_handler& h, frame& f, S& s) {
      spare_type& spare = *static_cast<spare_type*>(f.aux);
      if (spare.empty()) return &append_element(s, h.recycler());
      element_type& e = s.emplace_back(std::move(spare.back()));
      spare.pop_back();
      if constexpr (reuse_of<element_type>() == reuse_kind::reset) reset_element(e, h.recycler());
      return &e;
    }
    // A snapshot's cut value (an element): undone by the count (a reused vector keeps the
    // element, beyond the count, as one kept from before) or by removing it.
    static bool prepare_cut_value(decode_handler& h, void* o, json_kind kind) {
      if (!takes_cut_value<element_type>(kind)) return false;
      if constexpr (reuses) {
        return record_frame_index(h);
      } else {
        return record_size(h, *static_cast<S*>(o));
      }
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
  static void free_spare(frame& f) noexcept {
    delete static_cast<spare_type*>(f.aux);
    f.aux = nullptr;
  }
  static bool on_end(decode_handler& h, frame& f) {
    if constexpr (reuses) {  // the elements not decoded into go to the recycler
      S& s = *static_cast<S*>(f.object);
      if (f.index < s.size()) erase_tail(s, f.index, h.recycler());
    }
    if (f.aux != nullptr) [[unlikely]]
      free_spare(f);
    return true;
  }
  [[gnu::cold]] static void hide_unused(decode_handler&, frame& f) {
    if constexpr (reuses) {
      S& s = *static_cast<S*>(f.object);
      if (f.index >= s.size()) return;
      if (f.aux == nullptr) f.aux = new spare_type();
      spare_type& spare = *static_cast<spare_type*>(f.aux);
      spare.reserve(spare.size() + (s.size() - f.index));
      for (std::size_t j = s.size(); j-- > f.index;) spare.push_back(std::move(s[j]));
      s.erase(s.begin() + static_cast<std::ptrdiff_t>(f.index), s.end());
    }
  }
  static constexpr frame_ops container_frame =
      reuses ? frame_ops{&ops_table<forwarding<element_type, append>>,
                         nullptr,
                         &on_end,
                         &counted_path,
                         &free_spare,
                         false,
                         &drop_unused,
                         &hide_unused}
             : frame_ops{&ops_table<forwarding<element_type, append>>,
                         nullptr,
                         nullptr,
                         &sequence_path<S>,
                         nullptr,
                         false,
                         nullptr};

  static bool on_array_begin(decode_handler& h, void* o) {
    if constexpr (reuses) {
      take_recycled_sequence(*static_cast<S*>(o), h.recycler());
    } else {
      static_cast<S*>(o)->clear();
    }
    h.push_frame(&container_frame, o);  // index 0: no element begun
    return true;
  }
  // "[]": what on_array_begin and on_end do with no element between, without the frame.
  static constexpr bool takes_empty_array = true;
  static bool on_empty_array(decode_handler& h, void* o) {
    S& s = *static_cast<S*>(o);
    if constexpr (reuses) {
      take_recycled_sequence(s, h.recycler());
      if (!s.empty()) erase_tail(s, 0, h.recycler());
    } else {
      s.clear();
    }
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
    static bool prepare_cut_value(decode_handler& h, void* o, json_kind kind) {
      return kind == json_kind::boolean && record_size(h, *static_cast<S*>(o));
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
    // A snapshot's cut value: the count and the element's value are put back.
    static bool prepare_cut_value(decode_handler& h, void* o, json_kind kind) {
      const std::size_t i = h.top().index;
      return i < size && record_frame_index(h) &&
             save_for_snapshot<element_type>(h, &(*static_cast<A*>(o))[i], kind);
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
    static bool prepare_cut_value(decode_handler& h, void* o, json_kind kind) {
      const std::size_t i = h.top().index;
      if (i >= size) return false;
      const value_target t = element_table[i](o);
      return record_frame_index(h) && t.ops->prepare_cut_value(h, t.object, kind);
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
    if constexpr (node_based_map<M> && std_allocated<M>()) {  // as empty_map() recycles
      auto& bin = h.recycler().bin<typename M::node_type>();
      if (!bin.empty()) return on_key_in_recycled_node(h, f, m, bin, key);
    }
    key_type k{};
    if (!key_from_json(key, k)) [[unlikely]] {
      return h.fail(bind_errc::invalid_map_key, decode_handler::error_at::key, &type_name<key_type>,
                    &describe_map_key<key_type>, found_string(key), key);
    }
    auto [it, inserted] = m.try_emplace(std::move(k));
    if (!inserted) {
      reset_element(it->second, h.recycler());  // a duplicate key: the last one wins
    } else if (m.size() > h.options().max_elements) [[unlikely]] {
      m.erase(it);
      return fail_too_many_elements(h, &type_name<M>, json_kind::object, h.options().max_elements);
    }
    f.aux = const_cast<key_type*>(&it->first);
    h.set_next({&it->second, ops_for<mapped_type>()});
    return true;
  }
  // The entry is a node from the recycler (emptied maps' nodes: the entry that had this key
  // in the last document, when the keys come in the map's order), its key and value made
  // anew, so that the value keeps its memory.
  template <class Bin>
  static bool on_key_in_recycled_node(decode_handler& h, detail::frame& f, M& m, Bin& bin,
                                      std::string_view key) {
    typename M::node_type node = std::move(bin.back());
    bin.pop_back();
    if (!key_from_json(key, node.key())) [[unlikely]] {
      bin.push_back(std::move(node));
      return h.fail(bind_errc::invalid_map_key, decode_handler::error_at::key, &type_name<key_type>,
                    &describe_map_key<key_type>, found_string(key), key);
    }
    reset_element(node.mapped(), h.recycler());  // (`bin` may move: not used below)
    auto result = m.insert(std::move(node));
    if (!result.inserted) {  // a duplicate key: the last one wins
      reset_element(result.position->second, h.recycler());
      h.recycler().bin<typename M::node_type>().push_back(std::move(result.node));
    } else if (m.size() > h.options().max_elements) [[unlikely]] {
      h.recycler().bin<typename M::node_type>().push_back(m.extract(result.position));
      return fail_too_many_elements(h, &type_name<M>, json_kind::object, h.options().max_elements);
    }
    f.aux = const_cast<key_type*>(&result.position->first);
    h.set_next({&result.position->second, ops_for<mapped_type>()});
    return true;
  }
  static bool path(const decode_handler&, const detail::frame& f, std::string& out) {
    if (f.aux != nullptr) append_key_segment(out, *static_cast<const key_type*>(f.aux));
    return true;
  }

  // A snapshot drops the last key when it has no value yet: the entry is taken out of the
  // map (its node, in node-based maps: the entry comes back at the same address; in others,
  // the key is copied and the entry made again), and comes back before the parse goes on,
  // where the key and the next target point again.
  static constexpr bool node_based = node_based_map<M>;
  template <class Saved>
  static Saved* save(snapshot_change& c, Saved&& value) {
    if constexpr (snapshot_change::fits_in_storage<Saved>) {
      return ::new (static_cast<void*>(c.storage)) Saved(std::move(value));
    } else {
      return new Saved(std::move(value));
    }
  }
  template <class Saved>
  static void keep_hidden(decode_handler&, snapshot_change& c) noexcept {
    free_saved<Saved>(c);
  }
  static void point_at(decode_handler& h, frame& f, typename M::iterator it) {
    f.aux = const_cast<key_type*>(&it->first);
    h.set_next({&it->second, ops_for<mapped_type>()});
  }
  static void bring_back_node(decode_handler& h, snapshot_change& c) {
    frame& f = *static_cast<frame*>(c.object);
    auto& node = *static_cast<typename M::node_type*>(c.saved);
    auto inserted = static_cast<M*>(f.object)->insert(std::move(node));
    free_saved<typename M::node_type>(c);
    point_at(h, f, inserted.position);
  }
  static void bring_back_key(decode_handler& h, snapshot_change& c) {
    frame& f = *static_cast<frame*>(c.object);
    key_type key = std::move(*static_cast<key_type*>(c.saved));
    free_saved<key_type>(c);
    point_at(h, f, static_cast<M*>(f.object)->try_emplace(std::move(key)).first);
  }
  [[gnu::cold]] static void hide_key(decode_handler& h, frame& f) {
    if (f.aux == nullptr) return;
    M& m = *static_cast<M*>(f.object);
    const auto it = m.find(*static_cast<const key_type*>(f.aux));
    snapshot_change* c = h.next_change();
    if (it == m.end() || c == nullptr) return;
    if constexpr (node_based) {
      c->saved = save(*c, m.extract(it));
      c->undo = &bring_back_node;
      c->keep = &keep_hidden<typename M::node_type>;
    } else {
      c->saved = save(*c, key_type(it->first));
      m.erase(it);
      c->undo = &bring_back_key;
      c->keep = &keep_hidden<key_type>;
    }
    c->object = &f;
    c->value = 0;
    h.commit_change();
  }
  static constexpr frame_ops container_frame{
      &ops_table<skip_value>, &on_key, nullptr, &path, nullptr, false, nullptr, nullptr, &hide_key};

  static bool on_object_begin(decode_handler& h, void* o) {
    empty_map(*static_cast<M*>(o), h.recycler());
    h.push_frame(&container_frame, o);
    return true;
  }
};

}  // namespace jsonx::detail
