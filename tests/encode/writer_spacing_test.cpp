// The writer's spacing options (Go's Multiline, SpaceAfterColon, SpaceAfterComma) and its byte
// count, bytes_written().
#include <gtest/gtest.h>

#include <string>

#include "jsonx/encode/reformat.hpp"
#include "jsonx/encode/writer.hpp"

namespace {

constexpr const char* sample = R"({"a":[1,2],"b":{"c":null},"d":[]})";

std::string reformat_with(const jsonx::write_options& options) {
  std::string out;
  jsonx::parse_error error;
  EXPECT_TRUE(jsonx::reformat(sample, out, error, options)) << error.message();
  return out;
}

TEST(writer_spacing, space_after_comma_and_colon_on_one_line) {
  jsonx::write_options options;
  options.space_after_comma = true;
  EXPECT_EQ(reformat_with(options), R"({"a":[1, 2], "b":{"c":null}, "d":[]})");
  options.space_after_colon = true;
  EXPECT_EQ(reformat_with(options), R"({"a": [1, 2], "b": {"c": null}, "d": []})");
  options.space_after_comma = false;
  EXPECT_EQ(reformat_with(options), R"({"a": [1,2],"b": {"c": null},"d": []})");
}

TEST(writer_spacing, pretty_without_space_after_colon) {
  jsonx::write_options options = jsonx::write_options::pretty(1);
  options.space_after_colon = false;
  EXPECT_EQ(reformat_with(options),
            "{\n \"a\":[\n  1,\n  2\n ],\n \"b\":{\n  \"c\":null\n },\n"
            " \"d\":[]\n}");
}

// Go's SpaceAfterComma under Multiline: the space comes before the newline.
TEST(writer_spacing, pretty_with_space_after_comma) {
  jsonx::write_options options = jsonx::write_options::pretty(1);
  options.space_after_comma = true;
  std::string out;
  jsonx::parse_error error;
  ASSERT_TRUE(jsonx::reformat("[1,2]", out, error, options));
  EXPECT_EQ(out, "[\n 1, \n 2\n]");
}

// multiline with no indent and no prefix: new lines, no indentation.
TEST(writer_spacing, multiline_without_indent) {
  jsonx::write_options options;
  options.multiline = true;
  EXPECT_EQ(reformat_with(options),
            "{\n\"a\": [\n1,\n2\n],\n\"b\": {\n\"c\": null\n},\n\"d\": []\n}");
}

TEST(writer_spacing, bytes_written_counts_every_region) {
  std::string out;
  jsonx::writer w(out);
  EXPECT_EQ(w.bytes_written(), 0u);
  w.on_array_begin();
  EXPECT_EQ(w.bytes_written(), 1u);
  const std::string long_string(100000, 'x');  // several regions of the string sink
  for (int i = 0; i < 5; ++i) w.on_string(long_string);
  w.on_array_end();
  EXPECT_EQ(w.bytes_written(), 2 + 5 * (long_string.size() + 2) + 4);
  w.flush();
  EXPECT_EQ(w.bytes_written(), out.size());
  w.reset();
  EXPECT_EQ(w.bytes_written(), 0u);
}

}  // namespace
