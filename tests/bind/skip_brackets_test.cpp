// Typed decoding with parse_options::skipped_values = skip_check::brackets_and_utf8: the values
// of unknown members are passed over as simdjson On-Demand does. A partial model of every
// twitter status decodes to exactly what the fully validating decode gives, whole and in
// chunks (and with remaining_members = skip too); what the option leaves unchecked is
// accepted, what it checks is still an error.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace skip_brackets_test {

struct user {
  std::string screen_name;
  bool operator==(const user&) const = default;
};
JSONX_DESCRIBE(user, screen_name)

struct status {
  std::uint64_t id = 0;
  std::string text;
  skip_brackets_test::user user;
  bool operator==(const status&) const = default;
};
JSONX_DESCRIBE(status, id, text, user)

struct timeline {
  std::vector<status> statuses;
  bool operator==(const timeline&) const = default;
};
JSONX_DESCRIBE(timeline, statuses)

}  // namespace skip_brackets_test

namespace {

using jsonx::test::chunking;
using skip_brackets_test::timeline;

jsonx::decode_options brackets_only() {
  jsonx::decode_options options;
  options.parse.skipped_values = jsonx::skip_check::brackets_and_utf8;
  return options;
}

// Decodes `json` fed in chunks of `chunk` bytes (0: whole) into `out`.
bool decode_in_chunks(std::string_view json, std::size_t chunk,
                      const jsonx::decode_options& options, timeline& out,
                      jsonx::decode_error& error) {
  jsonx::typed_decoder<timeline> decoder(out, options);
  if (chunk == 0) return decoder.decode(json, error);
  for (std::size_t at = 0; at < json.size(); at += chunk)
    if (!decoder.feed(json.substr(at, chunk), error)) return false;
  return decoder.finish(error);
}

TEST(BindSkipBrackets, PartialTwitterModelAsTheFullDecode) {
  const jsonx::test::named_input* twitter = nullptr;
  for (const auto& file : jsonx::test::corpus_files())
    if (file.name == "twitter.json") twitter = &file;
  if (twitter == nullptr) GTEST_SKIP() << "no twitter.json (JSONX_CORPUS_DIR)";
  timeline full;
  jsonx::decode_error error;
  ASSERT_TRUE(decode_in_chunks(twitter->bytes, 0, {}, full, error)) << error.message();
  ASSERT_EQ(full.statuses.size(), 100u);
  for (const std::size_t chunk :
       {std::size_t{0}, std::size_t{1} << 16, std::size_t{4093}, std::size_t{61}, std::size_t{1}}) {
    SCOPED_TRACE(chunk);
    timeline light;
    ASSERT_TRUE(decode_in_chunks(twitter->bytes, chunk, brackets_only(), light, error))
        << error.message();
    EXPECT_TRUE(light == full);
    // With the members after each object's last field passed over too (either check of what
    // is skipped; twitter.json repeats no key): the same values.
    for (jsonx::decode_options options : {jsonx::decode_options{}, brackets_only()}) {
      options.remaining_members = jsonx::remaining_member_policy::skip;
      timeline fewer;
      ASSERT_TRUE(decode_in_chunks(twitter->bytes, chunk, options, fewer, error))
          << error.message();
      EXPECT_TRUE(fewer == full);
    }
  }
}

TEST(BindSkipBrackets, UncheckedInsideUnknownMembersCheckedElsewhere) {
  // A bad number and a missing comma in an unknown member's array: only the full decode
  // looks there.
  const std::string unchecked =
      R"({"statuses":[{"id":7,"entities":{"urls":[01 tru]},"text":"t","user":{"screen_name":"s"}}]})";
  timeline value;
  jsonx::decode_error error;
  EXPECT_FALSE(decode_in_chunks(unchecked, 0, {}, value, error));
  for (const std::size_t chunk : {std::size_t{0}, std::size_t{5}, std::size_t{1}}) {
    SCOPED_TRACE(chunk);
    ASSERT_TRUE(decode_in_chunks(unchecked, chunk, brackets_only(), value, error))
        << error.message();
    ASSERT_EQ(value.statuses.size(), 1u);
    EXPECT_EQ(value.statuses[0].id, 7u);
    EXPECT_EQ(value.statuses[0].text, "t");
    EXPECT_EQ(value.statuses[0].user.screen_name, "s");
  }
  // A bracket that does not match, and a known member's bad value, are still errors.
  const std::string mismatched = R"({"statuses":[{"id":7,"entities":{"urls":[1}}]})";
  const std::string bad_known = R"({"statuses":[{"id":07,"entities":{}}]})";
  for (const std::string* json : {&mismatched, &bad_known}) {
    SCOPED_TRACE(*json);
    for (const std::size_t chunk : {std::size_t{0}, std::size_t{1}}) {
      EXPECT_FALSE(decode_in_chunks(*json, chunk, brackets_only(), value, error));
      EXPECT_EQ(error.code.category(), jsonx::parse_category()) << error.message();
    }
  }
}

}  // namespace
