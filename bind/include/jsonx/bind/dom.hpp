// The DOM types as binding targets: keep part of a document as a tree.
//
//   struct message {
//     std::string type;
//     jsonx::dom::value body;        // any JSON value, as a mutable tree
//   };
//   JSONX_DESCRIBE(message, type, body)
//
//   auto m = jsonx::decode<message>(R"({"type": "t", "body": {"a": [1, 2]}})");
//   m.body.at("a").at(1).get_int64();   // 2
//
// Decoding builds a jsonx::dom::value from the events in place (its allocator is the
// target's); integers beyond 64 bits and numbers beyond double range stay raw numbers, and
// so do all numbers with decode_options::raw_numbers_in_dom_values.
// Objects keep every member, duplicates included, as the DOM does (lookups find the last).
// Encoding writes a dom::value, a dom::element or a whole dom::document. (Needs jsonx_dom:
// include this header after linking jsonx::dom.)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "jsonx/bind/bind.hpp"
#include "jsonx/dom/document.hpp"
#include "jsonx/dom/element.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/dom/value.hpp"

namespace jsonx::detail {

template <>
struct is_bind_extension<dom::value> : std::true_type {};
template <>
struct is_bind_extension<dom::element> : std::true_type {};
template <>
struct is_bind_extension<dom::document> : std::true_type {};

// A value at the end of an object member or array element being built.
struct dom_value_rule;

// Elements of an array: appended, then filled.
struct dom_append {
  static dom::value* prepare(decode_handler&, void* o) {
    auto& a = *static_cast<dom::array*>(o);
    return &a.emplace_back();  // a null, with the array's allocator (uses-allocator construction)
  }
  // A snapshot's cut value: the element appended is removed before the parse goes on.
  static bool prepare_cut_value(decode_handler& h, void* o, json_kind) {
    return record_size(h, *static_cast<dom::array*>(o));
  }
};

inline bool dom_array_path(const decode_handler&, const frame& f, std::string& out) {
  const auto& a = *static_cast<const dom::array*>(f.object);
  if (!a.empty()) append_json_pointer_index(out, a.size() - 1);
  return true;
}
// Members of an object: appended in input order (the DOM keeps duplicates).
inline bool dom_object_key(decode_handler& h, frame& f, std::string_view key);
// A snapshot drops the last member when its key has no value yet (its value is still the
// null the key appended): the key is put aside and the member appended again after.
inline void dom_object_drop_key(decode_handler& h, frame& f);
inline bool dom_object_path(const decode_handler&, const frame& f, std::string& out) {
  const auto& o = *static_cast<const dom::object*>(f.object);
  if (!o.empty()) append_json_pointer_token(out, (o.end() - 1)->key);
  return true;
}

template <>
struct decoder_of<dom::value, type_category::extension> : decode_base<decoder_of<dom::value>> {
  static constexpr unsigned accepts = accepts_any;
  static void describe(std::string& out) { out += "any JSON value"; }
  static dom::value& target(void* o) { return *static_cast<dom::value*>(o); }

  static bool on_null(decode_handler&, void* o) {
    target(o).emplace_null();
    return true;
  }
  static bool on_bool(decode_handler&, void* o, bool v) {
    target(o) = dom::value(v, target(o).get_allocator());
    return true;
  }
  // A number: converted, or its text (decode_options::raw_numbers_in_dom_values).
  template <class Number>
  static bool number(decode_handler& h, void* o, Number v, std::string_view text) {
    if (h.options().raw_numbers_in_dom_values && !text.empty()) [[unlikely]]
      return on_number_text(h, o, text);
    target(o) = dom::value(v, target(o).get_allocator());
    return true;
  }
  static bool on_int64(decode_handler& h, void* o, std::int64_t v, std::string_view text) {
    return number(h, o, v, text);
  }
  static bool on_uint64(decode_handler& h, void* o, std::uint64_t v, std::string_view text) {
    return number(h, o, v, text);
  }
  static bool on_double(decode_handler& h, void* o, double v, std::string_view text) {
    return number(h, o, v, text);
  }
  static bool on_number_text(decode_handler&, void* o, std::string_view text) {
    target(o) = dom::value::raw_number(text, target(o).get_allocator());
    return true;
  }
  static bool on_string(decode_handler&, void* o, std::string_view v) {
    target(o) = dom::value(v, target(o).get_allocator());
    return true;
  }

  static constexpr frame_ops array_frame{&ops_table<forwarding<dom::value, dom_append>>,
                                         nullptr,
                                         nullptr,
                                         &dom_array_path,
                                         nullptr,
                                         false};
  static constexpr frame_ops object_frame{&ops_table<skip_value>,
                                          &dom_object_key,
                                          nullptr,
                                          &dom_object_path,
                                          nullptr,
                                          false,
                                          nullptr,
                                          nullptr,
                                          &dom_object_drop_key};

  static bool on_array_begin(decode_handler& h, void* o) {
    dom::array& a = target(o).emplace_array();
    h.push_frame(&array_frame, &a);
    return true;
  }
  static bool on_object_begin(decode_handler& h, void* o) {
    dom::object& obj = target(o).emplace_object();
    h.push_frame(&object_frame, &obj);
    return true;
  }
};

inline bool dom_object_key(decode_handler& h, frame& f, std::string_view key) {
  auto& o = *static_cast<dom::object*>(f.object);
  dom::value& member = o.append(key, dom::value(nullptr, o.get_allocator()));
  h.set_next({&member, ops_for<dom::value>()});
  return true;
}

inline void dom_object_append_again(decode_handler& h, snapshot_change& c) {
  auto& o = *static_cast<dom::object*>(c.object);
  std::string& key = *static_cast<std::string*>(c.saved);
  dom::value& member = o.append(key, dom::value(nullptr, o.get_allocator()));
  free_saved<std::string>(c);
  h.set_next({&member, ops_for<dom::value>()});
}
inline void dom_object_keep_dropped(decode_handler&, snapshot_change& c) noexcept {
  free_saved<std::string>(c);
}
inline void dom_object_drop_key(decode_handler& h, frame& f) {
  auto& o = *static_cast<dom::object*>(f.object);
  snapshot_change* c = h.next_change();
  if (o.empty() || c == nullptr) return;
  static_assert(snapshot_change::fits_in_storage<std::string>);
  const auto last = o.end() - 1;
  c->saved = ::new (static_cast<void*>(c->storage)) std::string(last->key);
  o.erase(last);
  c->undo = &dom_object_append_again;
  c->keep = &dom_object_keep_dropped;
  c->object = &o;
  c->value = 0;
  h.commit_change();
}

// (No decode rule for dom::element, a read-only view into a document, nor for a whole
// dom::document, which dom::parser builds: decode into a dom::value.)

template <class T>
requires(std::is_same_v<T, dom::value> || std::is_same_v<T, dom::element> ||
         std::is_same_v<T, dom::document>) struct encoder_of<T, type_category::extension> {
  static bool encode(encode_context& c, const T& v) {
    return dom::write(v, c.out()) || c.writer_failed();
  }
};

}  // namespace jsonx::detail
