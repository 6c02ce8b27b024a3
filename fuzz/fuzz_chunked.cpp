// fuzz_chunked: chunk-split invariance, handler stops and reuse, checked against simdjson.
//
// For one input (see fuzz_input for how the cut points are chosen) it parses the text
//   - whole, with jsonx::parse() and with one feed();
//   - in the planned chunks, with whole strings and with string parts; after an empty feed
//     whose data() is null;
//   - in 1-byte chunks (texts up to 4 KiB);
//   - again on a reset parser (reuse must not change anything);
//   - with a handler that stops at one event;
// and checks every run gives the same events and verdict as the whole parse, that an error's
// line and column match its offset, and that simdjson (the oracle) agrees where both are
// defined: simdjson rejects the numbers we deliver as on_number_text (integers beyond 64 bits,
// numbers beyond double range), so those inputs are not compared, nor those where either side
// hits its depth limit (1024 for both).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "fuzz_support.hpp"

namespace {

using namespace jsonx::fuzz;

// Writes simdjson's tree as the event log our parser would produce (without number texts).
void walk_simdjson(simdjson::dom::element element, event_log& log) {
  using simdjson::dom::element_type;
  switch (element.type()) {
    case element_type::ARRAY: {
      log.add('[');
      std::size_t count = 0;
      simdjson::dom::array array;
      check(element.get(array) == simdjson::SUCCESS, "simdjson: not an array");
      for (simdjson::dom::element child : array) {
        walk_simdjson(child, log);
        ++count;
      }
      log.add_count(']', count);
      break;
    }
    case element_type::OBJECT: {
      log.add('{');
      std::size_t count = 0;
      simdjson::dom::object object;
      check(element.get(object) == simdjson::SUCCESS, "simdjson: not an object");
      for (simdjson::dom::key_value_pair field : object) {
        log.add('k', field.key);
        walk_simdjson(field.value, log);
        ++count;
      }
      log.add_count('}', count);
      break;
    }
    case element_type::INT64: {
      std::int64_t value = 0;
      check(element.get(value) == simdjson::SUCCESS, "simdjson: not an int64");
      log.add_number('i', &value, sizeof value, {});
      break;
    }
    case element_type::UINT64: {
      std::uint64_t value = 0;
      check(element.get(value) == simdjson::SUCCESS, "simdjson: not a uint64");
      log.add_number('u', &value, sizeof value, {});
      break;
    }
    case element_type::DOUBLE: {
      double value = 0;
      check(element.get(value) == simdjson::SUCCESS, "simdjson: not a double");
      log.add_number('d', &value, sizeof value, {});
      break;
    }
    case element_type::STRING: {
      std::string_view value;
      check(element.get(value) == simdjson::SUCCESS, "simdjson: not a string");
      log.add('s', value);
      break;
    }
    case element_type::BOOL: {
      bool value = false;
      check(element.get(value) == simdjson::SUCCESS, "simdjson: not a bool");
      log.add(value ? 't' : 'f');
      break;
    }
    case element_type::NULL_VALUE:
      log.add('n');
      break;
  }
}

// An error's line and column must be where its offset is: line = 1 + newlines before it,
// column = 1 + bytes since the last newline.
void check_error_position(const parse_outcome& outcome, std::string_view text) {
  if (outcome.accepted() || outcome.code == jsonx::parse_errc::stopped_by_handler) return;
  check(outcome.offset <= text.size(), "error offset beyond the input", text);
  std::string_view before = text.substr(0, outcome.offset);
  std::uint64_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (before[i] == '\n') ++line, line_start = i + 1;
  }
  if (outcome.line != line || outcome.column != outcome.offset - line_start + 1) {
    std::fprintf(stderr, "%s; expected line %llu, column %llu\n", outcome.describe().c_str(),
                 static_cast<unsigned long long>(line),
                 static_cast<unsigned long long>(outcome.offset - line_start + 1));
    fail("error line/column do not match the offset", text);
  }
}

void check_against_simdjson(const parse_outcome& ours, std::string_view text) {
  static simdjson::dom::parser oracle;
  simdjson::padded_string padded(text);
  simdjson::dom::element root;
  simdjson::error_code their_error = oracle.parse(padded).get(root);

  bool depth_involved =
      ours.code == jsonx::parse_errc::depth_limit || their_error == simdjson::DEPTH_ERROR;
  // simdjson 3.0.1 reports both kinds of big number as NUMBER_ERROR.
  bool big_number_involved = ours.log.saw_number_text && their_error == simdjson::NUMBER_ERROR;
  if (depth_involved || big_number_involved) return;

  if (ours.accepted() != (their_error == simdjson::SUCCESS)) {
    std::fprintf(stderr, "jsonx: %s\nsimdjson: %s\n", ours.describe().c_str(),
                 simdjson::error_message(their_error));
    fail("jsonx and simdjson disagree on the verdict", text);
  }
  if (!ours.accepted()) return;
  event_log theirs;
  walk_simdjson(root, theirs);
  if (theirs.events != ours.log.events) {
    std::fprintf(stderr, "jsonx events:    %s\nsimdjson events: %s\n",
                 ours.log.events.substr(0, 2000).c_str(), theirs.events.substr(0, 2000).c_str());
    fail("jsonx and simdjson disagree on the events", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input input = decode_fuzz_input(data, size);
  std::string_view text = input.text;
  std::vector<std::string_view> whole_chunk{text};
  std::vector<std::string_view> planned = plan_chunks(text, input.chunk_lengths);

  // The reference: the one-call parse.
  recording_handler reference_handler;
  jsonx::parse_error reference_error;
  bool accepted = jsonx::parse(text, reference_handler, reference_error);
  check(accepted == !reference_error, "parse() result disagrees with its error");
  parse_outcome reference;
  reference.log = reference_handler.events();
  reference.code = reference_error.code;
  reference.offset = reference_error.offset;
  reference.line = reference_error.line;
  reference.column = reference_error.column;
  check_error_position(reference, text);

  check_same_outcome(reference, parse_chunks<recording_handler>(whole_chunk),
                     "one feed() differs from parse()", text);
  check_same_outcome(reference, parse_chunks<recording_handler>(planned),
                     "planned chunks differ from the whole", text);
  // An empty feed whose data() is null (std::string_view{}, what an empty read often gives)
  // is a feed like any other.
  check_same_outcome(reference, parse_chunks<recording_handler>({std::string_view{}, text}),
                     "an empty feed with a null data() changes the outcome", text);

  // A handler that takes string parts: each chunking against its own whole parse first (the
  // chunk-split invariant), then against the handler that takes whole strings.
  const parse_outcome parts_reference = parse_chunks<recording_parts_handler>(whole_chunk);
  check_same_outcome(parts_reference, parse_chunks<recording_parts_handler>(planned),
                     "planned chunks with string parts differ from the whole", text);
  if (text.size() <= 4096) {
    check_same_outcome(parts_reference,
                       parse_chunks<recording_parts_handler>(single_byte_chunks(text)),
                       "1-byte chunks with string parts differ from the whole", text);
  }
  check_same_outcome(reference, parts_reference,
                     "taking string parts changes the events or the verdict", text);

  // Reuse: a reset parser gives the same outcome again.
  {
    recording_handler first;
    jsonx::push_parser<recording_handler> parser(first);
    parse_outcome first_outcome = run_parser(parser, planned);
    recording_handler second;
    parser.reset(second);
    check_same_outcome(first_outcome, run_parser(parser, planned),
                       "a reset parser gives another outcome", text);
  }

  // A handler stop at event k: the events up to k, then stopped_by_handler.
  if (reference.log.event_count > 0) {
    std::size_t stop_at = 1 + hash_bytes(text) % reference.log.event_count;
    parse_outcome stopped = parse_chunks<recording_handler>(planned, {}, stop_at);
    check(stopped.code == jsonx::parse_errc::stopped_by_handler,
          "a handler returning false did not stop the parse with stopped_by_handler", text);
    check(stopped.log.event_count == stop_at, "events were delivered after a handler stop", text);
    check(reference.log.events.starts_with(stopped.log.events),
          "the events before a handler stop differ from the whole parse", text);
  }

  check_against_simdjson(reference, text);
  return 0;
}
