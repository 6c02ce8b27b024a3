// Strings and keys: zero-copy views for strings wholly inside one chunk, unescaping, and the
// partial events (on_string_part / on_key_part) of handlers that ask for them: the pieces,
// concatenated, are the whole value, and no piece splits a UTF-8 sequence.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

// A handler remembering where the string views it got point to.
struct view_address_handler : value_recorder {
  std::vector<const char*> string_data;
  bool on_string(std::string_view s) {
    string_data.push_back(s.data());
    return value_recorder::on_string(s);
  }
  bool on_key(std::string_view s) {
    string_data.push_back(s.data());
    return value_recorder::on_key(s);
  }
};

class strings : public kernel_test {};

TEST_P(strings, unescaped_strings_inside_a_chunk_are_views_into_it) {
  const std::string chunk = R"({"key":["plain","\u00e9scaped","also plain"]})";
  view_address_handler handler;
  push_parser<view_address_handler> parser(handler, with_kernel(kernel()));
  parser.feed(chunk);
  parser.finish();
  ASSERT_EQ(handler.string_data.size(), 4u);
  const auto inside = [&](const char* p) {
    return p >= chunk.data() && p < chunk.data() + chunk.size();
  };
  EXPECT_EQ(handler.string_data[0], chunk.data() + 2) << "key";
  EXPECT_EQ(handler.string_data[1], chunk.data() + 9) << "plain";
  EXPECT_FALSE(inside(handler.string_data[2])) << "an escaped string is unescaped elsewhere";
  EXPECT_EQ(handler.string_data[3], chunk.data() + 32) << "also plain";
}

TEST_P(strings, every_escape_is_unescaped) {
  parse_outcome outcome = parse_chunked_fresh<value_recorder>(
      R"(["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u20ac\ud83d\ude00\uD834\uDD1E", "\u0000"])",
      chunking::whole(), with_kernel(kernel()));
  ASSERT_TRUE(outcome.accepted) << verdict(outcome);
  EXPECT_EQ(outcome.log, std::string("[\ns8:\"\\/\b\f\n\r\t\n"
                                     "s14:A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf0\x9d\x84\x9e\n"
                                     "s1:") +
                             std::string(1, '\0') + "\n]3\n");
}

TEST_P(strings, parts_concatenate_to_the_whole_string_whatever_the_cut) {
  // A long string with multi-byte UTF-8 and escapes (of every length) all along it, and a key.
  std::string value;
  for (int i = 0; i < 300; ++i) {
    value += "ab\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
    value += (i % 3 == 0) ? "\\n" : (i % 3 == 1) ? "\\u00e9" : "\\ud83d\\ude00";
  }
  const std::string doc = "{\"" + value + "\":\"" + value + "\"}";
  const parse_outcome whole =
      parse_chunked_fresh<value_recorder>(doc, chunking::whole(), with_kernel(kernel()));
  ASSERT_TRUE(whole.accepted) << verdict(whole);
  for (const chunking& cut :
       {chunking::fixed(1), chunking::fixed(2), chunking::fixed(3), chunking::fixed(5),
        chunking::fixed(64), chunking::fixed(1000), chunking::random(1, 20)}) {
    parts_recorder recorder;
    parse_outcome chunked = parse_chunked(doc, cut, recorder, with_kernel(kernel()));
    ASSERT_TRUE(chunked.accepted) << cut.describe() << ": " << verdict(chunked);
    // The recorder checks each piece is whole UTF-8 and logs the concatenation.
    EXPECT_EQ(chunked.check_failures, "") << cut.describe();
    // parts_recorder logs number text, value_recorder not; this document has no numbers.
    EXPECT_EQ(chunked.log, whole.log) << cut.describe();
    EXPECT_GT(recorder.string_parts(), 1u) << cut.describe() << ": the string came in one piece";
  }
}

TEST_P(strings, a_bad_escape_found_at_a_chunk_end_has_the_line_of_the_whole_parse) {
  // Lines before a string whose bad escape a handler taking parts has found only at the chunk's
  // end, after the window's newlines were counted: they were counted twice (line 3 for the
  // first document cut after its "\u0\"). Every cut in two, whole strings and parts.
  for (const std::string& doc :
       {std::string("\n\"\\u0\\ud83d\\|de00\"]"), std::string("[1,\n 2,\n\"abc\\x\"]"),
        std::string("\n\n\"\\u00e9\\ud83d\\u12\"")}) {
    const parse_outcome whole =
        parse_chunked_fresh<value_recorder>(doc, chunking::whole(), with_kernel(kernel()));
    ASSERT_FALSE(whole.accepted) << doc;
    ASSERT_GT(whole.error.line, 1u) << doc;
    for (std::size_t at = 1; at < doc.size(); ++at) {
      const parse_outcome parts =
          parse_chunked_fresh<parts_recorder>(doc, chunking::split_at(at), with_kernel(kernel()));
      EXPECT_EQ(parts.error.code, whole.error.code) << doc << " cut at " << at;
      EXPECT_EQ(parts.error.offset, whole.error.offset) << doc << " cut at " << at;
      EXPECT_EQ(parts.error.line, whole.error.line) << doc << " cut at " << at;
      EXPECT_EQ(parts.error.column, whole.error.column) << doc << " cut at " << at;
      const parse_outcome strings =
          parse_chunked_fresh<value_recorder>(doc, chunking::split_at(at), with_kernel(kernel()));
      EXPECT_EQ(strings.error.line, whole.error.line) << doc << " cut at " << at;
      EXPECT_EQ(strings.error.column, whole.error.column) << doc << " cut at " << at;
    }
  }
}

TEST_P(strings, a_string_inside_one_chunk_comes_without_parts) {
  parts_recorder recorder;
  parse_outcome outcome = parse_chunked(R"(["abc","d\ne",{"k":"v"}])", chunking::whole(), recorder,
                                        with_kernel(kernel()));
  ASSERT_TRUE(outcome.accepted) << verdict(outcome);
  EXPECT_EQ(recorder.string_parts(), 0u);
}

TEST_P(strings, parts_never_split_an_escape_or_a_sequence) {
  // Every cut point through a short string dense in escapes and multi-byte sequences.
  const std::string doc = "[\"\\u00e9\xc3\xa9\\ud83d\\ude00\xf0\x9f\x98\x80\\\\\\\"\xe2\x82\xac\"]";
  const parse_outcome whole =
      parse_chunked_fresh<parts_recorder>(doc, chunking::whole(), with_kernel(kernel()));
  ASSERT_TRUE(whole.accepted) << verdict(whole);
  for (std::size_t a = 0; a <= doc.size(); ++a) {
    parse_outcome split =
        parse_chunked_fresh<parts_recorder>(doc, chunking::split_at(a), with_kernel(kernel()));
    EXPECT_EQ(split.check_failures, "") << "split at " << a;
    EXPECT_EQ(split.log, whole.log) << "split at " << a;
  }
}

TEST_P(strings, a_handler_can_stop_at_a_part) {
  parts_recorder recorder(/*stop_at_callback=*/2);  // "[" is the first callback, a part the second
  const std::string doc = "[\"" + std::string(100, 'z') + "\"]";
  parse_outcome outcome = parse_chunked(doc, chunking::fixed(10), recorder, with_kernel(kernel()));
  EXPECT_EQ(outcome.error.code, make_error_code(parse_errc::stopped_by_handler));
  EXPECT_EQ(recorder.string_parts(), 1u);
}

// A handler taking parts that stops at a whole key or string (assembled from its parts).
struct stop_at_text : parts_recorder {
  std::string target;
  std::string pending;
  bool on_key_part(std::string_view p) {
    pending += p;
    return parts_recorder::on_key_part(p);
  }
  bool on_string_part(std::string_view p) {
    pending += p;
    return parts_recorder::on_string_part(p);
  }
  bool on_key(std::string_view k) { return whole(k) && parts_recorder::on_key(k); }
  bool on_string(std::string_view s) { return whole(s) && parts_recorder::on_string(s); }
  bool whole(std::string_view last) {
    pending += last;
    const bool stop = pending == target;
    pending.clear();
    return !stop;
  }
};

// A stop at the last event of a key or string that came in parts is reported at its opening
// quote, as when it comes whole: the offset does not depend on where the chunks were cut.
TEST_P(strings, a_stop_after_parts_is_at_the_opening_quote) {
  const std::string doc =
      R"({"first": 1, "a long key \u00e9 that chunks cut": "and a long \n string value"})";
  const std::vector<std::pair<std::string, std::uint64_t>> targets = {
      {"a long key \xC3\xA9 that chunks cut", doc.find("\"a long")},
      {"and a long \n string value", doc.find("\"and")}};
  for (const auto& [target, quote] : targets) {
    for (std::size_t a = 0; a <= doc.size(); ++a) {
      stop_at_text handler;
      handler.target = target;
      const parse_outcome split =
          parse_chunked(doc, chunking::split_at(a), handler, with_kernel(kernel()));
      EXPECT_EQ(split.error.code, make_error_code(parse_errc::stopped_by_handler)) << a;
      EXPECT_EQ(split.error.offset, quote) << target << ", split at " << a;
    }
    stop_at_text handler;
    handler.target = target;
    const parse_outcome bytewise =
        parse_chunked(doc, chunking::fixed(1), handler, with_kernel(kernel()));
    EXPECT_EQ(bytewise.error.offset, quote) << target << ", 1-byte chunks";
  }
}

TEST_P(strings, invalid_escapes_are_found_across_cuts) {
  for (std::string_view bad :
       {R"(["abc\x"])", R"(["\u12"])", R"(["\ud800\u0041"])", R"(["\ud800x"])", R"(["\udc00"])"}) {
    const parse_outcome whole =
        parse_chunked_fresh<parts_recorder>(bad, chunking::whole(), with_kernel(kernel()));
    ASSERT_FALSE(whole.accepted) << bad;
    for (std::size_t a = 0; a <= bad.size(); ++a) {
      parse_outcome split =
          parse_chunked_fresh<parts_recorder>(bad, chunking::split_at(a), with_kernel(kernel()));
      EXPECT_EQ(split.error.code, whole.error.code) << bad << " split at " << a;
      EXPECT_EQ(split.error.offset, whole.error.offset) << bad << " split at " << a;
    }
  }
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(strings);

}  // namespace
}  // namespace jsonx::test
