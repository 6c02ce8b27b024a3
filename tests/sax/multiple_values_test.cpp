// Streams of values: parse_options::multiple_values (NDJSON, concatenated JSON) and
// parse_options::stop_after_value (one value at a time, the rest handed back to the caller).
#include <gtest/gtest.h>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/outcome_compare.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

class value_streams : public kernel_test {
 protected:
  parse_options options(bool multiple, bool stop_after) {
    parse_options o;
    o.kernel = kernel();
    o.multiple_values = multiple;
    o.stop_after_value = stop_after;
    return o;
  }
};

TEST_P(value_streams, a_second_value_is_trailing_content_by_default) {
  parse_outcome outcome =
      parse_chunked_fresh<text_recorder>("1 2", chunking::whole(), options(false, false));
  EXPECT_EQ(outcome.error.code, make_error_code(parse_errc::trailing_content));
  EXPECT_EQ(outcome.error.offset, 2u);
}

TEST_P(value_streams, multiple_values_delivers_every_value) {
  const std::string stream = "1 -2.5\n[3]\t{\"a\":4}\r\n\"s\" true null\n";
  text_recorder recorder;
  push_parser<text_recorder> parser(recorder, options(true, false));
  parser.feed(stream);
  parser.finish();
  EXPECT_TRUE(parser.done());
  EXPECT_EQ(parser.values_completed(), 7u);
  EXPECT_EQ(recorder.log(), "i1=1\nd-1.4p+1=-2.5\n[\ni3=3\n]1\n{\nk1:a\ni4=4\n}1\ns1:s\nt\nn\n");
  // The same however cut.
  for (const chunking& cut : {chunking::fixed(1), chunking::random(5, 6)}) {
    parse_outcome chunked = parse_chunked_fresh<text_recorder>(stream, cut, options(true, false));
    EXPECT_TRUE(chunked.accepted) << cut.describe() << ": " << verdict(chunked);
    EXPECT_EQ(chunked.log, recorder.log()) << cut.describe();
  }
}

TEST_P(value_streams, multiple_values_accepts_an_empty_stream) {
  for (std::string_view empty : {"", " \n\t\r\n"}) {
    parse_outcome outcome =
        parse_chunked_fresh<text_recorder>(empty, chunking::whole(), options(true, false));
    EXPECT_TRUE(outcome.accepted) << verdict(outcome);
    EXPECT_EQ(outcome.log, "");
  }
}

TEST_P(value_streams, multiple_values_reports_an_error_in_a_later_value) {
  parse_outcome outcome =
      parse_chunked_fresh<text_recorder>("[1]\n[2,]\n[3]", chunking::whole(), options(true, false));
  EXPECT_EQ(outcome.error.code, make_error_code(parse_errc::expected_value));
  EXPECT_EQ(outcome.error.offset, 7u);
  EXPECT_EQ(outcome.error.line, 2u);
  EXPECT_EQ(outcome.error.column, 4u);
  EXPECT_EQ(outcome.log, "[\ni1=1\n]1\n[\ni2=2\n");
  // A value cut by the end of input is incomplete.
  EXPECT_EQ(parse_chunked_fresh<text_recorder>("[1] [2", chunking::whole(), options(true, false))
                .error.code,
            make_error_code(parse_errc::incomplete_input));
}

TEST_P(value_streams, ndjson_of_generated_documents_equals_the_documents_one_by_one) {
  std::string stream;
  std::string expected_log;
  for (const named_input& doc : generated_documents(3000, 2)) {
    stream += doc.bytes + "\n";
    expected_log +=
        parse_chunked_fresh<text_recorder>(doc.bytes, chunking::whole(), options(false, false)).log;
  }
  for (const chunking& cut : {chunking::whole(), chunking::random(1, 100), chunking::fixed(1)}) {
    parse_outcome outcome = parse_chunked_fresh<text_recorder>(stream, cut, options(true, false));
    EXPECT_TRUE(outcome.accepted) << cut.describe() << ": " << verdict(outcome);
    EXPECT_EQ(describe_difference(expected_log, outcome.log), "") << cut.describe();
  }
}

TEST_P(value_streams, stop_after_value_reports_the_bytes_used) {
  const std::string input = R"({"a":[1,2]}  [3])";
  text_recorder recorder;
  push_parser<text_recorder> parser(recorder, options(false, true));
  std::error_code ec;
  EXPECT_EQ(parser.feed(input, ec), 11u);  // up to the end of the first value
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_TRUE(parser.done());
  EXPECT_FALSE(parser.failed());
  EXPECT_EQ(parser.bytes_consumed(), 11u);
  EXPECT_EQ(parser.values_completed(), 1u);
  EXPECT_EQ(recorder.log(), "{\nk1:a\n[\ni1=1\ni2=2\n]2\n}1\n");
  // Done: more input is not taken, and finish() agrees.
  EXPECT_EQ(parser.feed("[4]", ec), 0u);
  EXPECT_FALSE(ec);
  parser.finish(ec);
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_EQ(recorder.log(), "{\nk1:a\n[\ni1=1\ni2=2\n]2\n}1\n");
}

TEST_P(value_streams, stop_after_value_with_a_top_level_number) {
  text_recorder recorder;
  push_parser<text_recorder> parser(recorder, options(false, true));
  // The number's end is only known at the next byte.
  EXPECT_EQ(parser.feed("12"), 2u);
  EXPECT_FALSE(parser.done());
  EXPECT_EQ(parser.feed("3 45"), 1u);
  EXPECT_TRUE(parser.done());
  EXPECT_EQ(parser.bytes_consumed(), 3u);
  EXPECT_EQ(recorder.log(), "i123=123\n");
  // Or at finish().
  text_recorder alone;
  push_parser<text_recorder> last(alone, options(false, true));
  last.feed("-7.5");
  last.finish();
  EXPECT_TRUE(last.done());
  EXPECT_EQ(alone.log(), "d-1.ep+2=-7.5\n");
}

// The reading loop of a stream of values: feed what we have; when a value is done, reset and
// continue with the unconsumed rest. Whatever the chunking, every value comes out whole.
TEST_P(value_streams, stop_after_value_loop_reads_every_value) {
  const std::string stream = "{\"id\":1,\"s\":\"x\\ny\"}\n[1,[2,[3]]] 42 \"tail\"\n-0.5 {}";
  const std::string expected =
      parse_chunked_fresh<text_recorder>(stream, chunking::whole(), options(true, false)).log;
  for (const chunking& base :
       {chunking::whole(), chunking::fixed(1), chunking::fixed(5), chunking::random(9, 12)}) {
    chunking cut = base;
    text_recorder recorder;
    push_parser<text_recorder> parser(recorder, options(false, true));
    std::size_t values = 0;
    std::size_t offset = 0;
    while (offset < stream.size()) {
      std::string chunk =
          stream.substr(offset, std::max<std::size_t>(1, cut.next(offset, stream.size() - offset)));
      std::string_view rest = chunk;
      while (!rest.empty()) {
        std::size_t used = parser.feed(rest);
        rest.remove_prefix(used);
        if (parser.done()) {
          ++values;
          parser.reset();
        }
      }
      offset += chunk.size();
    }
    // A value still open at the end (a top-level number) needs finish() to complete; here the
    // last value, "{}", closed itself and the parser was reset with nothing fed since.
    if (parser.bytes_consumed() != 0) {
      parser.finish();
      if (parser.done()) ++values;
    }
    EXPECT_EQ(values, 6u) << cut.describe();
    EXPECT_EQ(recorder.log(), expected) << cut.describe();
  }
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(value_streams);

}  // namespace
}  // namespace jsonx::test
