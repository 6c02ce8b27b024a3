// fuzz_dom_round_trip: the DOM (dom/) and its serialization (dom/ through encode/), checked
// against the push parser and against simdjson.
//
// For one input (see fuzz_input for how the cut points are chosen) it
//   - parses the text into a document with dom::parser: whole, in the planned chunks, in
//     1-byte chunks (texts up to 1 KiB), and again whole on the same (warm) parser: every
//     verdict (code, offset, line, column) must be the same, and equal to the push parser's
//     (jsonx::parse with a handler); every accepted document identical() to the whole one;
//   - if the text is valid: serializes the document compact and pretty (and its mutable copy,
//     dom::value, compact: the same bytes as the document's), parses both texts again: the
//     documents must be identical() to the first, and the compact text a fixed point
//     (serializing the re-parsed document gives the same bytes);
//   - compares with simdjson's DOM (tests/support/simdjson_walker, the walk the differential
//     tests compare with): the same verdict, and where both accept the same values, as event
//     logs (same kinds, numbers bit for bit, strings, keys in order, duplicates, sizes); the
//     document is read through its element API.
//     Not compared where simdjson's documented limits make it differ: depth 1024 (either side
//     reaching it), and numbers jsonx keeps as raw numbers (integers beyond 64 bits, numbers
//     beyond double range), which simdjson 3.0.1 rejects as NUMBER_ERROR.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "fuzz_support.hpp"
#include "jsonx/dom/dom.hpp"
#include "support/simdjson_walker.hpp"

namespace {

using namespace jsonx::fuzz;
using jsonx::test::append_double;
using jsonx::test::append_end;
using jsonx::test::append_int64;
using jsonx::test::append_sized;
using jsonx::test::append_uint64;
using jsonx::test::has_number_text;
using jsonx::test::simdjson_events;
using jsonx::test::simdjson_verdict;

struct dom_outcome {
  std::error_code code;
  std::uint64_t offset = 0;
  std::uint64_t line = 0;
  std::uint64_t column = 0;

  bool accepted() const noexcept { return !code; }
  std::string describe() const {
    if (!code) return "accepted";
    return code.message() + " at byte " + std::to_string(offset) + ", line " +
           std::to_string(line) + ", column " + std::to_string(column);
  }
  friend bool operator==(const dom_outcome&, const dom_outcome&) = default;
};

dom_outcome outcome_of(const jsonx::parse_error& error) {
  return {error.code, error.offset, error.line, error.column};
}

void check_same_verdict(const dom_outcome& expected, const dom_outcome& actual, const char* what,
                        std::string_view text) {
  if (expected == actual) return;
  std::fprintf(stderr, "expected: %s\nactual:   %s\n", expected.describe().c_str(),
               actual.describe().c_str());
  fail(what, text);
}

// Feeds the chunks to `parser`, then finish(); the document stays in the parser.
dom_outcome parse_dom_chunks(jsonx::dom::parser& parser,
                             const std::vector<std::string_view>& chunks, std::string_view text) {
  std::error_code ec;
  for (std::string_view chunk : chunks) {
    std::size_t used = parser.feed(chunk, ec);
    if (ec) break;
    check(used == chunk.size(), "dom::parser::feed() consumed less than its chunk", text);
  }
  if (!ec) parser.finish(ec);
  check(ec == parser.error().code, "dom::parser: feed()/finish() and error() disagree", text);
  check(!ec == !parser.doc().empty(),
        "dom::parser: the document's emptiness and the verdict "
        "disagree",
        text);
  return outcome_of(parser.error());
}

// The element's values as an event log (tests/support/event_log.hpp, without number texts: a
// raw number as its on_number_text event), read through the element API (type(), the getters,
// size(), iteration): what simdjson's walk is compared with. A container's end carries its
// size(), so a size() that differs from what iteration gives shows in the comparison too.
void append_events(jsonx::dom::element e, std::string& log) {
  using jsonx::dom::kind;
  switch (e.type()) {
    case kind::null:
      log += 'n';
      break;
    case kind::boolean:
      log += e.get_bool() ? 't' : 'f';
      break;
    case kind::int64:
      append_int64(log, e.get_int64());
      break;
    case kind::uint64:
      append_uint64(log, e.get_uint64());
      break;
    case kind::double_:
      append_double(log, e.get_double());
      break;
    case kind::raw_number:
      log += 'x';
      log += e.get_raw_number();
      break;
    case kind::string:
      append_sized(log, 's', e.get_string());
      break;
    case kind::array: {
      log += "[\n";
      const jsonx::dom::array_view array = e.get_array();
      for (jsonx::dom::element child : array) append_events(child, log);
      append_end(log, ']', array.size());
      break;
    }
    case kind::object: {
      log += "{\n";
      const jsonx::dom::object_view object = e.get_object();
      for (jsonx::dom::member m : object) {
        append_sized(log, 'k', m.key);
        log += '\n';
        append_events(m.value, log);
      }
      append_end(log, '}', object.size());
      break;
    }
  }
  log += '\n';
}

void check_against_simdjson(const dom_outcome& ours, const jsonx::dom::document& doc,
                            std::string_view text) {
  const simdjson_verdict theirs = simdjson_events(text);
  if (!theirs.check_failures.empty()) {
    std::fprintf(stderr, "%s", theirs.check_failures.c_str());
    fail("simdjson's tree contradicts itself (the oracle's walk)", text);
  }

  std::string our_log;
  if (ours.accepted()) append_events(doc.root(), our_log);
  if (ours.code == jsonx::parse_errc::depth_limit || theirs.depth_error()) return;
  // simdjson 3.0.1 reports both kinds of big number (raw numbers here) as NUMBER_ERROR.
  if (ours.accepted() && theirs.number_error() && has_number_text(our_log)) return;
  if (ours.accepted() != theirs.accepted) {
    std::fprintf(stderr, "jsonx dom: %s\nsimdjson: %s\n", ours.describe().c_str(),
                 theirs.accepted ? "accepted" : theirs.error.c_str());
    fail("dom::parser and simdjson disagree on the verdict", text);
  }
  if (!ours.accepted()) return;
  const std::string difference = describe_difference(theirs.log, our_log);
  if (!difference.empty()) {
    std::fprintf(stderr, "simdjson expected, jsonx dom actual: %s\n", difference.c_str());
    fail("dom::parser and simdjson disagree on the values", text);
  }
}

// Serializes, re-parses and compares: the round trip of a valid document.
void check_round_trip(const jsonx::dom::document& doc, std::string_view text) {
  jsonx::dom::parser reparser;
  std::error_code ec;

  const std::string compact = jsonx::dom::to_string(doc);
  const jsonx::dom::document& again = reparser.parse(compact, ec);
  if (ec) fail("the compact serialization does not parse", compact);
  if (!identical(doc.root(), again.root()))
    fail("the compact serialization parses to another document", compact);
  if (!(doc.root() == again.root())) fail("identical() documents are not ==", compact);
  if (jsonx::dom::to_string(again) != compact)
    fail("the compact serialization is not a fixed point", compact);

  // The mutable copy: equal to the document, and the same bytes through write_events.
  const jsonx::dom::value copy(doc.root());
  const std::string copy_text = jsonx::dom::to_string(copy);
  if (copy_text != compact) {
    fail("dom::value and its document serialize differently", compact + "\n---\n" + copy_text);
  }
  const jsonx::dom::value reread(reparser.parse(compact).root());
  if (!identical(copy, reread)) fail("dom::value copies of identical documents differ", text);

  for (std::size_t width : {std::size_t{0}, std::size_t{2}}) {
    jsonx::write_options options = jsonx::write_options::pretty(width);
    options.prefix = width == 0 ? "\t" : "";  // a prefix alone is pretty too (Go's SetIndent)
    const std::string pretty = jsonx::dom::to_string(doc, options);
    const jsonx::dom::document& pretty_again = reparser.parse(pretty, ec);
    if (ec) fail("the pretty serialization does not parse", pretty);
    if (!identical(doc.root(), pretty_again.root()))
      fail("the pretty serialization parses to another document", pretty);
    if (jsonx::dom::to_string(pretty_again) != compact)
      fail("pretty then compact differs from compact", pretty);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input input = decode_fuzz_input(data, size);
  std::string_view text = input.text;

  // The push parser's verdict, with a handler: the DOM must agree with it.
  text_recorder events;
  jsonx::parse_error sax_error;
  jsonx::parse(text, events, sax_error);
  check_recorder(events, "the push parser: a recorder check failed", text);
  const dom_outcome sax_verdict = outcome_of(sax_error);

  jsonx::dom::parser whole_parser;
  std::error_code ec;
  const jsonx::dom::document& whole = whole_parser.parse(text, ec);
  const dom_outcome verdict = outcome_of(whole_parser.error());
  check(ec == verdict.code, "dom::parser::parse(): returned code and error() disagree", text);
  check_same_verdict(sax_verdict, verdict, "dom::parser and the push parser disagree", text);

  std::vector<std::vector<std::string_view>> chunkings;
  chunkings.push_back(plan_chunks(text, input.chunk_lengths));
  if (text.size() <= 1024) chunkings.push_back(single_byte_chunks(text));
  jsonx::dom::parser chunk_parser;
  for (const auto& chunks : chunkings) {
    check_same_verdict(verdict, parse_dom_chunks(chunk_parser, chunks, text),
                       "dom::parser in chunks differs from the whole parse", text);
    if (verdict.accepted() && !identical(whole.root(), chunk_parser.doc().root()))
      fail("the document built in chunks differs from the whole one", text);
  }
  // A failed chunked parse must not leak into the next whole parse on the same parser.
  {
    const jsonx::dom::document& reused = chunk_parser.parse(text, ec);
    check_same_verdict(verdict, outcome_of(chunk_parser.error()),
                       "a reused dom::parser gives another verdict", text);
    if (verdict.accepted() && !identical(whole.root(), reused.root()))
      fail("a reused dom::parser builds another document", text);
  }

  if (verdict.accepted()) check_round_trip(whole, text);
  check_against_simdjson(verdict, whole, text);
  return 0;
}
