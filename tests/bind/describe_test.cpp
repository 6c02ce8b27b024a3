// Describing types: our macro, hand-written descriptions with per-field options, field
// options by member (JSONX_FIELD_OPTIONS), private members, Boost.Describe (structs,
// inherited members, enums), and enums described as strings.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace describe_test {

struct plain {
  int id = 0;
  std::string name;
};
JSONX_DESCRIBE(plain, id, name)

// Every option, by hand.
struct by_hand {
  int id = 0;
  std::string display_name;
  std::string secret = "unchanged";
  std::vector<int> tags;
  std::optional<int> score;
  int must = 0;
  int may = 0;
};
constexpr auto jsonx_describe(const by_hand*) {
  return jsonx::fields(jsonx::field("id", &by_hand::id),
                       jsonx::field("displayName", &by_hand::display_name),
                       jsonx::field("secret", &by_hand::secret).skip(),
                       jsonx::field("tags", &by_hand::tags).omit_empty(),
                       jsonx::field("score", &by_hand::score).omit_null(),
                       jsonx::field("must", &by_hand::must).required(),
                       jsonx::field("may", &by_hand::may).optional());
}

// The same options attached by member to a macro description.
struct by_member {
  int id = 0;
  std::string display_name;
  std::string secret = "unchanged";
  std::vector<int> tags;
  std::optional<int> score;
  int must = 0;
  int may = 0;
};
JSONX_DESCRIBE(by_member, id, display_name, secret, tags, score, must, may)
JSONX_FIELD_OPTIONS(by_member, jsonx::rename(&by_member::display_name, "displayName"),
                    jsonx::skip(&by_member::secret), jsonx::omit_empty(&by_member::tags),
                    jsonx::omit_null(&by_member::score), jsonx::required_field(&by_member::must),
                    jsonx::optional_field(&by_member::may))

class with_private {
 public:
  with_private() = default;
  with_private(int a, std::string b) : a_(a), b_(std::move(b)) {}
  int a() const { return a_; }
  const std::string& b() const { return b_; }

 private:
  int a_ = 0;
  std::string b_;
  JSONX_DESCRIBE_FRIEND(with_private, a_, b_)
};

enum class color { red, green, dark_blue };
JSONX_DESCRIBE_ENUM(color, red, green, dark_blue)

enum class shade { light, dark };
constexpr auto jsonx_describe_enum(const shade*) {
  return std::array{jsonx::enumerator{"LIGHT", shade::light},
                    jsonx::enumerator{"DARK", shade::dark}};
}

enum class undescribed : std::uint8_t { a = 1, b = 200 };

struct painted {
  color c = color::red;
  shade s = shade::light;
  undescribed u = undescribed::a;
};
JSONX_DESCRIBE(painted, c, s, u)

}  // namespace describe_test

namespace {

using namespace describe_test;

TEST(BindDescribe, MacroNamesFieldsAsInCpp) {
  plain p = jsonx::decode<plain>(R"({"name":"ann","id":7})");
  EXPECT_EQ(p.id, 7);
  EXPECT_EQ(p.name, "ann");
  EXPECT_EQ(jsonx::encode(p), R"({"id":7,"name":"ann"})");
}

template <class T>
void check_options() {
  // rename: the JSON name only; skip: neither read nor written.
  T v = jsonx::decode<T>(R"({"id":1,"displayName":"x","display_name":"ignored","secret":"s",
                             "must":3})");
  EXPECT_EQ(v.id, 1);
  EXPECT_EQ(v.display_name, "x");
  EXPECT_EQ(v.secret, "unchanged");
  EXPECT_EQ(v.must, 3);
  // omit_empty / omit_null leave out the empty vector and the empty optional.
  EXPECT_EQ(jsonx::encode(v), R"({"id":1,"displayName":"x","must":3,"may":0})");
  v.tags = {1, 2};
  v.score = 9;
  EXPECT_EQ(jsonx::encode(v),
            R"({"id":1,"displayName":"x","tags":[1,2],"score":9,"must":3,"may":0})");

  // required: an error whatever the policy; optional: never.
  jsonx::test::expect_decode_failure<T>(R"({"id":1})", jsonx::bind_errc::missing_field, "");
  jsonx::decode_options strict;
  strict.missing_fields = jsonx::missing_field_policy::error;
  T w{};
  jsonx::decode_error error;
  // Under the strict policy "may" and the optional "score" may be absent; "secret" is skipped.
  EXPECT_TRUE(jsonx::decode(R"({"id":1,"displayName":"x","tags":[],"must":2})", w, error, strict))
      << error.message();
  EXPECT_FALSE(jsonx::decode(R"({"displayName":"x","tags":[],"must":2})", w, error, strict));
  EXPECT_EQ(error.expected, "the field \"id\"");
}

TEST(BindDescribe, OptionsByHand) {
  check_options<by_hand>();
}
TEST(BindDescribe, OptionsByMember) {
  check_options<by_member>();
}

TEST(BindDescribe, FieldsOfAppliesOptions) {
  constexpr auto fields = jsonx::fields_of<by_member>;
  static_assert(std::get<1>(fields).name == "displayName");
  static_assert(std::get<2>(fields).skipped);
  static_assert(std::get<3>(fields).omit_if_empty);
  static_assert(std::get<4>(fields).omit_if_null);
  static_assert(std::get<5>(fields).presence == jsonx::field_presence::required);
  static_assert(std::get<6>(fields).presence == jsonx::field_presence::optional);
  EXPECT_EQ(std::get<0>(fields).name, "id");
}

TEST(BindDescribe, PrivateMembersThroughFriend) {
  with_private v = jsonx::decode<with_private>(R"({"a_":5,"b_":"five"})");
  EXPECT_EQ(v.a(), 5);
  EXPECT_EQ(v.b(), "five");
  EXPECT_EQ(jsonx::encode(with_private(6, "six")), R"({"a_":6,"b_":"six"})");
}

TEST(BindDescribe, EnumsByNameAndByValue) {
  painted p = jsonx::decode<painted>(R"({"c":"dark_blue","s":"DARK","u":200})");
  EXPECT_EQ(p.c, color::dark_blue);
  EXPECT_EQ(p.s, shade::dark);
  EXPECT_EQ(p.u, undescribed::b);
  EXPECT_EQ(jsonx::encode(p), R"({"c":"dark_blue","s":"DARK","u":200})");
  auto error = jsonx::test::expect_decode_failure<painted>(
      R"({"s":"dark"})", jsonx::bind_errc::unknown_enum_value, "/s");
  EXPECT_EQ(error.expected, R"(one of "LIGHT", "DARK")");
  EXPECT_EQ(error.found, R"(the string "dark")");
  // An undescribed enum is range-checked like its underlying type.
  jsonx::test::expect_decode_failure<painted>(R"({"u":256})",
                                              jsonx::bind_errc::integer_out_of_range, "/u");
  jsonx::test::expect_decode_failure<painted>(R"({"c":0})", jsonx::bind_errc::type_mismatch, "/c");
  // Encoding a value that has no name is an error, not a number.
  painted bad;
  bad.c = static_cast<color>(17);
  jsonx::encode_error encode_error;
  std::string out;
  EXPECT_FALSE(jsonx::encode(bad, out, encode_error));
  EXPECT_EQ(encode_error.code, jsonx::bind_errc::unknown_enum_value);
  EXPECT_EQ(encode_error.path, "/c");
}

}  // namespace

#if JSONX_BIND_BOOST_DESCRIBE
#include <boost/describe.hpp>

namespace describe_test {

struct base_part {
  int version = 0;
};
BOOST_DESCRIBE_STRUCT(base_part, (), (version))

struct boost_described : base_part {
  std::string title;
  std::optional<double> weight;
  std::string internal;
};
BOOST_DESCRIBE_STRUCT(boost_described, (base_part), (title, weight, internal))
// Our options apply to Boost's descriptions too.
JSONX_FIELD_OPTIONS(boost_described, jsonx::rename(&boost_described::title, "Title"),
                    jsonx::skip(&boost_described::internal),
                    jsonx::omit_null(&boost_described::weight))

BOOST_DEFINE_ENUM_CLASS(boost_level, low, high)

struct leveled {
  boost_level level = boost_level::low;
};
BOOST_DESCRIBE_STRUCT(leveled, (), (level))

}  // namespace describe_test

namespace {

TEST(BindDescribe, BoostDescribeStructsWithInheritedMembers) {
  using describe_test::boost_described;
  boost_described v =
      jsonx::decode<boost_described>(R"({"version":3,"Title":"t","weight":1.5,"internal":"x"})");
  EXPECT_EQ(v.version, 3);
  EXPECT_EQ(v.title, "t");
  EXPECT_EQ(v.weight, 1.5);
  EXPECT_EQ(v.internal, "");
  v.weight.reset();
  EXPECT_EQ(jsonx::encode(v), R"({"version":3,"Title":"t"})");
}

TEST(BindDescribe, BoostDescribeEnums) {
  using describe_test::leveled;
  leveled v = jsonx::decode<leveled>(R"({"level":"high"})");
  EXPECT_EQ(v.level, describe_test::boost_level::high);
  EXPECT_EQ(jsonx::encode(v), R"({"level":"high"})");
}

}  // namespace
#else
TEST(BindDescribe, BoostDescribeStructsWithInheritedMembers) {
  GTEST_SKIP() << "Boost.Describe headers not found: its descriptions are not bound";
}
#endif
