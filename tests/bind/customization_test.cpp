// The customization point: jsonx::codec<T> (a trait) and the jsonx_encode / jsonx_decode pair
// found by argument-dependent lookup; JSON types that are scalars, containers, structs or
// custom types themselves; rejected values; codecs overriding built-in rules.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace custom_test {

// Bound through a container: [x, y].
struct point {
  double x = 0;
  double y = 0;
  friend bool operator==(const point&, const point&) = default;
};

// Bound through a string, by ADL; "YYYY-MM-DD" only.
struct date {
  int year = 0;
  int month = 0;
  int day = 0;
  friend bool operator==(const date&, const date&) = default;
};
inline std::string jsonx_encode(const date& d) {
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d", d.year, d.month, d.day);
  return text;
}
inline bool jsonx_decode(std::string&& text, date& d) {
  return text.size() == 10 &&
         std::sscanf(text.c_str(), "%4d-%2d-%2d", &d.year, &d.month, &d.day) == 3 && d.month >= 1 &&
         d.month <= 12 && d.day >= 1 && d.day <= 31;
}

// Bound through another custom type (a date), by ADL, with a void decode.
struct birthday {
  date when;
  friend bool operator==(const birthday&, const birthday&) = default;
};
inline date jsonx_encode(const birthday& b) {
  return b.when;
}
inline void jsonx_decode(date&& d, birthday& b) {
  b.when = d;
}

// A described struct whose codec takes over: written as "name <email>".
struct contact {
  std::string name;
  std::string email;
  friend bool operator==(const contact&, const contact&) = default;
};
JSONX_DESCRIBE(contact, name, email)

// A codec that throws.
struct fragile {
  int value = 0;
};

struct plan {
  std::vector<point> route;
  date start;
  std::optional<birthday> party;
  std::map<std::string, point> marks;
  contact owner;
};
JSONX_DESCRIBE(plan, route, start, party, marks, owner)

}  // namespace custom_test

template <>
struct jsonx::codec<custom_test::point> {
  using json_type = std::array<double, 2>;
  static json_type to_json(const custom_test::point& p) { return {p.x, p.y}; }
  static bool from_json(json_type&& j, custom_test::point& p) {
    p = {j[0], j[1]};
    return j[0] >= -180 && j[0] <= 180;  // a longitude
  }
  static constexpr std::string_view expected = "a point [longitude, latitude]";
};

template <>
struct jsonx::codec<custom_test::contact> {
  using json_type = std::string;
  static std::string to_json(const custom_test::contact& c) {
    return c.name + " <" + c.email + ">";
  }
  static bool from_json(std::string&& text, custom_test::contact& c) {
    const auto open = text.find(" <");
    if (open == std::string::npos || text.back() != '>') return false;
    c.name = text.substr(0, open);
    c.email = text.substr(open + 2, text.size() - open - 3);
    return true;
  }
};

template <>
struct jsonx::codec<custom_test::fragile> {
  using json_type = std::vector<int>;
  static json_type to_json(const custom_test::fragile& f) { return {f.value}; }
  static void from_json(json_type&& j, custom_test::fragile& f) {
    if (j.empty()) throw std::invalid_argument("empty fragile");
    f.value = j[0];
  }
};

namespace {

using jsonx::bind_errc;
using jsonx::test::expect_decode_failure;
using namespace custom_test;

TEST(BindCustomization, TraitWithAContainerJsonType) {
  EXPECT_EQ(jsonx::decode<point>("[1.5, -2]"), (point{1.5, -2}));
  EXPECT_EQ(jsonx::encode(point{1.5, -2}), "[1.5,-2.0]");
  // Errors inside the JSON type keep their path; a rejected value names the codec's words.
  expect_decode_failure<std::vector<point>>("[[1,2],[3]]", bind_errc::wrong_array_size, "/1");
  expect_decode_failure<std::vector<point>>(R"([[1,2],[3,"x"]])", bind_errc::type_mismatch, "/1/1");
  auto error =
      expect_decode_failure<std::vector<point>>("[[1,2],[200,0]]", bind_errc::invalid_value, "/1");
  EXPECT_EQ(error.expected, "a point [longitude, latitude]");
  EXPECT_EQ(error.found, "an array");
  expect_decode_failure<point>("\"1,2\"", bind_errc::type_mismatch, "");
}

TEST(BindCustomization, AdlPairWithAScalarJsonType) {
  EXPECT_EQ(jsonx::decode<date>(R"("2024-02-29")"), (date{2024, 2, 29}));
  EXPECT_EQ(jsonx::encode(date{2024, 2, 9}), R"("2024-02-09")");
  auto error =
      expect_decode_failure<plan>(R"({"start":"2024-13-01"})", bind_errc::invalid_value, "/start");
  EXPECT_EQ(error.expected, "a valid value");
  EXPECT_EQ(error.found, R"(the string "2024-13-01")");
  expect_decode_failure<plan>(R"({"start":20240101})", bind_errc::type_mismatch, "/start");
}

TEST(BindCustomization, CustomThroughCustom) {
  EXPECT_EQ(jsonx::decode<birthday>(R"("2000-01-02")"), (birthday{{2000, 1, 2}}));
  EXPECT_EQ(jsonx::encode(birthday{{2000, 1, 2}}), R"("2000-01-02")");
  expect_decode_failure<birthday>(R"("2000-01-42")", bind_errc::invalid_value, "");
}

TEST(BindCustomization, CodecOverridesTheDescription) {
  EXPECT_EQ(jsonx::encode(contact{"Ann", "ann@example.com"}), R"("Ann <ann@example.com>")");
  EXPECT_EQ(jsonx::decode<contact>(R"("Bo <b@x>")"), (contact{"Bo", "b@x"}));
  expect_decode_failure<contact>(R"({"name":"Bo","email":"b@x"})", bind_errc::type_mismatch, "");
}

TEST(BindCustomization, InsideContainersAndOptionals) {
  const std::string json =
      R"({"route":[[1.0,2.0],[3.0,4.0]],"start":"2024-01-01","party":"2024-06-01","marks":{"home":[0.5,0.25]},"owner":"A <a@b>"})";
  plan p = jsonx::decode<plan>(json);
  EXPECT_EQ(p.route, (std::vector<point>{{1, 2}, {3, 4}}));
  EXPECT_EQ(p.start, (date{2024, 1, 1}));
  ASSERT_TRUE(p.party);
  EXPECT_EQ(p.party->when, (date{2024, 6, 1}));
  EXPECT_EQ(p.marks.at("home"), (point{0.5, 0.25}));
  EXPECT_EQ(p.owner, (contact{"A", "a@b"}));
  EXPECT_EQ(jsonx::encode(p), json);
  // In a variant, the codec's JSON type decides which JSON values it takes.
  using either = std::variant<date, point>;
  EXPECT_EQ(jsonx::decode<either>(R"("2020-01-01")").index(), 0u);
  EXPECT_EQ(jsonx::decode<either>("[1,1]").index(), 1u);
}

TEST(BindCustomization, ExceptionsFromACodecPropagate) {
  EXPECT_EQ(jsonx::decode<fragile>("[3]").value, 3);
  EXPECT_THROW(jsonx::decode<std::vector<fragile>>("[[1],[]]"), std::invalid_argument);
  // The decoder is usable after it (its temporaries freed: AddressSanitizer checks the leak).
  std::vector<fragile> v;
  jsonx::typed_decoder<std::vector<fragile>> d(v);
  EXPECT_THROW(d.feed("[[1],[]"), std::invalid_argument);
  d.reset(v);
  jsonx::decode_error error;
  EXPECT_TRUE(d.decode("[[4]]", error)) << error.message();
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].value, 4);
}

TEST(BindCustomization, AbandonedTemporariesAreFreed) {
  // A parse error while a custom value's container is open: its temporary is freed by the
  // handler (AddressSanitizer's leak check fails this test otherwise).
  expect_decode_failure<std::vector<point>>("[[1,2],[3,", jsonx::parse_errc::incomplete_input,
                                            "/1/0");
  expect_decode_failure<std::vector<point>>("[[1,2],[3,true]]", bind_errc::type_mismatch, "/1/1");
}

}  // namespace
