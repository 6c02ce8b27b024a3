// document_batch: documents appended back to back come out equal to what went in, flags
// included, into reused buffers.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jsonx/dom/detail/document_batch.hpp"
#include "jsonx/dom/dom_builder.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/dom/serialize.hpp"
#include "support/test_data.hpp"

namespace {

TEST(document_batch, documents_come_out_as_they_went_in) {
  std::vector<std::string> texts = {R"({"a":[1,2.5,"x"],"b":{"c":null}})", "[]", "\"s\\u00e9\"",
                                    "-7", R"(["long string that needs more than one block"])"};
  for (const auto& doc : jsonx::test::generated_documents(20000, 3)) texts.push_back(doc.bytes);
  jsonx::dom::parser parser;
  jsonx::dom::detail::document_batch batch;
  for (int round = 0; round < 2; ++round) {  // the second round reuses the cleared batch
    batch.clear();
    std::vector<std::string> expected;
    for (const std::string& text : texts) {
      batch.append(parser.parse(text));
      expected.push_back(jsonx::dom::to_string(parser.doc()));
    }
    // An empty document (a failed parse) stays empty.
    std::error_code ec;
    batch.append(parser.parse("[1,", ec));
    ASSERT_TRUE(ec);
    ASSERT_EQ(batch.size(), texts.size() + 1);

    jsonx::dom::document out;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      batch.copy_to(i, out);
      ASSERT_FALSE(out.empty());
      EXPECT_TRUE(out.utf8_validated());  // as dom::parser's documents are
      EXPECT_EQ(jsonx::dom::to_string(out), expected[i]) << texts[i];
    }
    batch.copy_to(texts.size(), out);
    EXPECT_TRUE(out.empty());
  }
}

TEST(document_batch, a_builder_document_keeps_its_unvalidated_mark) {
  jsonx::dom::document built;
  jsonx::dom::dom_builder builder(built);
  const std::string text = "x";
  builder.on_array_begin();
  builder.on_string(text);
  builder.on_array_end(1);
  ASSERT_FALSE(built.empty());
  jsonx::dom::detail::document_batch batch;
  batch.append(built);
  jsonx::dom::document out;
  batch.copy_to(0, out);
  EXPECT_EQ(jsonx::dom::to_string(out), R"(["x"])");
  EXPECT_FALSE(out.utf8_validated());
}

TEST(document_batch, copying_into_a_large_enough_document_keeps_its_buffers) {
  jsonx::dom::parser parser;
  jsonx::dom::detail::document_batch batch;
  batch.append(parser.parse(R"({"key":"value","n":[1,2,3]})"));
  batch.append(parser.parse(R"([1])"));
  jsonx::dom::document out;
  batch.copy_to(0, out);
  const std::size_t capacity = out.capacity_bytes();
  batch.copy_to(1, out);
  batch.copy_to(0, out);
  EXPECT_EQ(out.capacity_bytes(), capacity);
  EXPECT_EQ(jsonx::dom::to_string(out), R"({"key":"value","n":[1,2,3]})");
}

}  // namespace
