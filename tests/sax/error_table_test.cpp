// Error reports for a table of malformed inputs: the code, the byte offset, line and column,
// the message (what was expected, and where) and the excerpt with its caret. Each input is also
// fed byte by byte: the code, offset, line and column must not depend on the cutting.
#include <gtest/gtest.h>

#include <sstream>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

struct error_case {
  std::string_view input;
  parse_errc code;
  std::uint64_t offset, line, column;
  std::string_view expected_text;  // what the message must say was expected
};

const error_case malformed_inputs[] = {
    {R"({"a":1 "b":2})", parse_errc::expected_object_comma, 7, 1, 8, "expected ',' or '}'"},
    {"[1 2]", parse_errc::expected_array_comma, 3, 1, 4, "expected ',' or ']'"},
    {R"({"a" 1})", parse_errc::expected_colon, 5, 1, 6, "expected ':'"},
    {"{1:2}", parse_errc::expected_key, 1, 1, 2, "expected a string key or '}'"},
    {R"({"a":1,})", parse_errc::expected_key_after_comma, 7, 1, 8, "expected a string key"},
    {"[1,]", parse_errc::expected_value, 3, 1, 4, "expected a value"},
    {R"({"a":})", parse_errc::expected_value, 5, 1, 6, "expected a value"},
    {"[", parse_errc::incomplete_input, 1, 1, 2, "end of input"},
    {"", parse_errc::incomplete_input, 0, 1, 1, "end of input"},
    {" \n ", parse_errc::incomplete_input, 3, 2, 2, "end of input"},
    {"[1,2", parse_errc::incomplete_input, 4, 1, 5, "end of input"},
    {R"("abc)", parse_errc::incomplete_input, 4, 1, 5, "end of input"},
    {"[1] x", parse_errc::trailing_content, 4, 1, 5, "after the top-level value"},
    {R"({"a":1}})", parse_errc::trailing_content, 7, 1, 8, "after the top-level value"},
    {"[tru]", parse_errc::invalid_literal, 1, 1, 2, "true, false or null"},
    {"[nulll]", parse_errc::invalid_literal, 1, 1, 2, "true, false or null"},
    {"[01]", parse_errc::invalid_number, 2, 1, 3, "invalid number"},
    {"[1.]", parse_errc::invalid_number, 3, 1, 4, "invalid number"},
    {"[-]", parse_errc::invalid_number, 2, 1, 3, "invalid number"},
    {"[1e]", parse_errc::invalid_number, 3, 1, 4, "invalid number"},
    {"[+1]", parse_errc::expected_value, 1, 1, 2, "expected a value"},
    {R"(["a\x"])", parse_errc::invalid_escape, 3, 1, 4, "escape"},
    {R"(["\u12G4"])", parse_errc::invalid_unicode_escape, 2, 1, 3, "four hex digits"},
    {R"(["\ud800"])", parse_errc::lone_surrogate, 2, 1, 3, "surrogate"},
    {R"(["\udc00\ud800"])", parse_errc::lone_surrogate, 2, 1, 3, "surrogate"},
    {"[\"a\tb\"]", parse_errc::control_char_in_string, 3, 1, 4, "control character"},
    {"[\"\xc3\x28\"]", parse_errc::invalid_utf8, 3, 1, 4, "UTF-8"},
    {"{\n  \"a\": 1,\n  \"b\" 2\n}", parse_errc::expected_colon, 18, 3, 7, "expected ':'"},
    {"[\n1,\n\n  x]", parse_errc::expected_value, 8, 4, 3, "expected a value"},
    {"[1,\r\n2,\r\n]", parse_errc::expected_value, 9, 3, 1, "expected a value"},
};

class error_table : public kernel_test {};

TEST_P(error_table, code_offset_line_column_message_and_excerpt) {
  for (const error_case& c : malformed_inputs) {
    const std::string shown = printable(c.input);
    const parse_outcome outcome =
        parse_chunked_fresh<text_recorder>(c.input, chunking::whole(), with_kernel(kernel()));
    ASSERT_FALSE(outcome.accepted) << shown;
    const parse_error& e = outcome.error;
    EXPECT_EQ(e.code, make_error_code(c.code)) << shown << ": " << e.message();
    EXPECT_EQ(e.offset, c.offset) << shown << ": " << e.message();
    EXPECT_EQ(e.line, c.line) << shown << ": " << e.message();
    EXPECT_EQ(e.column, c.column) << shown << ": " << e.message();

    const std::string message = e.message();
    EXPECT_NE(message.find(c.expected_text), std::string::npos) << shown << ": " << message;
    std::ostringstream where_stream;
    where_stream << "line " << c.line << ", column " << c.column << " (byte " << c.offset << ")";
    const std::string where = where_stream.str();
    EXPECT_NE(message.find(where), std::string::npos) << shown << ": " << message;

    // The excerpt is the offending line (control bytes as '.'), the caret on the offending byte.
    if (c.offset < c.input.size()) {
      ASSERT_LT(e.excerpt_caret, e.excerpt.size()) << shown;
      const char at = c.input[c.offset];
      EXPECT_EQ(e.excerpt[e.excerpt_caret], static_cast<unsigned char>(at) < 0x20 ? '.' : at)
          << shown << ": excerpt '" << e.excerpt << "' caret " << e.excerpt_caret;
      EXPECT_EQ(e.excerpt.find('\n'), std::string::npos) << shown;
      EXPECT_NE(message.find(e.excerpt), std::string::npos) << shown << ": " << message;
    } else {
      EXPECT_EQ(e.excerpt_caret, e.excerpt.size()) << shown << ": caret at the end";
    }

    const parse_outcome bytewise =
        parse_chunked_fresh<text_recorder>(c.input, chunking::fixed(1), with_kernel(kernel()));
    EXPECT_EQ(bytewise.error.code, e.code) << shown << ", 1-byte chunks";
    EXPECT_EQ(bytewise.error.offset, e.offset) << shown << ", 1-byte chunks";
    EXPECT_EQ(bytewise.error.line, e.line) << shown << ", 1-byte chunks";
    EXPECT_EQ(bytewise.error.column, e.column) << shown << ", 1-byte chunks";
  }
}

// A truncated literal or number is an input that ended inside a value: incomplete_input at the
// end of the input, as for a truncated string or container (error.hpp: "the input ended inside a
// value").
TEST_P(error_table, truncated_scalars_are_incomplete_input) {
  for (std::string_view input : {"nul", "[tru", "[fals", "-", "[1.", "[1e", "[1e+", "[-"}) {
    const parse_outcome outcome =
        parse_chunked_fresh<text_recorder>(input, chunking::whole(), with_kernel(kernel()));
    EXPECT_EQ(outcome.error.code, make_error_code(parse_errc::incomplete_input))
        << input << ": " << verdict(outcome);
    EXPECT_EQ(outcome.error.offset, input.size()) << input;
  }
}

TEST(error_category, names_and_messages) {
  EXPECT_STREQ(parse_category().name(), "jsonx.parse");
  std::error_code ec = parse_errc::expected_colon;  // is_error_code_enum
  EXPECT_EQ(ec.category(), parse_category());
  for (int code = 1; code <= static_cast<int>(parse_errc::parser_failed); ++code) {
    std::string text = parse_category().message(code);
    EXPECT_FALSE(text.empty()) << code;
    EXPECT_EQ(text.find("unknown"), std::string::npos) << code;
  }
  parse_error none;
  EXPECT_FALSE(none);
  EXPECT_EQ(none.message(), "no error");
}

TEST(error_category, parse_exception_carries_the_error) {
  value_recorder handler;
  try {
    parse(R"({"a":1 "b":2})", handler);
    FAIL() << "no exception";
  } catch (const parse_exception& e) {
    EXPECT_EQ(e.error().code, make_error_code(parse_errc::expected_object_comma));
    EXPECT_EQ(e.error().offset, 7u);
    EXPECT_EQ(std::string(e.what()), e.error().message());
  }
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(error_table);

}  // namespace
}  // namespace jsonx::test
