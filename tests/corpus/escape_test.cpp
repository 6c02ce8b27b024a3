// escape_non_ascii(): every non-ASCII character as a \u escape, the rest byte for byte, and the
// same values (simdjson reads the escaped text as the original).
#include <gtest/gtest.h>

#include <simdjson.h>

#include <string>

#include "jsonx/corpus/corpus.hpp"

namespace jsonx::corpus {
namespace {

TEST(corpus_escape, writes_each_non_ascii_character_as_escapes) {
  EXPECT_EQ(escape_non_ascii(R"({"a":"plain \n text"})"), R"({"a":"plain \n text"})");
  EXPECT_EQ(escape_non_ascii("[\"\xC3\xA9\"]"), R"(["\u00e9"])");                // U+00E9, 2 bytes
  EXPECT_EQ(escape_non_ascii("[\"\xE3\x81\x82x\"]"), R"(["\u3042x"])");          // U+3042, 3 bytes
  EXPECT_EQ(escape_non_ascii("[\"\xEF\xBF\xBF\"]"), R"(["\uffff"])");            // U+FFFF
  EXPECT_EQ(escape_non_ascii("[\"\xF0\x9F\x98\x80\"]"), R"(["\ud83d\ude00"])");  // U+1F600
  EXPECT_EQ(escape_non_ascii("[\"\xF4\x8F\xBF\xBF\"]"), R"(["\udbff\udfff"])");  // U+10FFFF
  EXPECT_EQ(escape_non_ascii(" [ \"\xC2\x80\" ,\n1 ] "), " [ \"\\u0080\" ,\n1 ] ");
}

TEST(corpus_escape, keeps_bytes_that_are_not_utf8) {
  EXPECT_EQ(escape_non_ascii("\xFF"), "\xFF");
  EXPECT_EQ(escape_non_ascii("\xC3"), "\xC3");                  // cut sequence
  EXPECT_EQ(escape_non_ascii("\xC0\x80"), "\xC0\x80");          // overlong
  EXPECT_EQ(escape_non_ascii("\xED\xA0\x80"), "\xED\xA0\x80");  // a surrogate's UTF-8 form
}

// The escaped document holds the same values: every string equal once decoded, and no byte
// above 0x7F left.
void expect_same_values(const std::string& original) {
  const std::string escaped = escape_non_ascii(original);
  for (unsigned char c : escaped) ASSERT_LT(c, 0x80);
  simdjson::dom::parser first, second;
  simdjson::dom::element a, b;
  ASSERT_EQ(first.parse(original).get(a), simdjson::SUCCESS);
  ASSERT_EQ(second.parse(escaped).get(b), simdjson::SUCCESS);
  EXPECT_EQ(simdjson::minify(a), simdjson::minify(b));
}

TEST(corpus_escape, generated_documents_keep_their_values) {
  for (shape s : {shape::twitter, shape::citm_catalog, shape::small})
    expect_same_values(generate(s, 64 << 10, 3));
}

TEST(corpus_escape, twitter_keeps_its_values) {
  const auto twitter = load("twitter");
  if (!twitter) GTEST_SKIP() << "twitter.json is not in the corpus directory";
  const std::string escaped = escape_non_ascii(*twitter);
  EXPECT_GT(escaped.size(), twitter->size());
  expect_same_values(*twitter);
}

}  // namespace
}  // namespace jsonx::corpus
