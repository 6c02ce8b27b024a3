// The corpus manifest and loader: four entries as in ../shared/corpus/README.md, files found
// through JSONX_CORPUS_DIR, checked by size and SHA-256.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "jsonx/corpus/corpus.hpp"

namespace jsonx::corpus {
namespace {

TEST(corpus_manifest, lists_the_four_canonical_files) {
  auto entries = manifest();
  ASSERT_EQ(entries.size(), 4u);
  std::set<std::string_view> names;
  for (const entry& e : entries) {
    names.insert(e.name);
    EXPECT_EQ(e.file, std::string(e.name) + ".json");
    EXPECT_EQ(e.sha256.size(), 64u) << e.name;
    EXPECT_EQ(e.sha256.find_first_not_of("0123456789abcdef"), std::string_view::npos) << e.name;
    EXPECT_FALSE(e.upstream.empty()) << e.name;
    EXPECT_FALSE(e.shape_note.empty()) << e.name;
    EXPECT_GT(e.bytes, 0u) << e.name;
  }
  EXPECT_EQ(names, (std::set<std::string_view>{"twitter", "citm_catalog", "canada", "small"}));
  EXPECT_EQ(find("canada.json")->bytes, 2251051u);
  EXPECT_EQ(find("small")->sha256,
            "4908ad36fe7cf14b0583c8ccf427aa113bf86d6c9e3e670e7af07e21a55a5322");
  EXPECT_EQ(find("nope"), nullptr);
}

TEST(corpus_sha256, known_answers) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // 56 bytes: the length no longer fits the first padding block.
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(corpus_loader, files_match_the_manifest) {
  std::size_t present = 0;
  for (const entry& e : manifest()) {
    auto bytes = load(e.name);
    if (!bytes) continue;
    ++present;
    EXPECT_EQ(bytes->size(), e.bytes) << e.name;
    EXPECT_EQ(sha256_hex(*bytes), e.sha256) << e.name;
    EXPECT_EQ(load(e.file), bytes) << "load by file name";
  }
  if (present == 0) GTEST_SKIP() << "corpus absent at " << directory() << " (set JSONX_CORPUS_DIR)";
}

TEST(corpus_loader, unknown_names_and_missing_folders_give_nullopt) {
  EXPECT_EQ(load("no_such_file"), std::nullopt);
  const char* saved = std::getenv("JSONX_CORPUS_DIR");
  std::string restore = saved ? saved : "";
  setenv("JSONX_CORPUS_DIR", "/nonexistent/jsonx-corpus", 1);
  EXPECT_EQ(directory(), std::filesystem::path("/nonexistent/jsonx-corpus"));
  EXPECT_EQ(load("small"), std::nullopt);
  if (saved)
    setenv("JSONX_CORPUS_DIR", restore.c_str(), 1);
  else
    unsetenv("JSONX_CORPUS_DIR");
}

TEST(corpus_loader, conformance_directory_honours_the_environment) {
  const char* saved = std::getenv("JSONX_CONFORMANCE_DIR");
  std::string restore = saved ? saved : "";
  setenv("JSONX_CONFORMANCE_DIR", "/data/conf", 1);
  EXPECT_EQ(conformance_directory(),
            std::filesystem::path("/data/conf/JSONTestSuite/test_parsing"));
  if (saved)
    setenv("JSONX_CONFORMANCE_DIR", restore.c_str(), 1);
  else
    unsetenv("JSONX_CONFORMANCE_DIR");
}

}  // namespace
}  // namespace jsonx::corpus
