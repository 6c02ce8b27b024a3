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

// One number-conversion rule (jsonx/sax/number_conversion.hpp) for the DOM's accessors and
// typed binding: each number converts to an integer type in both, or in neither, to the same
// value; and fails for the same reason (out of range, or not an integer).
TEST(BindDomTypes, TheDomAndBindingConvertNumbersByOneRule) {
  const char* const numbers[] = {"3",
                                 "3.0",
                                 "3e0",
                                 "300e-2",
                                 "3.5",
                                 "-1",
                                 "-1.0",
                                 "0",
                                 "-0.0",
                                 "1e300",
                                 "1e400",
                                 "255",
                                 "256",
                                 "2.5e2",
                                 "9223372036854775807",
                                 "9223372036854775808",
                                 "1e-400",
                                 "18446744073709551615",
                                 "-9223372036854775808"};
  jsonx::dom::parser parser;
  for (const char* text : numbers) {
    const jsonx::dom::element number = parser.parse(text).root();
    std::error_code dom_ec;
    const std::int64_t from_dom = number.get_int64(dom_ec);
    jsonx::decode_error bind_error;
    std::int64_t from_bind = 0;
    const bool bound = jsonx::decode(text, from_bind, bind_error);
    EXPECT_EQ(!dom_ec, bound) << text << ": dom " << dom_ec.message() << ", bind "
                              << bind_error.message();
    if (bound && !dom_ec) {
      EXPECT_EQ(from_dom, from_bind) << text;
    } else if (dom_ec && !bound) {
      // Out of range in both, or not an integer in both (which the DOM calls number_not_exact
      // and binding, as Go does, a type mismatch).
      EXPECT_EQ(dom_ec == jsonx::dom::access_errc::number_out_of_range,
                bind_error.code == jsonx::bind_errc::integer_out_of_range)
          << text << ": dom " << dom_ec.message() << ", bind " << bind_error.message();
    }
    std::error_code unsigned_ec;
    const std::uint64_t unsigned_from_dom = number.get_uint64(unsigned_ec);
    std::uint64_t unsigned_from_bind = 0;
    const bool unsigned_bound = jsonx::decode(text, unsigned_from_bind, bind_error);
    EXPECT_EQ(!unsigned_ec, unsigned_bound) << text << " as uint64";
    if (unsigned_bound && !unsigned_ec) {
      EXPECT_EQ(unsigned_from_dom, unsigned_from_bind) << text;
    }
  }
}

#else
TEST(BindDomTypes, AValueKeepsAnyPartOfADocument) {
  GTEST_SKIP() << "jsonx_dom is not built: the DOM types are not bound";
}
#endif
