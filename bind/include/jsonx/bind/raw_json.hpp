// raw_json: a member that keeps a value's JSON text, unparsed (Go's json.RawMessage).
#pragma once

#include <string>
#include <string_view>

namespace jsonx {

/// Holds one JSON value as text.
///
/// Decoding captures the value at its place, whatever its type, by re-writing the parser's
/// events through jsonx::writer: the text is the value's compact form (no whitespace), numbers
/// exactly as written, strings re-escaped minimally (so `"\u00e9"` becomes `"é"`); it is the
/// same JSON value, not always the same bytes. Encoding writes `text` verbatim (unchecked);
/// an empty text is written as null.
struct raw_json {
  std::string text;

  raw_json() = default;
  explicit raw_json(std::string json) : text(std::move(json)) {}

  bool empty() const noexcept { return text.empty(); }
  std::string_view view() const noexcept { return text; }
  friend bool operator==(const raw_json&, const raw_json&) = default;
};

}  // namespace jsonx
