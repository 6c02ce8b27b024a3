// Unknown members are skipped by the parser (decode_handler::skip_next_value): the decoded
// values and the errors (code, path, offset, line, column) are exactly those of the event path,
// where the unknown values arrive as events to a skipping target. The event path is reached by
// parsing through jsonx::dynamic_handler, whose adapter does not pass the question on.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/equal.hpp"
#include "support/feeding.hpp"

namespace skip_unknown_test {

struct inner {
  std::string name;
  std::vector<std::int32_t> values;
};
JSONX_DESCRIBE(inner, name, values)

struct outer {
  std::int64_t id = 0;
  skip_unknown_test::inner inner;
  std::optional<std::string> note;
};
JSONX_DESCRIBE(outer, id, inner, note)

}  // namespace skip_unknown_test

namespace {

using jsonx::test::chunking;
using skip_unknown_test::outer;

static_assert(jsonx::handler_with_skip<jsonx::decode_handler>);
static_assert(!jsonx::handler_with_skip<jsonx::dynamic_handler>);

struct decode_outcome {
  bool ok = false;
  outer value;
  jsonx::decode_error error;
};

// Through push_parser<decode_handler> (unknown values skipped by the parser) or through the
// dynamic_handler adapter (every value an event), fed as `cut` says.
decode_outcome decode_with(std::string_view json, chunking cut, bool parser_skips,
                           const jsonx::decode_options& options = {}) {
  decode_outcome out;
  jsonx::decode_handler handler;
  handler.start(out.value, options);
  jsonx::dynamic_handler_adapter<jsonx::decode_handler> adapter(handler);
  jsonx::push_parser<jsonx::decode_handler> skipping(handler);
  jsonx::push_parser<jsonx::dynamic_handler> events(adapter);
  std::error_code ec;
  std::size_t offset = 0;
  do {
    const std::size_t size = cut.next(offset, json.size() - offset);
    const std::string chunk(json.substr(offset, size));  // gone once fed
    if (parser_skips) {
      skipping.feed(chunk, ec);
    } else {
      events.feed(chunk, ec);
    }
    offset += size;
  } while (!ec && offset < json.size());
  if (!ec) {
    if (parser_skips) {
      skipping.finish(ec);
    } else {
      events.finish(ec);
    }
  }
  out.ok = !ec;
  if (!out.ok) {
    handler.abandon_after_failure();
    out.error = handler.make_error(parser_skips ? skipping.error() : events.error());
  }
  return out;
}

const char* const inputs[] = {
    R"({"id": 7, "x": [1, {"y": "z\u00e9"}, null], "inner": {"a": {"b": []}, "name": "n",)"
    R"( "values": [1, 2], "c": -1.5e3}, "note": "s", "tail": true})",
    R"({"zz": "\ud83d\ude00", "id": 1, "inner": {"name": "\"q\""}, "more": {"id": 99}})",
    R"({"id": 2, "unknown": {"deep": [[[[]]]], "s": "a\\b"}, "note": null})",
    // Errors inside unknown members: the parser's, with the member's path.
    R"({"id": 3, "bad": [1, 2}, "inner": {}})",
    R"({"id": 4, "inner": {"bad": {"k" 1}}})",
    R"({"id": 5, "bad": "\x"})",
    R"({"id": 6, "bad": [01]})",
    R"({"id": 8, "inner": {"q": [tru]}})",
    "{\"id\": 9, \"bad\": \"\xC3\x28\"}",
    R"({"id": 10, "bad": [1, 2)",
    // An error in a known member after unknown ones.
    R"({"x": 1, "id": "str"})",
};

// Every input through both paths at every split, with `options`: the same values and errors.
void check_both_paths(const jsonx::decode_options& options) {
  for (const char* input : inputs) {
    const std::string_view json = input;
    SCOPED_TRACE(json);
    const decode_outcome reference = decode_with(json, chunking::whole(), false, options);
    std::vector<chunking> cuts = {chunking::whole(), chunking::fixed(1)};
    for (std::size_t at = 1; at < json.size(); ++at) cuts.push_back(chunking::split_at(at));
    for (const chunking& cut : cuts) {
      SCOPED_TRACE(cut.describe());
      for (bool parser_skips : {true, false}) {
        const decode_outcome got = decode_with(json, cut, parser_skips, options);
        ASSERT_EQ(got.ok, reference.ok) << got.error.message();
        EXPECT_TRUE(jsonx::models::equal(got.value, reference.value));
        EXPECT_EQ(got.error.code, reference.error.code) << got.error.message();
        EXPECT_EQ(got.error.path, reference.error.path) << got.error.message();
        EXPECT_EQ(got.error.offset, reference.error.offset) << got.error.message();
        EXPECT_EQ(got.error.line, reference.error.line);
        EXPECT_EQ(got.error.column, reference.error.column);
      }
    }
  }
}

TEST(SkipUnknownMembers, SameValuesAndErrorsAsTheEventPathAtEverySplit) {
  check_both_paths({});
  // The checks compare something: a value was decoded and errors have paths.
  const decode_outcome first = decode_with(inputs[0], chunking::whole(), true);
  ASSERT_TRUE(first.ok);
  EXPECT_EQ(first.value.id, 7);
  EXPECT_EQ(first.value.inner.name, "n");
  EXPECT_EQ(first.value.inner.values, (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(first.value.note, "s");
  const decode_outcome bad = decode_with(inputs[4], chunking::whole(), true);
  ASSERT_FALSE(bad.ok);
  EXPECT_EQ(bad.error.path, "/inner/bad");
  EXPECT_EQ(bad.error.code, jsonx::parse_errc::expected_colon);
}

// remaining_members = skip: the parser passes over an object's rest at once; through a parser
// that does not skip (the event path), a frame standing for the rest takes its events. Both
// give the same values and errors.
TEST(SkipUnknownMembers, RemainingMembersSkippedAsOnTheEventPathAtEverySplit) {
  jsonx::decode_options options;
  options.remaining_members = jsonx::remaining_member_policy::skip;
  check_both_paths(options);
  // The rest is skipped on both paths: "more" comes after every field of the document.
  for (bool parser_skips : {true, false}) {
    const decode_outcome got = decode_with(
        R"({"id":1,"inner":{"name":"n","values":[2],"x":[1,{"id":5}]},"note":"s","id":9})",
        chunking::whole(), parser_skips, options);
    ASSERT_TRUE(got.ok) << got.error.message();
    EXPECT_EQ(got.value.id, 1);  // the first of repeated keys
    EXPECT_EQ(got.value.inner.values, (std::vector<std::int32_t>{2}));
    EXPECT_EQ(got.value.note, "s");
    const decode_outcome bad = decode_with(R"({"id":1,"inner":{"name":"n","values":[],"x":[1}}})",
                                           chunking::whole(), parser_skips, options);
    ASSERT_FALSE(bad.ok);
    EXPECT_EQ(bad.error.path, "/inner");
    EXPECT_EQ(bad.error.code, jsonx::parse_errc::expected_array_comma);
  }
}

}  // namespace
