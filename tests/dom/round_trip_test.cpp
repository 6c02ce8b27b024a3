// Round trips: parse -> write -> parse gives an identical document, compact and pretty, on
// every y_ conformance file, every corpus file and generated documents; and the written text
// equals, value by value, simdjson's parse of the original.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dom_test_support.hpp"
#include "jsonx/dom/dom.hpp"
#include "simdjson_compare.hpp"
#include "support/test_data.hpp"

namespace jsonx::dom {
namespace {

std::vector<jsonx::test::named_input> round_trip_inputs() {
  std::vector<jsonx::test::named_input> inputs;
  for (const auto* file : jsonx::test::conformance_files("y_")) inputs.push_back(*file);
  for (const auto& file : jsonx::test::corpus_files()) inputs.push_back(file);
  for (auto& doc : jsonx::test::generated_documents(32 << 10, 2)) inputs.push_back(doc);
  return inputs;
}

TEST(DomRoundTrip, ParseWriteParseIsIdentical) {
  const auto inputs = round_trip_inputs();
  if (jsonx::test::conformance_files().empty() || jsonx::test::corpus_files().empty()) {
    std::fprintf(stderr, "DomRoundTrip: conformance files or corpus absent, testing the rest\n");
  }
  parser first;
  parser second;
  std::size_t checked = 0;
  for (const auto& input : inputs) {
    SCOPED_TRACE(input.name);
    const document& original = first.parse(input.bytes);
    const std::string compact = to_string(original);
    ASSERT_TRUE(identical(second.parse(compact).root(), original.root()));
    // Compact output is canonical: writing it again changes nothing.
    EXPECT_EQ(to_string(second.doc()), compact);
    const std::string pretty = to_pretty_string(original, 3);
    ASSERT_TRUE(identical(second.parse(pretty).root(), original.root()));
    // The mutable value writes the same text as the document it came from.
    EXPECT_EQ(to_string(value(original.root())), compact);
    ++checked;
  }
  EXPECT_GE(checked, 8u);  // at least the generated documents
}

TEST(DomRoundTrip, WrittenTextEqualsSimdjsonParseOfTheOriginal) {
  const auto inputs = round_trip_inputs();
  parser p;
  std::size_t compared = 0;
  for (const auto& input : inputs) {
    SCOPED_TRACE(input.name);
    const document& doc = p.parse(input.bytes);
    bool accepted = false;
    const std::string difference = test::compare_with_simdjson(doc.root(), input.bytes, accepted);
    if (!accepted) {
      // simdjson's documented limits: integers past 64 bits, numbers past double range,
      // nesting past 1024. Anything else it rejects is a disagreement.
      EXPECT_TRUE(test::contains_raw_number(doc.root()) || test::depth_of(doc.root()) > 1024)
          << difference;
      continue;
    }
    // Our document of x equals simdjson's tree of x...
    EXPECT_EQ(difference, "");
    // ... and simdjson's tree of write(parse(x)) equals it too, value by value.
    const std::string written = to_string(doc);
    EXPECT_EQ(test::compare_with_simdjson(doc.root(), written, accepted), "");
    EXPECT_TRUE(accepted);
    ++compared;
  }
  EXPECT_GE(compared, 8u);
}

}  // namespace
}  // namespace jsonx::dom
