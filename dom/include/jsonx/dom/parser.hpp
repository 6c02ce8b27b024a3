// dom::parser: parses JSON text into a document it owns, reused from one parse to the next.
//
//   jsonx::dom::parser parser;                        // keep it: a warm parser does not allocate
//   const jsonx::dom::document& doc = parser.parse(text);   // throws jsonx::parse_exception
//   std::error_code ec;
//   const auto& same = parser.parse(text, ec);        // or: error code, details in error()
//
//   parser.feed(chunk1); parser.feed(chunk2);         // chunks of any size, cut anywhere
//   const auto& doc2 = parser.finish();               // the same document as a whole parse
//
// The document returned belongs to the parser and is replaced by its next parse (as with
// simdjson's parser); take_document() moves it out. After a failed parse the document is empty.
// parse_options apply as in push_parser, except multiple_values, which a document (one root)
// cannot hold: it is ignored.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <system_error>

#include "jsonx/dom/document.hpp"
#include "jsonx/sax/error.hpp"
#include "jsonx/sax/parse_options.hpp"

namespace jsonx::dom {

class parser {
 public:
  explicit parser(const parse_options& options = {});
  ~parser();
  parser(parser&&) noexcept;
  parser& operator=(parser&&) noexcept;

  /// Parses a whole JSON text. Buffers are sized from the text's length up front, so the
  /// build never grows them.
  const document& parse(std::string_view text);
  const document& parse(std::string_view text, std::error_code& ec);

  /// Parses the next chunk of a text; the first feed() after a finished (or failed) parse
  /// starts a new document. Returns the bytes of `chunk` consumed (see push_parser::feed).
  std::size_t feed(std::string_view chunk);
  std::size_t feed(std::string_view chunk, std::error_code& ec);
  /// Ends a chunked parse: what was fed must be one complete JSON text.
  const document& finish();
  const document& finish(std::error_code& ec);
  /// Abandons a chunked parse in progress (the next feed() starts afresh).
  void reset() noexcept;

  /// Sizes the buffers for texts of `input_bytes` (useful before feeding chunks of a text
  /// whose size is known, e.g. a file).
  void reserve(std::size_t input_bytes);

  /// The last error, with offset, line, column and excerpt (code ok if none).
  const parse_error& error() const noexcept;
  /// The document of the last parse.
  const document& doc() const noexcept;
  /// Moves the document out; the parser starts its next parse with fresh buffers.
  document take_document() noexcept;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// Parses a whole text into a document of its own (a one-shot parser; its spare capacity is
/// given back). Throws jsonx::parse_exception.
document parse(std::string_view text, const parse_options& options = {});
/// Error-code flavour: returns an empty document and fills `error` on failure.
document parse(std::string_view text, parse_error& error, const parse_options& options = {});

}  // namespace jsonx::dom
