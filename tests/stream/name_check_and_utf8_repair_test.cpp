// The parts under the decoder's two jsontext options: name_scopes (the duplicate-name sets of
// the open objects: linear, then hashed; views into a stable buffer, copied before it changes)
// and utf8_repairing_source (invalid UTF-8 to U+FFFD, byte by byte, whatever the reads).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jsonx/stream/detail/duplicate_names.hpp"
#include "jsonx/stream/detail/utf8_repair.hpp"
#include "jsonx/stream/source.hpp"

namespace {

using jsonx::stream::detail::name_scopes;

TEST(name_scopes, finds_duplicates_in_small_and_large_objects) {
  for (int size : {1, 2, 8, 9, 17, 100, 1000}) {
    name_scopes names;
    names.push();
    for (int i = 0; i < size; ++i)
      ASSERT_TRUE(names.insert("name-" + std::to_string(i), true)) << size << " " << i;
    for (int i = 0; i < size; ++i)
      EXPECT_FALSE(names.insert("name-" + std::to_string(i), true)) << size << " " << i;
    EXPECT_TRUE(names.insert("name-" + std::to_string(size), true));
    EXPECT_TRUE(names.insert("", true));
    EXPECT_FALSE(names.insert("", true));
  }
}

TEST(name_scopes, names_alike_in_length_and_ends_differ) {
  // Same length, same first and last 8 bytes: the hash ties, the compare decides.
  name_scopes names;
  names.push();
  for (char middle = 'a'; middle <= 'z'; ++middle)
    ASSERT_TRUE(names.insert(std::string("prefix12") + middle + "suffix12", true));
  EXPECT_FALSE(names.insert("prefix12qsuffix12", true));
}

TEST(name_scopes, scopes_are_separate_and_popped) {
  name_scopes names;
  names.push();
  ASSERT_TRUE(names.insert("a", true));
  names.push();
  EXPECT_TRUE(names.insert("a", true));  // another object
  for (int i = 0; i < 40; ++i) ASSERT_TRUE(names.insert(std::to_string(i), true));
  std::string_view last;
  ASSERT_TRUE(names.last_name(1, last));
  EXPECT_EQ(last, "39");
  names.pop();
  ASSERT_TRUE(names.last_name(0, last));
  EXPECT_EQ(last, "a");
  EXPECT_FALSE(names.insert("a", true));
  EXPECT_TRUE(names.insert("0", true));  // the inner object's names are gone
  names.push();
  EXPECT_FALSE(names.last_name(1, last));
}

TEST(name_scopes, views_into_stable_input_survive_materialize) {
  name_scopes names;
  std::string buffer = "alpha beta gamma";
  names.set_stable_input(buffer.data(), buffer.data() + buffer.size());
  names.push();
  ASSERT_TRUE(names.insert(std::string_view(buffer).substr(0, 5), true));
  names.push();
  ASSERT_TRUE(names.insert(std::string_view(buffer).substr(6, 4), true));
  names.materialize();
  buffer.assign(buffer.size(), '#');  // the buffer is reused
  std::string_view last;
  ASSERT_TRUE(names.last_name(1, last));
  EXPECT_EQ(last, "beta");
  names.pop();  // must not cut off the outer name copied after the inner scope opened
  ASSERT_TRUE(names.last_name(0, last));
  EXPECT_EQ(last, "alpha");
  EXPECT_FALSE(names.insert("alpha", true));
}

TEST(name_scopes, assign_only_keeps_one_name) {
  name_scopes names;
  names.push();
  names.assign_only("a");
  names.assign_only("b");
  std::string_view last;
  ASSERT_TRUE(names.last_name(0, last));
  EXPECT_EQ(last, "b");
  EXPECT_TRUE(names.insert("a", true));  // "a" was forgotten
}

// ---- UTF-8 repair -----------------------------------------------------------------------------

using jsonx::stream::detail::utf8_repairing_source;
using jsonx::stream::detail::utf8_sequence_length;

TEST(utf8_repair, sequence_lengths_follow_rfc_3629) {
  auto length = [](std::string_view s) {
    return utf8_sequence_length(reinterpret_cast<const unsigned char*>(s.data()), s.size());
  };
  EXPECT_EQ(length("A"), 1);
  EXPECT_EQ(length("\xC3\xA9"), 2);
  EXPECT_EQ(length("\xE2\x82\xAC"), 3);
  EXPECT_EQ(length("\xF0\x9F\x98\x80"), 4);
  EXPECT_EQ(length("\xF4\x8F\xBF\xBF"), 4);  // U+10FFFF
  EXPECT_EQ(length("\xC0\x80"), 0);          // overlong
  EXPECT_EQ(length("\xC1\xBF"), 0);
  EXPECT_EQ(length("\xE0\x9F\xBF"), 0);      // overlong 3-byte
  EXPECT_EQ(length("\xED\xA0\x80"), 0);      // a surrogate
  EXPECT_EQ(length("\xF0\x8F\xBF\xBF"), 0);  // overlong 4-byte
  EXPECT_EQ(length("\xF4\x90\x80\x80"), 0);  // above U+10FFFF
  EXPECT_EQ(length("\xF5\x80\x80\x80"), 0);
  EXPECT_EQ(length("\x80"), 0);       // a continuation byte alone
  EXPECT_EQ(length("\xE2\x82"), -1);  // cut short: more may come
  EXPECT_EQ(length("\xE2\x41"), 0);
}

std::string repair_all(std::string_view input, std::size_t read_size, std::size_t ask) {
  jsonx::stream::memory_source in(input, read_size);
  utf8_repairing_source repaired(in);
  std::string out;
  std::vector<char> buffer(ask);
  for (;;) {
    const jsonx::stream::read_result r = repaired.read_some(buffer.data(), buffer.size());
    if (r.status != jsonx::stream::read_status::ok) break;
    EXPECT_GE(r.bytes, 1u);
    EXPECT_LE(r.bytes, ask);
    out.append(buffer.data(), r.bytes);
  }
  return out;
}

TEST(utf8_repair, each_invalid_byte_becomes_one_replacement_whatever_the_reads) {
  const std::string r = "\xEF\xBF\xBD";
  const std::string input = "a\xC3\xA9\xFF\xE2\x82z\xF0\x9F\x98\x80\x80\xED\xA0\x80\xE2\x82";
  const std::string expected =
      "a\xC3\xA9" + r + r + r + "z\xF0\x9F\x98\x80" + r + r + r + r + r + r;
  for (std::size_t read_size : {1, 2, 3, 5, 100})
    for (std::size_t ask : {1, 2, 4, 64})
      EXPECT_EQ(repair_all(input, read_size, ask), expected) << read_size << " " << ask;
  EXPECT_EQ(repair_all("plain ASCII \xC3\xA9", 3, 4), "plain ASCII \xC3\xA9");
}

TEST(utf8_repair, would_block_and_errors_pass_through) {
  class blocking_once final : public jsonx::stream::source {
   public:
    jsonx::stream::read_result read_some(char* buffer, std::size_t) override {
      switch (step_++) {
        case 0:
          buffer[0] = '\xE2';  // a sequence cut: held back
          return {1, jsonx::stream::read_status::ok, {}};
        case 1:
          return {0, jsonx::stream::read_status::would_block, {}};
        case 2:
          buffer[0] = '\x82';
          buffer[1] = '\xAC';
          return {2, jsonx::stream::read_status::ok, {}};
        default:
          return {0, jsonx::stream::read_status::error, std::make_error_code(std::errc::io_error)};
      }
    }

   private:
    int step_ = 0;
  } in;
  utf8_repairing_source repaired(in);
  char buffer[8];
  EXPECT_EQ(repaired.read_some(buffer, 8).status, jsonx::stream::read_status::would_block);
  const jsonx::stream::read_result r = repaired.read_some(buffer, 8);
  ASSERT_EQ(r.status, jsonx::stream::read_status::ok);
  EXPECT_EQ(std::string(buffer, r.bytes), "\xE2\x82\xAC");  // completed: kept as it is
  const jsonx::stream::read_result e = repaired.read_some(buffer, 8);
  EXPECT_EQ(e.status, jsonx::stream::read_status::error);
  EXPECT_EQ(e.error, std::errc::io_error);
}

}  // namespace
