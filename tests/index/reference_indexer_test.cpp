// The reference indexer checked by hand on small inputs, so that agreement with it means
// something: positions, escapes, strings, scalars, newlines and the UTF-8 error offsets that
// structural_indexer.hpp specifies.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference_indexer.hpp"

namespace jsonx::test {
namespace {

using index::index_error;
using offsets = std::vector<std::uint32_t>;

TEST(reference_indexer, operators_quotes_and_scalar_starts) {
  //                          0123456789012345678901234
  reference_index r = reference_index_of(R"({"a":[1, true,"x"]} 12)");
  EXPECT_EQ(r.positions, (offsets{0, 1, 3, 4, 5, 6, 7, 9, 13, 14, 16, 17, 18, 20}));
  EXPECT_EQ(r.error, index_error::none);
}

TEST(reference_indexer, operators_and_whitespace_inside_strings_are_not_indexed) {
  reference_index r = reference_index_of(R"(["{[:, ]}"])");
  EXPECT_EQ(r.positions, (offsets{0, 1, 9, 10}));
}

TEST(reference_indexer, scalar_runs_are_indexed_once) {
  reference_index r = reference_index_of("[truefalse,-1.5e+3x]");
  EXPECT_EQ(r.positions, (offsets{0, 1, 10, 11, 19}));
  // A scalar right after a closing quote starts a new run.
  EXPECT_EQ(reference_index_of(R"("a"b)").positions, (offsets{0, 2, 3}));
}

TEST(reference_indexer, escaped_quotes_and_backslash_runs) {
  // "a\"b" then "\\" then "\\\"": the escaped quotes are not structural.
  reference_index r = reference_index_of(R"(["a\"b","\\","\\\"",""])");
  EXPECT_EQ(r.positions, (offsets{0, 1, 6, 7, 8, 11, 12, 13, 18, 19, 20, 21, 22}));
  EXPECT_EQ(r.escaped_string_ends, (offsets{6, 11, 18}));
}

TEST(reference_indexer, strings_without_backslash_are_not_marked) {
  EXPECT_TRUE(reference_index_of(R"(["abc","d"])").escaped_string_ends.empty());
  // A backslash outside a string does not mark the next string.
  EXPECT_TRUE(reference_index_of(R"(\ "abc")").escaped_string_ends.empty());
}

TEST(reference_indexer, control_characters_only_inside_strings) {
  reference_index outside = reference_index_of("[1,\x01 2]");
  EXPECT_EQ(outside.error, index_error::none);
  reference_index inside = reference_index_of("[\"ab\x1f\"]");
  EXPECT_EQ(inside.error, index_error::control_char_in_string);
  EXPECT_EQ(inside.error_offset, 4u);
  EXPECT_EQ(inside.positions, (offsets{0, 1}));  // entries stop before the error
}

TEST(reference_indexer, newlines_are_counted_before_the_error) {
  reference_index r = reference_index_of("[\n1,\n\"a\n\"]\n");
  EXPECT_EQ(r.error, index_error::control_char_in_string);
  EXPECT_EQ(r.error_offset, 7u);
  EXPECT_EQ(r.newline_count, 2u);
  EXPECT_EQ(r.last_newline, 4);
  reference_index clean = reference_index_of("[\n1,\n2]\n");
  EXPECT_EQ(clean.newline_count, 3u);
  EXPECT_EQ(clean.last_newline, 7);
}

struct utf8_case {
  const char* bytes;
  std::size_t length;
  std::int64_t error_at;  // -1: valid (possibly incomplete at the end)
  bool incomplete;
};

TEST(reference_indexer, utf8_error_offsets) {
  const utf8_case cases[] = {
      {"\xc3\xa9", 2, -1, false},          // é
      {"\xe2\x82\xac", 3, -1, false},      // €
      {"\xf0\x9f\x98\x80", 4, -1, false},  // 😀
      {"\xf4\x8f\xbf\xbf", 4, -1, false},  // U+10FFFF
      {"\xc3", 1, -1, true},
      {"\xe2\x82", 2, -1, true},
      {"\xf0\x9f\x98", 3, -1, true},
      {"\xc3\x41", 2, 1, false},  // lead then ASCII: at the ASCII byte
      {"\x80", 1, 0, false},      // a continuation with nothing to continue
      {"\xc3\xa9\x80", 3, 2, false},
      {"\xc0\x80", 2, 1, false},  // overlong, seen at the second byte
      {"\xc1\xbf", 2, 1, false},
      {"\xed\xa0\x80", 3, 1, false},      // surrogate U+D800, seen at A0
      {"\xe0\x80\x80", 3, 1, false},      // overlong 3-byte
      {"\xf0\x80\x80\x80", 4, 1, false},  // overlong 4-byte
      {"\xf4\x90\x80\x80", 4, 1, false},  // above U+10FFFF
      {"\xf5\x80", 2, 1, false},
      {"\xe2\x82\x41", 3, 2, false},  // missing third byte: at the first non-continuation
      {"\xf0\x9f\x98\x41", 4, 3, false},
      {"\xe2\x82\xac\x80", 4, 3, false},  // one continuation too many
      {"\xff\x41", 2, 1, false},
  };
  for (const utf8_case& c : cases) {
    std::string input(c.bytes, c.length);
    reference_index r = reference_index_of(input, {input.size()});
    if (c.error_at < 0) {
      EXPECT_EQ(r.error, index_error::none) << testing::PrintToString(input);
      ASSERT_EQ(r.carries_at.size(), 1u);
      EXPECT_EQ(r.carries_at[0].utf8_incomplete, c.incomplete) << testing::PrintToString(input);
    } else {
      EXPECT_EQ(r.error, index_error::invalid_utf8) << testing::PrintToString(input);
      EXPECT_EQ(r.error_offset, static_cast<std::size_t>(c.error_at))
          << testing::PrintToString(input);
    }
  }
}

TEST(reference_indexer, carries_at_cuts) {
  // Cut inside a string after a backslash, and after a scalar byte.
  std::string input = R"(["a\"b",12 ,"x"])";
  reference_index r = reference_index_of(input, {4, 9, 11});
  ASSERT_EQ(r.carries_at.size(), 3u);
  EXPECT_TRUE(r.carries_at[0].next_is_escaped);
  EXPECT_TRUE(r.carries_at[0].in_string);
  EXPECT_TRUE(r.carries_at[0].escape_in_string);
  EXPECT_FALSE(r.carries_at[1].in_string);
  EXPECT_TRUE(r.carries_at[1].last_was_scalar);
  EXPECT_FALSE(r.carries_at[2].last_was_scalar);
  EXPECT_EQ(r.carries_at[2].utf8_tail[2], ' ');
}

}  // namespace
}  // namespace jsonx::test
