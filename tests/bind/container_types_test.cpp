// Containers: vector, deque, list, vector<bool>, std::array, tuple and pair, map and
// unordered_map with string, integer and enum keys; replacement of existing contents.
#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <list>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace container_test {
enum class fruit { apple, pear };
JSONX_DESCRIBE_ENUM(fruit, apple, pear)
}  // namespace container_test

namespace {

using jsonx::bind_errc;
using jsonx::test::expect_decode_failure;

TEST(BindContainers, Sequences) {
  EXPECT_EQ(jsonx::decode<std::vector<int>>("[1, 2, 3]"), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(jsonx::decode<std::deque<std::string>>(R"(["a","b"])"),
            (std::deque<std::string>{"a", "b"}));
  EXPECT_EQ(jsonx::decode<std::list<double>>("[0.5, 2]"), (std::list<double>{0.5, 2}));
  EXPECT_EQ(jsonx::decode<std::vector<int>>("[]"), std::vector<int>{});
  EXPECT_EQ(jsonx::decode<std::vector<std::vector<int>>>("[[1],[],[2,3]]"),
            (std::vector<std::vector<int>>{{1}, {}, {2, 3}}));
  EXPECT_EQ(jsonx::encode(std::vector<int>{1, 2, 3}), "[1,2,3]");
  EXPECT_EQ(jsonx::encode(std::deque<std::string>{"a"}), R"(["a"])");
  EXPECT_EQ(jsonx::encode(std::list<double>{0.5}), "[0.5]");
  EXPECT_EQ(jsonx::encode(std::vector<std::vector<int>>{{}, {1}}), "[[],[1]]");

  auto error =
      expect_decode_failure<std::vector<int>>("[1, 2, \"x\"]", bind_errc::type_mismatch, "/2");
  EXPECT_EQ(error.found, R"(the string "x")");
  expect_decode_failure<std::vector<int>>("{}", bind_errc::type_mismatch, "");
  expect_decode_failure<std::vector<std::vector<int>>>("[[1],[2,[3]]]", bind_errc::type_mismatch,
                                                       "/1/1");
}

TEST(BindContainers, AnArrayReplacesTheContents) {
  std::vector<int> v{9, 9, 9, 9};
  jsonx::decode("[1]", v);
  EXPECT_EQ(v, std::vector<int>{1});
  std::map<std::string, int> m{{"old", 1}};
  jsonx::decode(R"({"new":2})", m);
  EXPECT_EQ(m, (std::map<std::string, int>{{"new", 2}}));
}

TEST(BindContainers, VectorOfBool) {
  EXPECT_EQ(jsonx::decode<std::vector<bool>>("[true,false,true]"),
            (std::vector<bool>{true, false, true}));
  EXPECT_EQ(jsonx::encode(std::vector<bool>{false, true}), "[false,true]");
  expect_decode_failure<std::vector<bool>>("[true, 1]", bind_errc::type_mismatch, "/1");
}

TEST(BindContainers, FixedSizeArrays) {
  EXPECT_EQ((jsonx::decode<std::array<int, 3>>("[1,2,3]")), (std::array<int, 3>{1, 2, 3}));
  EXPECT_EQ(jsonx::encode(std::array<int, 2>{4, 5}), "[4,5]");
  EXPECT_EQ((jsonx::decode<std::array<int, 0>>("[]")), (std::array<int, 0>{}));
  auto fewer = expect_decode_failure<std::array<int, 3>>("[1,2]", bind_errc::wrong_array_size, "");
  EXPECT_EQ(fewer.expected, "an array of 3 elements");
  EXPECT_EQ(fewer.found, "an array of 2 elements");
  auto more =
      expect_decode_failure<std::array<int, 3>>("[1,2,3,4]", bind_errc::wrong_array_size, "");
  EXPECT_EQ(more.found, "an array of more than 3 elements");
  expect_decode_failure<std::array<int, 2>>("[1,true]", bind_errc::type_mismatch, "/1");
  expect_decode_failure<std::vector<std::array<int, 1>>>("[[1],[2,3]]", bind_errc::wrong_array_size,
                                                         "/1");
}

TEST(BindContainers, TuplesAndPairs) {
  using row = std::tuple<int, std::string, bool>;
  EXPECT_EQ(jsonx::decode<row>(R"([1,"a",true])"), row(1, "a", true));
  EXPECT_EQ(jsonx::encode(row(2, "b", false)), R"([2,"b",false])");
  using pair = std::pair<std::string, double>;
  EXPECT_EQ(jsonx::decode<pair>(R"(["x",0.5])"), pair("x", 0.5));
  EXPECT_EQ(jsonx::encode(pair("y", 1.5)), R"(["y",1.5])");
  EXPECT_EQ(jsonx::decode<std::tuple<>>("[]"), std::tuple<>());
  expect_decode_failure<row>(R"([1,"a"])", bind_errc::wrong_array_size, "");
  expect_decode_failure<row>(R"([1,"a",true,4])", bind_errc::wrong_array_size, "");
  auto error = expect_decode_failure<row>(R"([1,2,true])", bind_errc::type_mismatch, "/1");
  EXPECT_EQ(error.expected, "a string");
  // Nested containers inside a tuple.
  using nested = std::tuple<std::vector<int>, std::map<std::string, int>>;
  EXPECT_EQ(jsonx::decode<nested>(R"([[1,2],{"a":1}])"),
            nested({1, 2}, std::map<std::string, int>{{"a", 1}}));
}

TEST(BindContainers, MapsWithStringKeys) {
  using map = std::map<std::string, int>;
  EXPECT_EQ(jsonx::decode<map>(R"({"b":2,"a":1,"a\/b~":3})"),
            (map{{"a", 1}, {"b", 2}, {"a/b~", 3}}));
  EXPECT_EQ(jsonx::encode(map{{"b", 2}, {"a", 1}}), R"({"a":1,"b":2})");
  using unordered = std::unordered_map<std::string, std::vector<int>>;
  unordered u = jsonx::decode<unordered>(R"({"x":[1],"y":[]})");
  EXPECT_EQ(u.size(), 2u);
  EXPECT_EQ(u.at("x"), std::vector<int>{1});
  EXPECT_EQ(jsonx::decode<unordered>(jsonx::encode(u)), u);
  // The path escapes '/' and '~' as JSON Pointer says.
  expect_decode_failure<map>(R"({"a/b~":"x"})", bind_errc::type_mismatch, "/a~1b~0");
  expect_decode_failure<map>("[]", bind_errc::type_mismatch, "");
}

TEST(BindContainers, MapsWithIntegerKeys) {
  using map = std::map<std::int64_t, std::string>;
  EXPECT_EQ(jsonx::decode<map>(R"({"-5":"a","12":"b"})"), (map{{-5, "a"}, {12, "b"}}));
  EXPECT_EQ(jsonx::encode(map{{12, "b"}, {-5, "a"}}), R"({"-5":"a","12":"b"})");
  using small = std::map<std::uint8_t, int>;
  auto error = expect_decode_failure<small>(R"({"256":1})", bind_errc::invalid_map_key, "/256");
  EXPECT_EQ(error.expected, "a key that is an integer in [0, 255]");
  EXPECT_EQ(error.found, R"(the string "256")");
  const std::pair<const char*, const char*> bad_keys[] = {
      {R"({"":1})", "/"},     {R"({"1.5":1})", "/1.5"}, {R"({" 1":1})", "/ 1"},
      {R"({"+1":1})", "/+1"}, {R"({"-1":1})", "/-1"},   {R"({"1x":1})", "/1x"}};
  for (const auto& [json, path] : bad_keys)
    expect_decode_failure<small>(json, bind_errc::invalid_map_key, path);
  using unordered = std::unordered_map<int, int>;
  EXPECT_EQ(jsonx::decode<unordered>(R"({"1":2})").at(1), 2);
  // Error paths inside an integer-keyed map name the key.
  expect_decode_failure<map>(R"({"7":1})", bind_errc::type_mismatch, "/7");
}

TEST(BindContainers, MapsWithEnumKeys) {
  using container_test::fruit;
  using map = std::map<fruit, int>;
  EXPECT_EQ(jsonx::decode<map>(R"({"pear":2,"apple":1})"),
            (map{{fruit::apple, 1}, {fruit::pear, 2}}));
  EXPECT_EQ(jsonx::encode(map{{fruit::pear, 2}}), R"({"pear":2})");
  expect_decode_failure<map>(R"({"plum":2})", bind_errc::invalid_map_key, "/plum");
  expect_decode_failure<map>(R"({"pear":true})", bind_errc::type_mismatch, "/pear");
}

TEST(BindContainers, DuplicateMapKeysLastWins) {
  using map = std::map<std::string, std::vector<int>>;
  EXPECT_EQ(jsonx::decode<map>(R"({"a":[1,2],"b":[3],"a":[4]})"), (map{{"a", {4}}, {"b", {3}}}));
}

}  // namespace
