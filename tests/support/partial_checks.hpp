// The checks of a partial snapshot (dom::parser::partial()) that need the DOM, shared by
// tests/dom/partial_*_test.cpp and fuzz/fuzz_partial.cpp: header-only, for programs that link
// jsonx_dom (the support libraries do not). The reference itself is partial_reference.hpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "jsonx/dom/dom.hpp"
#include "jsonx/sax/partial.hpp"
#include "support/event_log.hpp"

namespace jsonx::test {

/// "(empty)" or the compact JSON text of the document, cut to `limit` characters.
inline std::string describe_document(const dom::document& doc, std::size_t limit = 400) {
  if (doc.empty()) return "(empty)";
  return printable(dom::to_string(doc), limit);
}

/// Empty if `actual` is what the text `expected` parses to (identical(): the same members in
/// the same order, the same kinds; the same node_count()), or is empty where
/// `expected` is nullopt; else what differs. `scratch` parses the expected text.
inline std::string snapshot_difference(const dom::document& actual,
                                       const std::optional<std::string>& expected,
                                       dom::parser& scratch) {
  if (!expected) {
    if (actual.empty()) return {};
    return "expected an empty document, got " + describe_document(actual);
  }
  std::error_code ec;
  const dom::document& wanted = scratch.parse(*expected, ec);
  if (ec) return "the expected text does not parse (" + ec.message() + "): " + printable(*expected);
  if (actual.empty()) return "expected " + describe_document(wanted) + ", got an empty document";
  if (!identical(actual.root(), wanted.root()))
    return "expected " + describe_document(wanted) + "\n     got " + describe_document(actual);
  // A snapshot closed in place holds its values' nodes, no more: nothing of a value dropped at
  // the cut stays counted. (Its string_bytes() may still count a dropped string's bytes: see
  // DomPartialApi.ASnapshotCountsTheStringBytesOfItsValuesOnly.)
  if (actual.node_count() != wanted.node_count())
    return "the snapshot " + describe_document(actual) + " holds " +
           std::to_string(actual.node_count()) + " nodes, its values and keys " +
           std::to_string(wanted.node_count());
  return {};
}

/// Empty if the snapshot serializes (compact) to a text that parses back identical().
inline std::string round_trip_difference(const dom::document& snapshot, dom::parser& scratch) {
  if (snapshot.empty()) return {};
  std::string text;
  std::error_code ec;
  if (!dom::to_string(snapshot.root(), text, ec))
    return "the snapshot does not serialize: " + ec.message();
  const dom::document& again = scratch.parse(text, ec);
  if (ec) return "the snapshot's text does not parse (" + ec.message() + "): " + printable(text);
  if (!identical(again.root(), snapshot.root()))
    return "the snapshot's text parses to another document: " + printable(text);
  return {};
}

namespace detail {

inline std::string inconsistency_at(const dom::element& part, const dom::element& whole,
                                    partial_mode mode, const std::string& path) {
  if (identical(part, whole)) return {};
  const std::string here = " at '" + printable(path) + "'";
  if (part.is_array() && whole.is_array()) {
    const dom::array_view p = part.get_array();
    const dom::array_view w = whole.get_array();
    if (p.size() > w.size()) return "more elements than the final array" + here;
    std::size_t index = 0;
    auto wi = w.begin();
    for (auto pi = p.begin(); pi != p.end(); ++pi, ++wi, ++index) {
      const std::string child = path + "/" + std::to_string(index);
      // Every element but the last is complete; the last may still be arriving.
      if (index + 1 < p.size()) {
        if (!identical(*pi, *wi))
          return "an element differs from the final one" + here + "/" + std::to_string(index);
      } else {
        return inconsistency_at(*pi, *wi, mode, child);
      }
    }
    return {};
  }
  if (part.is_object() && whole.is_object()) {
    const dom::object_view p = part.get_object();
    const dom::object_view w = whole.get_object();
    if (p.size() > w.size()) return "more members than the final object" + here;
    std::size_t index = 0;
    auto wi = w.begin();
    for (auto pi = p.begin(); pi != p.end(); ++pi, ++wi, ++index) {
      const std::string child = path + "/" + std::string((*pi).key);
      if ((*pi).key != (*wi).key)
        return "member " + std::to_string(index) + "'s key differs from the final one" + here;
      if (index + 1 < p.size()) {
        if (!identical((*pi).value, (*wi).value))
          return "a member differs from the final one" + here;
      } else {
        return inconsistency_at((*pi).value, (*wi).value, mode, child);
      }
    }
    return {};
  }
  // The value at the cut: a string's prefix, or a number that may still grow (12 -> 123).
  if (part.is_string() && whole.is_string() && has(mode, partial_mode::trailing_strings) &&
      whole.get_string().starts_with(part.get_string()))
    return {};
  if (part.is_number() && whole.is_number() && has(mode, partial_mode::trailing_numbers)) return {};
  return "a value differs from the final one" + here;
}

}  // namespace detail

/// Empty if `snapshot` can be the value so far of a text whose value is `final_value`: each of
/// its containers holds a prefix of the final container's elements or members (the same keys
/// in the same order), all of them identical() but the last, which is consistent in turn; the
/// last value may differ only as `mode` allows (a string a prefix of the final one with
/// trailing_strings, a number with trailing_numbers). An empty snapshot is consistent.
inline std::string snapshot_inconsistency(const dom::document& snapshot,
                                          const dom::element& final_value, partial_mode mode) {
  if (snapshot.empty()) return {};
  return detail::inconsistency_at(snapshot.root(), final_value, mode, "");
}

}  // namespace jsonx::test
