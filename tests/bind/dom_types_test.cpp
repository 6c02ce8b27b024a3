// The DOM types as binding targets (jsonx/bind/dom.hpp): a dom::value member keeps any part
// of a document as a mutable tree; values, elements and documents encode.
#include <gtest/gtest.h>

#if JSONX_BIND_TESTS_WITH_DOM
#include <optional>
#include <string>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/dom.hpp"
#include "jsonx/dom/parser.hpp"

namespace dom_types_test {

struct message {
  std::string type;
  jsonx::dom::value body;
  std::optional<jsonx::dom::value> extra;
};
JSONX_DESCRIBE(message, type, body, extra)

struct struct_with_number {
  int count = 0;
  jsonx::dom::value body;
};
JSONX_DESCRIBE(struct_with_number, count, body)

}  // namespace dom_types_test

namespace {

using dom_types_test::message;
using dom_types_test::struct_with_number;

const char* const sample =
    R"({"type":"t","body":{"a":[1,-2,2.5,"x\n",null,true,18446744073709551615,123456789012345678901234567890,{"k":{}}],"a":3},"extra":null})";

TEST(BindDomTypes, AValueKeepsAnyPartOfADocument) {
  message m = jsonx::decode<message>(sample);
  EXPECT_EQ(m.type, "t");
  ASSERT_TRUE(m.body.is_object());
  EXPECT_EQ(m.body.size(), 2u) << "duplicate keys are kept, as in the DOM";
  EXPECT_EQ(m.body.at("a").get_int64(), 3) << "lookups find the last";
  const jsonx::dom::value& list = m.body.as_object().begin()->value;
  ASSERT_EQ(list.size(), 9u);
  EXPECT_EQ(list.at(1).get_int64(), -2);
  EXPECT_EQ(list.at(2).get_double(), 2.5);
  EXPECT_EQ(list.at(3).get_string(), "x\n");
  EXPECT_TRUE(list.at(4).is_null());
  EXPECT_TRUE(list.at(5).get_bool());
  EXPECT_EQ(list.at(6).get_uint64(), 18446744073709551615u);
  EXPECT_EQ(list.at(7).get_raw_number(), "123456789012345678901234567890");
  EXPECT_TRUE(list.at(8).at("k").is_object());
  EXPECT_FALSE(m.extra.has_value());
  // Encoding writes it back as it was.
  EXPECT_EQ(jsonx::encode(m), sample);
  // The same as what the DOM parser builds.
  jsonx::dom::parser parser;
  EXPECT_TRUE(m.body == jsonx::dom::value(parser.parse(sample).root().at("body")));
}

TEST(BindDomTypes, RawNumbersInDomValues) {
  jsonx::decode_options options;
  options.raw_numbers_in_dom_values = true;
  struct_with_number m;
  jsonx::decode_error error;
  ASSERT_TRUE(jsonx::decode(R"({"count":7,"body":[1.50,-0,1e2,{"n":12}]})", m, error, options))
      << error.message();
  EXPECT_EQ(m.count, 7);  // a typed member still converts
  EXPECT_EQ(m.body.at(0).get_raw_number(), "1.50");
  EXPECT_EQ(m.body.at(1).get_raw_number(), "-0");
  EXPECT_EQ(m.body.at(2).get_raw_number(), "1e2");
  EXPECT_EQ(m.body.at(3).at("n").get_raw_number(), "12");
  EXPECT_EQ(jsonx::encode(m), R"({"count":7,"body":[1.50,-0,1e2,{"n":12}]})");
  // Without the option: converted.
  ASSERT_TRUE(jsonx::decode(R"({"count":7,"body":[1.50]})", m, error));
  EXPECT_EQ(m.body.at(0).get_double(), 1.5);
}

TEST(BindDomTypes, InContainersAndChunks) {
  const std::string json = R"([1,[2,[3]],{"a":{"b":[4]}},"s"])";
  auto values = jsonx::decode<std::vector<jsonx::dom::value>>(json);
  ASSERT_EQ(values.size(), 4u);
  EXPECT_EQ(values[2].at_pointer("/a/b/0").get_int64(), 4);
  EXPECT_EQ(jsonx::encode(values), json);
  for (std::size_t cut = 0; cut <= json.size(); ++cut) {
    std::vector<jsonx::dom::value> chunked;
    jsonx::decode_error error;
    ASSERT_TRUE(
        jsonx::test::decode_chunked(json, chunked, jsonx::test::chunking::split_at(cut), error));
    ASSERT_EQ(jsonx::encode(chunked), json) << cut;
  }
}

TEST(BindDomTypes, ParseErrorsInsideATreeHaveAPath) {
  message m;
  jsonx::decode_error error;
  EXPECT_FALSE(jsonx::decode(R"({"type":"t","body":{"a":[1,2.5,)", m, error));
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  EXPECT_EQ(error.path, "/body/a/1");
}

TEST(BindDomTypes, ElementsAndDocumentsEncode) {
  jsonx::dom::parser parser;
  const jsonx::dom::document& doc = parser.parse(R"({"x":[1,{"y":null}]})");
  EXPECT_EQ(jsonx::encode(doc), R"({"x":[1,{"y":null}]})");
  EXPECT_EQ(jsonx::encode(doc.root().at("x")), R"([1,{"y":null}])");
  std::vector<jsonx::dom::element> parts{doc.root().get("x", 0), doc.root().get("x", 1)};
  EXPECT_EQ(jsonx::encode(parts), R"([1,{"y":null}])");
}

}  // namespace
#else
TEST(BindDomTypes, AValueKeepsAnyPartOfADocument) {
  GTEST_SKIP() << "jsonx_dom is not built: the DOM types are not bound";
}
#endif
