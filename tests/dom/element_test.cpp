// element: type queries, every getter conversion rule, lookup (duplicates: the last wins),
// iteration, sizes, equality and identical().
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "jsonx/dom/dom.hpp"

namespace jsonx::dom {
namespace {

// Each element of a parsed array, to test getters on values as the parser made them.
struct parsed_array {
  explicit parsed_array(std::string_view json) : doc(parse(json)) {}
  element operator[](std::size_t i) const { return doc.root()[i]; }
  document doc;
};

template <class Get>
std::error_code error_of(Get&& get) {
  std::error_code ec;
  get(ec);
  return ec;
}

TEST(DomElement, TypeQueries) {
  parsed_array a(R"([null,true,false,1,9223372036854775808,1.5,1e400,"s",[],{}])");
  const kind kinds[] = {kind::null,    kind::boolean,    kind::boolean, kind::int64, kind::uint64,
                        kind::double_, kind::raw_number, kind::string,  kind::array, kind::object};
  for (std::size_t i = 0; i < std::size(kinds); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(a[i].type(), kinds[i]);
    EXPECT_EQ(a[i].is_null(), kinds[i] == kind::null);
    EXPECT_EQ(a[i].is_bool(), kinds[i] == kind::boolean);
    EXPECT_EQ(a[i].is_int64(), kinds[i] == kind::int64);
    EXPECT_EQ(a[i].is_uint64(), kinds[i] == kind::uint64);
    EXPECT_EQ(a[i].is_double(), kinds[i] == kind::double_);
    EXPECT_EQ(a[i].is_raw_number(), kinds[i] == kind::raw_number);
    EXPECT_EQ(a[i].is_number(), is_number_kind(kinds[i]));
    EXPECT_EQ(a[i].is_string(), kinds[i] == kind::string);
    EXPECT_EQ(a[i].is_array(), kinds[i] == kind::array);
    EXPECT_EQ(a[i].is_object(), kinds[i] == kind::object);
  }
  EXPECT_EQ(kind_name(kind::double_), "double");
  EXPECT_EQ(kind_name(kind::raw_number), "raw_number");
  EXPECT_TRUE(element().is_null());  // a default element is a null
}

TEST(DomElement, Int64Getter) {
  parsed_array a(
      R"([0,-1,9223372036854775807,-9223372036854775808,9223372036854775808,3.0,-2.0,3.5,)"
      R"(9.3e18,-9.3e18,1e300,-0.0,1e400,"7",true,null])");
  EXPECT_EQ(a[0].get_int64(), 0);
  EXPECT_EQ(a[1].get_int64(), -1);
  EXPECT_EQ(a[2].get_int64(), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(a[3].get_int64(), std::numeric_limits<std::int64_t>::min());
  // A uint64 above INT64_MAX is not readable as int64.
  EXPECT_EQ(error_of([&](auto& ec) { a[4].get_int64(ec); }), access_errc::number_out_of_range);
  // Integral doubles in range are; fractions and out-of-range doubles are not.
  EXPECT_EQ(a[5].get_int64(), 3);
  EXPECT_EQ(a[6].get_int64(), -2);
  EXPECT_EQ(error_of([&](auto& ec) { a[7].get_int64(ec); }), access_errc::number_not_exact);
  EXPECT_EQ(error_of([&](auto& ec) { a[8].get_int64(ec); }), access_errc::number_out_of_range);
  EXPECT_EQ(error_of([&](auto& ec) { a[9].get_int64(ec); }), access_errc::number_out_of_range);
  EXPECT_EQ(error_of([&](auto& ec) { a[10].get_int64(ec); }), access_errc::number_out_of_range);
  EXPECT_EQ(a[11].get_int64(), 0);
  EXPECT_EQ(error_of([&](auto& ec) { a[12].get_int64(ec); }), access_errc::number_out_of_range);
  for (std::size_t i : {13u, 14u, 15u}) {
    EXPECT_EQ(error_of([&](auto& ec) { a[i].get_int64(ec); }), access_errc::type_mismatch) << i;
  }
  // The throwing flavour carries the same code.
  try {
    a[7].get_int64();
    ADD_FAILURE() << "no exception";
  } catch (const access_exception& e) {
    EXPECT_EQ(e.code(), access_errc::number_not_exact);
  }
  // An error-code getter returns 0 on failure.
  std::error_code ec;
  EXPECT_EQ(a[4].get_int64(ec), 0);
}

TEST(DomElement, Uint64Getter) {
  parsed_array a(R"([0,7,-1,18446744073709551615,9223372036854775808,1e19,2e19,-0.5,0.5,"1"])");
  EXPECT_EQ(a[0].get_uint64(), 0u);
  EXPECT_EQ(a[1].get_uint64(), 7u);
  EXPECT_EQ(error_of([&](auto& ec) { a[2].get_uint64(ec); }), access_errc::number_out_of_range);
  EXPECT_EQ(a[3].get_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(a[4].get_uint64(), 9223372036854775808u);
  EXPECT_EQ(a[5].get_uint64(), 10000000000000000000u);
  EXPECT_EQ(error_of([&](auto& ec) { a[6].get_uint64(ec); }), access_errc::number_out_of_range);
  EXPECT_EQ(error_of([&](auto& ec) { a[7].get_uint64(ec); }), access_errc::number_not_exact);
  EXPECT_EQ(error_of([&](auto& ec) { a[8].get_uint64(ec); }), access_errc::number_not_exact);
  EXPECT_EQ(error_of([&](auto& ec) { a[9].get_uint64(ec); }), access_errc::type_mismatch);
  EXPECT_THROW(a[2].get_uint64(), access_exception);
}

TEST(DomElement, DoubleGetter) {
  parsed_array a(
      R"([1.5,-0.0,42,-9007199254740992,9007199254740992,9007199254740993,)"
      R"(9223372036854775807,-9223372036854775808,9223372036854775808,18446744073709551615,)"
      R"(1e400,123456789012345678901234567890,false])");
  EXPECT_EQ(a[0].get_double(), 1.5);
  EXPECT_TRUE(std::signbit(a[1].get_double()));
  // An integer that a double holds exactly is readable as double...
  EXPECT_EQ(a[2].get_double(), 42.0);
  EXPECT_EQ(a[3].get_double(), -9007199254740992.0);
  EXPECT_EQ(a[4].get_double(), 9007199254740992.0);
  // ... one it would round is not.
  EXPECT_EQ(error_of([&](auto& ec) { a[5].get_double(ec); }), access_errc::number_not_exact);
  EXPECT_EQ(error_of([&](auto& ec) { a[6].get_double(ec); }), access_errc::number_not_exact);
  EXPECT_EQ(a[7].get_double(), -9223372036854775808.0);  // -2^63 is exact
  EXPECT_EQ(a[8].get_double(), 9223372036854775808.0);   // 2^63 is exact
  EXPECT_EQ(error_of([&](auto& ec) { a[9].get_double(ec); }), access_errc::number_not_exact);
  // Raw numbers are text only.
  EXPECT_EQ(error_of([&](auto& ec) { a[10].get_double(ec); }), access_errc::number_out_of_range);
  EXPECT_EQ(error_of([&](auto& ec) { a[11].get_double(ec); }), access_errc::number_out_of_range);
  EXPECT_EQ(error_of([&](auto& ec) { a[12].get_double(ec); }), access_errc::type_mismatch);
}

TEST(DomElement, BoolStringAndRawNumberGetters) {
  parsed_array a(R"([true,false,"text","",1e400,1,null,[]])");
  EXPECT_TRUE(a[0].get_bool());
  EXPECT_FALSE(a[1].get_bool());
  EXPECT_EQ(a[2].get_string(), "text");
  EXPECT_EQ(a[3].get_string(), "");
  EXPECT_EQ(a[4].get_raw_number(), "1e400");
  EXPECT_EQ(error_of([&](auto& ec) { a[5].get_bool(ec); }), access_errc::type_mismatch);
  EXPECT_EQ(error_of([&](auto& ec) { a[6].get_bool(ec); }), access_errc::type_mismatch);
  EXPECT_EQ(error_of([&](auto& ec) { a[4].get_string(ec); }), access_errc::type_mismatch);
  EXPECT_EQ(error_of([&](auto& ec) { a[5].get_raw_number(ec); }), access_errc::type_mismatch);
  EXPECT_EQ(error_of([&](auto& ec) { a[7].get_string(ec); }), access_errc::type_mismatch);
  EXPECT_EQ(error_of([&](auto& ec) { a[2].get_array(ec); }), access_errc::type_mismatch);
  EXPECT_EQ(error_of([&](auto& ec) { a[7].get_object(ec); }), access_errc::type_mismatch);
  EXPECT_THROW(a[0].get_string(), access_exception);
  EXPECT_THROW(a[2].get_object(), access_exception);
}

TEST(DomElement, StringsWithEscapesAndNulBytes) {
  document doc = parse(R"(["a\u0000b","\ud83d\ude00","\"\\\/\b\f\n\r\t"])");
  EXPECT_EQ(doc.root()[0].get_string(), std::string_view("a\0b", 3));
  EXPECT_EQ(doc.root()[1].get_string(), "\xf0\x9f\x98\x80");
  EXPECT_EQ(doc.root()[2].get_string(), "\"\\/\b\f\n\r\t");
}

TEST(DomElement, ObjectLookupAndDuplicateKeys) {
  document doc = parse(R"({"a":1,"b":{"c":[]},"a":2,"":3,"a":3.5})");
  const element root = doc.root();
  EXPECT_EQ(root.size(), 5u);
  // Lookup returns the LAST member with the key.
  EXPECT_EQ(root["a"].get_double(), 3.5);
  EXPECT_EQ(root.at("").get_int64(), 3);
  EXPECT_TRUE(root.find("b").has_value());
  EXPECT_FALSE(root.find("z").has_value());
  EXPECT_FALSE(root["b"]["c"].find("x").has_value());  // not an object: nullopt
  std::error_code ec;
  root.at("z", ec);
  EXPECT_EQ(ec, access_errc::key_not_found);
  EXPECT_THROW(root.at("z"), access_exception);
  // Iteration keeps every member in input order.
  const object_view members = root.get_object();
  std::vector<std::string_view> keys;
  for (const member m : members) keys.push_back(m.key);
  EXPECT_EQ(keys, (std::vector<std::string_view>{"a", "b", "a", "", "a"}));
  EXPECT_EQ(members.count("a"), 3u);
  EXPECT_TRUE(members.contains("b"));
  EXPECT_EQ(members.at("a").get_double(), 3.5);
  EXPECT_EQ(members.find("a")->get_double(), 3.5);
  EXPECT_EQ(members.size(), 5u);
  EXPECT_FALSE(members.empty());
  EXPECT_TRUE(members.as_element().same_node(root));
}

TEST(DomElement, LookupErrorsOnTheWrongKind) {
  document doc = parse(R"({"arr":[1],"num":5})");
  std::error_code ec;
  doc.root()["arr"].at("x", ec);
  EXPECT_EQ(ec, access_errc::type_mismatch);  // a key on an array
  ec.clear();
  doc.root().at(0, ec);
  EXPECT_EQ(ec, access_errc::type_mismatch);  // an index on an object
  ec.clear();
  doc.root()["num"].at("x", ec);
  EXPECT_EQ(ec, access_errc::not_a_container);
  ec.clear();
  doc.root()["num"].at(0, ec);
  EXPECT_EQ(ec, access_errc::not_a_container);
}

TEST(DomElement, ArrayIndexAndIteration) {
  document doc = parse(R"([[1,[2,3]],{"k":[4]},5,"six",[]])");
  const element root = doc.root();
  EXPECT_EQ(root.size(), 5u);
  EXPECT_EQ(root[2].get_int64(), 5);
  EXPECT_EQ(root[3].get_string(), "six");
  EXPECT_EQ(root[0][1][1].get_int64(), 3);
  EXPECT_EQ(root[1]["k"][0].get_int64(), 4);
  std::error_code ec;
  root.at(5, ec);
  EXPECT_EQ(ec, access_errc::index_out_of_range);
  EXPECT_THROW(root[5], access_exception);
  // Iteration skips over nested containers to the next sibling.
  std::vector<kind> kinds;
  for (element e : root.get_array()) kinds.push_back(e.type());
  EXPECT_EQ(kinds,
            (std::vector<kind>{kind::array, kind::object, kind::int64, kind::string, kind::array}));
  const array_view empty = root[4].get_array();
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.begin(), empty.end());
  const array_view view = root.get_array();
  EXPECT_EQ(view.at(3).get_string(), "six");
  EXPECT_EQ(std::distance(view.begin(), view.end()), 5);
  view.at(9, ec);
  EXPECT_EQ(ec, access_errc::index_out_of_range);
  // A default view is empty.
  EXPECT_TRUE(array_view().empty());
  EXPECT_TRUE(object_view().empty());
  EXPECT_EQ(root[2].size(), 0u);  // scalars have size 0
}

TEST(DomElement, EqualityComparesObjectsAsMappings) {
  auto equal = [](std::string_view a, std::string_view b) {
    return parse(a).root() == parse(b).root();
  };
  EXPECT_TRUE(equal(R"({"a":1,"b":[1,2]})", R"({"b":[1,2],"a":1})"));
  EXPECT_FALSE(equal(R"({"a":1,"b":[1,2]})", R"({"a":1,"b":[2,1]})"));  // arrays keep order
  EXPECT_FALSE(equal(R"({"a":1})", R"({"a":1,"b":2})"));
  EXPECT_FALSE(equal(R"({"a":1,"c":2})", R"({"a":1,"b":2})"));
  // Duplicates: only the last of each key counts, as a lookup sees it.
  EXPECT_TRUE(equal(R"({"a":1,"a":2})", R"({"a":2})"));
  EXPECT_TRUE(equal(R"({"a":1,"a":2,"b":0})", R"({"b":0,"a":3,"a":2})"));
  EXPECT_FALSE(equal(R"({"a":1,"a":2})", R"({"a":1})"));
  // Numbers: integers by value across int64/uint64, never equal to doubles.
  EXPECT_TRUE(equal("[1,-1,18446744073709551615]", "[1,-1,18446744073709551615]"));
  EXPECT_FALSE(equal("1", "1.0"));
  EXPECT_TRUE(equal("0.0", "-0.0"));  // doubles by ==
  EXPECT_TRUE(equal("1e400", "1e400"));
  EXPECT_FALSE(equal("1e400", "1E400"));  // raw numbers by text
  EXPECT_FALSE(equal("null", "false"));
  EXPECT_FALSE(equal(R"("1")", "1"));
  EXPECT_TRUE(equal(R"({"x":{"y":[{"z":1,"w":2}]}})", R"({"x":{"y":[{"w":2,"z":1}]}})"));
  // Large objects (the sorted path).
  std::string a = "{", b = "{";
  for (int i = 0; i < 40; ++i) {
    a += (i ? "," : "") + std::string("\"k") + std::to_string(i) + "\":" + std::to_string(i);
    b += (i ? "," : "") + std::string("\"k") + std::to_string(39 - i) +
         "\":" + std::to_string(39 - i);
  }
  EXPECT_TRUE(equal(a + "}", b + "}"));
  EXPECT_FALSE(equal(a + ",\"k0\":5}", b + "}"));
  EXPECT_TRUE(parse("[1]") == parse("[1]"));  // documents compare their roots
}

TEST(DomElement, IdenticalIsOrderAndKindStrict) {
  auto same = [](std::string_view a, std::string_view b) {
    return identical(parse(a).root(), parse(b).root());
  };
  EXPECT_TRUE(same(R"({"a":[1,2.5,"x"],"b":null})", R"({"a":[1,2.5,"x"],"b":null})"));
  EXPECT_FALSE(same(R"({"a":1,"b":2})", R"({"b":2,"a":1})"));
  EXPECT_FALSE(same(R"({"a":1,"a":2})", R"({"a":2})"));
  EXPECT_FALSE(same("0.0", "-0.0"));
  EXPECT_FALSE(same(R"(["ab"])", R"(["ac"])"));
  EXPECT_TRUE(same(R"({"k":{"k":{}}})", R"({"k":{"k":{}}})"));
  // Found by a qualified call too, not only through ADL.
  EXPECT_TRUE(jsonx::dom::identical(parse("[1]").root(), parse("[1]").root()));
}

}  // namespace
}  // namespace jsonx::dom
