// The one JSON Pointer implementation (jsonx/sax/json_pointer.hpp), which the DOM, typed
// binding and the CLI use: RFC 6901's syntax, its escapes decoded left to right, array indexes.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::test {
namespace {

TEST(json_pointer, syntax) {
  for (const char* good : {"", "/", "//", "/a/b", "/~0", "/~1", "/a~1b~0c", "/ /\"/é"})
    EXPECT_TRUE(is_json_pointer(good)) << good;
  for (const char* bad : {"a", "a/b", "/~", "/~2", "/a~", "/~a", " /a"})
    EXPECT_FALSE(is_json_pointer(bad)) << bad;
}

TEST(json_pointer, tokens_are_unescaped_left_to_right) {
  // RFC 6901 section 4: "~01" is "~1" (first ~0 -> ~), not "/".
  EXPECT_EQ(split_json_pointer("/~01"), std::vector<std::string>{"~1"});
  EXPECT_EQ(split_json_pointer("/a~1b/c~0d/"), (std::vector<std::string>{"a/b", "c~d", ""}));
  EXPECT_EQ(split_json_pointer(""), std::vector<std::string>{});
  EXPECT_EQ(split_json_pointer("/"), std::vector<std::string>{""});
  EXPECT_EQ(split_json_pointer("/~2"), std::vector<std::string>{}) << "invalid: no tokens";

  json_pointer_tokens walk("/x/~1");
  ASSERT_TRUE(walk.valid());
  std::string_view token;
  ASSERT_TRUE(walk.next(token));
  EXPECT_EQ(token, "x");
  EXPECT_FALSE(walk.at_last());
  ASSERT_TRUE(walk.next(token));
  EXPECT_EQ(token, "/");
  EXPECT_TRUE(walk.at_last());
  EXPECT_FALSE(walk.next(token));
  EXPECT_FALSE(json_pointer_tokens("x").valid());
}

TEST(json_pointer, array_indexes) {
  std::size_t index = 7;
  EXPECT_TRUE(parse_json_pointer_index("0", index));
  EXPECT_EQ(index, 0u);
  EXPECT_TRUE(parse_json_pointer_index("120", index));
  EXPECT_EQ(index, 120u);
  const std::string max = std::to_string(std::numeric_limits<std::size_t>::max());
  EXPECT_TRUE(parse_json_pointer_index(max, index));
  EXPECT_EQ(index, std::numeric_limits<std::size_t>::max());
  for (std::string bad : {std::string("01"), std::string("-"), std::string(""), std::string("1a"),
                          std::string("-1"), std::string("+1"), max + "0"}) {
    index = 7;
    EXPECT_FALSE(parse_json_pointer_index(bad, index)) << bad;
    EXPECT_EQ(index, 7u) << "a refused index changes nothing";
  }
}

TEST(json_pointer, appended_tokens_read_back) {
  std::string pointer;
  append_json_pointer_token(pointer, "a/b");
  append_json_pointer_index(pointer, 42);
  append_json_pointer_token(pointer, "~1");
  append_json_pointer_token(pointer, "");
  EXPECT_EQ(pointer, "/a~1b/42/~01/");
  EXPECT_EQ(split_json_pointer(pointer), (std::vector<std::string>{"a/b", "42", "~1", ""}));
}

}  // namespace
}  // namespace jsonx::test
