// Differential test against simdjson's DOM: on every conformance file, the corpus and generated
// documents, the same verdict, and for accepted inputs the event stream equal to a walk of
// simdjson's tree (numbers compared bit for bit).
//
// Where the two may legitimately differ, the comparison is skipped and counted: a number only
// jsonx can represent (on_number_text: beyond 64-bit integers or double range, which simdjson
// rejects or rounds).
#include <gtest/gtest.h>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/simdjson_walker.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

class differential : public kernel_test {
 protected:
  // Returns false if the input was skipped (a number only jsonx represents).
  bool compare_with_simdjson(const named_input& input, chunking cut = chunking::whole()) {
    const parse_outcome ours =
        parse_chunked_fresh<value_recorder>(input.bytes, cut, with_kernel(kernel()));
    if (ours.log.find("\nx") != std::string::npos || ours.log.starts_with("x")) return false;
    const simdjson_verdict theirs = simdjson_events(input.bytes);
    EXPECT_EQ(ours.accepted, theirs.accepted)
        << input.name << " (" << cut.describe() << "): jsonx " << verdict(ours) << ", simdjson "
        << (theirs.accepted ? "accepted" : theirs.error);
    if (ours.accepted && theirs.accepted) {
      EXPECT_EQ(describe_difference(theirs.log, ours.log), "")
          << input.name << " (" << cut.describe() << ")";
    }
    return true;
  }
};

TEST_P(differential, conformance_files) {
  const auto& files = conformance_files();
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  std::vector<std::string> skipped;
  for (const named_input& file : files)
    if (!compare_with_simdjson(file)) skipped.push_back(file.name);
  // Only the i_number files beyond 64 bits or double range may be skipped.
  for (const std::string& name : skipped) EXPECT_TRUE(name.starts_with("i_number_")) << name;
  EXPECT_LE(skipped.size(), 8u);
}

TEST_P(differential, corpus_files) {
  const auto& files = corpus_files();
  if (files.empty()) GTEST_SKIP() << "corpus absent (set JSONX_CORPUS_DIR)";
  for (const named_input& file : files) {
    EXPECT_TRUE(compare_with_simdjson(file)) << file.name << " has numbers beyond 64 bits?";
    EXPECT_TRUE(compare_with_simdjson(file, chunking::random(17, 4096))) << file.name;
  }
}

TEST_P(differential, generated_documents) {
  for (const named_input& doc : generated_documents(30000, 5))
    EXPECT_TRUE(compare_with_simdjson(doc, chunking::random(3, 200))) << doc.name;
  for (const named_input& doc : generated_documents(300, 25, 100))
    EXPECT_TRUE(compare_with_simdjson(doc)) << doc.name;
}

// Generated documents made invalid by one changed byte: both parsers must still agree on the
// verdict (and on the events where both accept).
TEST_P(differential, generated_documents_with_one_byte_changed) {
  static constexpr char replacements[] = {'"', '\\', '{', '}', '[', ']',    ',',    ':',    ' ',
                                          '0', 'e',  '-', '.', 't', '\x01', '\x80', '\xff', 'u'};
  std::uint64_t state = 12345;
  std::size_t compared = 0;
  for (const named_input& doc : generated_documents(2000, 5)) {
    for (int trial = 0; trial < 60; ++trial) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      named_input mutated = doc;
      mutated.bytes[(state >> 33) % mutated.bytes.size()] =
          replacements[(state >> 20) % sizeof replacements];
      mutated.name += " mutation " + std::to_string(trial);
      if (compare_with_simdjson(mutated)) ++compared;
    }
  }
  EXPECT_GT(compared, 1000u);
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(differential);

}  // namespace
}  // namespace jsonx::test
