// JSON Pointer (RFC 6901) and get(path...) on document elements: the RFC's examples, escapes,
// every error, and every element of the corpus reached through its own pointer.
#include <gtest/gtest.h>

#include <string>

#include "dom_test_support.hpp"
#include "jsonx/dom/dom.hpp"
#include "support/test_data.hpp"

namespace jsonx::dom {
namespace {

// RFC 6901, section 5.
constexpr std::string_view rfc_document = R"({
  "foo": ["bar", "baz"],
  "": 0,
  "a/b": 1,
  "c%d": 2,
  "e^f": 3,
  "g|h": 4,
  "i\\j": 5,
  "k\"l": 6,
  " ": 7,
  "m~n": 8,
  "~1": 9
})";

std::error_code pointer_error(const element& root, std::string_view pointer) {
  std::error_code ec;
  const element found = root.at_pointer(pointer, ec);
  EXPECT_TRUE(found.is_null()) << pointer;  // the error flavour returns a null element
  return ec;
}

TEST(DomPointer, Rfc6901Examples) {
  document doc = parse(rfc_document);
  const element root = doc.root();
  EXPECT_TRUE(root.at_pointer("").same_node(root));
  EXPECT_EQ(root.at_pointer("/foo").size(), 2u);
  EXPECT_EQ(root.at_pointer("/foo/0").get_string(), "bar");
  EXPECT_EQ(root.at_pointer("/foo/1").get_string(), "baz");
  EXPECT_EQ(root.at_pointer("/").get_int64(), 0);
  EXPECT_EQ(root.at_pointer("/a~1b").get_int64(), 1);
  EXPECT_EQ(root.at_pointer("/c%d").get_int64(), 2);
  EXPECT_EQ(root.at_pointer("/e^f").get_int64(), 3);
  EXPECT_EQ(root.at_pointer("/g|h").get_int64(), 4);
  EXPECT_EQ(root.at_pointer("/i\\j").get_int64(), 5);
  EXPECT_EQ(root.at_pointer("/k\"l").get_int64(), 6);
  EXPECT_EQ(root.at_pointer("/ ").get_int64(), 7);
  EXPECT_EQ(root.at_pointer("/m~0n").get_int64(), 8);
  // "~01" is "~1" (the escapes are undone once, ~0 first would be wrong).
  EXPECT_EQ(root.at_pointer("/~01").get_int64(), 9);
  EXPECT_EQ(root.find_pointer("/foo/1")->get_string(), "baz");
  EXPECT_FALSE(root.find_pointer("/foo/2").has_value());
}

TEST(DomPointer, Errors) {
  document doc = parse(rfc_document);
  const element root = doc.root();
  EXPECT_EQ(pointer_error(root, "foo"), access_errc::invalid_pointer);      // no leading '/'
  EXPECT_EQ(pointer_error(root, "/m~2n"), access_errc::invalid_pointer);    // bad escape
  EXPECT_EQ(pointer_error(root, "/m~"), access_errc::invalid_pointer);      // cut escape
  EXPECT_EQ(pointer_error(root, "/nope/~"), access_errc::invalid_pointer);  // checked up front
  EXPECT_EQ(pointer_error(root, "/nope"), access_errc::key_not_found);
  EXPECT_EQ(pointer_error(root, "/foo/2"), access_errc::index_out_of_range);
  EXPECT_EQ(pointer_error(root, "/foo/-"), access_errc::index_out_of_range);  // never exists
  EXPECT_EQ(pointer_error(root, "/foo/01"), access_errc::invalid_array_index);
  EXPECT_EQ(pointer_error(root, "/foo/-1"), access_errc::invalid_array_index);
  EXPECT_EQ(pointer_error(root, "/foo/x"), access_errc::invalid_array_index);
  EXPECT_EQ(pointer_error(root, "/foo/"), access_errc::invalid_array_index);
  EXPECT_EQ(pointer_error(root, "/foo/99999999999999999999999"), access_errc::invalid_array_index);
  EXPECT_EQ(pointer_error(root, "/a~1b/0"), access_errc::not_a_container);
  EXPECT_EQ(pointer_error(root, "/foo/0/x"), access_errc::not_a_container);
  try {
    root.at_pointer("/foo/7");
    ADD_FAILURE() << "no exception";
  } catch (const access_exception& e) {
    EXPECT_EQ(e.code(), access_errc::index_out_of_range);
    EXPECT_NE(std::string(e.what()).find("/foo/7"), std::string::npos) << e.what();
  }
}

TEST(DomPointer, NumericKeysOnObjectsAreKeys) {
  document doc = parse(R"({"0":"zero","01":"one","-":"dash"})");
  EXPECT_EQ(doc.root().at_pointer("/0").get_string(), "zero");
  EXPECT_EQ(doc.root().at_pointer("/01").get_string(), "one");
  EXPECT_EQ(doc.root().at_pointer("/-").get_string(), "dash");
}

TEST(DomPointer, DuplicateKeysResolveToTheLast) {
  document doc = parse(R"({"a":{"x":1},"a":{"x":2}})");
  EXPECT_EQ(doc.root().at_pointer("/a/x").get_int64(), 2);
}

TEST(DomPath, VariadicGet) {
  document doc = parse(R"({"statuses":[{"user":{"id":1}},{"user":{"id":2,"tags":["a","b"]}}]})");
  const element root = doc.root();
  EXPECT_EQ(root.get("statuses", 1, "user", "id").get_int64(), 2);
  EXPECT_EQ(root.get("statuses", 1u, "user", std::string("tags"), std::size_t{1}).get_string(),
            "b");
  EXPECT_TRUE(root.get().same_node(root));
  EXPECT_TRUE(root.get("statuses", 1, "user").same_node(root.at_pointer("/statuses/1/user")));
  std::error_code ec;
  EXPECT_TRUE(root.get(ec, "statuses", 5).is_null());
  EXPECT_EQ(ec, access_errc::index_out_of_range);
  ec.clear();
  root.get(ec, "statuses", -1);
  EXPECT_EQ(ec, access_errc::index_out_of_range);
  ec.clear();
  root.get(ec, "statuses", "user");
  EXPECT_EQ(ec, access_errc::type_mismatch);
  ec.clear();
  root.get(ec, 0);
  EXPECT_EQ(ec, access_errc::type_mismatch);
  ec.clear();
  root.get(ec, "statuses", 0, "user", "id", "deeper");
  EXPECT_EQ(ec, access_errc::not_a_container);
  ec.clear();
  root.get(ec, "nope", 0);  // stops at the first error
  EXPECT_EQ(ec, access_errc::key_not_found);
  EXPECT_THROW(root.get("statuses", 9), access_exception);
  EXPECT_FALSE(root.find_path("statuses", 9).has_value());
  EXPECT_EQ(root.find_path("statuses", 0, "user", "id")->get_int64(), 1);
}

TEST(DomPointer, EveryElementOfTheCorpusThroughItsPointer) {
  std::vector<jsonx::test::named_input> inputs = jsonx::test::generated_documents(16 << 10, 1);
  for (const auto& file : jsonx::test::corpus_files()) {
    if (file.name != "canada.json") inputs.push_back(file);  // canada: numbers only, and big
  }
  parser p;
  for (const auto& input : inputs) {
    const element root = p.parse(input.bytes).root();
    std::size_t visited = 0;
    test::for_each_element(root, [&](const std::string& pointer, const element& e) {
      ++visited;
      std::error_code ec;
      const element found = root.at_pointer(pointer, ec);
      ASSERT_FALSE(ec) << input.name << " " << pointer << ": " << ec.message();
      ASSERT_TRUE(found.same_node(e)) << input.name << " " << pointer;
    });
    EXPECT_GT(visited, 1u) << input.name;
  }
}

}  // namespace
}  // namespace jsonx::dom
