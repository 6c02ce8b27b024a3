// Errors: the JSON Pointer path, what was expected and what was found, the location, the
// categories (binding errors apart from parse errors), the error-code and exception flavours.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <system_error>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace error_test {

struct user {
  std::uint64_t id = 0;
  std::string screen_name;
};
JSONX_DESCRIBE(user, id, screen_name)

struct status {
  std::string text;
  error_test::user user;
};
JSONX_DESCRIBE(status, text, user)

struct timeline {
  std::vector<status> statuses;
};
JSONX_DESCRIBE(timeline, statuses)

}  // namespace error_test

namespace {

using error_test::timeline;
using jsonx::bind_errc;
using jsonx::test::expect_decode_failure;

const char* const four_statuses =
    R"({"statuses":[{"text":"a","user":{"id":1}},{"text":"b","user":{"id":2}},{"text":"c","user":{"id":3}},
  {"text":"d","user":{"id":-4,"screen_name":"x"}}]})";

TEST(BindErrors, PathExpectedFoundAndLocation) {
  auto error = expect_decode_failure<timeline>(four_statuses, bind_errc::integer_out_of_range,
                                               "/statuses/3/user/id");
  EXPECT_EQ(error.expected, "an integer in [0, 18446744073709551615]");
  EXPECT_EQ(error.found, "-4");
  EXPECT_EQ(error.line, 2u);
  EXPECT_EQ(error.column, 28u);
  EXPECT_EQ(error.offset, std::string_view(four_statuses).find("-4"));
  EXPECT_EQ(error.message(),
            "/statuses/3/user/id: integer out of the target type's range: expected an integer in "
            "[0, 18446744073709551615], found -4 (line 2, column 28, byte " +
                std::to_string(error.offset) + ")");
}

TEST(BindErrors, FoundDescribesEachKindOfValue) {
  struct expectation {
    const char* json;
    const char* found;
  };
  for (const expectation& e : std::initializer_list<expectation>{
           {"null", "null"},
           {"true", "true"},
           {"-1.5e3", "-1.5e3"},
           {R"("a\"b\n")", R"(the string "a\"b\u000a")"},
           {"{}", "an object"},
           {R"("0123456789012345678901234567890123456789é")",
            R"(the string "0123456789012345678901234567890123456789"...)"},
       }) {
    auto error = expect_decode_failure<std::vector<int>>(e.json, bind_errc::type_mismatch, "");
    EXPECT_EQ(error.found, e.found) << e.json;
  }
  auto error = expect_decode_failure<int>("[]", bind_errc::type_mismatch, "");
  EXPECT_EQ(error.found, "an array");
}

TEST(BindErrors, BindingErrorsHaveTheirOwnCategory) {
  const std::error_code code = jsonx::bind_errc::type_mismatch;
  EXPECT_STREQ(code.category().name(), "jsonx.bind");
  EXPECT_EQ(code.message(), "the JSON value has the wrong type");
  EXPECT_NE(code.category(), jsonx::parse_category());
  for (int e = 0; e <= static_cast<int>(bind_errc::depth_limit); ++e)
    EXPECT_FALSE(jsonx::bind_category().message(e).empty());
}

TEST(BindErrors, ParseErrorsKeepTheParseCategoryAndGetAPath) {
  auto error = expect_decode_failure<timeline>(R"({"statuses":[{"text":"a","user":{"id":1,}}]})",
                                               jsonx::parse_errc::expected_key_after_comma,
                                               "/statuses/0/user/id");
  EXPECT_EQ(error.code.category(), jsonx::parse_category());
  EXPECT_NE(error.message().find("expected a string key after ','"), std::string::npos)
      << error.message();
  EXPECT_TRUE(error.expected.empty());
  expect_decode_failure<timeline>(R"({"statuses":[)", jsonx::parse_errc::incomplete_input,
                                  "/statuses");
  expect_decode_failure<int>("12 13", jsonx::parse_errc::trailing_content, "");
  expect_decode_failure<int>("", jsonx::parse_errc::incomplete_input, "");
}

TEST(BindErrors, ErrorCodeAndExceptionFlavours) {
  timeline t;
  std::error_code ec;
  EXPECT_FALSE(jsonx::decode(four_statuses, t, ec));
  EXPECT_EQ(ec, bind_errc::integer_out_of_range);
  EXPECT_TRUE(jsonx::decode(R"({"statuses":[]})", t, ec));
  EXPECT_FALSE(ec);

  try {
    jsonx::decode<timeline>(four_statuses);
    FAIL() << "no exception";
  } catch (const jsonx::decode_exception& e) {
    EXPECT_EQ(e.code(), bind_errc::integer_out_of_range);
    EXPECT_EQ(e.error().path, "/statuses/3/user/id");
    EXPECT_NE(std::string(e.what()).find("/statuses/3/user/id: integer out of"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(jsonx::decode(R"({"statuses":[1]})", t), jsonx::decode_exception);
  // A parse error thrown as a decode_exception too (one exception type for decode).
  EXPECT_THROW(jsonx::decode<timeline>("{"), jsonx::decode_exception);

  std::vector<double> bad{1.0, std::numeric_limits<double>::quiet_NaN()};
  EXPECT_THROW(jsonx::encode(bad), jsonx::encode_exception);
  std::string out;
  jsonx::encode_error encode_error;
  EXPECT_FALSE(jsonx::encode(bad, out, encode_error));
  EXPECT_EQ(encode_error.code, jsonx::write_errc::non_finite_number);
  EXPECT_EQ(encode_error.path, "/1");
  EXPECT_EQ(encode_error.message().substr(0, 4), "/1: ");
  EXPECT_FALSE(jsonx::encode(bad, out, ec));
  EXPECT_EQ(ec, jsonx::write_errc::non_finite_number);
}

TEST(BindErrors, EncodeErrorPaths) {
  std::map<std::string, std::vector<std::string>> invalid{{"ok", {"a"}}, {"k/x", {"b", "\xFF"}}};
  jsonx::encode_error error;
  std::string out;
  EXPECT_FALSE(jsonx::encode(invalid, out, error));
  EXPECT_EQ(error.code, jsonx::write_errc::invalid_utf8);
  EXPECT_EQ(error.path, "/k~1x/1");
}

TEST(BindErrors, AFailedDecoderKeepsFailing) {
  timeline t;
  jsonx::typed_decoder<timeline> d(t);
  jsonx::decode_error error;
  EXPECT_FALSE(d.feed(R"({"statuses":[{"text":1,)", error));
  EXPECT_EQ(error.code, bind_errc::type_mismatch);
  EXPECT_TRUE(d.failed());
  jsonx::decode_error again;
  EXPECT_FALSE(d.feed("}]}", again));
  EXPECT_TRUE(again.code);
  // reset() makes it usable again.
  d.reset(t);
  EXPECT_TRUE(d.decode(R"({"statuses":[{"text":"ok"}]})", error)) << error.message();
  EXPECT_EQ(t.statuses.at(0).text, "ok");
}

}  // namespace

namespace {

// After an error the target holds what was decoded before it: a valid value (every member
// and element a complete object), not all-or-nothing.
TEST(BindErrors, AnErrorMidContainerLeavesTheValueDecodedSoFar) {
  timeline t;
  t.statuses.resize(9);  // replaced by the array that appears
  jsonx::decode_error error;
  EXPECT_FALSE(jsonx::decode(four_statuses, t, error));
  ASSERT_EQ(t.statuses.size(), 4u);
  EXPECT_EQ(t.statuses[2].user.id, 3u);
  EXPECT_EQ(t.statuses[3].text, "d");
  EXPECT_EQ(t.statuses[3].user.screen_name, "");  // after the failing member: not reached
  // A parse error cut in the middle of a string leaves the members before it.
  EXPECT_FALSE(jsonx::decode(R"({"statuses":[{"text":"e"},{"text":"f)", t, error));
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  ASSERT_EQ(t.statuses.size(), 2u);
  EXPECT_EQ(t.statuses[0].text, "e");
  EXPECT_EQ(error.path, "/statuses/1/text");
  // The value stays usable: it encodes, and decoding into it again works.
  EXPECT_EQ(jsonx::encode(t.statuses[0].user), R"({"id":0,"screen_name":""})");
  EXPECT_TRUE(jsonx::decode(R"({"statuses":[]})", t, error)) << error.message();
  EXPECT_TRUE(t.statuses.empty());
}

}  // namespace
