// Policies: unknown fields (ignored by default, or an error), missing fields (left as they
// are by default, or an error except for optional ones), duplicate keys (the last wins).
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace policy_test {

struct point {
  int x = -1;
  int y = -1;
  std::optional<int> z;
};
JSONX_DESCRIBE(point, x, y, z)

struct shape {
  std::string name = "default";
  std::vector<point> points;
  point origin;
};
JSONX_DESCRIBE(shape, name, points, origin)

// More than 64 fields: the missing-field bits span two words.
struct wide {
  int f00, f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, f13, f14, f15, f16, f17, f18,
      f19, f20, f21, f22, f23, f24, f25, f26, f27, f28, f29, f30, f31, f32, f33, f34, f35, f36, f37,
      f38, f39, f40, f41, f42, f43, f44, f45, f46, f47, f48, f49, f50, f51, f52, f53, f54, f55, f56,
      f57, f58, f59, f60, f61, f62, f63, f64, f65, f66, f67, f68, f69;
};
JSONX_DESCRIBE(wide, f00, f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, f13, f14, f15,
               f16, f17, f18, f19, f20, f21, f22, f23, f24, f25, f26, f27, f28, f29, f30, f31, f32,
               f33, f34, f35, f36, f37, f38, f39, f40, f41, f42, f43, f44, f45, f46, f47, f48, f49,
               f50, f51, f52, f53, f54, f55, f56, f57, f58, f59, f60, f61, f62, f63, f64, f65, f66,
               f67, f68, f69)

}  // namespace policy_test

namespace {

using jsonx::bind_errc;
using jsonx::test::expect_decode_failure;
using namespace policy_test;

jsonx::decode_options strict_unknown() {
  jsonx::decode_options options;
  options.unknown_fields = jsonx::unknown_field_policy::error;
  return options;
}
jsonx::decode_options strict_missing() {
  jsonx::decode_options options;
  options.missing_fields = jsonx::missing_field_policy::error;
  return options;
}

TEST(BindPolicies, UnknownFieldsAreSkippedByDefault) {
  // Skipped values of every shape, nested deeply, between known fields.
  shape s = jsonx::decode<shape>(
      R"({"extra":{"a":[1,{"b":null}],"c":"d"},"name":"tri","more":[[],[{}]],"points":[{"x":1,"y":2,"w":[3]}],"n":5})");
  EXPECT_EQ(s.name, "tri");
  ASSERT_EQ(s.points.size(), 1u);
  EXPECT_EQ(s.points[0].x, 1);
  EXPECT_EQ(s.points[0].y, 2);
}

TEST(BindPolicies, UnknownFieldsAsErrors) {
  auto error =
      expect_decode_failure<shape>(R"({"name":"a","points":[{"x":1,"q":2}]})",
                                   bind_errc::unknown_field, "/points/0/q", strict_unknown());
  EXPECT_EQ(error.expected, R"(one of the fields "x", "y", "z")");
  EXPECT_EQ(error.found, R"(the key "q")");
  // Maps take any key.
  std::map<std::string, int> m;
  jsonx::decode_error e;
  EXPECT_TRUE(jsonx::decode(R"({"anything":1})", m, e, strict_unknown()));
}

TEST(BindPolicies, MissingFieldsAreLeftByDefault) {
  shape s;
  s.origin = {7, 8, 9};
  jsonx::decode(R"({"origin":{"x":1}})", s);
  EXPECT_EQ(s.name, "default");
  EXPECT_EQ(s.origin.x, 1);
  EXPECT_EQ(s.origin.y, 8);
  EXPECT_EQ(s.origin.z, 9);
}

TEST(BindPolicies, MissingFieldsAsErrors) {
  auto error = expect_decode_failure<shape>(
      R"({"name":"a","points":[{"x":1,"y":2},{"x":1}],"origin":{"x":0,"y":0}})",
      bind_errc::missing_field, "/points/1", strict_missing());
  EXPECT_EQ(error.expected, R"(the field "y")");
  EXPECT_EQ(error.found, "an object without it");
  // std::optional members may be absent.
  shape s;
  jsonx::decode_error e;
  EXPECT_TRUE(
      jsonx::decode(R"({"name":"a","points":[],"origin":{"x":0,"y":0}})", s, e, strict_missing()))
      << e.message();
  // A missing struct member is reported at its parent.
  expect_decode_failure<shape>(R"({"name":"a","points":[]})", bind_errc::missing_field, "",
                               strict_missing());
}

TEST(BindPolicies, MissingFieldsBeyondSixtyFour) {
  std::string json = "{";
  for (int i = 0; i < 70; ++i) {
    if (i == 67) continue;
    char key[8];
    std::snprintf(key, sizeof key, "f%02d", i);
    json += std::string(i == 0 ? "" : ",") + "\"" + key + "\":" + std::to_string(i);
  }
  json += "}";
  auto error = expect_decode_failure<wide>(json, bind_errc::missing_field, "", strict_missing());
  EXPECT_EQ(error.expected, R"(the field "f67")");
  wide w{};
  jsonx::decode(json, w);
  EXPECT_EQ(w.f66, 66);
  EXPECT_EQ(w.f68, 68);
}

TEST(BindPolicies, DuplicateKeysLastWins) {
  point p = jsonx::decode<point>(R"({"x":1,"x":2,"y":3,"x":4})");
  EXPECT_EQ(p.x, 4);
  EXPECT_EQ(p.y, 3);
  shape s = jsonx::decode<shape>(R"({"points":[{"x":1}],"points":[{"x":2},{"x":3}]})");
  ASSERT_EQ(s.points.size(), 2u);
  EXPECT_EQ(s.points[0].x, 2);
  jsonx::decode(R"({"z":1,"z":null})", p);
  EXPECT_EQ(p.z, std::nullopt);
  // Under the missing-field policy a duplicate counts once.
  jsonx::decode_error e;
  EXPECT_TRUE(jsonx::decode(R"({"x":1,"y":1,"x":2})", p, e, strict_missing())) << e.message();
}

TEST(BindPolicies, MaxElements) {
  jsonx::decode_options options;
  options.max_elements = 3;
  std::vector<int> v;
  jsonx::decode_error e;
  EXPECT_TRUE(jsonx::decode("[1,2,3]", v, e, options));
  auto error = expect_decode_failure<std::vector<int>>("[1,2,3,4]", bind_errc::too_many_elements,
                                                       "", options);
  EXPECT_EQ(error.expected, "at most 3 elements (decode_options::max_elements)");
  expect_decode_failure<std::map<std::string, int>>(R"({"a":1,"b":2,"c":3,"d":4})",
                                                    bind_errc::too_many_elements, "", options);
  expect_decode_failure<std::vector<bool>>("[true,true,true,true]", bind_errc::too_many_elements,
                                           "", options);
  expect_decode_failure<shape>(R"({"points":[{},{},{},{}]})", bind_errc::too_many_elements,
                               "/points", options);
}

}  // namespace
