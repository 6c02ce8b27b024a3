// A warm dom::parser parses, and a writer serializes into a reused string, without allocating:
// every operator new of this test program is counted (support/counting_new.hpp; the
// document's buffers are malloc-backed and checked through capacity_bytes() instead).
#include <gtest/gtest.h>

#include <string>

#include "jsonx/dom/dom.hpp"
#include "support/counting_new.hpp"
#include "support/test_data.hpp"

namespace jsonx::dom {
namespace {

// small.json's shape, written here so that the test runs without the corpus too.
constexpr std::string_view small_text =
    R"({"Width":800,"Height":600,"Title":"View from my room","Url":"http://ex.com/img.png",)"
    R"("Private":false,"Thumbnail":{"Url":"http://ex.com/th.png","Height":125,"Width":100},)"
    R"("array":[116,943,234],"Owner":null})";

TEST(DomAllocation, WarmParseAndSerializeAllocateNothing) {
  {  // the counter sees this program's allocations
    const std::size_t before = jsonx::test::allocation_count();
    std::string heap(100, 'x');
    ASSERT_GT(jsonx::test::allocation_count(), before) << heap;
  }
  std::vector<std::string> texts = {std::string(small_text)};
  for (const auto& file : jsonx::test::corpus_files()) texts.push_back(file.bytes);
  for (const std::string& text : texts) {
    SCOPED_TRACE(text.substr(0, 30));
    parser p;
    std::string out;
    write_options options;
    options.invalid_utf8 = invalid_utf8_policy::assume_valid;
    for (int round = 0; round < 3; ++round) {
      const std::size_t capacity = p.doc().capacity_bytes();
      const std::size_t before = jsonx::test::allocation_count();
      const document& doc = p.parse(text);
      out.clear();
      {
        writer w(out, options);
        ASSERT_TRUE(write(doc, w) && w.flush());
      }
      const std::size_t made = jsonx::test::allocation_count() - before;
      if (round > 0) {  // the first round sizes the buffers
        EXPECT_EQ(made, 0u) << "round " << round;
        EXPECT_EQ(p.doc().capacity_bytes(), capacity);
      }
      EXPECT_EQ(out.size() > 0, true);
    }
  }
}

}  // namespace
}  // namespace jsonx::dom
