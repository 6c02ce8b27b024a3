// Encoding: compact and pretty layout, the writer's escaping options, omit-if-empty and
// omit-if-null, writing into a writer mid-document and into sinks, and that what is written
// decodes back to an equal value.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/encode/output_sink.hpp"

namespace encode_test {

struct item {
  std::string name;
  std::vector<int> sizes;
  std::optional<double> price;
  std::map<std::string, std::string> labels;
  friend bool operator==(const item&, const item&) = default;
};
JSONX_DESCRIBE(item, name, sizes, price, labels)

struct sparse {
  std::string a;
  std::vector<int> b;
  std::optional<int> c;
  std::optional<std::string> d;
  std::map<std::string, int> e;
  int f = 0;
  std::optional<int> g;
};
constexpr auto jsonx_describe(const sparse*) {
  return jsonx::fields(
      jsonx::field("a", &sparse::a).omit_empty(), jsonx::field("b", &sparse::b).omit_empty(),
      jsonx::field("c", &sparse::c).omit_empty(), jsonx::field("d", &sparse::d).omit_null(),
      jsonx::field("e", &sparse::e).omit_null(),   // a map is never null
      jsonx::field("f", &sparse::f).omit_empty(),  // nor is a number empty
      jsonx::field("g", &sparse::g));
}

}  // namespace encode_test

namespace {

using namespace encode_test;

const item sample{"<b>&\xE2\x80\xA8\xC3\xA9", {1, 2}, 9.5, {{"k", "v"}}};

TEST(BindEncode, CompactAndPretty) {
  EXPECT_EQ(jsonx::encode(sample),
            "{\"name\":\"<b>&\xE2\x80\xA8\xC3\xA9\",\"sizes\":[1,2],\"price\":9.5,\"labels\":{"
            "\"k\":\"v\"}}");
  jsonx::encode_options pretty;
  pretty.write = jsonx::write_options::pretty(2);
  EXPECT_EQ(jsonx::encode(item{"x", {1}, std::nullopt, {}}, pretty),
            "{\n  \"name\": \"x\",\n  \"sizes\": [\n    1\n  ],\n  \"price\": null,\n  \"labels\": "
            "{}\n}");
}

TEST(BindEncode, EscapingOptions) {
  jsonx::encode_options options;
  options.write.escape_html = true;
  options.write.escape_line_separators = true;
  options.write.ascii_only = true;
  EXPECT_EQ(jsonx::encode(sample.name, options), R"("\u003cb\u003e\u0026\u2028\u00e9")");
  // Whatever the options, it decodes back to the same value.
  EXPECT_EQ(jsonx::decode<item>(jsonx::encode(sample, options)), sample);
}

TEST(BindEncode, OmitEmptyAndOmitNull) {
  EXPECT_EQ(jsonx::encode(sparse{}), R"({"e":{},"f":0,"g":null})");
  sparse full{"x", {1}, 2, "y", {{"k", 1}}, 3, 4};
  EXPECT_EQ(jsonx::encode(full), R"({"a":"x","b":[1],"c":2,"d":"y","e":{"k":1},"f":3,"g":4})");
}

TEST(BindEncode, IntoAWriterMidDocument) {
  std::string out;
  jsonx::writer w(out);
  jsonx::encode_error error;
  ASSERT_TRUE(w.on_array_begin());
  ASSERT_TRUE(jsonx::encode(sample, w, error));
  ASSERT_TRUE(jsonx::encode(std::vector<int>{7}, w, error));
  ASSERT_TRUE(w.on_array_end());
  ASSERT_TRUE(w.finish());
  auto back = jsonx::decode<std::tuple<item, std::vector<int>>>(out);
  EXPECT_EQ(std::get<0>(back), sample);
  EXPECT_EQ(std::get<1>(back), std::vector<int>{7});
}

TEST(BindEncode, IntoASink) {
  std::ostringstream stream;
  jsonx::ostream_sink sink(stream);
  jsonx::encode_error error;
  ASSERT_TRUE(jsonx::encode(sample, sink, error)) << error.message();
  EXPECT_EQ(jsonx::decode<item>(stream.str()), sample);
}

TEST(BindEncode, AppendsToTheString) {
  // As the writer, dom::to_string, minify and pretty do: every API that writes into a
  // caller's string appends.
  std::string out = "previous ";
  jsonx::encode(std::vector<int>{1}, out);
  EXPECT_EQ(out, "previous [1]");
  jsonx::encode_error error;
  EXPECT_TRUE(jsonx::encode(std::vector<int>{2}, out, error));
  EXPECT_EQ(out, "previous [1][2]");
}

TEST(BindEncode, LargeValueRoundTrip) {
  std::vector<item> items;
  for (int i = 0; i < 5000; ++i)
    items.push_back({"item " + std::to_string(i),
                     std::vector<int>(i % 7, i),
                     i * 0.25,
                     {{"n", std::to_string(i)}}});
  const std::string json = jsonx::encode(items);
  EXPECT_EQ(jsonx::decode<std::vector<item>>(json), items);
  jsonx::encode_options pretty;
  pretty.write = jsonx::write_options::pretty(4);
  EXPECT_EQ(jsonx::decode<std::vector<item>>(jsonx::encode(items, pretty)), items);
}

}  // namespace
