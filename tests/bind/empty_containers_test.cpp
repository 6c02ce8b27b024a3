// Empty arrays taken whole (decode_handler::on_empty_array): a member written "[]" empties its
// sequence without a frame; the result, the recycling of the elements it held and every error
// are those of the two events ("[ ]", or a cut between the brackets, still sends them).
#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace empty_containers_test {

struct item {
  std::string name;
  std::vector<int> values;
  friend bool operator==(const item&, const item&) = default;
};
JSONX_DESCRIBE(item, name, values)

struct holder {
  std::vector<item> items;
  std::vector<int> ints;
  std::optional<std::vector<int>> maybe;
  std::map<std::string, std::vector<int>> by_name;
  std::deque<int> queue;
  std::vector<bool> bits;
  std::vector<std::vector<int>> nested;
  friend bool operator==(const holder&, const holder&) = default;
};
JSONX_DESCRIBE(holder, items, ints, maybe, by_name, queue, bits, nested)

struct fixed {
  std::vector<int> before;
  std::array<int, 2> pair{};
};
JSONX_DESCRIBE(fixed, before, pair)

// The rules the fast path is meant to take, and those it is not (they take the two events).
static_assert(jsonx::detail::takes_empty_array<jsonx::detail::decoder_of<std::vector<item>>>());
static_assert(jsonx::detail::takes_empty_array<jsonx::detail::decoder_of<std::deque<int>>>());
static_assert(
    jsonx::detail::takes_empty_array<jsonx::detail::decoder_of<std::optional<std::vector<int>>>>());
static_assert(!jsonx::detail::takes_empty_array<jsonx::detail::decoder_of<std::array<int, 2>>>());

}  // namespace empty_containers_test

namespace {

using namespace empty_containers_test;
using jsonx::test::chunking;

const std::string full =
    R"({"items":[{"name":"a name too long for a small string buffer","values":[1,2]},)"
    R"({"name":"b","values":[3]}],"ints":[4,5],"maybe":[6],"by_name":{"x":[7],"y":[]},)"
    R"("queue":[8],"bits":[true],"nested":[[9],[]]})";
const std::string empties =
    R"({"items":[],"ints":[],"maybe":[],"by_name":{"x":[],"z":[]},"queue":[],"bits":[],)"
    R"("nested":[]})";

TEST(BindEmptyContainers, EmptyMembersEmptyTheTargetAtEveryCut) {
  const holder expected = jsonx::decode<holder>(empties);
  EXPECT_TRUE(expected.items.empty() && expected.ints.empty() && expected.queue.empty() &&
              expected.bits.empty() && expected.nested.empty());
  ASSERT_TRUE(expected.maybe.has_value());
  EXPECT_TRUE(expected.maybe->empty());
  EXPECT_EQ(expected.by_name, (std::map<std::string, std::vector<int>>{{"x", {}}, {"z", {}}}));

  std::vector<chunking> cuts = {chunking::whole(), chunking::fixed(1), chunking::fixed(5)};
  for (std::size_t at = 0; at <= empties.size(); ++at) cuts.push_back(chunking::split_at(at));
  for (const chunking& cut : cuts) {
    holder target = jsonx::decode<holder>(full);  // every member full before
    jsonx::decode_error error;
    ASSERT_TRUE(jsonx::test::decode_chunked(empties, target, cut, error))
        << cut.describe() << ": " << error.message();
    EXPECT_EQ(target, expected) << cut.describe();
    // And back: the emptied members fill again.
    ASSERT_TRUE(jsonx::test::decode_chunked(full, target, cut, error)) << error.message();
    EXPECT_EQ(target, jsonx::decode<holder>(full)) << cut.describe();
  }
}

TEST(BindEmptyContainers, TheElementsOfAnEmptiedVectorAreRecycled) {
  // Whole ("[]") or as two events ("[ ]"), an emptied vector's elements go to the decoder's
  // recycler with their strings' memory, and the next elements come from there.
  for (const char* emptied : {R"({"items":[]})", R"({"items":[ ]})"}) {
    holder target;
    jsonx::typed_decoder<holder> decoder(target);
    jsonx::decode_error error;
    ASSERT_TRUE(decoder.decode(full, error)) << error.message();
    const char* buffer = target.items[0].name.data();
    ASSERT_TRUE(decoder.decode(emptied, error)) << error.message();
    EXPECT_TRUE(target.items.empty()) << emptied;
    ASSERT_TRUE(decoder.decode(R"({"items":[{"name":"x"}]})", error)) << error.message();
    ASSERT_EQ(target.items.size(), 1u);
    EXPECT_EQ(target.items[0], (item{"x", {}})) << emptied;
    EXPECT_EQ(target.items[0].name.data(), buffer) << emptied;
  }
}

TEST(BindEmptyContainers, ErrorsAreThoseOfTheTwoEvents) {
  // A fixed-size array takes "[]" as its two events: the size error, at its path.
  for (const char* json : {R"({"before":[],"pair":[]})", R"({"before":[ ],"pair":[ ]})"}) {
    const jsonx::decode_error error = jsonx::test::expect_decode_failure<fixed>(
        json, jsonx::bind_errc::wrong_array_size, "/pair");
    EXPECT_EQ(error.found_kind, jsonx::json_kind::array) << json;
  }
  // An array where an object is expected, "[]" or not.
  for (const char* json : {R"({"items":[[]]})", R"({"items":[{"name":[]}]})"}) {
    jsonx::decode_error whole_error;
    holder target;
    EXPECT_FALSE(jsonx::decode(json, target, whole_error)) << json;
    EXPECT_EQ(whole_error.code, jsonx::bind_errc::type_mismatch) << json;
    // The same error, offset included, when the brackets are cut apart (two events).
    const std::string text = json;
    holder cut_target;
    jsonx::decode_error cut_error;
    EXPECT_FALSE(jsonx::test::decode_chunked(text, cut_target,
                                             chunking::split_at(text.find("[]") + 1), cut_error));
    EXPECT_EQ(cut_error.code, whole_error.code) << json;
    EXPECT_EQ(cut_error.path, whole_error.path) << json;
    EXPECT_EQ(cut_error.offset, whole_error.offset) << json;
  }
  // Too many elements: the limit counts an empty array element like any other.
  jsonx::decode_options options;
  options.max_elements = 1;
  holder target;
  jsonx::decode_error error;
  EXPECT_FALSE(jsonx::decode(R"({"nested":[[],[]]})", target, error, options));
  EXPECT_EQ(error.code, jsonx::bind_errc::too_many_elements);
  EXPECT_EQ(error.path, "/nested");
}

TEST(BindEmptyContainers, AnUnknownMembersEmptyValueIsSkipped) {
  holder target;
  jsonx::decode_error error;
  ASSERT_TRUE(jsonx::decode(R"({"unknown":[],"other":{},"ints":[1]})", target, error))
      << error.message();
  EXPECT_EQ(target.ints, std::vector<int>{1});
  // The depth limit holds for a skipped empty value as for any container ("[ ]" goes the
  // general way): found by the fuzzer, the skip was taken before the limit was checked.
  jsonx::decode_options shallow;
  shallow.parse.max_depth = 1;
  for (const char* json : {R"({"unknown":[]})", R"({"unknown":[ ]})", R"({"ints":[]})"}) {
    EXPECT_FALSE(jsonx::decode(json, target, error, shallow)) << json;
    EXPECT_EQ(error.code, jsonx::parse_errc::depth_limit) << json;
    EXPECT_EQ(error.offset, std::string_view(json).find('[')) << json;
  }
  jsonx::decode_options strict;
  strict.unknown_fields = jsonx::unknown_field_policy::error;
  EXPECT_FALSE(jsonx::decode(R"({"unknown":[]})", target, error, strict));
  EXPECT_EQ(error.code, jsonx::bind_errc::unknown_field);
}

}  // namespace
