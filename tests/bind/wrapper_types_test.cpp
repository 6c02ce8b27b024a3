// Types around another: std::optional (null or absent), std::unique_ptr and std::shared_ptr,
// std::variant (the alternative chosen by the JSON type), recursive types, nested structs,
// and raw_json (a value's text kept unparsed).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace wrapper_test {

struct inner {
  int x = 0;
  friend bool operator==(const inner&, const inner&) = default;
};
JSONX_DESCRIBE(inner, x)

struct holder {
  std::optional<int> maybe = 5;
  std::unique_ptr<inner> owned;
  std::shared_ptr<inner> shared;
  std::optional<inner> nested;
};
JSONX_DESCRIBE(holder, maybe, owned, shared, nested)

struct tree {
  std::string name;
  std::vector<tree> children;
  std::unique_ptr<tree> next;
};
JSONX_DESCRIBE(tree, name, children, next)

struct envelope {
  std::string kind;
  jsonx::raw_json payload;
  std::optional<jsonx::raw_json> extra;
};
JSONX_DESCRIBE(envelope, kind, payload, extra)

}  // namespace wrapper_test

namespace {

using jsonx::bind_errc;
using jsonx::test::expect_decode_failure;
using namespace wrapper_test;

TEST(BindWrappers, OptionalNullOrAbsent) {
  holder h = jsonx::decode<holder>(R"({"nested":{"x":3}})");
  EXPECT_EQ(h.maybe, 5) << "absent: left as it was";
  EXPECT_EQ(h.nested, inner{3});
  jsonx::decode(R"({"maybe":null,"nested":null})", h);
  EXPECT_EQ(h.maybe, std::nullopt) << "null: emptied";
  EXPECT_EQ(h.nested, std::nullopt);
  jsonx::decode(R"({"maybe":7})", h);
  EXPECT_EQ(h.maybe, 7);
  EXPECT_EQ(jsonx::decode<std::optional<std::string>>("null"), std::nullopt);
  EXPECT_EQ(jsonx::decode<std::optional<std::string>>(R"("s")"), "s");
  EXPECT_EQ(jsonx::encode(std::optional<int>()), "null");
  EXPECT_EQ(jsonx::encode(std::optional<int>(4)), "4");
  auto error =
      expect_decode_failure<holder>(R"({"maybe":"x"})", bind_errc::type_mismatch, "/maybe");
  EXPECT_EQ(error.expected, "null or an integer in [-2147483648, 2147483647]");
}

TEST(BindWrappers, SmartPointers) {
  holder h = jsonx::decode<holder>(R"({"owned":{"x":1},"shared":{"x":2}})");
  ASSERT_TRUE(h.owned);
  ASSERT_TRUE(h.shared);
  EXPECT_EQ(h.owned->x, 1);
  EXPECT_EQ(h.shared->x, 2);
  EXPECT_EQ(jsonx::encode(h), R"({"maybe":5,"owned":{"x":1},"shared":{"x":2},"nested":null})");
  jsonx::decode(R"({"owned":null})", h);
  EXPECT_FALSE(h.owned);
  EXPECT_TRUE(h.shared);
  EXPECT_EQ(*jsonx::decode<std::unique_ptr<int>>("3"), 3);
  EXPECT_EQ(jsonx::decode<std::shared_ptr<int>>("null"), nullptr);
  expect_decode_failure<holder>(R"({"owned":{"x":[]}})", bind_errc::type_mismatch, "/owned/x");
}

TEST(BindWrappers, RecursiveTypes) {
  const std::string json =
      R"({"name":"a","children":[{"name":"b","children":[],"next":null}],"next":{"name":"c","children":[],"next":null}})";
  tree t = jsonx::decode<tree>(json);
  EXPECT_EQ(t.name, "a");
  ASSERT_EQ(t.children.size(), 1u);
  EXPECT_EQ(t.children[0].name, "b");
  ASSERT_TRUE(t.next);
  EXPECT_EQ(t.next->name, "c");
  EXPECT_EQ(jsonx::encode(t), json);
  expect_decode_failure<tree>(R"({"next":{"next":{"children":[{"name":1}]}}})",
                              bind_errc::type_mismatch, "/next/next/children/0/name");
}

TEST(BindWrappers, VariantChosenByJsonType) {
  using any = std::variant<std::monostate, bool, std::int64_t, double, std::string,
                           std::vector<int>, std::map<std::string, int>>;
  EXPECT_EQ(jsonx::decode<any>("null").index(), 0u);
  EXPECT_EQ(jsonx::decode<any>("true"), any(true));
  EXPECT_EQ(jsonx::decode<any>("12"), any(std::int64_t{12}));
  EXPECT_EQ(jsonx::decode<any>("1.5"), any(1.5));
  EXPECT_EQ(jsonx::decode<any>("1e2"), any(100.0));
  EXPECT_EQ(jsonx::decode<any>(R"("s")"), any(std::string("s")));
  EXPECT_EQ(jsonx::decode<any>("[1,2]"), any(std::vector<int>{1, 2}));
  EXPECT_EQ(jsonx::decode<any>(R"({"k":1})"), any(std::map<std::string, int>{{"k", 1}}));
  // A big integer: the double alternative takes it.
  EXPECT_EQ(jsonx::decode<any>("100000000000000000000"), any(1e20));
  EXPECT_EQ(jsonx::encode(any(std::string("x"))), R"("x")");
  EXPECT_EQ(jsonx::encode(any(std::int64_t{3})), "3");
  EXPECT_EQ(jsonx::encode(any()), "null");

  // Integers go to an integer alternative even when a double comes first; fractions to the
  // double one.
  using number = std::variant<double, int>;
  EXPECT_EQ(jsonx::decode<number>("7").index(), 1u);
  EXPECT_EQ(jsonx::decode<number>("7.5").index(), 0u);
  // Without a double alternative a fraction is refused by the integer one.
  using whole = std::variant<std::string, int>;
  expect_decode_failure<whole>("7.5", bind_errc::type_mismatch, "");
  auto error = expect_decode_failure<whole>("true", bind_errc::type_mismatch, "");
  EXPECT_EQ(error.expected, "a string or an integer in [-2147483648, 2147483647]");
  // Structs and maps: the first one that takes objects.
  using shaped = std::variant<std::vector<int>, inner>;
  EXPECT_EQ(jsonx::decode<shaped>(R"({"x":4})"), shaped(inner{4}));
}

TEST(BindWrappers, RawJsonCapturesAnyValue) {
  envelope e = jsonx::decode<envelope>(
      R"({"kind":"k","payload": { "a" : [1, 2.50, -0, 1e400, "\u00e9\n", true, null, {}] , "b":{"c":[]}},"extra":"x"})");
  EXPECT_EQ(e.kind, "k");
  // Compact, numbers exactly as written, strings re-escaped minimally.
  EXPECT_EQ(e.payload.text, R"({"a":[1,2.50,-0,1e400,"é\n",true,null,{}],"b":{"c":[]}})");
  ASSERT_TRUE(e.extra);
  EXPECT_EQ(e.extra->text, R"("x")");
  // Scalars of every kind.
  for (const char* scalar : {"null", "true", "false", "-12", "18446744073709551615", "1.25e-3",
                             "123456789012345678901234567890", R"("a\"b")"}) {
    EXPECT_EQ(jsonx::decode<jsonx::raw_json>(scalar).text, scalar);
  }
  EXPECT_EQ(jsonx::decode<jsonx::raw_json>(R"(["\/"])").text, R"(["/"])");
  // Encoding writes the text verbatim; an empty raw_json is null.
  EXPECT_EQ(
      jsonx::encode(e),
      R"({"kind":"k","payload":{"a":[1,2.50,-0,1e400,"é\n",true,null,{}],"b":{"c":[]}},"extra":"x"})");
  EXPECT_EQ(jsonx::encode(envelope{}), R"({"kind":"","payload":null,"extra":null})");
  // optional<raw_json>: null empties the optional rather than capturing "null".
  jsonx::decode(R"({"extra":null})", e);
  EXPECT_FALSE(e.extra);
  // Several captures in one document, in arrays.
  auto list = jsonx::decode<std::vector<jsonx::raw_json>>(R"([{"a":1}, [2], 3])");
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0].text, R"({"a":1})");
  EXPECT_EQ(list[1].text, "[2]");
  EXPECT_EQ(list[2].text, "3");
}

TEST(BindWrappers, NestedStructs) {
  using map = std::map<std::string, inner>;
  EXPECT_EQ(jsonx::decode<map>(R"({"a":{"x":1},"b":{"x":2,"y":3}})"),
            (map{{"a", {1}}, {"b", {2}}}));
  expect_decode_failure<map>(R"({"a":{"x":1},"b":[]})", bind_errc::type_mismatch, "/b");
}

}  // namespace
