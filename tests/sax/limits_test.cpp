// The limits of parse_options: maximum depth, token size and document size. Each limit is
// exact (the limit itself is accepted, one more is rejected), reported at the right offset, and
// the same whether the input comes whole or in pieces.
#include <gtest/gtest.h>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

std::string nested_arrays(std::size_t depth) {
  return std::string(depth, '[') + "1" + std::string(depth, ']');
}

class limits : public kernel_test {
 protected:
  // Parses whole and bytewise; both must agree on the verdict. Returns the whole-buffer outcome.
  template <class Recorder = text_recorder>
  parse_outcome parse_both_ways(std::string_view input, parse_options options) {
    options.kernel = kernel();
    parse_outcome whole = parse_chunked_fresh<Recorder>(input, chunking::whole(), options);
    parse_outcome bytewise = parse_chunked_fresh<Recorder>(input, chunking::fixed(1), options);
    EXPECT_EQ(whole.accepted, bytewise.accepted) << printable(input, 60);
    EXPECT_EQ(whole.error.code, bytewise.error.code) << printable(input, 60);
    EXPECT_EQ(whole.error.offset, bytewise.error.offset) << printable(input, 60);
    EXPECT_EQ(whole.log, bytewise.log) << printable(input, 60);
    return whole;
  }
};

TEST(parse_options_defaults, are_the_documented_ones) {
  parse_options defaults;
  EXPECT_EQ(defaults.max_depth, 1024u);
  EXPECT_EQ(defaults.max_token_size, std::size_t{256} << 20);
  EXPECT_EQ(defaults.max_document_size, std::numeric_limits<std::uint64_t>::max());
  EXPECT_FALSE(defaults.multiple_values);
  EXPECT_FALSE(defaults.stop_after_value);
  EXPECT_FALSE(defaults.kernel.has_value());
}

TEST_P(limits, default_depth_is_1024) {
  EXPECT_TRUE(parse_both_ways(nested_arrays(1024), {}).accepted);
  parse_outcome too_deep = parse_both_ways(nested_arrays(1025), {});
  EXPECT_EQ(too_deep.error.code, make_error_code(parse_errc::depth_limit));
  EXPECT_EQ(too_deep.error.offset, 1024u);  // the 1025th '['
}

TEST_P(limits, custom_depth_counts_arrays_and_objects) {
  parse_options options;
  options.max_depth = 3;
  EXPECT_TRUE(parse_both_ways(R"([{"a":[1]}])", options).accepted);
  parse_outcome deep = parse_both_ways(R"([{"a":[{}]}])", options);
  EXPECT_EQ(deep.error.code, make_error_code(parse_errc::depth_limit));
  EXPECT_EQ(deep.error.offset, 7u);
  // Events before the limit were delivered.
  EXPECT_EQ(deep.log, "[\n{\nk1:a\n[\n");

  options.max_depth = 0;  // scalars only
  EXPECT_TRUE(parse_both_ways("\"just a string\"", options).accepted);
  EXPECT_EQ(parse_both_ways("[]", options).error.code, make_error_code(parse_errc::depth_limit));
}

TEST_P(limits, depth_comes_back_down_after_closing) {
  parse_options options;
  options.max_depth = 2;
  EXPECT_FALSE(parse_both_ways("[[1],[2],{\"a\":[]}]", options).accepted);
  EXPECT_TRUE(parse_both_ways("[[1],[2],{\"a\":3},[]]", options).accepted);
}

TEST_P(limits, token_size_limits_strings_by_raw_bytes) {
  parse_options options;
  options.max_token_size = 6;
  EXPECT_TRUE(parse_both_ways(R"(["abcdef"])", options).accepted);
  EXPECT_TRUE(parse_both_ways(R"(["\u00e9"])", options).accepted);  // 6 raw bytes, 2 unescaped
  parse_outcome long_string = parse_both_ways(R"([1,"abcdefg"])", options);
  EXPECT_EQ(long_string.error.code, make_error_code(parse_errc::token_size_limit));
  EXPECT_EQ(long_string.error.offset, 3u);  // the opening quote
  parse_outcome long_key = parse_both_ways(R"({"abcdefgh":1})", options);
  EXPECT_EQ(long_key.error.code, make_error_code(parse_errc::token_size_limit));
  EXPECT_EQ(long_key.error.offset, 1u);
}

TEST_P(limits, token_size_limits_numbers) {
  parse_options options;
  options.max_token_size = 6;
  EXPECT_TRUE(parse_both_ways("[-1.5e3,123456]", options).accepted);
  parse_outcome long_number = parse_both_ways("[1,1234567]", options);
  EXPECT_EQ(long_number.error.code, make_error_code(parse_errc::token_size_limit));
  EXPECT_EQ(long_number.error.offset, 3u);
  EXPECT_EQ(parse_both_ways("1234567", options).error.code,
            make_error_code(parse_errc::token_size_limit));
}

TEST_P(limits, token_size_does_not_limit_strings_for_a_parts_handler) {
  parse_options options;
  options.max_token_size = 16;
  const std::string long_string = "[\"" + std::string(5000, 'x') + "\"]";
  parse_outcome outcome = parse_both_ways<parts_recorder>(long_string, options);
  EXPECT_TRUE(outcome.accepted) << verdict(outcome);
  EXPECT_EQ(outcome.log, "[\ns5000:" + std::string(5000, 'x') + "\n]1\n");
  // Numbers are still limited.
  EXPECT_EQ(parse_both_ways<parts_recorder>("[12345678901234567]", options).error.code,
            make_error_code(parse_errc::token_size_limit));
}

TEST_P(limits, document_size_is_exact) {
  parse_options options;
  const std::string doc = R"({"a":[1,2,3]}  )";  // 15 bytes, trailing whitespace counts
  options.max_document_size = doc.size();
  EXPECT_TRUE(parse_both_ways(doc, options).accepted);
  options.max_document_size = doc.size() - 1;
  parse_outcome too_big = parse_both_ways(doc, options);
  EXPECT_EQ(too_big.error.code, make_error_code(parse_errc::document_size_limit));
  EXPECT_EQ(too_big.error.offset, doc.size() - 1);
  // The value itself was complete: its events all arrived.
  EXPECT_EQ(too_big.log, "{\nk1:a\n[\ni1=1\ni2=2\ni3=3\n]3\n}1\n");
}

TEST_P(limits, document_size_stops_a_long_stream_early) {
  parse_options options;
  options.max_document_size = 100;
  options.multiple_values = true;
  std::string stream;
  for (int i = 0; i < 100; ++i) stream.append("[").append(std::to_string(i)).append("]\n");
  parse_outcome outcome = parse_both_ways(stream, options);
  EXPECT_EQ(outcome.error.code, make_error_code(parse_errc::document_size_limit));
  EXPECT_EQ(outcome.error.offset, 100u);
  EXPECT_LE(outcome.bytes_consumed, 100u);
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(limits);

}  // namespace
}  // namespace jsonx::test
