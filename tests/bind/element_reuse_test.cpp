// Decoding an array into a std::vector that already holds elements: the elements are reused
// (their strings keep their memory) and the result is exactly what a new vector would get:
// members absent from the input have a new element's values, whatever the element held.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/equal.hpp"
#include "jsonx/bind_models/twitter.hpp"
#include "jsonx/corpus/corpus.hpp"

namespace reuse_test {

struct item {
  std::string name = "default";
  int count = 7;
  std::optional<int> extra;
  std::vector<int> values;
  std::string secret = "s";  // described but skipped
  friend bool operator==(const item&, const item&) = default;
};
JSONX_DESCRIBE(item, name, count, extra, values, secret)
JSONX_FIELD_OPTIONS(item, jsonx::skip(&item::secret))

// Cannot be copied: reset member by member.
struct owner {
  std::string label;
  std::unique_ptr<item> owned;
  item inline_item;
};
JSONX_DESCRIBE(owner, label, owned, inline_item)

// A new element's vector is not empty: reset by assigning a new element instead.
struct with_defaults {
  std::vector<int> values{1, 2};
  std::string name;
  friend bool operator==(const with_defaults&, const with_defaults&) = default;
};
JSONX_DESCRIBE(with_defaults, values, name)

// A member the description does not name: reset by assigning a new element too.
struct partly_described {
  std::string shown;
  std::string hidden = "h";
};
JSONX_DESCRIBE(partly_described, shown)

// The paths these tests mean to take (element_reuse.hpp).
static_assert(jsonx::detail::fully_described<owner>() && jsonx::detail::resettable<owner>());
static_assert(jsonx::detail::resettable<jsonx::models::twitter::status>());
static_assert(!jsonx::detail::fully_described<partly_described>());

}  // namespace reuse_test

namespace {

using namespace reuse_test;

const char* const three_items =
    R"([{"name":"a long name that does not fit in a small string","count":1,"extra":2,"values":[1,2,3]},)"
    R"({"name":"b","count":2},{"name":"c","values":[]}])";

TEST(BindElementReuse, ReusedElementsEqualNewOnes) {
  std::vector<item> items = jsonx::decode<std::vector<item>>(three_items);
  items[0].secret = "changed";  // not decoded: a reused element must still get the default
  for (const char* again :
       {R"([{"values":[9]}])", R"([{"name":"x"},{},{},{"count":4}])", "[]", three_items}) {
    jsonx::decode(again, items);
    EXPECT_EQ(items, jsonx::decode<std::vector<item>>(again)) << again;
  }
}

TEST(BindElementReuse, StringsKeepTheirMemory) {
  std::vector<item> items = jsonx::decode<std::vector<item>>(three_items);
  const char* buffer = items[0].name.data();
  const std::size_t capacity = items[0].name.capacity();
  jsonx::decode(R"([{"name":"another long name, shorter than the first"}])", items);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].name, "another long name, shorter than the first");
  EXPECT_EQ(items[0].name.data(), buffer);
  EXPECT_EQ(items[0].name.capacity(), capacity);
  EXPECT_EQ(items[0].count, 7);
}

TEST(BindElementReuse, StructsThatCannotBeCopied) {
  auto owners = jsonx::decode<std::vector<owner>>(
      R"([{"label":"first","owned":{"name":"o","count":3},"inline_item":{"count":5,"values":[1]}}])");
  ASSERT_TRUE(owners[0].owned);
  owners[0].label.assign(100, 'x');
  const char* label_buffer = owners[0].label.data();
  jsonx::decode(R"([{"label":"second"},{"owned":null}])", owners);
  EXPECT_EQ(owners[0].label.data(), label_buffer);  // reset member by member, not replaced
  ASSERT_EQ(owners.size(), 2u);
  EXPECT_EQ(owners[0].label, "second");
  EXPECT_FALSE(owners[0].owned);
  EXPECT_EQ(owners[0].inline_item, item{});
  EXPECT_EQ(owners[1].label, "");
}

TEST(BindElementReuse, TypesResetByAssigningANewElement) {
  auto defaults = jsonx::decode<std::vector<with_defaults>>(R"([{"values":[5],"name":"n"}])");
  jsonx::decode(R"([{"name":"m"}])", defaults);
  EXPECT_EQ(defaults, (std::vector<with_defaults>{{{1, 2}, "m"}}));

  auto parts = jsonx::decode<std::vector<partly_described>>(R"([{"shown":"a"}])");
  parts[0].hidden = "changed";
  jsonx::decode(R"([{"shown":"b"}])", parts);
  EXPECT_EQ(parts[0].shown, "b");
  EXPECT_EQ(parts[0].hidden, "h");
}

TEST(BindElementReuse, NestedVectorsAndChunks) {
  using grid = std::vector<std::vector<std::string>>;
  grid g = jsonx::decode<grid>(R"([["a","b","c"],["d"],[]])");
  const std::string again = R"([["x"],["y","z"]])";
  jsonx::decode_error error;
  ASSERT_TRUE(jsonx::test::decode_chunked(again, g, jsonx::test::chunking::fixed(3), error))
      << error.message();
  EXPECT_EQ(g, (grid{{"x"}, {"y", "z"}}));
}

TEST(BindElementReuse, AFailureDropsTheElementsNotReached) {
  std::vector<item> items = jsonx::decode<std::vector<item>>(three_items);
  jsonx::decode_error error;
  EXPECT_FALSE(jsonx::decode(R"([{"name":"only"},{"count":"wrong"}])", items, error));
  EXPECT_EQ(error.path, "/1/count");
  ASSERT_EQ(items.size(), 2u);  // the third element, from before, is gone
  EXPECT_EQ(items[0].name, "only");
  EXPECT_EQ(items[0].count, 7);
  // With the decoder, across chunks, and a parse error.
  jsonx::typed_decoder<std::vector<item>> d(items);
  EXPECT_TRUE(d.feed(R"([{"name":"p"},{"na)", error));
  EXPECT_FALSE(d.finish(error));
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[1], item{});
}

TEST(BindElementReuse, TheTwitterModelDecodedAgain) {
  const std::optional<std::string> text = jsonx::corpus::load("twitter.json");
  if (!text) GTEST_SKIP() << "twitter.json is not in " << jsonx::corpus::directory();
  using jsonx::models::twitter::document;
  auto reused = std::make_unique<document>();
  jsonx::decode(*text, *reused);
  // Every member kind of the model (strings, optionals, unique_ptr, nested structs, arrays)
  // brought back to a new element's state.
  const std::string small =
      R"({"statuses":[{"id":1,"user":{"id":2,"entities":{"description":{"urls":[]}}}},{"text":"t"}]})";
  jsonx::decode(small, *reused);
  auto fresh = std::make_unique<document>();
  jsonx::decode(small, *fresh);
  fresh->search_metadata = reused->search_metadata;  // absent: left as it was, by policy
  EXPECT_TRUE(jsonx::models::equal(*reused, *fresh));
  jsonx::decode(*text, *reused);
  auto full = std::make_unique<document>();
  jsonx::decode(*text, *full);
  EXPECT_TRUE(jsonx::models::equal(*reused, *full));
}

}  // namespace
