// decode_options::remaining_members = remaining_member_policy::skip: once an object has given
// every field of its struct a value, the rest of the object is passed over by the parser
// (skip_answer::value_and_rest). What it changes (the first of repeated keys wins,
// unknown keys after the last field are not seen), what it does not (the values decoded from
// documents without repeated keys, the parse errors and their offsets, the checks of
// parse.skipped_values), whole, at every split and in snapshots.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/equal.hpp"
#include "jsonx/bind_models/twitter.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace remaining_members_test {

struct pair {
  std::int32_t a = 0;
  std::int32_t b = 0;
  bool operator==(const pair&) const = default;
};
JSONX_DESCRIBE(pair, a, b)

struct inner {
  std::int32_t a = 0;
  bool operator==(const inner&) const = default;
};
JSONX_DESCRIBE(inner, a)

struct outer {
  remaining_members_test::inner in;
  std::int32_t k = 0;
  bool operator==(const outer&) const = default;
};
JSONX_DESCRIBE(outer, in, k)

}  // namespace remaining_members_test

namespace {

using jsonx::remaining_member_policy;
using jsonx::test::chunking;
using remaining_members_test::outer;
using remaining_members_test::pair;

jsonx::decode_options with(remaining_member_policy policy, jsonx::decode_options options = {}) {
  options.remaining_members = policy;
  return options;
}

// Decodes `json` fed in chunks of `chunk` bytes (0: whole) into `out`, each chunk freed after
// its feed (bind_test_support.hpp).
template <class T>
bool decode_in_chunks(std::string_view json, std::size_t chunk,
                      const jsonx::decode_options& options, T& out, jsonx::decode_error& error) {
  const chunking cut = chunk == 0 ? chunking::whole() : chunking::fixed(chunk);
  return jsonx::test::decode_chunked(json, out, cut, error, options);
}

TEST(BindRemainingMembers, DefaultDecodesEveryMember) {
  EXPECT_EQ(jsonx::decode_options{}.remaining_members, remaining_member_policy::decode);
}

TEST(BindRemainingMembers, TheFirstOfRepeatedKeysWinsOnceEveryFieldHasAValue) {
  jsonx::decode_error error;
  pair value;
  const std::string repeated = R"({"a":1,"b":2,"a":3})";
  ASSERT_TRUE(decode_in_chunks(repeated, 0, {}, value, error)) << error.message();
  EXPECT_EQ(value, (pair{3, 2}));  // the default: the last one wins
  ASSERT_TRUE(decode_in_chunks(repeated, 0, with(remaining_member_policy::skip), value, error))
      << error.message();
  EXPECT_EQ(value, (pair{1, 2}));
  // Before every field has a value, a repeated key is read as ever.
  ASSERT_TRUE(decode_in_chunks(std::string(R"({"a":1,"a":3,"b":2})"), 0,
                               with(remaining_member_policy::skip), value, error))
      << error.message();
  EXPECT_EQ(value, (pair{3, 2}));
}

TEST(BindRemainingMembers, UnknownKeysAfterTheLastFieldAreNotSeen) {
  jsonx::decode_options strict;
  strict.unknown_fields = jsonx::unknown_field_policy::error;
  jsonx::decode_error error;
  pair value;
  const std::string after = R"({"a":1,"b":2,"x":0})";
  EXPECT_FALSE(decode_in_chunks(after, 0, strict, value, error));
  EXPECT_EQ(error.code, jsonx::bind_errc::unknown_field) << error.message();
  EXPECT_TRUE(decode_in_chunks(after, 0, with(remaining_member_policy::skip, strict), value, error))
      << error.message();
  EXPECT_EQ(value, (pair{1, 2}));
  // One before the last field still meets the policy.
  const std::string before = R"({"a":1,"x":0,"b":2})";
  EXPECT_FALSE(
      decode_in_chunks(before, 0, with(remaining_member_policy::skip, strict), value, error));
  EXPECT_EQ(error.code, jsonx::bind_errc::unknown_field) << error.message();
  EXPECT_EQ(error.path, "/x");
}

TEST(BindRemainingMembers, OuterObjectsGoOnAfterAnInnerOnesRestAtEverySplit) {
  const std::string json =
      R"({"in":{"a":1,"zz":{"deep":[1,{"x":"y\"}"}]},"yy":[]},"k":5,"more":[{"a":2}]})";
  const std::string array = R"([{"a":1,"b":2,"c":[{}]},{"b":4,"a":3,"a":9},{"a":5}])";
  for (std::size_t chunk = 0; chunk <= json.size(); ++chunk) {
    SCOPED_TRACE(chunk);
    jsonx::decode_error error;
    outer value;
    ASSERT_TRUE(decode_in_chunks(json, chunk, with(remaining_member_policy::skip), value, error))
        << error.message();
    EXPECT_EQ(value, (outer{{1}, 5}));
    std::vector<pair> pairs;
    ASSERT_TRUE(decode_in_chunks(array, chunk, with(remaining_member_policy::skip), pairs, error))
        << error.message();
    EXPECT_EQ(pairs, (std::vector<pair>{{1, 2}, {3, 4}, {5, 0}}));
  }
}

// A parse error in the rest of an object is the full decode's: code, offset, line, column; its
// path is the object's (its frame ended before the error).
TEST(BindRemainingMembers, ErrorsInTheRestAreTheFullDecodes) {
  const std::string cases[] = {
      R"({"in":{"a":1,"x":[1,2,]},"k":5})",        // a trailing comma
      R"({"in":{"a":1,"x":[1,2}},"k":5})",         // a bracket that does not match
      R"({"in":{"a":1,"x":01},"k":5})",            // a bad number
      "{\"in\":{\"a\":1,\"x\":\"\\q\"},\"k\":5}",  // a bad escape
      R"({"in":{"a":1,"x":[1,2)",                  // cut short
  };
  for (const std::string& json : cases) {
    SCOPED_TRACE(json);
    jsonx::decode_error full_error;
    outer value;
    ASSERT_FALSE(decode_in_chunks(json, 0, {}, value, full_error));
    ASSERT_EQ(full_error.code.category(), jsonx::parse_category());
    for (const std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
      SCOPED_TRACE(chunk);
      jsonx::decode_error error;
      EXPECT_FALSE(
          decode_in_chunks(json, chunk, with(remaining_member_policy::skip), value, error));
      EXPECT_EQ(error.code, full_error.code) << error.message();
      EXPECT_EQ(error.offset, full_error.offset);
      EXPECT_EQ(error.line, full_error.line);
      EXPECT_EQ(error.column, full_error.column);
      EXPECT_EQ(error.path, "/in");
    }
  }
}

TEST(BindRemainingMembers, WithOnDemandsGuaranteeTheRestIsCheckedAsSkippedValues) {
  jsonx::decode_options light = with(remaining_member_policy::skip);
  light.parse.skipped_values = jsonx::skip_check::brackets_and_utf8;
  jsonx::decode_error error;
  outer value;
  const std::string unchecked = R"({"in":{"a":1,"x":[01, tru,]},"k":5})";
  EXPECT_FALSE(decode_in_chunks(unchecked, 0, with(remaining_member_policy::skip), value, error));
  for (const std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{3}}) {
    SCOPED_TRACE(chunk);
    ASSERT_TRUE(decode_in_chunks(unchecked, chunk, light, value, error)) << error.message();
    EXPECT_EQ(value, (outer{{1}, 5}));
  }
  const std::string mismatched = R"({"in":{"a":1,"x":[1}},"k":5})";
  EXPECT_FALSE(decode_in_chunks(mismatched, 0, light, value, error));
  EXPECT_EQ(error.code, jsonx::parse_errc::expected_array_comma) << error.message();
  EXPECT_EQ(error.offset, 19u);
}

TEST(BindRemainingMembers, MissingFieldsAreStillReported) {
  jsonx::decode_options options = with(remaining_member_policy::skip);
  options.missing_fields = jsonx::missing_field_policy::error;
  jsonx::decode_error error;
  outer value;
  EXPECT_TRUE(decode_in_chunks(std::string(R"({"in":{"a":1,"z":2},"k":5,"z":3})"), 0, options,
                               value, error))
      << error.message();
  EXPECT_FALSE(
      decode_in_chunks(std::string(R"({"in":{"z":2,"y":[3]},"k":5})"), 0, options, value, error));
  EXPECT_EQ(error.code, jsonx::bind_errc::missing_field) << error.message();
  EXPECT_EQ(error.path, "/in");
}

// A snapshot taken while the rest of an object is passed over shows the object complete.
TEST(BindRemainingMembers, SnapshotsInsideTheRest) {
  const std::string json = R"({"in":{"a":1,"zz":[1,2,{"q":"r"}]},"k":5,"w":0})";
  for (std::size_t cut = 1; cut < json.size(); ++cut) {
    SCOPED_TRACE(cut);
    outer value;
    jsonx::typed_decoder<outer> decoder(value, with(remaining_member_policy::skip));
    jsonx::decode_error error;
    ASSERT_TRUE(decoder.feed(std::string_view(json).substr(0, cut), error)) << error.message();
    ASSERT_TRUE(decoder.partial(jsonx::partial_mode::strict, error)) << error.message();
    const std::size_t rest_begins = json.find("\"zz\"");
    const std::size_t k_ends = json.find("5,") + 2;  // (a number is complete at the byte after it)
    if (cut > rest_begins) EXPECT_EQ(value.in.a, 1);
    EXPECT_EQ(value.k, cut >= k_ends ? 5 : 0);
    ASSERT_TRUE(decoder.feed(std::string_view(json).substr(cut), error)) << error.message();
    ASSERT_TRUE(decoder.finish(error)) << error.message();
    EXPECT_EQ(value, (outer{{1}, 5}));
  }
}

// twitter.json's full model (a partial one: skip_brackets_test.cpp) reads every member:
// with the policy, the same values (twitter.json repeats no key).
TEST(BindRemainingMembers, FullTwitterModelAsTheDefaultDecode) {
  const jsonx::test::named_input* twitter = nullptr;
  for (const auto& file : jsonx::test::corpus_files())
    if (file.name == "twitter.json") twitter = &file;
  if (twitter == nullptr) GTEST_SKIP() << "no twitter.json (JSONX_CORPUS_DIR)";
  jsonx::decode_error error;
  jsonx::models::twitter::document all;
  jsonx::models::twitter::document all_skipping;
  ASSERT_TRUE(decode_in_chunks(twitter->bytes, 0, {}, all, error)) << error.message();
  ASSERT_TRUE(
      decode_in_chunks(twitter->bytes, 0, with(remaining_member_policy::skip), all_skipping, error))
      << error.message();
  EXPECT_TRUE(jsonx::models::equal(all, all_skipping));
}

}  // namespace
