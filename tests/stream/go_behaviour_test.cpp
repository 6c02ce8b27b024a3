// The decoder against Go's documented json.Decoder semantics (encoding/json), one test per
// row. Each row's comment gives the documented behaviour it checks, in our words; where jsonx
// chose otherwise, the row says so and checks jsonx's choice.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"

namespace {

using jsonx::stream::decode_status;
using jsonx::stream::decoder;
using jsonx::stream::memory_source;
using jsonx::stream::stream_error;
using jsonx::stream::token;
using jsonx::stream::token_kind;

struct message {
  std::string name;
  std::string text;
};
JSONX_DESCRIBE(message, name, text)

// Decode: reads the next JSON value from the input and stores it in the target; values follow
// one another in the stream, separated by whitespace or by nothing at all.
TEST(go_decoder, decode_reads_the_next_value) {
  memory_source in(R"({"name": "Ed", "text": "Knock"}{"name": "Sam", "text": "Who?"} [1]"s")");
  decoder d(in);
  message m;
  ASSERT_TRUE(d.decode(m));
  EXPECT_EQ(m.name, "Ed");
  ASSERT_TRUE(d.decode(m));
  EXPECT_EQ(m.text, "Who?");
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(doc.root().get_string(), "s");
}

// Decode at the end of the input returns io.EOF: here decode_status::end_of_stream, and the
// throwing flavour returns false.
TEST(go_decoder, decode_at_the_end_is_eof) {
  memory_source in("  1 \n ");
  decoder d(in);
  jsonx::dom::document doc;
  stream_error error;
  ASSERT_EQ(d.decode(doc, error), decode_status::value);
  EXPECT_EQ(d.decode(doc, error), decode_status::end_of_stream);
  EXPECT_FALSE(d.decode(doc));
}

// A stream that ends inside a value gives io.ErrUnexpectedEOF, not io.EOF: here
// parse_errc::incomplete_input, with the offset.
TEST(go_decoder, decode_cut_inside_a_value_is_unexpected_eof) {
  memory_source in(R"({"name": "Ed", "te)");
  decoder d(in);
  message m;
  stream_error error;
  EXPECT_EQ(d.decode(m, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  EXPECT_EQ(error.offset, 18u);
}

// A syntax error stops the Decoder: later calls return the same error (Go keeps it in
// dec.err).
TEST(go_decoder, a_syntax_error_sticks) {
  memory_source in("[1] [2 x] [3]");
  decoder d(in);
  jsonx::dom::document doc;
  stream_error first;
  stream_error second;
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(d.decode(doc, first), decode_status::error);
  EXPECT_EQ(d.decode(doc, second), decode_status::error);
  EXPECT_EQ(first.offset, second.offset);
  EXPECT_EQ(first.code, second.code);
}

// More: reports whether there is another element in the array or object being parsed.
TEST(go_decoder, more_inside_an_array) {
  memory_source in(R"([{"name": "a"}, {"name": "b"}] )");
  decoder d(in);
  token t;
  ASSERT_TRUE(d.token(t));
  std::vector<std::string> names;
  while (d.more()) {
    message m;
    ASSERT_TRUE(d.decode(m));
    names.push_back(m.name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b"}));
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.delimiter(), ']');
  EXPECT_FALSE(d.more());
}

// More at the top level: whether another value follows in the stream (false at the end).
TEST(go_decoder, more_at_the_top_level) {
  memory_source in("1 2   ");
  decoder d(in);
  jsonx::dom::document doc;
  EXPECT_TRUE(d.more());
  ASSERT_TRUE(d.decode(doc));
  EXPECT_TRUE(d.more());
  ASSERT_TRUE(d.decode(doc));
  EXPECT_FALSE(d.more());
}

// Go's stream example: Token reads the opening bracket, Decode reads each element while More,
// Token reads the closing bracket; Token and Decode mix freely.
TEST(go_decoder, token_then_decode_while_more_then_token) {
  memory_source in(
      R"({"messages": [{"name": "Ed", "text": "Knock"}, {"name": "Sam", "text": "Who?"}], "n": 2})");
  decoder d(in);
  token t;
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.delimiter(), '{');
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.kind, token_kind::key);
  EXPECT_EQ(t.text, "messages");
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.delimiter(), '[');
  std::vector<message> all;
  while (d.more()) ASSERT_TRUE(d.decode(all.emplace_back()));
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[1].text, "Who?");
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.delimiter(), ']');
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.text, "n");
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));  // a member's value, after the key's ':'
  EXPECT_EQ(doc.root().get_int64(), 2);
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.delimiter(), '}');
  EXPECT_FALSE(d.token(t));
}

// Token: the stream is basic values (bool, string, number, null) and the delimiters [ ] { };
// commas and colons are elided. jsonx tells keys apart (token_kind::key; Go returns them as
// strings).
TEST(go_decoder, token_elides_commas_and_colons) {
  memory_source in(R"({"a": [true, null, -1.5, "x"], "b": {}})");
  decoder d(in);
  std::string walk;
  for (token t; d.token(t);) {
    if (t.is_delimiter()) {
      walk += t.delimiter();
    } else if (t.kind == token_kind::key) {
      walk += "k:" + t.text + " ";
    } else if (t.kind == token_kind::string) {
      walk += "s:" + t.text + " ";
    } else if (t.kind == token_kind::boolean) {
      walk += t.boolean ? "true " : "false ";
    } else if (t.kind == token_kind::null) {
      walk += "null ";
    } else if (t.kind == token_kind::double_) {
      walk += std::to_string(t.number) + " ";
    }
  }
  EXPECT_EQ(walk, "{k:a [true null -1.500000 s:x ]k:b {}}");
}

// Token: at the end of the input, nil and io.EOF: here end_of_stream (false).
TEST(go_decoder, token_at_the_end_is_eof) {
  memory_source in(" [] ");
  decoder d(in);
  token t;
  stream_error error;
  ASSERT_EQ(d.token(t, error), decode_status::value);
  ASSERT_EQ(d.token(t, error), decode_status::value);
  EXPECT_EQ(d.token(t, error), decode_status::end_of_stream);
}

// Token guarantees that the delimiters it returns are properly nested and matched: an
// unexpected delimiter is an error.
TEST(go_decoder, token_rejects_unmatched_delimiters) {
  for (std::string_view input : {"[1}", "{\"a\": 1]", "]", "[1,]", "{,}"}) {
    memory_source in(input);
    decoder d(in);
    token t;
    stream_error error;
    decode_status s = decode_status::value;
    while ((s = d.token(t, error)) == decode_status::value) {
    }
    EXPECT_EQ(s, decode_status::error) << input;
  }
}

// Buffered: the data remaining in the Decoder's buffer, valid until the next call.
TEST(go_decoder, buffered_is_what_was_read_and_not_used) {
  memory_source in(R"({"name": "x"} trailing bytes)");
  decoder d(in);
  message m;
  ASSERT_TRUE(d.decode(m));
  EXPECT_EQ(d.buffered(), " trailing bytes");
}

// InputOffset: the stream offset of the decoder's position, the end of the last token or value
// returned and the start of the next.
TEST(go_decoder, input_offset_is_the_position) {
  memory_source in(R"([ 10 , "ab" ] {})");
  decoder d(in);
  token t;
  EXPECT_EQ(d.input_offset(), 0u);
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(d.input_offset(), 1u);  // after '['
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(d.input_offset(), 4u);  // after 10
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(d.input_offset(), 11u);  // after "ab" (the ',' is elided)
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(d.input_offset(), 13u);  // after ']'
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(d.input_offset(), 16u);
}

// UseNumber: numbers decoded into untyped values keep their text (json.Number) instead of
// becoming float64.
TEST(go_decoder, use_number_keeps_the_text) {
  memory_source in(R"({"big": 12345678901234567890123, "f": 1.10} 7)");
  decoder d(in);
  d.use_number();
  jsonx::dom::value v;
  ASSERT_TRUE(d.decode(v));
  EXPECT_EQ(v.at("f").get_raw_number(), "1.10");
  EXPECT_EQ(v.at("big").get_raw_number(), "12345678901234567890123");
  token t;
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.kind, token_kind::number_text);
  EXPECT_EQ(t.text, "7");
}

// Without UseNumber, numbers decode as numbers (Go: float64; jsonx keeps integers exact).
TEST(go_decoder, numbers_without_use_number) {
  memory_source in("[1.10, 7]");
  decoder d(in);
  jsonx::dom::value v;
  ASSERT_TRUE(d.decode(v));
  EXPECT_EQ(v.at(0).get_double(), 1.1);
  EXPECT_EQ(v.at(1).get_int64(), 7);
}

// DisallowUnknownFields: decoding into a struct fails when the object has a key that matches
// no field of the struct.
TEST(go_decoder, disallow_unknown_fields) {
  memory_source in(R"({"name": "a", "text": "b", "extra": 1})");
  decoder d(in);
  d.disallow_unknown_fields();
  message m;
  stream_error error;
  EXPECT_EQ(d.decode(m, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::bind_errc::unknown_field);
  EXPECT_EQ(error.path, "/extra");
}

// Unknown keys are ignored by default.
TEST(go_decoder, unknown_fields_ignored_by_default) {
  memory_source in(R"({"name": "a", "extra": [1, {"deep": true}], "text": "b"})");
  decoder d(in);
  message m;
  ASSERT_TRUE(d.decode(m));
  EXPECT_EQ(m.text, "b");
}

// NewDecoder: the decoder buffers, and may read beyond the values requested. jsonx reads at
// most one chunk (decoder_options::chunk_size) ahead from a source that copies, into its own
// buffer only; a source that lends its bytes (memory_source) is taken whole.
TEST(go_decoder, reads_ahead_at_most_one_chunk) {
  std::string input = "[1]";
  input += std::string(1000, ' ') + "[2]";
  // A source that copies (files, pipes, sockets): asked for one chunk at a time.
  struct counting_source final : jsonx::stream::source {
    memory_source inner;
    std::size_t handed_out = 0;
    explicit counting_source(std::string_view s) : inner(s) {}
    jsonx::stream::read_result read_some(char* buffer, std::size_t size) override {
      const jsonx::stream::read_result r = inner.read_some(buffer, size);
      handed_out += r.bytes;
      return r;
    }
  } in(input);
  jsonx::stream::decoder_options options;
  options.chunk_size = 100;
  decoder d(in, options);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(in.handed_out, 100u);
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(jsonx::dom::to_string(doc), "[2]");
}

TEST(go_decoder, takes_all_that_a_lending_source_lends_at_once) {
  std::string input = "[1]";
  input += std::string(1000, ' ') + "[2]";
  // memory_source lends its bytes, parsed in place: all of them are taken at the first read
  // (chunk_size bounds only what one parse is given), and what follows the value is buffered.
  memory_source in(input);
  jsonx::stream::decoder_options options;
  options.chunk_size = 100;
  decoder d(in, options);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(in.remaining(), 0u);
  EXPECT_EQ(d.buffered().data(), input.data() + 3);
  EXPECT_EQ(d.buffered().size(), input.size() - 3);
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(jsonx::dom::to_string(doc), "[2]");
}

}  // namespace
