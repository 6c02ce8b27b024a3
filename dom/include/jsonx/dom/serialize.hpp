// Serializing documents and values to JSON text, through the writer (encode/).
//
//   std::string json = jsonx::dom::to_string(doc);                      // compact
//   std::string pretty = jsonx::dom::to_string(v, jsonx::write_options::pretty(4));
//
//   jsonx::writer w(out, options);         // or any sink: fd_sink, file_sink, ostream_sink
//   jsonx::dom::write(doc, w);             // then w.flush()
//
//   jsonx::dom::element_source source(doc.root());   // a fixed buffer, resumably
//   jsonx::serializer s;  s.reset(source);
//   while (!s.done()) send(s.read(buffer));
//
// Errors are the writer's (jsonx::write_errc): a NaN or infinity in a mutable value (unless
// write_options::non_finite says null), a string of a mutable value that is not UTF-8 (unless
// write_options::invalid_utf8 says otherwise). A document's strings were validated by the
// parser, so serializing a parsed document never fails on either.
#pragma once

#include <cstddef>
#include <string>
#include <system_error>
#include <vector>

#include "jsonx/dom/document.hpp"
#include "jsonx/dom/element.hpp"
#include "jsonx/dom/value.hpp"
#include "jsonx/dom/write_events.hpp"
#include "jsonx/encode/write_error.hpp"
#include "jsonx/encode/write_options.hpp"
#include "jsonx/encode/writer.hpp"

namespace jsonx::dom {

/// Writes the value into `w` (which is not flushed). False if the writer failed (w.error()
/// says why). The same text as write_events(e, w); with a compact writer, a document prints
/// through the writer's tree output (no per-event bookkeeping), which is faster.
bool write(const element& e, writer& w);
bool write(const document& doc, writer& w);
inline bool write(const value& v, writer& w) {
  return write_events(v, w);
}

/// Appends the JSON text to `out`. Returns false and sets `ec` (a write_errc) on failure;
/// `out` then holds what was written before the error.
bool to_string(const element& e, std::string& out, std::error_code& ec,
               const write_options& options = {});
bool to_string(const value& v, std::string& out, std::error_code& ec,
               const write_options& options = {});

/// The JSON text; throws jsonx::write_exception on failure. For a document of dom::parser
/// (utf8_validated()), invalid_utf8 is treated as assume_valid: its strings were checked.
std::string to_string(const element& e, const write_options& options = {});
std::string to_string(const document& doc, const write_options& options = {});
std::string to_string(const value& v, const write_options& options = {});

/// Pretty-printed with `indent_width` spaces per level.
std::string to_pretty_string(const element& e, std::size_t indent_width = 2);
std::string to_pretty_string(const document& doc, std::size_t indent_width = 2);
std::string to_pretty_string(const value& v, std::size_t indent_width = 2);

/// An event source (jsonx::event_source) over a document element, for jsonx::serializer:
/// one event per step, with an explicit stack instead of recursion. The document must outlive
/// the source and must not be re-parsed meanwhile.
class element_source {
 public:
  explicit element_source(const element& root);
  /// Writes the next event; true while more remain.
  bool write_next(writer& w, std::error_code& ec);

 private:
  const detail::node* next_;  // the next node to write
  const detail::node* end_;   // one past the root's subtree
  const char* strings_;
  std::vector<const detail::node*> open_;  // containers begun and not yet ended
};

/// An event source over a mutable value, for jsonx::serializer: one value (with its key, in an
/// object) or one container end per step. The value must outlive the source, unchanged.
class value_source {
 public:
  explicit value_source(const value& root) : root_(&root) {}
  bool write_next(writer& w, std::error_code& ec);

 private:
  struct frame {
    const value* container;
    std::size_t next_index;
  };
  bool write_value(const value& v, writer& w);

  const value* root_;
  bool started_ = false;
  std::vector<frame> open_;
};

}  // namespace jsonx::dom
