// The encoder against Go's documented jsontext.Encoder semantics: one row per method and
// option, each citing (paraphrased) the sentence of Go's documentation it checks.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jsonx/dom/parser.hpp"
#include "jsonx/stream/encoder.hpp"

namespace {

using jsonx::write_errc;
using jsonx::stream::encoder;
using jsonx::stream::encoder_options;
using jsonx::stream::token;
using jsonx::stream::token_kind;

token make(token_kind kind, std::string text = {}) {
  token t;
  t.kind = kind;
  t.text = std::move(text);
  return t;
}
token begin_object() {
  return make(token_kind::object_begin);
}
token end_object() {
  return make(token_kind::object_end);
}
token begin_array() {
  return make(token_kind::array_begin);
}
token end_array() {
  return make(token_kind::array_end);
}
token key(std::string name) {
  return make(token_kind::key, std::move(name));
}
token string(std::string value) {
  return make(token_kind::string, std::move(value));
}
token null() {
  return make(token_kind::null);
}
token boolean(bool value) {
  token t = make(token_kind::boolean);
  t.boolean = value;
  return t;
}
token int64(std::int64_t value) {
  token t = make(token_kind::int64);
  t.int64 = value;
  return t;
}
token float64(double value) {
  token t = make(token_kind::double_);
  t.number = value;
  return t;
}

// Writes the tokens (each must be accepted) and returns the output.
std::string write_all(const std::vector<token>& tokens, const encoder_options& options = {}) {
  std::string out;
  encoder e(out);
  e.set_options(options);
  for (const token& t : tokens) e.write_token(t);
  return out;
}

// Go (Encoder): "a stream of top-level JSON values, each terminated with a newline character";
// WriteToken and WriteValue calls may be interleaved (the documented example, reproduced).
TEST(jsontext_encoder, interleaved_tokens_and_values_make_the_documented_example) {
  std::string out;
  encoder e(out);
  e.write_token(begin_object());
  e.write_token(string("name"));
  e.write_token(string("value"));
  e.write_value(R"("array")");
  e.write_token(begin_array());
  e.write_token(null());
  e.write_token(boolean(false));
  e.write_value("true");
  e.write_token(float64(3.14159));
  e.write_token(end_array());
  e.write_value(R"("object")");
  e.write_value(R"({"k":"v"})");
  e.write_token(end_object());
  EXPECT_EQ(out, R"({"name":"value","array":[null,false,true,3.14159],"object":{"k":"v"}})"
                 "\n");
}

// Go (WriteToken): "it is an error to provide a number when the encoder is expecting an object
// name"; "If the provided token is invalid, then it reports a SyntacticError and the internal
// state remains unchanged."
TEST(jsontext_encoder, write_token_refuses_a_number_where_a_name_belongs_and_writes_nothing) {
  std::string out;
  encoder e(out);
  e.write_token(begin_object());
  const std::uint64_t offset = e.output_offset();
  std::error_code ec;
  EXPECT_FALSE(e.write_token(int64(1), ec));
  EXPECT_EQ(ec, write_errc::expected_key);
  EXPECT_EQ(e.output_offset(), offset);
  EXPECT_FALSE(e.failed());  // not sticky: the state is unchanged
  e.write_token(key("a"));
  e.write_token(int64(1));
  e.write_token(end_object());
  EXPECT_EQ(out, "{\"a\":1}\n");
}

// Go (WriteToken): "or to provide an end object delimiter when the encoder is finishing an
// array".
TEST(jsontext_encoder, write_token_refuses_an_end_of_the_wrong_kind) {
  std::string out;
  encoder e(out);
  e.write_token(begin_array());
  std::error_code ec;
  EXPECT_FALSE(e.write_token(end_object(), ec));
  EXPECT_EQ(ec, write_errc::unbalanced_end);
  EXPECT_FALSE(encoder(out).write_token(end_array(), ec));  // nothing open at all
  EXPECT_EQ(ec, write_errc::unbalanced_end);
  e.write_token(end_array());
  EXPECT_EQ(out, "[]\n");
}

// Go's grammar: an object name must be followed by its value before the object ends, and a
// name belongs only where the object expects one (jsonx's key tokens; a string is the name
// where a name is expected, as Go has only strings).
TEST(jsontext_encoder, write_token_refuses_a_name_without_value_and_a_misplaced_key) {
  std::string out;
  encoder e(out);
  std::error_code ec;
  EXPECT_FALSE(e.write_token(key("top"), ec));
  EXPECT_EQ(ec, write_errc::expected_value);
  e.write_token(begin_object());
  e.write_token(string("a"));  // the name
  EXPECT_FALSE(e.write_token(end_object(), ec));
  EXPECT_EQ(ec, write_errc::missing_value);
  EXPECT_FALSE(e.write_token(key("b"), ec));
  EXPECT_EQ(ec, write_errc::expected_value);
  e.write_token(string("v"));
  e.write_token(end_object());
  EXPECT_EQ(out, "{\"a\":\"v\"}\n");
}

// Go (WriteToken): invalid UTF-8 in a string is an error unless AllowInvalidUTF8; the state is
// unchanged. jsonx: the same with invalid_utf8_policy::error (its default), and a number
// token's text must be a JSON number, NaN is refused.
TEST(jsontext_encoder, write_token_refuses_invalid_strings_and_numbers) {
  std::string out;
  encoder e(out);
  std::error_code ec;
  EXPECT_FALSE(e.write_token(string("a\xff"), ec));
  EXPECT_EQ(ec, write_errc::invalid_utf8);
  EXPECT_FALSE(e.write_token(make(token_kind::number_text, "01"), ec));
  EXPECT_EQ(ec, write_errc::invalid_number);
  EXPECT_FALSE(e.write_token(float64(std::nan("")), ec));
  EXPECT_EQ(ec, write_errc::non_finite_number);
  EXPECT_EQ(out, "");
  e.write_token(make(token_kind::number_text, "-1.5e+300"));
  EXPECT_EQ(out, "-1.5e+300\n");
}

// Go (WriteValue): "parses it to ensure that it is syntactically valid and reformats it
// according to how the Encoder is configured"; an invalid value is a SyntacticError whose
// offset is the output offset plus the offset into the value; the state remains unchanged.
TEST(jsontext_encoder, write_value_validates_and_reformats) {
  std::string out;
  encoder e(out);
  e.write_value(" { \"a\" : [ 1 , 2.50 ] } ");
  EXPECT_EQ(out, "{\"a\":[1,2.50]}\n");
  jsonx::parse_error error;
  EXPECT_FALSE(e.write_value("[1, 2", error));
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  EXPECT_FALSE(e.write_value("[1] [2]", error));
  EXPECT_EQ(error.code, jsonx::parse_errc::trailing_content);
  EXPECT_EQ(error.offset, 4u);  // inside the raw value
  EXPECT_FALSE(e.failed());
  e.write_token(begin_object());
  EXPECT_FALSE(e.write_value("1", error));  // a name is expected
  EXPECT_EQ(error.code, write_errc::expected_key);
  e.write_value(R"("name")");
  e.write_value(R"({"x":[]})");
  e.write_token(end_object());
  EXPECT_EQ(out, "{\"a\":[1,2.50]}\n{\"name\":{\"x\":[]}}\n");
}

// Go (OutputOffset): "the location of the next byte immediately after the most recently
// written token or value".
TEST(jsontext_encoder, output_offset) {
  std::string out;
  encoder e(out);
  EXPECT_EQ(e.output_offset(), 0u);
  e.write_token(begin_array());
  EXPECT_EQ(e.output_offset(), 1u);
  e.write_token(string("ab"));
  EXPECT_EQ(e.output_offset(), 5u);  // ["ab"
  e.write_token(int64(7));
  EXPECT_EQ(e.output_offset(), 7u);  // ["ab",7
  e.write_token(end_array());
  EXPECT_EQ(e.output_offset(), 9u);  // ["ab",7] and the newline
  e.set_indent("", "  ");            // a new writer: the offset goes on
  e.write_token(null());
  EXPECT_EQ(e.output_offset(), 14u);
  EXPECT_EQ(out.size(), 14u);
}

// Go (StackDepth): "incremented whenever a BeginObject or BeginArray token is encountered and
// decremented whenever an EndObject or EndArray token is encountered; zero represents the
// top-level JSON value". Go (StackIndex): the kind of each level and its length, "each name and
// value in a JSON object is counted separately".
TEST(jsontext_encoder, stack_depth_and_stack_index) {
  std::string out;
  encoder e(out);
  EXPECT_EQ(e.stack_depth(), 0u);
  e.write_token(begin_object());
  e.write_token(key("a"));
  e.write_token(begin_array());
  e.write_token(int64(1));
  e.write_token(int64(2));
  EXPECT_EQ(e.stack_depth(), 2u);
  EXPECT_EQ(e.stack_index(1), std::make_pair('{', std::uint64_t{2}));
  EXPECT_EQ(e.stack_index(2), std::make_pair('[', std::uint64_t{2}));
  e.write_token(end_array());
  e.write_token(end_object());
  EXPECT_EQ(e.stack_depth(), 0u);
  EXPECT_EQ(e.stack_index(0), std::make_pair('\0', std::uint64_t{1}));
}

// Go (StackPointer): "a JSON Pointer (RFC 6901) to the most recently written value".
TEST(jsontext_encoder, stack_pointer) {
  std::string out;
  encoder e(out);
  EXPECT_EQ(e.stack_pointer(), "");
  e.write_token(begin_object());
  EXPECT_EQ(e.stack_pointer(), "");
  e.write_token(key("a/b~c"));
  EXPECT_EQ(e.stack_pointer(), "/a~1b~0c");
  e.write_token(begin_array());
  EXPECT_EQ(e.stack_pointer(), "/a~1b~0c");
  e.write_token(null());
  e.write_token(null());
  EXPECT_EQ(e.stack_pointer(), "/a~1b~0c/1");
  e.write_token(end_array());
  e.write_token(key("z"));
  e.write_token(int64(0));
  EXPECT_EQ(e.stack_pointer(), "/z");
  e.write_token(end_object());
  EXPECT_EQ(e.stack_pointer(), "");
}

// Go (json v2 MarshalEncode into an Encoder): a whole value may be written inside an array
// opened by WriteToken. jsonx: encode() of a document, a dom::value or a typed value.
TEST(jsontext_encoder, encode_inside_tokens) {
  std::string out;
  encoder e(out);
  jsonx::dom::parser parser;
  e.write_token(begin_array());
  e.encode(parser.parse(R"({"x": 1})"));
  e.encode(std::vector<int>{1, 2});
  e.write_token(begin_object());
  std::error_code ec;
  EXPECT_FALSE(e.encode(std::vector<int>{3}, ec));  // a name is expected
  EXPECT_EQ(ec, write_errc::expected_key);
  e.write_token(key("k"));
  e.encode(std::string("v"));
  e.write_token(end_object());
  e.write_token(end_array());
  EXPECT_EQ(out, "[{\"x\":1},[1,2],{\"k\":\"v\"}]\n");
  EXPECT_EQ(e.values_written(), 1u);
}

// Go (Multiline): "every JSON object member or JSON array element appears on a new, indented
// line according to the nesting depth"; SpaceAfterColon defaults to true, SpaceAfterComma to
// false, the indent to "\t".
TEST(jsontext_encoder, multiline) {
  encoder_options options;
  options.multiline = true;
  EXPECT_EQ(write_all({begin_object(), key("a"), begin_array(), int64(1), int64(2), end_array(),
                       key("b"), begin_object(), end_object(), end_object()},
                      options),
            "{\n\t\"a\": [\n\t\t1,\n\t\t2\n\t],\n\t\"b\": {}\n}\n");
}

// Go (WithIndent): each element begins on a new line with one or more copies of indent
// according to the nesting depth; it implies Multiline; only spaces and tabs.
TEST(jsontext_encoder, with_indent) {
  encoder_options options;
  options.indent = "  ";
  EXPECT_EQ(write_all({begin_array(), int64(1), end_array()}, options), "[\n  1\n]\n");
  options.indent = "x";
  EXPECT_THROW(options.apply_to({}), std::invalid_argument);
}

// Go (WithIndentPrefix): each new line begins with the prefix, then the indent; it implies
// Multiline (with the default "\t" indent).
TEST(jsontext_encoder, with_indent_prefix) {
  encoder_options options;
  options.indent_prefix = "  ";
  EXPECT_EQ(write_all({begin_array(), int64(1), end_array()}, options), "[\n  \t1\n  ]\n");
}

// Go (SpaceAfterColon): "emit a space character after each colon separator following a JSON
// object name"; false: none, even when multiline.
TEST(jsontext_encoder, space_after_colon) {
  encoder_options options;
  options.space_after_colon = true;
  EXPECT_EQ(write_all({begin_object(), key("a"), int64(1), end_object()}, options), "{\"a\": 1}\n");
  options.multiline = true;
  options.space_after_colon = false;
  EXPECT_EQ(write_all({begin_object(), key("a"), int64(1), end_object()}, options),
            "{\n\t\"a\":1\n}\n");
}

// Go (SpaceAfterComma): "emit a space character after each comma separator following a JSON
// object value or array element".
TEST(jsontext_encoder, space_after_comma) {
  encoder_options options;
  options.space_after_comma = true;
  EXPECT_EQ(write_all({begin_object(), key("a"), begin_array(), int64(1), int64(2), end_array(),
                       key("b"), null(), end_object()},
                      options),
            "{\"a\":[1, 2], \"b\":null}\n");
  // Both spaces, one line: Go's Multiline(false) with both options.
  options.space_after_colon = true;
  EXPECT_EQ(
      write_all({begin_object(), key("a"), int64(1), key("b"), int64(2), end_object()}, options),
      "{\"a\": 1, \"b\": 2}\n");
}

// Go (EscapeForHTML): '<', '>' and '&' within strings escaped as \u003c etc., "so that the
// output is safe to embed within HTML".
TEST(jsontext_encoder, escape_for_html) {
  encoder_options options;
  EXPECT_EQ(write_all({string("<a&b>")}, options), "\"<a&b>\"\n");
  options.escape_for_html = true;
  EXPECT_EQ(write_all({string("<a&b>")}, options), "\"\\u003ca\\u0026b\\u003e\"\n");
}

// Go (EscapeForJS): U+2028 and U+2029 escaped as \u2028 and \u2029 "so that the output is valid
// to embed within JavaScript".
TEST(jsontext_encoder, escape_for_js) {
  encoder_options options;
  const std::string text = "a\u2028b\u2029";
  EXPECT_EQ(write_all({string(text)}, options), "\"" + text + "\"\n");
  options.escape_for_js = true;
  EXPECT_EQ(write_all({string(text)}, options), "\"a\\u2028b\\u2029\"\n");
}

// jsonx's canonical option (RFC 8785; Go's jsontext has Value.Canonicalize for the same).
TEST(jsontext_encoder, canonical) {
  encoder_options options;
  options.canonical = true;
  options.multiline = true;  // ignored: canonical output has no whitespace
  std::string out;
  encoder e(out);
  e.set_options(options);
  e.write_token(begin_object());
  e.write_token(key("b"));
  e.write_value("[1.50, 1e21, -0]");
  e.write_token(key("a"));
  EXPECT_EQ(e.output_offset(), 0u);  // written when the value is complete
  e.encode(std::string("\u20ac/"));
  e.write_token(end_object());
  EXPECT_EQ(out, "{\"a\":\"\u20ac/\",\"b\":[1.5,1e+21,0]}\n");
  // Duplicate names: the value fails, nothing of it is written, and the error sticks.
  e.write_token(begin_object());
  e.write_token(key("x"));
  e.write_token(null());
  e.write_token(key("x"));
  e.write_token(null());
  std::error_code ec;
  EXPECT_FALSE(e.write_token(end_object(), ec));
  EXPECT_EQ(ec, write_errc::duplicate_key);
  EXPECT_TRUE(e.failed());
  EXPECT_EQ(out, "{\"a\":\"\u20ac/\",\"b\":[1.5,1e+21,0]}\n");
}

// Options change between top-level values: set inside a value, they apply from the next one
// (a writer cannot change its layout half way through a value).
TEST(jsontext_encoder, options_set_inside_a_value_apply_from_the_next) {
  std::string out;
  encoder e(out);
  e.write_token(begin_array());
  e.set_indent("", " ");
  e.write_token(int64(1));
  e.write_token(end_array());
  e.write_token(begin_array());
  e.write_token(int64(2));
  encoder_options canonical;
  canonical.canonical = true;
  e.set_options(canonical);  // the array in progress stays indented, written as it goes
  EXPECT_TRUE(e.canonical());
  e.write_token(float64(1.5e21));
  e.write_token(end_array());
  e.write_value(R"({"b":1.0,"a":[]})");
  EXPECT_EQ(out, "[1]\n[\n 2,\n 1.5e+21\n]\n{\"a\":[],\"b\":1}\n");
}

}  // namespace
