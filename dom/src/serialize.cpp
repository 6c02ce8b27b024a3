// to_string and the resumable event sources over documents and values.
#include "jsonx/dom/serialize.hpp"

#include "tree_printer.hpp"

#include <bit>
#include <cstring>

namespace jsonx::dom {
namespace {

template <class Source>
bool write_to_string(const Source& source, std::string& out, std::error_code& ec,
                     const write_options& options) {
  writer w(out, options);
  const bool written = write(source, w) && w.flush();
  if (!written) ec = w.error();
  return written;
}

template <class Source>
std::string to_string_or_throw(const Source& source, const write_options& options) {
  std::string out;
  std::error_code ec;
  if (!write_to_string(source, out, ec, options)) throw write_exception(ec);
  return out;
}

}  // namespace

bool to_string(const element& e, std::string& out, std::error_code& ec,
               const write_options& options) {
  return write_to_string(e, out, ec, options);
}
bool to_string(const value& v, std::string& out, std::error_code& ec,
               const write_options& options) {
  return write_to_string(v, out, ec, options);
}

std::string to_string(const element& e, const write_options& options) {
  return to_string_or_throw(e, options);
}
namespace {
// A parsed document's strings are valid UTF-8 (the parser checked them), so checking them
// again can find nothing: skip it. Output is the same byte for byte.
write_options for_document(const document& doc, const write_options& options) {
  write_options effective = options;
  if (doc.utf8_validated()) effective.invalid_utf8 = invalid_utf8_policy::assume_valid;
  return effective;
}
}  // namespace

bool write(const element& e, writer& w) {
  jsonx::detail::tree_output out(w);
  if (!out.usable()) return write_events(e, w);
  if (!out.begin_value()) return false;
  detail::tree_printer printer(detail_element_access::strings(e), out);
  return printer.print(detail_element_access::node(e)) && out.end_value();
}

bool write(const document& doc, writer& w) {
  return write(doc.root(), w);
}

std::string to_string(const document& doc, const write_options& options) {
  return to_string_or_throw(doc.root(), for_document(doc, options));
}
std::string to_string(const value& v, const write_options& options) {
  return to_string_or_throw(v, options);
}

std::string to_pretty_string(const element& e, std::size_t indent_width) {
  return to_string(e, write_options::pretty(indent_width));
}
std::string to_pretty_string(const document& doc, std::size_t indent_width) {
  return to_string(doc, write_options::pretty(indent_width));
}
std::string to_pretty_string(const value& v, std::size_t indent_width) {
  return to_string(v, write_options::pretty(indent_width));
}

// ---- element_source ----

element_source::element_source(const element& root)
    : next_(detail_element_access::node(root)),
      end_(next_ + detail::span_of(*next_)),
      strings_(detail_element_access::strings(root)) {}

bool element_source::write_next(writer& w, std::error_code& ec) {
  bool written = true;
  if (!open_.empty() && next_ == open_.back() + open_.back()->payload) {
    const detail::node* c = open_.back();
    open_.pop_back();
    const auto count = static_cast<std::size_t>(detail::count_of(*c));
    written =
        detail::tag_of(*c) == detail::tag::object ? w.on_object_end(count) : w.on_array_end(count);
  } else if (next_ != end_) {
    const detail::node* n = next_;
    switch (detail::tag_of(*n)) {
      case detail::tag::object:
        written = w.on_object_begin();
        open_.push_back(n);
        break;
      case detail::tag::array:
        written = w.on_array_begin();
        open_.push_back(n);
        break;
      default:
        written = detail::write_scalar_node(n, strings_, w);
        break;
    }
    ++next_;
  }
  if (!written) {
    ec = w.error();
    return false;
  }
  return next_ != end_ || !open_.empty();
}

// ---- value_source ----

bool value_source::write_value(const value& v, writer& w) {
  if (v.is_array()) {
    open_.push_back({&v, 0});
    return w.on_array_begin();
  }
  if (v.is_object()) {
    open_.push_back({&v, 0});
    return w.on_object_begin();
  }
  return write_events(v, w);
}

bool value_source::write_next(writer& w, std::error_code& ec) {
  bool written = true;
  if (!started_) {
    started_ = true;
    written = write_value(*root_, w);
  } else if (!open_.empty()) {
    frame& top = open_.back();
    if (const array* a = top.container->if_array()) {
      if (top.next_index < a->size()) {
        written = write_value((*a)[top.next_index++], w);
      } else {
        open_.pop_back();
        written = w.on_array_end(a->size());
      }
    } else {
      const object& o = *top.container->if_object();
      if (top.next_index < o.size()) {
        const object_member& m = *(o.begin() + static_cast<std::ptrdiff_t>(top.next_index++));
        written = w.on_key(m.key) && write_value(m.value, w);
      } else {
        open_.pop_back();
        written = w.on_object_end(o.size());
      }
    }
  }
  if (!written) {
    ec = w.error();
    return false;
  }
  return !open_.empty();
}

}  // namespace jsonx::dom
