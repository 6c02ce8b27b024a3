// Errors: the JSON Pointer path, what was expected and what was found (as text, as the C++
// type and as the JSON kind), the location (whole and byte by byte), the categories (binding
// errors apart from parse errors), the error-code and exception flavours.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
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

// ---- every error fully described: code, JSON Pointer, the C++ type expected, the JSON kind
// found, byte offset, line and column; the same whether the input comes whole or byte by byte.

namespace error_test {

struct small {
  std::int32_t a = 0;
};
JSONX_DESCRIBE(small, a)

struct pair_of_fields {
  std::int32_t a = 0;
  std::int32_t b = 0;
};
JSONX_DESCRIBE(pair_of_fields, a, b)

struct settings {
  std::uint8_t level = 0;
  std::optional<double> ratio;
  std::array<std::int32_t, 2> size{};
  std::map<std::string, std::vector<std::int32_t>> groups;
  std::map<std::int32_t, bool> flags;
  std::vector<small> items;
};
JSONX_DESCRIBE(settings, level, ratio, size, groups, flags, items)

}  // namespace error_test

namespace {

using jsonx::json_kind;
using jsonx::test::chunking;
using jsonx::test::decode_chunked;

struct expected_error {
  std::error_code code;
  std::string path;
  std::string expected_type;  // empty for parse errors
  json_kind found_kind;       // none for parse errors
  std::uint64_t offset;
  std::uint64_t line;
  std::uint64_t column;
};

// Decodes `json` into a fresh T whole, then byte by byte: both fail with exactly `want`, and
// with the same texts.
template <class T>
void expect_full_error(std::string_view json, const expected_error& want,
                       const jsonx::decode_options& options = {}) {
  SCOPED_TRACE(std::string(json));
  T whole_target{};
  jsonx::decode_error whole;
  ASSERT_FALSE(jsonx::decode(json, whole_target, whole, options));
  EXPECT_EQ(whole.code, want.code) << whole.message();
  EXPECT_EQ(whole.path, want.path) << whole.message();
  EXPECT_EQ(whole.expected_type, want.expected_type) << whole.message();
  EXPECT_EQ(whole.found_kind, want.found_kind) << jsonx::json_kind_name(whole.found_kind);
  EXPECT_EQ(whole.offset, want.offset) << whole.message();
  EXPECT_EQ(whole.line, want.line) << whole.message();
  EXPECT_EQ(whole.column, want.column) << whole.message();
  if (want.found_kind == json_kind::none) {
    EXPECT_TRUE(whole.expected.empty());
  } else {
    EXPECT_FALSE(whole.expected.empty());
    EXPECT_FALSE(whole.found.empty());
  }

  T bytes_target{};
  jsonx::decode_error bytes;
  ASSERT_FALSE(decode_chunked(json, bytes_target, chunking::fixed(1), bytes, options));
  EXPECT_EQ(bytes.code, whole.code);
  EXPECT_EQ(bytes.path, whole.path);
  EXPECT_EQ(bytes.expected_type, whole.expected_type);
  EXPECT_EQ(bytes.found_kind, whole.found_kind);
  EXPECT_EQ(bytes.offset, whole.offset);
  EXPECT_EQ(bytes.line, whole.line);
  EXPECT_EQ(bytes.column, whole.column);
  EXPECT_EQ(bytes.expected, whole.expected);
  EXPECT_EQ(bytes.found, whole.found);
}

std::uint64_t offset_of(std::string_view json, std::string_view what) {
  return json.find(what);
}

TEST(BindErrorDetails, WrongKindOfValue) {
  const std::string_view json = R"({"statuses":[{"text":"a"},{"text":1}]})";
  expect_full_error<timeline>(json, {bind_errc::type_mismatch, "/statuses/1/text", "std::string",
                                     json_kind::number, offset_of(json, "1}"), 1, 35});
  const std::string_view nested = "{\n  \"statuses\": [\n    {\"user\": [true]}\n  ]\n}";
  expect_full_error<timeline>(
      nested, {bind_errc::type_mismatch, "/statuses/0/user", "error_test::user", json_kind::array,
               offset_of(nested, "[true"), 3, 14});
  const std::string_view optional = R"({"ratio": "half"})";
  expect_full_error<error_test::settings>(
      optional, {bind_errc::type_mismatch, "/ratio", "std::optional<double>", json_kind::string,
                 offset_of(optional, "\"half"), 1, 11});
}

TEST(BindErrorDetails, NumberOutOfRange) {
  const std::string_view json = R"({"level": 300})";
  expect_full_error<error_test::settings>(
      json, {bind_errc::integer_out_of_range, "/level", "std::uint8_t", json_kind::number,
             offset_of(json, "300"), 1, 11});
  const std::string_view big = "[1e999]";
  expect_full_error<std::vector<double>>(
      big, {bind_errc::number_out_of_range, "/0", "double", json_kind::number, 1, 1, 2});
}

TEST(BindErrorDetails, MissingField) {
  jsonx::decode_options options;
  options.missing_fields = jsonx::missing_field_policy::error;
  // Found at the object's end: the object's path and type, the closing brace's place.
  const std::string_view json = "[{\"a\": 1, \"b\": 2},\n {\"b\": 3}]";
  expect_full_error<std::vector<error_test::pair_of_fields>>(
      json,
      {bind_errc::missing_field, "/1", "error_test::pair_of_fields", json_kind::object,
       json.size() - 2, 2, 9},
      options);
}

TEST(BindErrorDetails, UnknownFieldWhenUnknownFieldsAreErrors) {
  jsonx::decode_options options;
  options.unknown_fields = jsonx::unknown_field_policy::error;
  const std::string_view json = R"({"items": [{"a": 1, "zz": 2}]})";
  expect_full_error<error_test::settings>(
      json,
      {bind_errc::unknown_field, "/items/0/zz", "error_test::small", json_kind::string,
       offset_of(json, "\"zz"), 1, 21},
      options);
}

TEST(BindErrorDetails, DuplicateFieldErrorsAtTheLastOne) {
  // The last duplicate wins, so it is decoded, and its error reported at its own place.
  const std::string_view json = R"({"a": 1, "a": "x"})";
  expect_full_error<error_test::small>(json, {bind_errc::type_mismatch, "/a", "std::int32_t",
                                              json_kind::string, offset_of(json, "\"x"), 1, 15});
}

TEST(BindErrorDetails, ContainerTooLongOrOfTheWrongLength) {
  jsonx::decode_options options;
  options.max_elements = 2;
  const std::string_view json = R"({"items": [{}, {}, {}]})";
  expect_full_error<error_test::settings>(
      json,
      {bind_errc::too_many_elements, "/items", "std::vector<error_test::small>", json_kind::array,
       offset_of(json, "{}]"), 1, 20},
      options);
  const std::string_view map = R"({"groups": {"x": [], "y": [], "z": []}})";
  expect_full_error<error_test::settings>(
      map,
      {bind_errc::too_many_elements, "/groups", "std::map<std::string, std::vector<std::int32_t>>",
       json_kind::object, offset_of(map, "\"z"), 1, 31},
      options);
  const std::string_view three = R"({"size": [1, 2, 3]})";
  expect_full_error<error_test::settings>(
      three, {bind_errc::wrong_array_size, "/size", "std::array<std::int32_t, 2>", json_kind::array,
              offset_of(three, "3]"), 1, 17});
  const std::string_view one = R"({"size": [1]})";
  expect_full_error<error_test::settings>(
      one, {bind_errc::wrong_array_size, "/size", "std::array<std::int32_t, 2>", json_kind::array,
            offset_of(one, "]}"), 1, 12});
}

TEST(BindErrorDetails, ErrorsInsideNestedContainers) {
  const std::string_view json = R"({"groups": {"a": [1], "b/c": [2, "x"]}})";
  expect_full_error<error_test::settings>(
      json, {bind_errc::type_mismatch, "/groups/b~1c/1", "std::int32_t", json_kind::string,
             offset_of(json, "\"x"), 1, 34});
  const std::string_view key = R"({"flags": {"1": true, "one": false}})";
  expect_full_error<error_test::settings>(
      key, {bind_errc::invalid_map_key, "/flags/one", "std::int32_t", json_kind::string,
            offset_of(key, "\"one"), 1, 23});
}

TEST(BindErrorDetails, ParseErrorInsideASkippedUnknownMember) {
  // The path is the skipped member's, not the field before it; the offset the bad byte's.
  const std::string_view json = R"({"a": 1, "y": -x})";
  expect_full_error<error_test::small>(json, {jsonx::parse_errc::invalid_number, "/y", "",
                                              json_kind::none, offset_of(json, "x}"), 1, 16});
  // Deeper inside the skipped value: still the member's path (skipped values are not followed).
  const std::string_view deep = "{\"a\": 1,\n \"y\": {\"z\": [1, tru]}}";
  expect_full_error<error_test::small>(deep, {jsonx::parse_errc::invalid_literal, "/y", "",
                                              json_kind::none, offset_of(deep, "tru"), 2, 17});
  // A skipped first member, and a member name to escape.
  const std::string_view first = R"({"~y/": [1,, 2], "a": 1})";
  expect_full_error<error_test::small>(first, {jsonx::parse_errc::expected_value, "/~0y~1", "",
                                               json_kind::none, offset_of(first, ", 2"), 1, 12});
}

TEST(BindErrorDetails, AfterASkippedMemberTheNextFieldIsFoundAndBlamed) {
  // Known fields after an unknown one decode, whichever order they come in...
  error_test::pair_of_fields p;
  jsonx::decode_error error;
  ASSERT_TRUE(jsonx::decode(R"({"a": 1, "y": [2], "b": 3})", p, error)) << error.message();
  EXPECT_EQ(p.a, 1);
  EXPECT_EQ(p.b, 3);
  ASSERT_TRUE(jsonx::decode(R"({"y": 0, "a": 4, "z": {}, "b": 5})", p, error)) << error.message();
  EXPECT_EQ(p.a, 4);
  EXPECT_EQ(p.b, 5);
  ASSERT_TRUE(jsonx::decode(R"({"b": 6, "y": 0, "a": 7})", p, error)) << error.message();
  EXPECT_EQ(p.a, 7);
  EXPECT_EQ(p.b, 6);
  // ...and an error in one of them is reported at its own path, not the skipped key's.
  const std::string_view json = R"({"a": 1, "y": [2], "b": "3"})";
  expect_full_error<error_test::pair_of_fields>(
      json, {bind_errc::type_mismatch, "/b", "std::int32_t", json_kind::string,
             offset_of(json, "\"3"), 1, 25});
  const std::string_view cut = R"({"y": [2], "a": [)";
  expect_full_error<error_test::pair_of_fields>(
      cut,
      {bind_errc::type_mismatch, "/a", "std::int32_t", json_kind::array, cut.size() - 1, 1, 17});
}

TEST(BindErrorDetails, KindNamesAndTheMessage) {
  EXPECT_EQ(jsonx::json_kind_name(json_kind::none), "none");
  EXPECT_EQ(jsonx::json_kind_name(json_kind::boolean), "boolean");
  EXPECT_EQ(jsonx::json_kind_name(json_kind::object), "object");
  auto error =
      expect_decode_failure<std::vector<bool>>("[true, 2]", bind_errc::type_mismatch, "/1");
  EXPECT_EQ(error.expected_type, "bool");
  EXPECT_EQ(error.found_kind, json_kind::number);
  auto tuple_error = expect_decode_failure<std::pair<std::int64_t, std::string>>(
      "[1, 2]", bind_errc::type_mismatch, "/1");
  EXPECT_EQ(tuple_error.expected_type, "std::string");
  auto whole = expect_decode_failure<std::pair<std::int64_t, std::string>>(
      "[1]", bind_errc::wrong_array_size, "");
  EXPECT_EQ(whole.expected_type, "std::pair<std::int64_t, std::string>");
}

}  // namespace
