// JSON Pointer on mutable values: lookup, set (creating what is missing), insert (RFC 6902
// "add"), erase (RFC 6902 "remove"), and that a failed mutation changes nothing.
#include <gtest/gtest.h>

#include <string>

#include "jsonx/dom/dom.hpp"

namespace jsonx::dom {
namespace {

value from_json(std::string_view json) {
  return value(parse(json).root());
}

std::string json_of(const value& v) {
  return to_string(v);
}

TEST(DomValuePointer, Lookup) {
  value v = from_json(R"({"foo":["bar","baz"],"":0,"a/b":1,"m~n":8})");
  EXPECT_EQ(v.at_pointer("").size(), 4u);
  EXPECT_EQ(v.at_pointer("/foo/1").get_string(), "baz");
  EXPECT_EQ(v.at_pointer("/").get_int64(), 0);
  EXPECT_EQ(v.at_pointer("/a~1b").get_int64(), 1);
  EXPECT_EQ(v.at_pointer("/m~0n").get_int64(), 8);
  std::error_code ec;
  EXPECT_EQ(v.at_pointer("/foo/-", ec), nullptr);
  EXPECT_EQ(ec, access_errc::index_out_of_range);
  ec.clear();
  EXPECT_EQ(v.at_pointer("/foo/01", ec), nullptr);
  EXPECT_EQ(ec, access_errc::invalid_array_index);
  ec.clear();
  EXPECT_EQ(v.at_pointer("foo", ec), nullptr);
  EXPECT_EQ(ec, access_errc::invalid_pointer);
  ec.clear();
  EXPECT_EQ(v.at_pointer("/a~1b/x", ec), nullptr);
  EXPECT_EQ(ec, access_errc::not_a_container);
  EXPECT_EQ(v.find_pointer("/nope"), nullptr);
  EXPECT_THROW(v.at_pointer("/nope"), access_exception);
  v.at_pointer("/foo/0") = "changed";
  EXPECT_EQ(v.at("foo").at(0).get_string(), "changed");
}

TEST(DomValuePointer, SetReplacesOrAppends) {
  value v = from_json(R"({"a":{"b":1},"list":[1,2]})");
  v.set_at_pointer("/a/b", 2);
  v.set_at_pointer("/a/c", "new");
  v.set_at_pointer("/list/0", 10);
  v.set_at_pointer("/list/-", 3);
  v.set_at_pointer("/list/3", 4);  // the size: appended
  EXPECT_EQ(json_of(v), R"({"a":{"b":2,"c":"new"},"list":[10,2,3,4]})");
  v.set_at_pointer("", array{1});  // the root
  EXPECT_EQ(json_of(v), "[1]");
}

TEST(DomValuePointer, SetCreatesIntermediateObjects) {
  value v = from_json(R"({"x":null,"arr":[null]})");
  v.set_at_pointer("/a/b/c", 1);
  v.set_at_pointer("/x/y", 2);       // a null along the way becomes an object
  v.set_at_pointer("/arr/0/k", 3);   // so does a null array element
  v.set_at_pointer("/arr/-/k2", 4);  // and an appended one
  v.set_at_pointer("/a/b/0", 5);     // a numeric token on an object is a key
  EXPECT_EQ(json_of(v), R"({"x":{"y":2},"arr":[{"k":3},{"k2":4}],"a":{"b":{"c":1,"0":5}}})");
  value empty;
  empty.set_at_pointer("/p~1q/r~0s", true);  // escapes are undone in created keys
  EXPECT_EQ(json_of(empty), R"({"p/q":{"r~s":true}})");
}

TEST(DomValuePointer, FailedSetChangesNothing) {
  const std::string original = R"({"n":1,"list":[1,2],"s":"t"})";
  value v = from_json(original);
  const std::pair<std::string_view, access_errc> failures[] = {
      {"/n/x", access_errc::not_a_container},    // a number is never replaced
      {"/s/x/y", access_errc::not_a_container},  // nor a string
      {"/list/5", access_errc::index_out_of_range},
      {"/list/5/x", access_errc::index_out_of_range},
      {"/list/01", access_errc::invalid_array_index},
      {"/list/x/y", access_errc::invalid_array_index},
      {"list", access_errc::invalid_pointer},
      {"/new/~2", access_errc::invalid_pointer},  // checked before anything is created
  };
  for (const auto& [pointer, expected] : failures) {
    std::error_code ec;
    EXPECT_EQ(v.set_at_pointer(pointer, value(9), ec), nullptr) << pointer;
    EXPECT_EQ(ec, expected) << pointer;
    EXPECT_EQ(json_of(v), original) << pointer;
  }
  EXPECT_THROW(v.set_at_pointer("/n/x", value(1)), access_exception);
}

TEST(DomValuePointer, InsertFollowsRfc6902Add) {
  // RFC 6902 appendix A.1: add an object member.
  value v = from_json(R"({"foo":"bar"})");
  v.insert_at_pointer("/baz", "qux");
  EXPECT_EQ(json_of(v), R"({"foo":"bar","baz":"qux"})");
  // A.2: add an array element (inserted before the index).
  v = from_json(R"({"foo":["bar","baz"]})");
  v.insert_at_pointer("/foo/1", "qux");
  EXPECT_EQ(json_of(v), R"({"foo":["bar","qux","baz"]})");
  // A.16: "-" appends; the size appends too.
  v.insert_at_pointer("/foo/-", array{"abc", "def"});
  v.insert_at_pointer("/foo/4", 5);
  EXPECT_EQ(json_of(v), R"({"foo":["bar","qux","baz",["abc","def"],5]})");
  // An existing member is replaced.
  v.insert_at_pointer("/foo", 1);
  EXPECT_EQ(json_of(v), R"({"foo":1})");
  // A.12: adding below a missing parent fails, and changes nothing.
  v = from_json(R"({"foo":"bar"})");
  std::error_code ec;
  EXPECT_EQ(v.insert_at_pointer("/baz/bat", "qux", ec), nullptr);
  EXPECT_EQ(ec, access_errc::key_not_found);
  ec.clear();
  EXPECT_EQ(v.insert_at_pointer("/foo/bat", "qux", ec), nullptr);
  EXPECT_EQ(ec, access_errc::not_a_container);
  v = from_json("[1]");
  ec.clear();
  EXPECT_EQ(v.insert_at_pointer("/2", 0, ec), nullptr);
  EXPECT_EQ(ec, access_errc::index_out_of_range);
  EXPECT_EQ(json_of(v), "[1]");
  v.insert_at_pointer("", "root");
  EXPECT_EQ(json_of(v), R"("root")");
  EXPECT_THROW(v.insert_at_pointer("/x", 1), access_exception);
}

TEST(DomValuePointer, EraseFollowsRfc6902Remove) {
  value v = from_json(R"({"baz":"qux","foo":["bar","qux","baz"],"d":1,"d":2})");
  v.erase_at_pointer("/baz");
  v.erase_at_pointer("/foo/1");
  v.erase_at_pointer("/d");  // every member with the key, so that a lookup finds none
  EXPECT_EQ(json_of(v), R"({"foo":["bar","baz"]})");
  const std::pair<std::string_view, access_errc> failures[] = {
      {"/nope", access_errc::key_not_found},       {"/foo/2", access_errc::index_out_of_range},
      {"/foo/-", access_errc::index_out_of_range}, {"/foo/x", access_errc::invalid_array_index},
      {"/foo/0/x", access_errc::not_a_container},  {"/nope/x", access_errc::key_not_found},
      {"", access_errc::invalid_pointer},          {"x", access_errc::invalid_pointer},
  };
  for (const auto& [pointer, expected] : failures) {
    std::error_code ec;
    EXPECT_FALSE(v.erase_at_pointer(pointer, ec)) << pointer;
    EXPECT_EQ(ec, expected) << pointer;
  }
  EXPECT_EQ(json_of(v), R"({"foo":["bar","baz"]})");
  EXPECT_THROW(v.erase_at_pointer("/nope"), access_exception);
}

TEST(DomValuePointer, CopiedAndMovedValues) {
  value v;
  const value shared = array{"a string long enough to be on the heap, not inline"};
  v.set_at_pointer("/copy", shared);
  value moving = shared;
  v.set_at_pointer("/moved", std::move(moving));
  EXPECT_TRUE(moving.is_null());
  EXPECT_EQ(v.at("copy"), shared);
  EXPECT_EQ(v.at("moved"), shared);
  v.insert_at_pointer("/copy/0", shared);
  EXPECT_EQ(v.at("copy").size(), 2u);
}

}  // namespace
}  // namespace jsonx::dom
