// Limits and hostile input: overflow, wrong types everywhere, deep nesting (decoding and
// encoding recursive types), huge arrays into fixed-size and bounded targets, huge strings.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace limits_test {

struct node {
  int value = 0;
  std::unique_ptr<node> next;
};
JSONX_DESCRIBE(node, value, next)

struct record {
  std::uint32_t id = 0;
  std::string name;
  std::vector<double> scores;
  std::map<std::string, bool> flags;
};
JSONX_DESCRIBE(record, id, name, scores, flags)

std::string nested_nodes(std::size_t depth) {
  std::string json;
  for (std::size_t i = 0; i < depth; ++i) json += R"({"value":1,"next":)";
  json += "null";
  json.append(depth, '}');
  return json;
}

}  // namespace limits_test

namespace {

using jsonx::bind_errc;
using jsonx::test::expect_decode_failure;
using namespace limits_test;

TEST(BindLimits, WrongTypesEverywhere) {
  const char* values[] = {"null",   "true", "-1", "1.5", "99999999999999999999",
                          R"("s")", "[]",   "{}"};
  for (const char* v : values) {
    for (const char* field : {"id", "name", "scores", "flags"}) {
      const std::string json = std::string(R"({")") + field + R"(":)" + v + "}";
      record r;
      jsonx::decode_error error;
      const bool ok = jsonx::decode(json, r, error);
      // Only the right type passes; every failure is a binding error at the field.
      const std::string f = field;
      const std::string value = v;
      const bool right = (f == "name" && value == R"("s")") || (f == "scores" && value == "[]") ||
                         (f == "flags" && value == "{}");
      EXPECT_EQ(ok, right) << json;
      if (!ok) {
        EXPECT_EQ(error.code.category(), jsonx::bind_category()) << json;
        EXPECT_EQ(error.path, "/" + f) << json;
      }
    }
  }
}

TEST(BindLimits, DeepNestingIsRejectedByTheParserLimit) {
  // Within the limit, a recursive type decodes and encodes at any depth.
  const std::string deep = nested_nodes(900);
  node n = jsonx::decode<node>(deep);
  EXPECT_EQ(jsonx::encode(n), deep);
  // Beyond it: a clean parse error, no stack overflow.
  // The path is the chain of "next" members down to where the parser stopped.
  auto is_chain_of_next = [](const std::string& path, std::size_t min_links) {
    if (path.size() % 5 != 0 || path.size() / 5 < min_links) return false;
    for (std::size_t i = 0; i < path.size(); i += 5)
      if (path.compare(i, 5, "/next") != 0) return false;
    return true;
  };
  node target;
  jsonx::decode_error error;
  EXPECT_FALSE(jsonx::decode(nested_nodes(5000), target, error));
  EXPECT_EQ(error.code, jsonx::parse_errc::depth_limit);
  EXPECT_TRUE(is_chain_of_next(error.path, 1000)) << error.path.size();
  jsonx::decode_options shallow;
  shallow.parse.max_depth = 10;
  EXPECT_TRUE(jsonx::decode(nested_nodes(10), target, error, shallow)) << error.message();
  EXPECT_FALSE(jsonx::decode(nested_nodes(11), target, error, shallow));
  EXPECT_EQ(error.code, jsonx::parse_errc::depth_limit);
  EXPECT_TRUE(is_chain_of_next(error.path, 9)) << error.path;
  // Skipped values too are bounded by the parser; the path is the skipped member's.
  std::string skipped = R"({"unknown":)" + std::string(5000, '[') + std::string(5000, ']') + "}";
  expect_decode_failure<record>(skipped, jsonx::parse_errc::depth_limit, "/unknown");
}

TEST(BindLimits, DeepEncodingIsRejectedByTheEncodeLimit) {
  auto n = std::make_unique<node>();
  node* tail = n.get();
  for (int i = 0; i < 3000; ++i) {
    tail->next = std::make_unique<node>();
    tail = tail->next.get();
  }
  jsonx::encode_options options;
  std::string out;
  jsonx::encode_error error;
  EXPECT_FALSE(jsonx::encode(*n, out, error, options));
  EXPECT_EQ(error.code, bind_errc::depth_limit);
  EXPECT_EQ(error.path.size(), 1024 * std::string("/next").size());
  options.max_depth = 4000;
  EXPECT_TRUE(jsonx::encode(*n, out, error, options)) << error.message();
  // Unlink iteratively: a 3000-deep destructor recursion is fine, but keep the test cheap.
  while (n->next) n = std::move(n->next);
}

TEST(BindLimits, HugeArrays) {
  std::string huge = "[";
  for (int i = 0; i < 1000000; ++i) huge += i == 0 ? "1" : ",1";
  huge += "]";
  // A fixed-size target stops at the first element too many.
  auto error = expect_decode_failure<std::array<int, 4>>(huge, bind_errc::wrong_array_size, "");
  EXPECT_LT(error.offset, 16u) << "stopped at the fifth element, not at the end";
  // A bounded growing target stops at its limit.
  jsonx::decode_options bounded;
  bounded.max_elements = 1000;
  expect_decode_failure<std::vector<int>>(huge, bind_errc::too_many_elements, "", bounded);
  // Unbounded: all of it.
  EXPECT_EQ(jsonx::decode<std::vector<int>>(huge).size(), 1000000u);
  // Into a struct's field: the path says where.
  expect_decode_failure<record>(R"({"scores":)" + huge + "}", bind_errc::too_many_elements,
                                "/scores", bounded);
}

TEST(BindLimits, HugeStringsAndTokenLimit) {
  const std::string big(1 << 20, 'x');
  EXPECT_EQ(jsonx::decode<std::string>("\"" + big + "\"").size(), big.size());
  jsonx::decode_options small_tokens;
  small_tokens.parse.max_token_size = 1000;
  expect_decode_failure<record>(R"({"name":")" + big + "\"}", jsonx::parse_errc::token_size_limit,
                                "/name", small_tokens);
}

TEST(BindLimits, OverflowInEveryPosition) {
  expect_decode_failure<record>(R"({"id":4294967296})", bind_errc::integer_out_of_range, "/id");
  expect_decode_failure<record>(R"({"scores":[1,1e999]})", bind_errc::number_out_of_range,
                                "/scores/1");
  expect_decode_failure<std::map<std::string, std::vector<std::int8_t>>>(
      R"({"a":[1,128]})", bind_errc::integer_out_of_range, "/a/1");
  expect_decode_failure<std::vector<std::array<std::uint16_t, 2>>>(
      "[[1,2],[3,-1]]", bind_errc::integer_out_of_range, "/1/1");
}

}  // namespace
