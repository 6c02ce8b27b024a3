// fuzz_chunked: chunk-split invariance, handler stops and reuse, checked against simdjson.
//
// For one input (see fuzz_input for how the cut points are chosen) it parses the text
//   - whole, with jsonx::parse() and with one feed();
//   - in the planned chunks, with whole strings and with string parts; after an empty feed
//     whose data() is null;
//   - in 1-byte chunks (texts up to 4 KiB);
//   - again on a reset parser (reuse must not change anything);
//   - with a handler that stops at one event;
// and checks every run gives the same events (number texts included) and verdict as the whole
// parse, passes the recorder's own checks (a number equals what its text converts to, strings
// are valid UTF-8, string parts never split a UTF-8 sequence) and the feeding's (feed(),
// finish(), error(), failed() and bytes_consumed() agree), that an error's line and column
// match its offset, and that simdjson (the oracle: the walk of tests/support/simdjson_walker,
// which the differential tests compare with too) agrees where both are defined: simdjson rejects
// the numbers we deliver as on_number_text (integers beyond 64 bits, numbers beyond double
// range), so those inputs are not compared, nor those where either side hits its depth limit
// (1024 for both).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "support/simdjson_walker.hpp"

namespace {

using namespace jsonx::fuzz;
using jsonx::test::simdjson_events;
using jsonx::test::simdjson_verdict;

// An error's line and column must be where its offset is: line = 1 + newlines before it,
// column = 1 + bytes since the last newline.
void check_error_position(const parse_outcome& outcome, std::string_view text) {
  const jsonx::parse_error& error = outcome.error;
  if (outcome.accepted || error.code == jsonx::parse_errc::stopped_by_handler) return;
  check(error.offset <= text.size(), "error offset beyond the input", text);
  std::string_view before = text.substr(0, error.offset);
  std::uint64_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (before[i] == '\n') ++line, line_start = i + 1;
  }
  if (error.line != line || error.column != error.offset - line_start + 1) {
    std::fprintf(stderr, "%s; expected line %llu, column %llu\n", verdict(outcome).c_str(),
                 static_cast<unsigned long long>(line),
                 static_cast<unsigned long long>(error.offset - line_start + 1));
    fail("error line/column do not match the offset", text);
  }
}

void check_against_simdjson(const parse_outcome& ours, std::string_view text) {
  const simdjson_verdict theirs = simdjson_events(text);
  if (!theirs.check_failures.empty()) {
    std::fprintf(stderr, "%s", theirs.check_failures.c_str());
    fail("simdjson's tree contradicts itself (the oracle's walk)", text);
  }

  bool depth_involved = ours.error.code == jsonx::parse_errc::depth_limit || theirs.depth_error();
  // simdjson 3.0.1 reports both kinds of big number as NUMBER_ERROR.
  bool big_number_involved = jsonx::test::has_number_text(ours.log) && theirs.number_error();
  if (depth_involved || big_number_involved) return;

  if (ours.accepted != theirs.accepted) {
    std::fprintf(stderr, "jsonx: %s\nsimdjson: %s\n", verdict(ours).c_str(),
                 theirs.accepted ? "accepted" : theirs.error.c_str());
    fail("jsonx and simdjson disagree on the verdict", text);
  }
  if (!ours.accepted) return;
  const std::string difference =
      describe_difference(theirs.log, jsonx::test::without_number_texts(ours.log));
  if (!difference.empty()) {
    std::fprintf(stderr, "simdjson expected, jsonx actual: %s\n", difference.c_str());
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
  text_recorder reference_recorder;
  jsonx::parse_error reference_error;
  bool accepted = jsonx::parse(text, reference_recorder, reference_error);
  check(accepted == !reference_error, "parse() result disagrees with its error");
  parse_outcome reference;
  reference.accepted = accepted;
  reference.error = reference_error;
  reference.log = reference_recorder.log();
  reference.check_failures = reference_recorder.check_failures();
  check_outcome(reference, "parse(): a recorder check failed", text);
  check_error_position(reference, text);

  check_same_outcome(reference, parse_chunks<text_recorder>(whole_chunk),
                     "one feed() differs from parse()", text);
  check_same_outcome(reference, parse_chunks<text_recorder>(planned),
                     "planned chunks differ from the whole", text);
  // An empty feed whose data() is null (std::string_view{}, what an empty read often gives)
  // is a feed like any other.
  check_same_outcome(reference, parse_chunks<text_recorder>({std::string_view{}, text}),
                     "an empty feed with a null data() changes the outcome", text);

  // A handler that takes string parts: each chunking against its own whole parse first (the
  // chunk-split invariant), then against the handler that takes whole strings.
  const parse_outcome parts_reference = parse_chunks<parts_recorder>(whole_chunk);
  check_same_outcome(parts_reference, parse_chunks<parts_recorder>(planned),
                     "planned chunks with string parts differ from the whole", text);
  if (text.size() <= 4096) {
    check_same_outcome(parts_reference, parse_chunks<parts_recorder>(single_byte_chunks(text)),
                       "1-byte chunks with string parts differ from the whole", text);
  }
  check_same_outcome(reference, parts_reference,
                     "taking string parts changes the events or the verdict", text);

  // Reuse: a parser reset to another handler gives the same outcome again.
  {
    text_recorder first;
    jsonx::push_parser<text_recorder> parser(first);
    const parse_outcome first_outcome = feed_all(parser, first, planned);
    text_recorder second;
    parser.reset(second);
    check_same_outcome(first_outcome, feed_all(parser, second, planned),
                       "a reset parser gives another outcome", text);
  }

  // A handler stop at event k: the events up to k, then stopped_by_handler.
  if (const std::size_t event_count = count_events(reference.log); event_count > 0) {
    std::size_t stop_at = 1 + hash_bytes(text) % event_count;
    parse_outcome stopped = parse_chunks<text_recorder>(planned, {}, stop_at);
    check_outcome(stopped, "a parse stopped by the handler: a check failed", text);
    check(stopped.error.code == jsonx::parse_errc::stopped_by_handler,
          "a handler returning false did not stop the parse with stopped_by_handler", text);
    check(count_events(stopped.log) == stop_at, "events were delivered after a handler stop", text);
    const std::string difference =
        describe_difference(first_events(reference.log, stop_at), stopped.log);
    if (!difference.empty()) {
      std::fprintf(stderr, "%s\n", difference.c_str());
      fail("the events before a handler stop differ from the whole parse", text);
    }
  }

  check_against_simdjson(reference, text);
  return 0;
}
