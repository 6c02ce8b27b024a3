// write_events: replays a document element or a mutable value as SAX events, so that any
// handler consumes a DOM the way it consumes a parse: the writer prints it, a dom_builder
// copies it, a validating or counting adapter inspects it.
//
//   std::string out;
//   jsonx::writer w(out);
//   jsonx::dom::write_events(doc.root(), w);   // what to_string() does
//   w.flush();
//
// Numbers arrive as on_int64/on_uint64/on_double with an EMPTY text (a DOM keeps numbers, not
// their source text), whatever the handler's numbers_as_text says; raw numbers (beyond 64-bit
// integers and double range) arrive through on_number_text with their text. Strings and keys
// arrive whole (never as parts). Returns false as soon as a callback does.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

#include "jsonx/dom/element.hpp"
#include "jsonx/dom/value.hpp"
#include "jsonx/sax/handler.hpp"

namespace jsonx::dom {

namespace detail {

inline std::string_view node_text(const node* n, const char* strings) noexcept {
  return {strings + n->payload, static_cast<std::size_t>(count_of(*n))};
}

// One event for a scalar node (a key included); false if the handler stops.
template <handler H>
inline bool write_scalar_node(const node* n, const char* strings, H& h) {
  switch (tag_of(*n)) {
    case tag::null:
      return h.on_null();
    case tag::false_:
      return h.on_bool(false);
    case tag::true_:
      return h.on_bool(true);
    case tag::int64:
      return h.on_int64(static_cast<std::int64_t>(n->payload), {});
    case tag::uint64:
      return h.on_uint64(n->payload, {});
    case tag::double_:
      return h.on_double(std::bit_cast<double>(n->payload), {});
    case tag::raw_number:
      return h.on_number_text(node_text(n, strings));
    case tag::string:
      return h.on_string(node_text(n, strings));
    case tag::key:
      return h.on_key(node_text(n, strings));
    default:
      return false;  // containers are handled by write_container_node
  }
}

// The events of the container at `c`. The children are a contiguous run of nodes in event
// order (keys included), so a loop walks them; only nested containers recurse.
template <handler H>
bool write_container_node(const node* c, const char* strings, H& h) {
  const bool is_object = tag_of(*c) == tag::object;
  if (!(is_object ? h.on_object_begin() : h.on_array_begin())) return false;
  const node* n = c + 1;
  const node* end = c + c->payload;
  while (n != end) {
    if (is_container(tag_of(*n))) {
      if (!write_container_node(n, strings, h)) return false;
      n += n->payload;
    } else {
      if (!write_scalar_node(n, strings, h)) return false;
      ++n;
    }
  }
  const auto count = static_cast<std::size_t>(count_of(*c));
  return is_object ? h.on_object_end(count) : h.on_array_end(count);
}

}  // namespace detail

/// The events of a document element (a whole document: doc.root()).
template <handler H>
bool write_events(const element& e, H& h) {
  const detail::node* n = detail_element_access::node(e);
  const char* strings = detail_element_access::strings(e);
  return detail::is_container(detail::tag_of(*n)) ? detail::write_container_node(n, strings, h)
                                                  : detail::write_scalar_node(n, strings, h);
}

/// The events of a mutable value.
template <handler H>
bool write_events(const value& v, H& h) {
  std::error_code ignored;  // each getter below matches the value's kind
  switch (v.type()) {
    case kind::null:
      return h.on_null();
    case kind::boolean:
      return h.on_bool(v.get_bool(ignored));
    case kind::int64:
      return h.on_int64(v.get_int64(ignored), {});
    case kind::uint64:
      return h.on_uint64(v.get_uint64(ignored), {});
    case kind::double_:
      return h.on_double(v.get_double(ignored), {});
    case kind::raw_number:
      return h.on_number_text(v.get_raw_number(ignored));
    case kind::string:
      return h.on_string(v.get_string(ignored));
    case kind::array: {
      const array& a = *v.if_array();
      if (!h.on_array_begin()) return false;
      for (const value& element : a) {
        if (!write_events(element, h)) return false;
      }
      return h.on_array_end(a.size());
    }
    case kind::object: {
      const object& o = *v.if_object();
      if (!h.on_object_begin()) return false;
      for (const object_member& m : o) {
        if (!h.on_key(m.key) || !write_events(m.value, h)) return false;
      }
      return h.on_object_end(o.size());
    }
  }
  return false;
}

}  // namespace jsonx::dom
