// Decoding from chunks: every way of cutting a document (every split offset, byte by byte,
// random sizes) gives the same value as the whole buffer, for every supported type, and the
// same error (code, path, offset) for a document that does not fit.
#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/equal.hpp"

namespace chunking_test {

enum class mood { calm, stormy };
JSONX_DESCRIBE_ENUM(mood, calm, stormy)

struct leaf {
  std::string label;
  std::uint16_t weight = 0;
};
JSONX_DESCRIBE(leaf, label, weight)

struct everything {
  bool flag = false;
  std::int8_t small = 0;
  std::uint64_t big = 0;
  double real = 0;
  float single = 0;
  std::string text;
  std::vector<int> numbers;
  std::array<double, 3> triple{};
  std::deque<std::string> words;
  std::list<leaf> leaves;
  std::vector<bool> bits;
  std::map<std::string, int> by_name;
  std::map<std::int32_t, std::string> by_id;
  std::optional<std::string> maybe;
  std::optional<int> nothing = 3;
  std::unique_ptr<leaf> owned;
  std::variant<std::monostate, std::int64_t, std::string, std::vector<int>> either;
  mood weather = mood::calm;
  std::tuple<int, std::string, bool> row;
  jsonx::raw_json raw;
  std::vector<std::vector<leaf>> nested;
};
JSONX_DESCRIBE(everything, flag, small, big, real, single, text, numbers, triple, words, leaves,
               bits, by_name, by_id, maybe, nothing, owned, either, weather, row, raw, nested)

}  // namespace chunking_test

namespace {

using namespace chunking_test;
using jsonx::test::chunking;

const std::string document = R"( {
  "flag": true, "small": -128, "big": 18446744073709551615, "real": -1.25e-7, "single": 0.5,
  "text": "esc \" \\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00 日本語 end",
  "numbers": [0, -1, 2147483647, -2147483648],
  "triple": [1, 2.5, -3e10],
  "words": ["a", "", "longer word with spaces"],
  "unknown": {"skipped": [1, {"deep": [true, null]}], "x": "y"},
  "leaves": [{"label": "l1", "weight": 65535}, {"weight": 1, "label": "l2", "extra": 5}],
  "bits": [true, false, true],
  "by_name": {"one": 1, "two": 2, "one": 11},
  "by_id": {"-7": "minus seven", "42": "answer"},
  "maybe": "here", "nothing": null,
  "owned": {"label": "mine", "weight": 9},
  "either": [4, 5],
  "weather": "stormy",
  "row": [7, "seven", false],
  "raw": {"keep": [1.50, "\u0041", {}], "n": null},
  "nested": [[{"label": "a", "weight": 1}], [], [{"label": "b", "weight": 2}, {"label": "c", "weight": 3}]]
} )";

everything decode_whole() {
  everything e;
  jsonx::decode_error error;
  EXPECT_TRUE(jsonx::decode(document, e, error)) << error.message();
  return e;
}

void expect_same_as_whole(const everything& expected, chunking cut) {
  everything e;
  jsonx::decode_error error;
  ASSERT_TRUE(jsonx::test::decode_chunked(document, e, cut, error))
      << cut.describe() << ": " << error.message();
  ASSERT_TRUE(jsonx::models::equal(e, expected)) << cut.describe();
}

TEST(BindChunking, WholeDocumentDecodesAsWritten) {
  everything e = decode_whole();
  EXPECT_TRUE(e.flag);
  EXPECT_EQ(e.small, -128);
  EXPECT_EQ(e.big, 18446744073709551615u);
  EXPECT_EQ(e.text, "esc \" \\ / \b\f\n\r\t \xC3\xA9 \xF0\x9F\x98\x80 日本語 end");
  EXPECT_EQ(e.triple[2], -3e10);
  EXPECT_EQ(e.leaves.back().label, "l2");
  EXPECT_EQ(e.by_name.at("one"), 11);
  EXPECT_EQ(e.by_id.at(-7), "minus seven");
  EXPECT_EQ(e.nothing, std::nullopt);
  ASSERT_TRUE(e.owned);
  EXPECT_EQ(std::get<std::vector<int>>(e.either), (std::vector<int>{4, 5}));
  EXPECT_EQ(e.weather, mood::stormy);
  EXPECT_EQ(std::get<1>(e.row), "seven");
  EXPECT_EQ(e.raw.text, R"({"keep":[1.50,"A",{}],"n":null})");
  EXPECT_EQ(e.nested.at(2).at(1).label, "c");
}

TEST(BindChunking, EverySplitOffset) {
  const everything expected = decode_whole();
  for (std::size_t offset = 0; offset <= document.size(); ++offset)
    expect_same_as_whole(expected, chunking::split_at(offset));
}

TEST(BindChunking, FixedAndRandomChunkSizes) {
  const everything expected = decode_whole();
  for (std::size_t size : {1, 2, 3, 5, 7, 8, 13, 16, 31, 64, 100, 1000})
    expect_same_as_whole(expected, chunking::fixed(size));
  for (std::uint64_t seed = 1; seed <= 50; ++seed)
    expect_same_as_whole(expected, chunking::random(seed, 1 + seed % 40));
}

TEST(BindChunking, ErrorsDoNotDependOnTheCut) {
  std::string bad = document;
  bad.replace(bad.find("65535"), 5, "65536");
  everything e;
  jsonx::decode_error whole;
  ASSERT_FALSE(jsonx::decode(bad, e, whole));
  EXPECT_EQ(whole.path, "/leaves/0/weight");
  for (std::size_t offset = 0; offset <= bad.size(); offset += 3) {
    everything target;
    jsonx::decode_error error;
    ASSERT_FALSE(jsonx::test::decode_chunked(bad, target, chunking::split_at(offset), error));
    EXPECT_EQ(error.code, whole.code) << offset;
    EXPECT_EQ(error.path, whole.path) << offset;
    EXPECT_EQ(error.offset, whole.offset) << offset;
    EXPECT_EQ(error.expected, whole.expected) << offset;
    EXPECT_EQ(error.found, whole.found) << offset;
  }
}

TEST(BindChunking, TheHandlerWithAPushParserDirectly) {
  const everything expected = decode_whole();
  everything e;
  jsonx::decode_handler handler;
  handler.start(e);
  jsonx::push_parser<jsonx::decode_handler> parser(handler);
  for (std::size_t i = 0; i < document.size(); i += 10)
    parser.feed(std::string_view(document).substr(i, 10));
  parser.finish();
  EXPECT_FALSE(handler.failed());
  EXPECT_TRUE(jsonx::models::equal(e, expected));
}

}  // namespace

namespace {

TEST(BindChunking, DecoderDecodeStartsAfresh) {
  chunking_test::leaf target;
  jsonx::typed_decoder<chunking_test::leaf> d(target);
  jsonx::decode_error error;
  ASSERT_TRUE(d.decode(R"({"label":"a","weight":1})", error)) << error.message();
  EXPECT_EQ(target.label, "a");
  ASSERT_TRUE(d.decode(R"({"label":"b"})", error)) << error.message();
  EXPECT_EQ(target.label, "b");
  EXPECT_EQ(target.weight, 1) << "absent: left as it was";
  // Feeding after a complete value needs reset(); after a failure, decode() needs none.
  d.reset(target);
  EXPECT_FALSE(d.feed(R"({"label":)", error) && d.feed("7}", error));
  EXPECT_EQ(error.path, "/label");
  ASSERT_TRUE(d.decode(R"({"weight":2})", error)) << error.message();
  EXPECT_EQ(target.weight, 2);
}

}  // namespace
