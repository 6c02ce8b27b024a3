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
//   parser.feed(delta);                               // a document still arriving:
//   const auto& so_far = parser.partial();            // its value so far, open brackets closed
//   parser.feed(next_delta);                          // and the parse goes on unchanged
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
#include "jsonx/sax/partial.hpp"

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
  /// Ends a chunked parse: what was fed must be one complete JSON text. Right after a failed
  /// parse (nothing fed since), reports that failure again.
  const document& finish();
  const document& finish(std::error_code& ec);
  /// A snapshot of a chunked parse in progress: the document of everything fed so far, by
  /// the rules of partial_mode (jsonx/sax/partial.hpp: open containers closed, the value cut
  /// by the end dropped or kept by `mode`). The parse stays open: feeding goes on exactly as if
  /// no snapshot had been taken. The snapshot is made in place, in the parser's document, in
  /// time proportional to the nesting depth and the token at the cut, not to what was fed;
  /// it is valid until the next feed(), finish(), reset() or snapshot. Input already found
  /// invalid is an error (the one feed() reported): throws parse_exception. When nothing is
  /// kept the document is empty; between parses (before any feed, after finish()) it is the
  /// last parse's document.
  const document& partial(partial_mode mode = partial_mode::strict);
  const document& partial(partial_mode mode, std::error_code& ec);
  /// Ends a chunked parse whose input may have been cut short (a truncated file, log line or
  /// response): a complete text gives finish()'s document and truncated() false; a valid
  /// beginning of a text gives its snapshot, as partial(mode), and truncated() true. Invalid
  /// input is an error, as for finish().
  const document& finish_partial(partial_mode mode = partial_mode::strict);
  const document& finish_partial(partial_mode mode, std::error_code& ec);
  /// True if the last finish_partial() found the input cut short (its document is a snapshot).
  bool truncated() const noexcept;
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
