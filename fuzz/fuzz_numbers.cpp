// fuzz_numbers: the number parser against the tests' reference (support/number_texts: the
// RFC 8259 grammar as a recursive descent, values by std::from_chars), the fuzz target of
// tests/sax/number_differential_test.cpp.
//
// For one input (see fuzz_input for the chunk plan) it takes as number texts
//   - the text the generator makes when the input's bytes are its choices (every form: signs,
//     leading zeros, long digit runs, fractions, big exponents, range edges, invalid variants);
//   - the input's text itself, if it is short (up to 64 bytes) and made of number characters
//     only (digits, '-', '+', '.', 'e', 'E');
// and parses each alone, with whitespace around, as an array element and as an object member:
// whole on a fresh parser, then on a reused one cut in two at every byte, in 1-byte chunks and in
// the planned chunks, with a handler taking values (number text logged), one taking
// numbers_as_text, and for integers beyond 64 bits one taking big_integers_as_double. Each parse
// must pass the recorder's and the feeding's checks and be what the reference says: a valid text
// exactly its event (bit for bit), an invalid one no event and the predicted error at the
// predicted byte.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "support/number_texts.hpp"

namespace {

using namespace jsonx::fuzz;
using jsonx::test::check_number_outcome;
using jsonx::test::chunking;
using jsonx::test::event_recorder;
using jsonx::test::number_context;
using jsonx::test::number_contexts;
using jsonx::test::number_switches;
using jsonx::test::recorder_config;
using jsonx::test::reference_kind;
using jsonx::test::reference_number;
using jsonx::test::reused_parser;

using text_only = event_recorder<recorder_config{.numbers_as_text = true}>;
using big_as_double =
    event_recorder<recorder_config{.big_integers_as_double = true, .log_number_text = true}>;

constexpr std::size_t raw_text_limit = 64;

void expect_reference(const parse_outcome& outcome, std::string_view text,
                      const reference_number& number, const number_context& context,
                      number_switches switches, const std::string& how) {
  const std::string problem = check_number_outcome(outcome, text, number, context, switches);
  if (problem.empty()) return;
  std::fprintf(stderr, "%s, %s (%s): %s\n", context.name, how.c_str(),
               jsonx::test::reference_kind_name(number.kind), problem.c_str());
  fail("a number parse differs from the reference", text);
}

// `text` in `context` with handler Recorder: whole (fresh parser), at every cut, in 1-byte
// chunks and in the planned chunks (reused parser).
template <class Recorder>
void check_with(std::string_view text, const reference_number& number,
                const number_context& context, number_switches switches,
                const std::vector<std::uint8_t>& chunk_lengths) {
  const std::string json = jsonx::test::in_context(context, text);
  expect_reference(jsonx::test::parse_chunked_fresh<Recorder>(json, chunking::whole()), text,
                   number, context, switches, "whole");
  reused_parser<Recorder> parser(jsonx::parse_options{});
  for (std::size_t k = 0; k <= json.size(); ++k) {
    const chunking cut = chunking::split_at(k);
    expect_reference(parser.parse(json, cut), text, number, context, switches, cut.describe());
  }
  expect_reference(parser.parse(json, chunking::fixed(1)), text, number, context, switches,
                   "chunks of 1");
  expect_reference(parse_chunks<Recorder>(plan_chunks(json, chunk_lengths)), text, number, context,
                   switches, "planned chunks");
}

void check_text(std::string_view text, const std::vector<std::uint8_t>& chunk_lengths) {
  const reference_number number = jsonx::test::reference_of(text);
  for (const number_context& context : number_contexts) {
    check_with<text_recorder>(text, number, context, {.log_number_text = true}, chunk_lengths);
    check_with<text_only>(text, number, context, {.numbers_as_text = true}, chunk_lengths);
    if (number.kind == reference_kind::big_integer) {
      check_with<big_as_double>(text, number, context,
                                {.big_integers_as_double = true, .log_number_text = true},
                                chunk_lengths);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz_input input = decode_fuzz_input(data, size);
  jsonx::test::choice_source choices = jsonx::test::choice_source::from_bytes(input.text);
  check_text(jsonx::test::generate_number_text(choices), input.chunk_lengths);
  if (!input.text.empty() && input.text.size() <= raw_text_limit &&
      jsonx::test::is_number_alphabet(input.text)) {
    check_text(input.text, input.chunk_lengths);
  }
  return 0;
}
