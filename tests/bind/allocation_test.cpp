// A reused typed_decoder<T> decoding again into the same model: every operator new of this test
// program is counted (support/counting_new.hpp).
//
// A model whose members are scalars, strings, vectors and nested structs allocates nothing once
// warm (the model's containers and strings, the decoder's frames and the parser's buffers are
// reused): the partial twitter model, whose unknown members the parser skips, is one. The
// corpus models also hold std::optional strings and vectors, std::unique_ptr and std::map
// members, which a reused element empties before it is decoded into (element_reuse.hpp), so
// they allocate again on each document: for them the test checks that the count is the same
// on every warm round (nothing grows) and says what it is.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/citm_catalog.hpp"
#include "jsonx/bind_models/equal.hpp"
#include "jsonx/bind_models/twitter.hpp"
#include "jsonx/corpus/corpus.hpp"
#include "support/counting_new.hpp"

namespace jsonx::test::allocation {

// A few fields of each twitter status: everything else is unknown, and skipped.
struct partial_user {
  std::string screen_name;
};
JSONX_DESCRIBE(partial_user, screen_name)
struct partial_status {
  std::uint64_t id = 0;
  std::string text;
  partial_user user;
};
JSONX_DESCRIBE(partial_status, id, text, user)
struct partial_twitter {
  std::vector<partial_status> statuses;
};
JSONX_DESCRIBE(partial_twitter, statuses)

}  // namespace jsonx::test::allocation

namespace {

using jsonx::test::allocation_count;

const std::string* corpus_text(const char* name) {
  static std::map<std::string, std::optional<std::string>> cache;
  auto it = cache.find(name);
  if (it == cache.end()) it = cache.emplace(name, jsonx::corpus::load(name)).first;
  return it->second ? &*it->second : nullptr;
}

// Decodes `text` into one model four times with one decoder, whole and in chunks: every round
// gives the model a fresh decode gives, and the rounds after the first allocate
// the same number of times (nothing grows), or, with `expect_none`, never.
template <class Model>
void check_warm_decodes(const std::string& text, bool expect_none) {
  {  // the counter sees this program's allocations
    const std::size_t before = allocation_count();
    std::string heap(100, 'x');
    ASSERT_GT(allocation_count(), before) << heap;
  }
  const Model expected = jsonx::decode<Model>(text);
  for (std::size_t chunk_size : {std::size_t{0}, std::size_t{4096}}) {
    SCOPED_TRACE("chunks of " + std::to_string(chunk_size));
    Model model;
    jsonx::typed_decoder<Model> decoder(model);
    std::size_t first_warm = 0;
    for (int round = 0; round < 4; ++round) {
      const std::size_t before = allocation_count();
      jsonx::decode_error error;
      bool ok = true;
      if (chunk_size == 0) {
        ok = decoder.decode(text, error);
      } else {
        decoder.reset(model);
        for (std::size_t at = 0; ok && at < text.size(); at += chunk_size)
          ok = decoder.feed(std::string_view(text).substr(at, chunk_size), error);
        ok = ok && decoder.finish(error);
      }
      const std::size_t made = allocation_count() - before;
      ASSERT_TRUE(ok) << error.message();
      if (round == 1) {
        first_warm = made;
        if (!expect_none) std::printf("[ info     ] %zu allocations per warm decode\n", made);
      }
      if (round > 0 && expect_none) EXPECT_EQ(made, 0u) << "round " << round;
      if (round > 1) EXPECT_EQ(made, first_warm) << "round " << round;
      EXPECT_TRUE(jsonx::models::equal(model, expected)) << "round " << round;
    }
  }
}

#define LOAD_OR_SKIP(var, name)                                         \
  const std::string* var = corpus_text(name);                           \
  if (var == nullptr)                                                   \
    GTEST_SKIP() << name << " is not in " << jsonx::corpus::directory() \
                 << " (set JSONX_CORPUS_DIR)";

TEST(DecodeAllocation, TwitterModelIsSteady) {
  LOAD_OR_SKIP(text, "twitter.json");
  check_warm_decodes<jsonx::models::twitter::document>(*text, false);
}

TEST(DecodeAllocation, CitmCatalogModelIsSteady) {
  LOAD_OR_SKIP(text, "citm_catalog.json");
  check_warm_decodes<jsonx::models::citm_catalog::document>(*text, false);
}

TEST(DecodeAllocation, PartialTwitterModelAllocatesNothing) {
  LOAD_OR_SKIP(text, "twitter.json");
  check_warm_decodes<jsonx::test::allocation::partial_twitter>(*text, true);
  const auto partial = jsonx::decode<jsonx::test::allocation::partial_twitter>(*text);
  const auto full = jsonx::decode<jsonx::models::twitter::document>(*text);
  ASSERT_EQ(partial.statuses.size(), full.statuses.size());
  ASSERT_FALSE(full.statuses.empty());
  for (std::size_t i = 0; i < full.statuses.size(); ++i) {
    EXPECT_EQ(partial.statuses[i].id, full.statuses[i].id);
    EXPECT_EQ(partial.statuses[i].text, full.statuses[i].text);
    EXPECT_EQ(partial.statuses[i].user.screen_name, full.statuses[i].user.screen_name);
  }
}

}  // namespace
