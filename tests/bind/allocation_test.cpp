// A reused typed_decoder<T> decoding again into the same model: every operator new of this test
// program is counted (support/counting_new.hpp).
//
// Once warm, a decode allocates nothing: the model's containers and strings, the decoder's
// frames and the parser's buffers are reused, and what a reused element empties before it is
// decoded into (std::optional values, std::unique_ptr objects, vector elements, std::map
// nodes) goes to the decoder's recycler, from which the next values are made
// (detail/recycler.hpp). The first decodes into a used model fill the recycler's bins and
// settle the order in which values come back to the places they had (a few dozen
// allocations on twitter.json, against some 2,600 for a first decode); from the fourth decode
// on there are none. Checked on the corpus models (std::optional strings and vectors,
// std::unique_ptr, std::map members, nested vectors of structs) and on a partial twitter
// model whose unknown members the parser skips.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/canada.hpp"
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

// Decodes `text` into one model six times with one decoder, whole and in chunks: every round
// gives the model a fresh decode gives; the second and third allocate at most a tenth of what
// the first does, and the rest never.
template <class Model>
void check_warm_decodes(const std::string& text) {
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
    std::size_t first = 0;
    for (int round = 0; round < 6; ++round) {
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
      if (round == 0) {
        first = made;
      } else if (round < 3) {
        EXPECT_LE(made, first / 10) << "round " << round;
      } else {
        EXPECT_EQ(made, 0u) << "round " << round;
      }
      EXPECT_TRUE(jsonx::models::equal(model, expected)) << "round " << round;
    }
  }
}

#define LOAD_OR_SKIP(var, name)                                         \
  const std::string* var = corpus_text(name);                           \
  if (var == nullptr)                                                   \
    GTEST_SKIP() << name << " is not in " << jsonx::corpus::directory() \
                 << " (set JSONX_CORPUS_DIR)";

TEST(DecodeAllocation, TwitterModelAllocatesNothing) {
  LOAD_OR_SKIP(text, "twitter.json");
  check_warm_decodes<jsonx::models::twitter::document>(*text);
}

TEST(DecodeAllocation, CitmCatalogModelAllocatesNothing) {
  LOAD_OR_SKIP(text, "citm_catalog.json");
  check_warm_decodes<jsonx::models::citm_catalog::document>(*text);
}

TEST(DecodeAllocation, CanadaModelAllocatesNothing) {
  LOAD_OR_SKIP(text, "canada.json");
  check_warm_decodes<jsonx::models::canada::document>(*text);
}

// What a smaller document leaves unused stays in the recycler, for the next large one, until
// release_memory() frees it.
TEST(DecodeAllocation, ReleaseMemoryEmptiesTheRecycler) {
  LOAD_OR_SKIP(text, "citm_catalog.json");
  using document = jsonx::models::citm_catalog::document;
  const std::string empty_catalog =
      R"({"areaNames":{},"audienceSubCategoryNames":{},"blockNames":{},"events":{},)"
      R"("performances":[],"seatCategoryNames":{},"subTopicNames":{},"subjectNames":{},)"
      R"("topicNames":{},"topicSubTopics":{},"venueNames":{}})";
  const document expected = jsonx::decode<document>(*text);
  document model;
  jsonx::typed_decoder<document> decoder(model);
  jsonx::decode_error error;
  for (int round = 0; round < 4; ++round) ASSERT_TRUE(decoder.decode(*text, error));
  const auto allocations_of_a_decode_after_an_empty_one = [&](bool release) {
    EXPECT_TRUE(decoder.decode(empty_catalog, error)) << error.message();
    EXPECT_TRUE(model.events.empty() && model.performances.empty());
    if (release) decoder.release_memory();
    const std::size_t before = allocation_count();
    EXPECT_TRUE(decoder.decode(*text, error)) << error.message();
    EXPECT_TRUE(jsonx::models::equal(model, expected));
    return allocation_count() - before;
  };
  // (Not quite none: the maps of one type share their bin, so a node may come back to another
  // map, whose strings need more room.)
  EXPECT_LT(allocations_of_a_decode_after_an_empty_one(false), 100u);
  EXPECT_GT(allocations_of_a_decode_after_an_empty_one(true), 5000u);  // all made anew
}

TEST(DecodeAllocation, PartialTwitterModelAllocatesNothing) {
  LOAD_OR_SKIP(text, "twitter.json");
  check_warm_decodes<jsonx::test::allocation::partial_twitter>(*text);
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
