// A document built from chunks is identical() to the one built from the whole buffer, however
// the input is cut: every split point and tiny chunk sizes on the conformance files, a bounded
// random sample of chunkings on the corpus and on generated documents.
#include <gtest/gtest.h>

#include <vector>

#include "dom_test_support.hpp"
#include "jsonx/dom/dom.hpp"
#include "support/test_data.hpp"

namespace jsonx::dom {
namespace {

using jsonx::test::chunking;

void expect_every_chunking_identical(const std::string& name, std::string_view input,
                                     const std::vector<chunking>& cuts) {
  parser whole_parser;
  parser chunk_parser;
  std::error_code whole_ec;
  const document& whole = whole_parser.parse(input, whole_ec);
  for (chunking cut : cuts) {
    const std::string how = cut.describe();
    std::error_code ec;
    const document& chunked = test::parse_in_chunks(chunk_parser, input, cut, ec);
    ASSERT_EQ(ec, whole_ec) << name << ", " << how;
    if (ec) continue;
    ASSERT_TRUE(identical(chunked.root(), whole.root())) << name << ", " << how;
    EXPECT_EQ(chunked.node_count(), whole.node_count()) << name << ", " << how;
    EXPECT_EQ(chunked.string_bytes(), whole.string_bytes()) << name << ", " << how;
  }
}

TEST(DomChunkInvariance, ConformanceFilesAtEverySplitAndTinyChunks) {
  const auto files = jsonx::test::conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  for (const auto* file : files) {
    std::vector<chunking> cuts;
    for (std::size_t at = 0; at <= file->bytes.size(); ++at) cuts.push_back(chunking::split_at(at));
    for (std::size_t size : {1u, 2u, 3u, 5u}) cuts.push_back(chunking::fixed(size));
    expect_every_chunking_identical(file->name, file->bytes, cuts);
  }
}

TEST(DomChunkInvariance, ImplementationDefinedFilesAgreeToo) {
  // i_ files: whatever the verdict, chunking does not change it or the document.
  const auto files = jsonx::test::conformance_files("i_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  for (const auto* file : files) {
    std::vector<chunking> cuts;
    for (std::size_t at = 0; at <= file->bytes.size(); ++at) cuts.push_back(chunking::split_at(at));
    cuts.push_back(chunking::fixed(1));
    expect_every_chunking_identical(file->name, file->bytes, cuts);
  }
}

TEST(DomChunkInvariance, CorpusFilesUnderARandomSampleOfChunkings) {
  const auto& files = jsonx::test::corpus_files();
  if (files.empty()) GTEST_SKIP() << "corpus absent (set JSONX_CORPUS_DIR)";
  for (const auto& file : files) {
    std::vector<chunking> cuts = {chunking::fixed(65536), chunking::fixed(4096),
                                  chunking::fixed(63)};
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      cuts.push_back(chunking::random(seed, 4096));
      cuts.push_back(chunking::random(seed + 100, 64));
    }
    // A few single cuts at random places (inside strings, numbers, escapes alike).
    std::uint64_t state = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < 8; ++i) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      cuts.push_back(
          chunking::split_at(static_cast<std::size_t>(state >> 33) % (file.bytes.size() + 1)));
    }
    if (file.bytes.size() < 4096) cuts.push_back(chunking::fixed(1));
    expect_every_chunking_identical(file.name, file.bytes, cuts);
  }
}

TEST(DomChunkInvariance, GeneratedDocumentsByteByByte) {
  for (const auto& doc : jsonx::test::generated_documents(8 << 10, 2)) {
    expect_every_chunking_identical(
        doc.name, doc.bytes,
        {chunking::fixed(1), chunking::fixed(7), chunking::random(5, 100),
         chunking::split_at(doc.bytes.size() / 2)});
  }
}

}  // namespace
}  // namespace jsonx::dom
