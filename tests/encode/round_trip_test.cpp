// parse -> write -> parse: the same events, on every y_ conformance file and every corpus file,
// in every layout and escaping mode, on every kernel; simdjson agrees value by value; and the
// writer fed by chunked parsing prints exactly what it prints for the whole buffer.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jsonx/encode/reformat.hpp"
#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "support/event_log.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/simdjson_walker.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

// The inputs: y_ files, the i_ files jsonx accepts, and the corpus.
std::vector<const named_input*> accepted_inputs() {
  std::vector<const named_input*> inputs = conformance_files("y_");
  for (const named_input* f : conformance_files("i_")) {
    text_recorder recorder;
    parse_error error;
    if (parse(f->bytes, recorder, error)) inputs.push_back(f);
  }
  for (const named_input& f : corpus_files()) inputs.push_back(&f);
  return inputs;
}

std::string events_of(std::string_view json) {
  text_recorder recorder;
  parse_error error;
  if (!parse(json, recorder, error)) return "rejected: " + error.message();
  return recorder.log();
}

std::vector<write_options> layouts(simd::kernel_id kernel) {
  std::vector<write_options> all(5);
  all[1] = write_options::pretty();
  all[2].set_indent(" ", "\t");  // a whitespace prefix keeps the output JSON
  all[3].escape_html = all[3].escape_line_separators = all[3].ascii_only = true;
  all[4] = write_options::pretty(1);
  all[4].invalid_utf8 = invalid_utf8_policy::replace;
  for (write_options& o : all) o.kernel = kernel;
  return all;
}

class round_trip : public kernel_test {};

TEST_P(round_trip, parse_write_parse_gives_the_same_events) {
  const auto inputs = accepted_inputs();
  if (inputs.empty()) GTEST_SKIP() << "neither conformance files nor corpus present: skipped";
  std::size_t checked = 0;
  for (const named_input* input : inputs) {
    const std::string original = events_of(input->bytes);
    ASSERT_EQ(original.find("rejected"), std::string::npos) << input->name;
    for (const write_options& options : layouts(kernel())) {
      std::string out;
      writer w(out, options);
      parse_error error;
      ASSERT_TRUE(parse(input->bytes, w, error))
          << input->name << ": " << error.message() << " (writer: " << w.error().message() << ")";
      ASSERT_TRUE(w.finish()) << input->name;
      const std::string again = events_of(out);
      ASSERT_EQ(again, original) << input->name << "\n" << describe_difference(original, again);
      ++checked;
    }
  }
  EXPECT_EQ(checked, inputs.size() * layouts(kernel()).size());
}

TEST_P(round_trip, simdjson_reads_the_output_as_the_input) {
  const auto inputs = accepted_inputs();
  if (inputs.empty()) GTEST_SKIP() << "neither conformance files nor corpus present: skipped";
  std::size_t compared = 0;
  for (const named_input* input : inputs) {
    const simdjson_verdict of_input = simdjson_events(input->bytes);
    if (!of_input.accepted) continue;  // beyond simdjson's limits (big integers)
    for (const write_options& options : layouts(kernel())) {
      std::string out;
      writer w(out, options);
      ASSERT_NO_THROW(parse(input->bytes, w));
      ASSERT_TRUE(w.finish());
      const simdjson_verdict of_output = simdjson_events(out);
      ASSERT_TRUE(of_output.accepted) << input->name << ": " << of_output.error;
      ASSERT_EQ(of_output.log, of_input.log) << input->name << "\n"
                                             << describe_difference(of_input.log, of_output.log);
      ++compared;
    }
  }
  EXPECT_GT(compared, 0u);
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(round_trip);

// Feeds `json` to a writer through a push_parser, cut by `cut`.
std::string write_chunked(std::string_view json, chunking cut, const write_options& options) {
  std::string out;
  writer w(out, options);
  push_parser<writer> parser(w);
  std::size_t offset = 0;
  std::error_code ec;
  do {
    const std::size_t size = cut.next(offset, json.size() - offset);
    // A copy that dies right after feed(): the writer must not keep views into it.
    std::string chunk(json.substr(offset, size));
    parser.feed(chunk, ec);
    chunk.assign(chunk.size(), '"');
    offset += size;
    if (ec) return "error: " + ec.message();
  } while (offset < json.size());
  parser.finish(ec);
  if (ec || !w.finish()) return "error";
  return out;
}

TEST(round_trip_chunked, chunked_parsing_gives_the_same_output) {
  const auto inputs = accepted_inputs();
  if (inputs.empty()) GTEST_SKIP() << "neither conformance files nor corpus present: skipped";
  for (const named_input* input : inputs) {
    for (const write_options& options : {write_options{}, write_options::pretty()}) {
      const std::string whole = write_chunked(input->bytes, chunking::whole(), options);
      ASSERT_EQ(whole.rfind("error", 0), std::string::npos) << input->name;
      std::vector<chunking> cuts = {chunking::fixed(7), chunking::random(3, 100),
                                    chunking::fixed(4096)};
      if (input->bytes.size() < 4096) {
        cuts.push_back(chunking::fixed(1));
        for (std::size_t at = 0; at <= input->bytes.size(); ++at)
          cuts.push_back(chunking::split_at(at));
      }
      for (chunking cut : cuts) {
        const std::string description = cut.describe();
        ASSERT_EQ(write_chunked(input->bytes, cut, options), whole)
            << input->name << ", " << description;
      }
    }
  }
}

TEST(reformat, minify_and_pretty_are_inverse_layouts) {
  const std::string json = " { \"a\" : [ 1 , 2.5e3 , \"x\\u00e9\" , { } , [ ] ] , \"b\" : null } ";
  EXPECT_EQ(minify(json), R"({"a":[1,2.5e3,"xé",{},[]],"b":null})");
  EXPECT_EQ(pretty(json),
            "{\n  \"a\": [\n    1,\n    2.5e3,\n    \"xé\",\n    {},\n    []\n  ],\n"
            "  \"b\": null\n}");
  EXPECT_EQ(minify(pretty(json)), minify(json));
  for (const named_input& f : corpus_files()) EXPECT_EQ(minify(pretty(f.bytes)), minify(f.bytes));
}

TEST(reformat, bad_input_throws_the_parse_error) {
  try {
    (void)minify(R"({"a": tru})");
    FAIL() << "no exception";
  } catch (const parse_exception& e) {
    EXPECT_EQ(e.error().code, parse_errc::invalid_literal);
  }
  std::string out;
  parse_error error;
  EXPECT_FALSE(reformat("[1,]", out, error));
  EXPECT_EQ(error.code, parse_errc::expected_value);
}

}  // namespace
}  // namespace jsonx::test
