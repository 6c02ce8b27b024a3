// decoder::skip_value() over the parser's skip path, with the input arriving in pieces of every
// size: the same place after the value, the same errors at the same offsets as read_value()
// on the whole input, and duplicate names inside a skipped value still found when checked.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "io_test_support.hpp"
#include "jsonx/stream/decoder.hpp"

namespace jsonx::stream {
namespace {

// Values with a bit of everything the skip path must check: escapes (a surrogate pair among
// them), numbers of every form, literals, UTF-8, nesting, whitespace.
const std::string skipped_values[] = {
    R"({"deep": [1, {"x": "y\n\"z\"", "e": "\ud83d\ude00\u00e9"}], "n": [-0.5e+7, 12345678901234567890123, 0]})",
    "[true, false, null, [], {}, [[[]]], \"caf\\u00e9 \xc3\xa9\"]",
    R"("a string with \\ and \/ escapes")",
    R"(-12.75E-3)",
    R"(null)",
};

// {"skip": <value>, "keep": 2}: skip_value() after the name, then the next member is read.
TEST(decoder_skip_value, any_chunking_lands_after_the_value) {
  for (const std::string& value : skipped_values) {
    const std::string text = R"({"skip": )" + value + R"(, "keep": 2})";
    for (bool check_names : {false, true}) {
      for (std::size_t max_read : {1, 2, 3, 7, 64, 4096}) {
        SCOPED_TRACE(value + ", pieces <= " + std::to_string(max_read) +
                     (check_names ? ", names checked" : ""));
        jsonx::test::trickle_source in(text, max_read, max_read + 3);
        decoder_options options;
        options.allow_duplicate_names = !check_names;
        options.chunk_size = max_read;
        decoder d(in, options);
        token t;
        ASSERT_TRUE(d.read_token(t));  // {
        ASSERT_TRUE(d.read_token(t));  // "skip"
        ASSERT_TRUE(d.skip_value());
        EXPECT_EQ(d.input_offset(), 9 + value.size());
        ASSERT_TRUE(d.read_token(t));
        EXPECT_EQ(t.kind, token_kind::key);
        EXPECT_EQ(t.text, "keep");
        ASSERT_TRUE(d.read_token(t));
        EXPECT_EQ(t.int64, 2);
        ASSERT_TRUE(d.read_token(t));
        EXPECT_EQ(t.kind, token_kind::object_end);
      }
    }
  }
}

// An error inside a skipped value: the code and offset read_value() reports on the whole input.
TEST(decoder_skip_value, errors_are_those_of_read_value_in_any_chunking) {
  const std::string bad_values[] = {
      R"([1, 2})",          R"({"a" 1})",    R"([01])",     R"([1.])",
      R"(["\x"])",          R"(["\ud800"])", R"([tru])",    "[\"\xC3\x28\"]",
      "[\"\xF0\x9F\x98\"]", R"([1,])",       R"({"a":1,})", R"([nul)",
  };
  for (const std::string& value : bad_values) {
    const std::string text = R"({"skip": )" + value + "}";
    std::string spill;
    stream_error expected;
    {
      memory_source whole(text);
      decoder d(whole);
      token t;
      ASSERT_TRUE(d.read_token(t));
      ASSERT_TRUE(d.read_token(t));
      std::string captured;
      ASSERT_EQ(d.read_value(captured, expected), decode_status::error) << value;
    }
    for (std::size_t max_read : {1, 2, 3, 5, 64}) {
      // skip_check::brackets_and_utf8 is for the values typed decoding skips: skip_value()
      // and read_value() validate in full all the same.
      for (const skip_check check : {skip_check::full, skip_check::brackets_and_utf8}) {
        SCOPED_TRACE(value + ", pieces <= " + std::to_string(max_read) +
                     (check == skip_check::full ? "" : ", skipped_values brackets_and_utf8"));
        jsonx::test::trickle_source in(text, max_read, max_read);
        decoder_options options;
        options.chunk_size = max_read;
        options.decoding.parse.skipped_values = check;
        decoder d(in, options);
        token t;
        ASSERT_TRUE(d.read_token(t));
        ASSERT_TRUE(d.read_token(t));
        stream_error error;
        EXPECT_EQ(d.skip_value(error), decode_status::error);
        EXPECT_EQ(error.code, expected.code);
        EXPECT_EQ(error.offset, expected.offset);
      }
    }
  }
}

// read_value() hands out its bytes as JSON: with skip_check::brackets_and_utf8 set for typed
// decoding, a value it would not look into is still rejected.
TEST(decoder_skip_value, read_value_validates_whatever_skipped_values_says) {
  for (const char* value : {R"([tru])", R"([1 2])", R"({"a": [01]})"}) {
    SCOPED_TRACE(value);
    memory_source in(value);
    decoder_options options;
    options.decoding.parse.skipped_values = skip_check::brackets_and_utf8;
    decoder d(in, options);
    std::string captured;
    stream_error error;
    EXPECT_EQ(d.read_value(captured, error), decode_status::error);
    EXPECT_EQ(error.code.category(), jsonx::parse_category());
  }
}

// The duplicate-name check sees the names inside a skipped value; without it they pass.
TEST(decoder_skip_value, duplicate_names_inside_a_skipped_value) {
  const std::string text = R"([{"a": {"b": 1, "b": 2}}, 3])";
  for (bool check_names : {false, true}) {
    for (std::size_t max_read : {1, 4, 4096}) {
      SCOPED_TRACE(std::to_string(max_read) + (check_names ? ", names checked" : ""));
      jsonx::test::trickle_source in(text, max_read, 9);
      decoder_options options;
      options.allow_duplicate_names = !check_names;
      decoder d(in, options);
      token t;
      ASSERT_TRUE(d.read_token(t));
      stream_error error;
      const decode_status s = d.skip_value(error);
      if (check_names) {
        EXPECT_EQ(s, decode_status::error);
        EXPECT_EQ(error.code, stream_errc::duplicate_name);
      } else {
        EXPECT_EQ(s, decode_status::value);
        ASSERT_TRUE(d.read_token(t));
        EXPECT_EQ(t.int64, 3);
      }
    }
  }
}

}  // namespace
}  // namespace jsonx::stream
