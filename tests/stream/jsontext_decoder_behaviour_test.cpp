// The decoder against Go's documented encoding/json/jsontext Decoder semantics, one test per
// method and option. Each row's comment paraphrases the sentence of Go's documentation it
// checks; where jsonx chose otherwise, the row says so and checks jsonx's choice. Then the
// chunk-split invariance of every new method: the same transcript of calls (results, offsets,
// stack, pointer, errors) whether the source gives the input whole, byte by byte, cut in two
// at every offset, or in random pieces with would_block between them.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "io_test_support.hpp"
#include "jsontext_script.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/push_decoder.hpp"
#include "support/event_recorder.hpp"

namespace {

using jsonx::stream::decode_status;
using jsonx::stream::decoder;
using jsonx::stream::decoder_options;
using jsonx::stream::memory_source;
using jsonx::stream::peeked_kind;
using jsonx::stream::stream_errc;
using jsonx::stream::stream_error;
using jsonx::stream::token;
using jsonx::stream::token_kind;

struct keyed {
  int k = 0;
  std::map<std::string, int> z;
};
JSONX_DESCRIBE(keyed, k, z)

decoder_options checking_names() {
  decoder_options o;
  o.allow_duplicate_names = false;
  return o;
}

// ---- PeekKind ---------------------------------------------------------------------------------

// PeekKind: retrieves the next token's kind without advancing the read offset; it returns 0
// (invalid) when there are no more tokens. jsonx: peek_kind() consumes the whitespace and a
// ',' or ':' before the token (input_offset() moves past them), never the token.
TEST(jsontext_decoder, peek_kind_reports_without_consuming) {
  memory_source in(R"( [ {"k": null}, true, false, -1, "s" ] 7)");
  decoder d(in);
  const std::vector<peeked_kind> expected = {
      peeked_kind::array_begin, peeked_kind::object_begin, peeked_kind::string, peeked_kind::null,
      peeked_kind::object_end,  peeked_kind::true_,        peeked_kind::false_, peeked_kind::number,
      peeked_kind::string,      peeked_kind::array_end,    peeked_kind::number};
  token t;
  for (peeked_kind k : expected) {
    EXPECT_EQ(d.peek_kind(), k);
    EXPECT_EQ(d.peek_kind(), k);  // twice: still there
    const std::uint64_t offset = d.input_offset();
    ASSERT_TRUE(d.read_token(t));
    EXPECT_GT(d.input_offset(), offset);
  }
  EXPECT_EQ(d.peek_kind(), peeked_kind::none);
  EXPECT_FALSE(d.would_block());
}

// Kind: its byte is the token's first byte ('n', 'f', 't', '"', '0', '{', '}', '[', ']').
TEST(jsontext_decoder, json_kind_bytes_are_gos) {
  EXPECT_EQ(static_cast<char>(peeked_kind::null), 'n');
  EXPECT_EQ(static_cast<char>(peeked_kind::false_), 'f');
  EXPECT_EQ(static_cast<char>(peeked_kind::true_), 't');
  EXPECT_EQ(static_cast<char>(peeked_kind::string), '"');
  EXPECT_EQ(static_cast<char>(peeked_kind::number), '0');
  EXPECT_EQ(static_cast<char>(peeked_kind::object_begin), '{');
  EXPECT_EQ(static_cast<char>(peeked_kind::array_end), ']');
  EXPECT_EQ(static_cast<char>(peeked_kind::none), '\0');
}

// PeekKind on bytes that cannot come next: the error is reported (jsonx: returned, not final,
// and the next read reports it for good).
TEST(jsontext_decoder, peek_kind_reports_a_misplaced_byte) {
  memory_source in("[1 2]");
  decoder d(in);
  token t;
  ASSERT_TRUE(d.read_token(t));
  ASSERT_TRUE(d.read_token(t));
  peeked_kind k;
  stream_error error;
  EXPECT_EQ(d.peek_kind(k, error), decode_status::error);
  EXPECT_EQ(k, peeked_kind::none);
  EXPECT_EQ(error.code, jsonx::parse_errc::expected_array_comma);
  EXPECT_EQ(error.offset, 3u);
  EXPECT_FALSE(d.failed());
  EXPECT_EQ(d.read_token(t, error), decode_status::error);
  EXPECT_TRUE(d.failed());
}

// ---- ReadToken --------------------------------------------------------------------------------

// ReadToken: reads the next token, advancing the read offset; io.EOF when there are none.
TEST(jsontext_decoder, read_token_reads_and_ends) {
  memory_source in(R"({"a": [1, "x"]} null)");
  decoder d(in);
  token t;
  std::vector<std::string> seen;
  while (d.read_token(t)) seen.push_back(jsonx::test::token_text(t));
  EXPECT_EQ(seen, (std::vector<std::string>{"{", "key:a", "[", "number:1", "string:x", "]", "}",
                                            "null"}));
  stream_error error;
  EXPECT_EQ(d.read_token(t, error), decode_status::end_of_stream);
}

// ---- ReadValue --------------------------------------------------------------------------------

// ReadValue: the next raw value, stripped of leading and trailing whitespace, the exact bytes
// of the input (escapes as they were).
TEST(jsontext_decoder, read_value_is_the_exact_bytes) {
  memory_source in("  {\"a\" :\t\"\\u0041\\n\", \"b\": [1 , 2.50]}  \n 12 \"x\"");
  decoder d(in);
  std::string_view v;
  std::string spill;
  ASSERT_TRUE(d.read_value(v, spill));
  EXPECT_EQ(v, "{\"a\" :\t\"\\u0041\\n\", \"b\": [1 , 2.50]}");
  EXPECT_TRUE(spill.empty());  // contiguous in the buffer: a view, nothing copied
  ASSERT_TRUE(d.read_value(v, spill));
  EXPECT_EQ(v, "12");
  std::string copied;
  ASSERT_TRUE(d.read_value(copied));
  EXPECT_EQ(copied, "\"x\"");
}

// ReadValue is validated: a value that is not JSON is an error at its byte.
TEST(jsontext_decoder, read_value_validates) {
  memory_source in(R"({"a": [1, tru]})");
  decoder d(in);
  std::string copied;
  stream_error error;
  EXPECT_EQ(d.read_value(copied, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::condition::syntax_error);
  EXPECT_EQ(error.offset, 10u);
}

// ReadValue at the end token of an object or array: a SyntacticError, and the state stays as
// it was. io.EOF when there are no more values.
TEST(jsontext_decoder, read_value_at_an_end_token_changes_nothing) {
  memory_source in("[1]");
  decoder d(in);
  token t;
  ASSERT_TRUE(d.read_token(t));
  std::string v;
  ASSERT_TRUE(d.read_value(v));
  EXPECT_EQ(v, "1");
  stream_error error;
  EXPECT_EQ(d.read_value(v, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::parse_errc::expected_value);
  EXPECT_FALSE(d.failed());
  EXPECT_EQ(d.stack_depth(), 1u);
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(t.kind, token_kind::array_end);
  EXPECT_EQ(d.read_value(v, error), decode_status::end_of_stream);
}

// The Decoder's own example: ReadToken and ReadValue interleaved over
// {"name":"value","array":[null,false,true,3.14159],"object":{"k":"v"}}, names read by either.
TEST(jsontext_decoder, read_token_and_read_value_interleave_as_in_gos_example) {
  memory_source in(R"({"name":"value","array":[null,false,true,3.14159],"object":{"k":"v"}})");
  decoder d(in);
  token t;
  std::string v;
  auto tok = [&] { return d.read_token(t) ? jsonx::test::token_text(t) : "<none>"; };
  auto val = [&] { return d.read_value(v) ? v : "<none>"; };
  EXPECT_EQ(tok(), "{");
  EXPECT_EQ(tok(), "key:name");
  EXPECT_EQ(tok(), "string:value");
  EXPECT_EQ(val(), "\"array\"");
  EXPECT_EQ(tok(), "[");
  EXPECT_EQ(tok(), "null");
  EXPECT_EQ(tok(), "false");
  EXPECT_EQ(val(), "true");
  EXPECT_EQ(tok(), "number:3.14159");
  EXPECT_EQ(tok(), "]");
  EXPECT_EQ(val(), "\"object\"");
  EXPECT_EQ(val(), "{\"k\":\"v\"}");
  EXPECT_EQ(tok(), "}");
  EXPECT_EQ(tok(), "<none>");
}

// ReadValue's result is valid until the next call: jsonx gives a view into its buffer when the
// value lies in it, else the bytes copied into the caller's string as they were read.
TEST(jsontext_decoder, read_value_spills_a_value_that_spans_reads) {
  const std::string text = R"([{"long": "abcdefghijklmnopqrstuvwxyz"}, 2])";
  memory_source in(text, 5);
  decoder_options o;
  o.chunk_size = 8;
  decoder d(in, o);
  token t;
  ASSERT_TRUE(d.read_token(t));
  std::string_view v;
  std::string spill;
  ASSERT_TRUE(d.read_value(v, spill));
  EXPECT_EQ(v, R"({"long": "abcdefghijklmnopqrstuvwxyz"})");
  EXPECT_EQ(v.data(), spill.data());  // spanned reads: in `spill`
  ASSERT_TRUE(d.read_value(v, spill));
  EXPECT_EQ(v, "2");
}

// ---- SkipValue --------------------------------------------------------------------------------

// SkipValue: the same as ReadValue with the result discarded, without holding the value; the
// usual use: skip the value of an unwanted member after its name.
TEST(jsontext_decoder, skip_value_after_a_name) {
  const std::string text = R"({"skip": {"deep": [1, {"x": "y"}]}, "keep": 2, "tail": [3]})";
  memory_source in(text);
  decoder d(in);
  token t;
  ASSERT_TRUE(d.read_token(t));  // {
  ASSERT_TRUE(d.read_token(t));  // "skip"
  ASSERT_TRUE(d.skip_value());
  EXPECT_EQ(d.stack_pointer(), "/skip");
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(jsonx::test::token_text(t), "key:keep");
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(t.int64, 2);
  ASSERT_TRUE(d.skip_value());  // a name: skipped as ReadValue would read it
  EXPECT_EQ(d.peek_kind(), peeked_kind::array_begin);
  ASSERT_TRUE(d.skip_value());
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(t.kind, token_kind::object_end);
  EXPECT_EQ(d.input_offset(), text.size());
}

// SkipValue validates as ReadValue does: an invalid value is an error; after '[' it skips one
// element.
TEST(jsontext_decoder, skip_value_validates_and_skips_one_element) {
  memory_source in(R"([[1, 2], {"a": nul}])");
  decoder d(in);
  token t;
  ASSERT_TRUE(d.read_token(t));
  ASSERT_TRUE(d.skip_value());
  EXPECT_EQ(d.stack_index(1).length, 1u);
  stream_error error;
  EXPECT_EQ(d.skip_value(error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::condition::syntax_error);
  EXPECT_EQ(error.offset, 15u);
}

// ---- InputOffset and UnreadBuffer --------------------------------------------------------------

// InputOffset: the offset of the byte right after the token or value returned last.
TEST(jsontext_decoder, input_offset_follows_the_last_token_or_value) {
  memory_source in(R"({"a" : [10, 20] })");
  decoder d(in);
  token t;
  std::string v;
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(d.input_offset(), 1u);
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(d.input_offset(), 4u);
  ASSERT_TRUE(d.read_value(v));
  EXPECT_EQ(d.input_offset(), 15u);
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(d.input_offset(), 17u);
}

// UnreadBuffer: the data read from the source and not consumed yet, valid until the next call.
TEST(jsontext_decoder, unread_buffer_is_what_is_left_of_the_read) {
  memory_source in("[1] [2]");
  decoder d(in);
  token t;
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(d.unread_buffer(), "1] [2]");
  std::string v;
  ASSERT_TRUE(d.read_value(v));
  EXPECT_EQ(d.unread_buffer(), d.buffered());
  EXPECT_EQ(d.unread_buffer(), "] [2]");
}

// ---- StackDepth, StackIndex, StackPointer -----------------------------------------------------

// StackDepth: up at each '{' or '[', down at each '}' or ']'; 0 is the top level.
TEST(jsontext_decoder, stack_depth_follows_the_containers) {
  memory_source in(R"([[{"a": []}]] 1)");
  decoder d(in);
  token t;
  std::vector<std::size_t> depths;
  while (d.read_token(t)) depths.push_back(d.stack_depth());
  EXPECT_EQ(depths, (std::vector<std::size_t>{1, 2, 3, 3, 4, 3, 2, 1, 0, 0}));
}

// StackIndex: level 0 has kind 0; then '{' or '[' and the length, names and values counted
// separately (a complete object has an even length).
TEST(jsontext_decoder, stack_index_kinds_and_lengths) {
  memory_source in(R"({"a": [true, {"b": 1}], "c": 2} 3)");
  decoder d(in);
  token t;
  EXPECT_EQ(d.stack_depth(), 0u);
  ASSERT_TRUE(d.read_token(t));  // {
  EXPECT_EQ(d.stack_depth(), 1u);
  EXPECT_EQ(d.stack_index(0).kind, peeked_kind::none);
  EXPECT_EQ(d.stack_index(0).length, 1u);  // the top-level value begun
  EXPECT_EQ(d.stack_index(1).kind, peeked_kind::object_begin);
  EXPECT_EQ(d.stack_index(1).length, 0u);
  ASSERT_TRUE(d.read_token(t));  // "a"
  EXPECT_EQ(d.stack_index(1).length, 1u);
  ASSERT_TRUE(d.read_token(t));  // [
  EXPECT_EQ(d.stack_depth(), 2u);
  EXPECT_EQ(d.stack_index(1).length, 2u);
  EXPECT_EQ(d.stack_index(2).kind, peeked_kind::array_begin);
  ASSERT_TRUE(d.read_token(t));  // true
  ASSERT_TRUE(d.skip_value());   // {"b": 1}
  EXPECT_EQ(d.stack_index(2).length, 2u);
  ASSERT_TRUE(d.read_token(t));  // ]
  EXPECT_EQ(d.stack_depth(), 1u);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.read_token(t));  // "c"
  ASSERT_TRUE(d.decode(doc));    // 2: decode() counts as a value too
  EXPECT_EQ(d.stack_index(1).length, 4u);
  ASSERT_TRUE(d.read_token(t));  // }
  EXPECT_EQ(d.stack_depth(), 0u);
  ASSERT_TRUE(d.read_token(t));  // 3
  EXPECT_EQ(d.stack_index(0).length, 2u);
  EXPECT_EQ(d.stack_index(5).kind, peeked_kind::none);  // past the depth: nothing
}

// StackPointer: an RFC 6901 JSON Pointer to the value read last ('~' as "~0", '/' as "~1").
// Go names members by index when duplicates are allowed; jsonx always by name.
TEST(jsontext_decoder, stack_pointer_names_the_last_value) {
  memory_source in(R"({"a/b": {"m~n": [5, [6]]}, "": 0})");
  decoder d(in);
  token t;
  std::vector<std::string> pointers;
  while (d.read_token(t)) pointers.push_back(d.stack_pointer());
  EXPECT_EQ(pointers,
            (std::vector<std::string>{"", "/a~1b", "/a~1b", "/a~1b/m~0n", "/a~1b/m~0n",
                                      "/a~1b/m~0n/0", "/a~1b/m~0n/1", "/a~1b/m~0n/1/0",
                                      "/a~1b/m~0n/1", "/a~1b/m~0n", "/a~1b", "/", "/", ""}));
}

// ---- Reset ------------------------------------------------------------------------------------

// Reset: reading afresh from a reader, with the options given (jsonx: kept if none given).
TEST(jsontext_decoder, reset_starts_afresh) {
  memory_source first("[1, {\"a\": ");
  decoder_options o = checking_names();
  decoder d(first, o);
  token t;
  ASSERT_TRUE(d.read_token(t));
  ASSERT_TRUE(d.read_token(t));
  ASSERT_TRUE(d.read_token(t));
  stream_error error;
  EXPECT_EQ(d.read_token(t, error), decode_status::value);  // the key
  EXPECT_EQ(d.read_token(t, error), decode_status::error);  // cut short
  EXPECT_TRUE(d.failed());

  memory_source second(R"({"x": 1, "x": 2})");
  d.reset(second);
  EXPECT_FALSE(d.failed());
  EXPECT_EQ(d.input_offset(), 0u);
  EXPECT_EQ(d.stack_depth(), 0u);
  EXPECT_EQ(d.stack_index(0).length, 0u);
  EXPECT_EQ(d.values_decoded(), 0u);
  jsonx::dom::document doc;
  EXPECT_EQ(d.decode(doc, error), decode_status::error);  // options kept: names checked
  EXPECT_EQ(error.code, stream_errc::duplicate_name);

  memory_source third(R"({"x": 1, "x": 2})");
  decoder_options allow;
  d.reset(third, allow);
  ASSERT_TRUE(d.decode(doc));  // new options
  EXPECT_EQ(jsonx::dom::to_string(doc), R"({"x":1,"x":2})");
}

TEST(jsontext_decoder, push_decoder_reset_drops_what_was_fed) {
  jsonx::stream::push_decoder d;
  d.feed("[1, 2");
  token t;
  ASSERT_TRUE(d.read_token(t));
  d.reset();
  EXPECT_EQ(d.pending_bytes(), 0u);
  EXPECT_FALSE(d.closed());
  d.feed("\"fresh\"");
  d.close();
  ASSERT_TRUE(d.read_token(t));
  EXPECT_EQ(jsonx::test::token_text(t), "string:fresh");
  EXPECT_EQ(d.input_offset(), 7u);
}

// ---- AllowDuplicateNames ----------------------------------------------------------------------

// AllowDuplicateNames(false): objects may not hold two members of the same name (RFC 7493
// §2.3), names compared after unescaping; the error names the member. jsonx: the error is
// stream_errc::duplicate_name (a syntax error, as Go's SyntacticError), at the second name's
// opening quote, with its JSON Pointer, in every kind of reading.
TEST(jsontext_decoder, duplicate_names_are_rejected_everywhere) {
  const std::string text = R"([{"k": 1, "z": {"a": 1, "\u0061": 2}}])";
  const std::string pointer = "/0/z/a";
  constexpr std::uint64_t offset = 24;
  auto check = [&](const char* what, auto&& read) {
    memory_source in(text);
    decoder d(in, checking_names());
    stream_error error;
    EXPECT_EQ(read(d, error), decode_status::error) << what;
    EXPECT_EQ(error.code, stream_errc::duplicate_name) << what;
    EXPECT_EQ(error.code, jsonx::condition::syntax_error) << what;
    EXPECT_EQ(error.path, pointer) << what;
    EXPECT_EQ(error.offset, offset) << what;
    EXPECT_EQ(error.column, offset + 1) << what;
  };
  check("document", [](decoder& d, stream_error& e) {
    jsonx::dom::document doc;
    return d.decode(doc, e);
  });
  check("dom::value", [](decoder& d, stream_error& e) {
    jsonx::dom::value v;
    return d.decode(v, e);
  });
  check("typed", [](decoder& d, stream_error& e) {
    std::vector<keyed> v;
    return d.decode(v, e);
  });
  check("SAX handler", [](decoder& d, stream_error& e) {
    jsonx::test::event_recorder<> log;
    return d.decode(log, e);
  });
  check("SAX handler taking parts", [](decoder& d, stream_error& e) {
    jsonx::test::event_recorder<jsonx::test::recorder_config{.takes_parts = true}> log;
    return d.decode(log, e);
  });
  check("read_value", [](decoder& d, stream_error& e) {
    std::string v;
    return d.read_value(v, e);
  });
  check("skip_value", [](decoder& d, stream_error& e) { return d.skip_value(e); });
  check("tokens", [](decoder& d, stream_error& e) {
    token t;
    decode_status s;
    while ((s = d.read_token(t, e)) == decode_status::value) {
    }
    return s;
  });
  check("tokens, then a value", [](decoder& d, stream_error& e) {
    token t;
    d.read_token(t, e);  // [
    d.read_token(t, e);  // {
    d.read_token(t, e);  // "k"
    d.read_token(t, e);  // 1
    d.read_token(t, e);  // "z"
    jsonx::dom::document doc;
    return d.decode(doc, e);
  });
}

// jsonx's default differs from Go v2's: duplicates are allowed (the check's cost is
// documented in decoder_options), a DOM keeps both members.
TEST(jsontext_decoder, duplicate_names_are_allowed_by_default) {
  EXPECT_TRUE(decoder_options{}.allow_duplicate_names);
  memory_source in(R"({"a": 1, "a": 2} {"a": 1, "a": 2})");
  decoder d(in);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(jsonx::dom::to_string(doc), R"({"a":1,"a":2})");
  token t;
  int keys = 0;
  while (d.read_token(t)) keys += t.kind == token_kind::key;
  EXPECT_EQ(keys, 2);
}

// Different names, and the same name in different objects, are no duplicates; large objects
// (past the linear compare) are checked as well.
TEST(jsontext_decoder, distinct_names_pass_the_check) {
  std::string big = "{";
  for (int i = 0; i < 300; ++i)
    big += (i ? ",\"" : "\"") + std::to_string(i) + "\":{\"a\":[{\"a\":1}]}";
  big += "}";
  const std::string two = big + " " + big;  // the source keeps a view: the bytes must live
  memory_source in(two);
  decoder d(in, checking_names());
  jsonx::dom::document doc;
  EXPECT_TRUE(d.decode(doc));
  EXPECT_TRUE(d.decode(doc));
  std::string with_duplicate = big;
  with_duplicate.insert(with_duplicate.size() - 1, ",\"299\":0");
  memory_source in2(with_duplicate);
  decoder d2(in2, checking_names());
  stream_error error;
  EXPECT_EQ(d2.decode(doc, error), decode_status::error);
  EXPECT_EQ(error.path, "/299");
  EXPECT_EQ(error.offset, big.size());
}

// ---- AllowInvalidUTF8 -------------------------------------------------------------------------

// AllowInvalidUTF8(false), the default: invalid UTF-8 in a string is an error (RFC 8259 §8.1).
TEST(jsontext_decoder, invalid_utf8_is_an_error_by_default) {
  memory_source in("[\"a\xFF\"]");
  decoder d(in);
  jsonx::dom::document doc;
  stream_error error;
  EXPECT_EQ(d.decode(doc, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::parse_errc::invalid_utf8);
}

// AllowInvalidUTF8(true): strings may hold invalid UTF-8, mangled into U+FFFD (Go: each
// invalid byte, as utf8.DecodeRune reads it). Outside strings such bytes stay errors.
TEST(jsontext_decoder, invalid_utf8_becomes_replacement_characters) {
  decoder_options o;
  o.allow_invalid_utf8 = true;
  memory_source in("{\"k\xC0\": \"a\xFF\xE2\x82z\xE2\x82\xAC\xF0\x9F\x98\x80\xED\xA0\x80\"}");
  decoder d(in, o);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(jsonx::dom::to_string(doc), "{\"k" + fffd + "\":\"a" + fffd + fffd + fffd +
                                            "z\xE2\x82\xAC\xF0\x9F\x98\x80" + fffd + fffd + fffd +
                                            "\"}");
  memory_source outside("[1, \xFF]");
  decoder d2(outside, o);
  stream_error error;
  EXPECT_EQ(d2.decode(doc, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::condition::syntax_error);
}

// ---- chunk-split invariance -------------------------------------------------------------------

struct script_case {
  const char* name;
  std::string input;
  std::string ops;
  bool check_names;
};

std::vector<script_case> script_cases() {
  const std::string nested =
      " {\"a~/\": [1, -2.5e3, \"s\\u00e9\\n\", true, null, {\"x\": [], \"y\": {}}], "
      "\"\xE2\x82\xAC\": {\"deep\": [[[\"z\"]]]}, \"n\": 12345678901234567890123} [7] \"tail\" 8";
  return {
      {"tokens", nested, "t", false},
      {"peek then token", nested, "pt", false},
      {"values", nested, "v", false},
      {"copied values", nested, "c", false},
      {"skips", nested, "s", false},
      {"mixed", nested, "tptvcsptd", false},
      {"mixed, names checked", nested, "tvtpsctd", true},
      {"duplicate in a token walk", "[{\"a\": 1, \"b\": 2, \"a\": 3}]", "t", true},
      {"duplicate in a value", "[{\"a\": 1, \"b\": {\"c\": 1, \"c\": 2}}]", "tv", true},
      {"duplicate in a skip", "{\"q\": [{\"long-name-here\": 1, \"long-name-here\": 2}]}", "tts",
       true},
      {"duplicate in a document", "{\"q\": {\"\\u0061\": 1, \"a\": 2}}", "ttd", true},
      {"syntax error in a value", "[1, {\"a\": [tru]}]", "tv", false},
      {"value at an end token", "[1] {}", "tvvtvt", false},
  };
}

std::string whole_transcript(const script_case& c, std::size_t chunk_size) {
  memory_source in(c.input);
  decoder_options o;
  o.chunk_size = chunk_size;
  o.allow_duplicate_names = !c.check_names;
  decoder d(in, o);
  return jsonx::test::run_script(d, c.ops);
}

TEST(jsontext_decoder_chunks, every_method_is_split_invariant) {
  for (const script_case& c : script_cases()) {
    const std::string expected = whole_transcript(c, 64 * 1024);
    ASSERT_NE(expected.find('\n'), std::string::npos) << c.name;
    decoder_options o;
    o.allow_duplicate_names = !c.check_names;
    // Byte by byte.
    {
      memory_source in(c.input, 1);
      decoder d(in, o);
      EXPECT_EQ(jsonx::test::run_script(d, c.ops), expected) << c.name << ", 1-byte reads";
    }
    // A one-byte buffer: every value spans reads.
    EXPECT_EQ(whole_transcript(c, 1), expected) << c.name << ", 1-byte buffer";
    // Every 2-way cut.
    for (std::size_t cut = 0; cut <= c.input.size(); ++cut) {
      jsonx::test::two_piece_source in(c.input, cut);
      decoder d(in, o);
      EXPECT_EQ(jsonx::test::run_script(d, c.ops), expected) << c.name << ", cut at " << cut;
    }
    // Random pieces with would_block between them.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      jsonx::test::trickle_source in(c.input, 7, seed, 3);
      decoder d(in, o);
      EXPECT_EQ(jsonx::test::run_script(d, c.ops), expected) << c.name << ", seed " << seed;
    }
  }
}

// The transcripts say what they should (so that equal transcripts mean something).
TEST(jsontext_decoder_chunks, transcripts_hold_the_expected_results) {
  const auto cases = script_cases();
  const std::string mixed = whole_transcript(cases[5], 64 * 1024);
  EXPECT_NE(mixed.find("v [1,"), std::string::npos) << mixed;
  EXPECT_NE(mixed.find("d \"tail\""), std::string::npos) << mixed;
  const std::string walk = whole_transcript(cases[7], 64 * 1024);
  EXPECT_NE(walk.find("duplicate object member name @18 line 1 column 19 /0/a>"), std::string::npos)
      << walk;
  EXPECT_NE(walk.find("@18 line 1 column 19"), std::string::npos) << walk;
  const std::string skip = whole_transcript(cases[9], 64 * 1024);
  EXPECT_NE(skip.find(" /q/0/long-name-here>"), std::string::npos) << skip;
  const std::string document = whole_transcript(cases[10], 64 * 1024);
  EXPECT_NE(document.find("duplicate object member name @20 line 1 column 21 /q/a"),
            std::string::npos)
      << document;
}

// Invalid UTF-8 repaired the same way however the bytes arrive, a valid sequence cut by a read
// kept as it is.
TEST(jsontext_decoder_chunks, invalid_utf8_repair_is_split_invariant) {
  const std::string input =
      "[\"\xE2\x82\xAC\xE2\x82\", \"\xF0\x9F\x98\x80\xC3\", \"\xC3\xA9\x80\xFF\", \"\xF4\x90\"]";
  decoder_options o;
  o.allow_invalid_utf8 = true;
  auto decode_all = [&](jsonx::stream::source& in) {
    decoder d(in, o);
    return jsonx::test::run_script(d, "tvdps");
  };
  memory_source whole(input);
  const std::string expected = decode_all(whole);
  EXPECT_NE(expected.find("\xE2\x82\xAC\xEF\xBF\xBD\xEF\xBF\xBD"), std::string::npos) << expected;
  for (std::size_t cut = 0; cut <= input.size(); ++cut) {
    jsonx::test::two_piece_source in(input, cut);
    EXPECT_EQ(decode_all(in), expected) << "cut at " << cut;
  }
  memory_source bytewise(input, 1);
  EXPECT_EQ(decode_all(bytewise), expected);
}

}  // namespace
