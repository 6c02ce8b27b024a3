// The corpus models (bind/examples/jsonx/bind_models): twitter.json, citm_catalog.json and
// canada.json decode; encode then decode gives equal values; the typed values equal what the
// DOM reads for the same fields; every chunking (a bounded sample) gives the whole buffer's
// result. Files absent from the corpus folder are skipped with a message.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/canada.hpp"
#include "jsonx/bind_models/citm_catalog.hpp"
#include "jsonx/bind_models/equal.hpp"
#include "jsonx/bind_models/twitter.hpp"
#include "jsonx/corpus/corpus.hpp"
#if JSONX_BIND_TESTS_WITH_DOM
#include "jsonx/dom/dom.hpp"
#endif

namespace {

using jsonx::test::chunking;
namespace twitter = jsonx::models::twitter;
namespace citm = jsonx::models::citm_catalog;
namespace canada = jsonx::models::canada;

const std::string* corpus_text(const char* name) {
  static std::map<std::string, std::optional<std::string>> cache;
  auto it = cache.find(name);
  if (it == cache.end()) it = cache.emplace(name, jsonx::corpus::load(name)).first;
  return it->second ? &*it->second : nullptr;
}

#define LOAD_OR_SKIP(var, name)                                         \
  const std::string* var = corpus_text(name);                           \
  if (var == nullptr)                                                   \
    GTEST_SKIP() << name << " is not in " << jsonx::corpus::directory() \
                 << " (set JSONX_CORPUS_DIR)";

template <class Model>
std::unique_ptr<Model> decode_model(const std::string& text) {
  auto model = std::make_unique<Model>();
  jsonx::decode_error error;
  EXPECT_TRUE(jsonx::decode(text, *model, error)) << error.message();
  return model;
}

template <class Model>
void check_round_trip(const std::string& text) {
  auto model = decode_model<Model>(text);
  for (const jsonx::encode_options& options :
       {jsonx::encode_options{}, jsonx::encode_options{jsonx::write_options::pretty(2)}}) {
    const std::string encoded = jsonx::encode(*model, options);
    auto again = decode_model<Model>(encoded);
    EXPECT_TRUE(jsonx::models::equal(*model, *again));
    // Encoding is deterministic: the second encode is the first.
    EXPECT_EQ(jsonx::encode(*again, options), encoded);
  }
}

template <class Model>
void check_chunkings(const std::string& text) {
  auto whole = decode_model<Model>(text);
  std::vector<chunking> cuts = {chunking::fixed(1), chunking::fixed(7), chunking::fixed(64),
                                chunking::fixed(4096), chunking::fixed(65536)};
  for (std::uint64_t seed = 1; seed <= 4; ++seed) cuts.push_back(chunking::random(seed, 3000));
  for (std::size_t i = 1; i <= 40; ++i)
    cuts.push_back(chunking::split_at(text.size() * i / 41 + i));
  for (const chunking& cut : cuts) {
    Model model;
    jsonx::decode_error error;
    ASSERT_TRUE(jsonx::test::decode_chunked(text, model, cut, error))
        << cut.describe() << ": " << error.message();
    ASSERT_TRUE(jsonx::models::equal(model, *whole)) << cut.describe();
  }
}

// ---- twitter ----------------------------------------------------------------------------

TEST(BindModels, TwitterDecodes) {
  LOAD_OR_SKIP(text, "twitter.json");
  auto doc = decode_model<twitter::document>(*text);
  ASSERT_EQ(doc->statuses.size(), 100u);
  EXPECT_EQ(doc->search_metadata.count, 100);
  EXPECT_EQ(doc->search_metadata.max_id_str, "505874924095815681");
  std::size_t retweets = 0, media = 0, sensitive = 0;
  for (const twitter::status& s : doc->statuses) {
    EXPECT_EQ(std::to_string(s.id), s.id_str);
    EXPECT_EQ(std::to_string(s.user.id), s.user.id_str);
    retweets += s.retweeted_status != nullptr;
    media += s.entities.media.has_value();
    sensitive += s.possibly_sensitive.has_value();
    EXPECT_FALSE(s.geo.has_value());
  }
  EXPECT_EQ(retweets, 73u);
  EXPECT_EQ(media, 6u);
  EXPECT_EQ(sensitive, 15u);
}

TEST(BindModels, TwitterRoundTrip) {
  LOAD_OR_SKIP(text, "twitter.json");
  check_round_trip<twitter::document>(*text);
}

TEST(BindModels, TwitterChunkings) {
  LOAD_OR_SKIP(text, "twitter.json");
  check_chunkings<twitter::document>(*text);
}

TEST(BindModels, TwitterUnderTheStrictPolicies) {
  LOAD_OR_SKIP(text, "twitter.json");
  // The model binds every member of the file, and every member it does not mark optional is
  // always there.
  jsonx::decode_options strict;
  strict.unknown_fields = jsonx::unknown_field_policy::error;
  strict.missing_fields = jsonx::missing_field_policy::error;
  twitter::document doc;
  jsonx::decode_error error;
  EXPECT_TRUE(jsonx::decode(*text, doc, error, strict)) << error.message();
}

// ---- citm_catalog -----------------------------------------------------------------------

TEST(BindModels, CitmCatalogDecodes) {
  LOAD_OR_SKIP(text, "citm_catalog.json");
  auto doc = decode_model<citm::document>(*text);
  EXPECT_EQ(doc->events.size(), 184u);
  EXPECT_EQ(doc->performances.size(), 243u);
  EXPECT_EQ(doc->venueNames.at("PLEYEL_PLEYEL"), "Salle Pleyel");
  EXPECT_EQ(doc->areaNames.at(205705993), "Arrière-scène central");
  std::size_t prices = 0;
  for (const citm::performance& p : doc->performances) prices += p.prices.size();
  EXPECT_EQ(prices, 907u);
}

TEST(BindModels, CitmCatalogRoundTrip) {
  LOAD_OR_SKIP(text, "citm_catalog.json");
  check_round_trip<citm::document>(*text);
}

TEST(BindModels, CitmCatalogChunkings) {
  LOAD_OR_SKIP(text, "citm_catalog.json");
  check_chunkings<citm::document>(*text);
}

// ---- canada -----------------------------------------------------------------------------

TEST(BindModels, CanadaDecodes) {
  LOAD_OR_SKIP(text, "canada.json");
  auto doc = decode_model<canada::document>(*text);
  ASSERT_EQ(doc->features.size(), 1u);
  EXPECT_EQ(doc->features[0].properties.name, "Canada");
  std::size_t points = 0;
  for (const canada::ring& r : doc->features[0].geometry.coordinates) points += r.size();
  EXPECT_EQ(points, 55563u);  // 111,126 numbers
  EXPECT_EQ(doc->features[0].geometry.coordinates[0][0],
            (canada::point{-65.613616999999977, 43.420273000000009}));
}

TEST(BindModels, CanadaRoundTrip) {
  LOAD_OR_SKIP(text, "canada.json");
  check_round_trip<canada::document>(*text);
}

TEST(BindModels, CanadaChunkings) {
  LOAD_OR_SKIP(text, "canada.json");
  check_chunkings<canada::document>(*text);
}

// ---- against the DOM --------------------------------------------------------------------

#if JSONX_BIND_TESTS_WITH_DOM

template <class T>
void expect_nullable(const std::optional<T>& typed, const jsonx::dom::element& e,
                     const char* what) {
  if (e.is_null()) {
    EXPECT_FALSE(typed.has_value()) << what;
  } else if constexpr (std::is_same_v<T, std::string>) {
    ASSERT_TRUE(typed.has_value()) << what;
    EXPECT_EQ(*typed, e.get_string()) << what;
  } else if constexpr (std::is_unsigned_v<T>) {
    ASSERT_TRUE(typed.has_value()) << what;
    EXPECT_EQ(*typed, e.get_uint64()) << what;
  } else {
    ASSERT_TRUE(typed.has_value()) << what;
    EXPECT_EQ(*typed, e.get_int64()) << what;
  }
}

void compare_status(const twitter::status& s, const jsonx::dom::element& e) {
  EXPECT_EQ(s.id, e["id"].get_uint64());
  EXPECT_EQ(s.id_str, e["id_str"].get_string());
  EXPECT_EQ(s.text, e["text"].get_string());
  EXPECT_EQ(s.source, e["source"].get_string());
  EXPECT_EQ(s.truncated, e["truncated"].get_bool());
  expect_nullable(s.in_reply_to_status_id, e["in_reply_to_status_id"], "in_reply_to_status_id");
  expect_nullable(s.in_reply_to_screen_name, e["in_reply_to_screen_name"],
                  "in_reply_to_screen_name");
  EXPECT_EQ(s.retweet_count, e["retweet_count"].get_int64());
  EXPECT_EQ(s.favorite_count, e["favorite_count"].get_int64());
  EXPECT_EQ(s.favorited, e["favorited"].get_bool());
  EXPECT_EQ(s.lang, e["lang"].get_string());
  const jsonx::dom::element user = e["user"];
  EXPECT_EQ(s.user.id, user["id"].get_uint64());
  EXPECT_EQ(s.user.screen_name, user["screen_name"].get_string());
  EXPECT_EQ(s.user.description, user["description"].get_string());
  EXPECT_EQ(s.user.protected_, user["protected"].get_bool());
  EXPECT_EQ(s.user.followers_count, user["followers_count"].get_int64());
  expect_nullable(s.user.utc_offset, user["utc_offset"], "utc_offset");
  expect_nullable(s.user.url, user["url"], "url");
  const auto mentions = e.get("entities", "user_mentions").get_array();
  ASSERT_EQ(s.entities.user_mentions.size(), mentions.size());
  std::size_t i = 0;
  for (const jsonx::dom::element m : mentions) {
    EXPECT_EQ(s.entities.user_mentions[i].id, m["id"].get_uint64());
    EXPECT_EQ(s.entities.user_mentions[i].indices[1], m["indices"][1].get_int64());
    ++i;
  }
  const auto hashtags = e.get("entities", "hashtags").get_array();
  ASSERT_EQ(s.entities.hashtags.size(), hashtags.size());
  if (auto rt = e.find("retweeted_status")) {
    ASSERT_TRUE(s.retweeted_status);
    compare_status(*s.retweeted_status, *rt);
  } else {
    EXPECT_FALSE(s.retweeted_status);
  }
  EXPECT_EQ(s.possibly_sensitive.has_value(), e.find("possibly_sensitive").has_value());
}

TEST(BindModels, TwitterAgreesWithTheDom) {
  LOAD_OR_SKIP(text, "twitter.json");
  auto doc = decode_model<twitter::document>(*text);
  jsonx::dom::parser parser;
  const jsonx::dom::document& dom = parser.parse(*text);
  const auto statuses = dom.root()["statuses"].get_array();
  ASSERT_EQ(doc->statuses.size(), statuses.size());
  std::size_t i = 0;
  for (const jsonx::dom::element s : statuses) compare_status(doc->statuses[i++], s);
  EXPECT_EQ(doc->search_metadata.completed_in,
            dom.root().get("search_metadata", "completed_in").get_double());
  EXPECT_EQ(doc->search_metadata.max_id, dom.root().get("search_metadata", "max_id").get_uint64());
}

TEST(BindModels, CitmCatalogAgreesWithTheDom) {
  LOAD_OR_SKIP(text, "citm_catalog.json");
  auto doc = decode_model<citm::document>(*text);
  jsonx::dom::parser parser;
  const jsonx::dom::document& dom = parser.parse(*text);
  const auto area_names = dom.root()["areaNames"].get_object();
  ASSERT_EQ(doc->areaNames.size(), area_names.size());
  for (const jsonx::dom::member m : area_names)
    EXPECT_EQ(doc->areaNames.at(std::stoll(std::string(m.key))), m.value.get_string());
  const auto events = dom.root()["events"].get_object();
  ASSERT_EQ(doc->events.size(), events.size());
  for (const jsonx::dom::member m : events) {
    const citm::event& e = doc->events.at(std::stoll(std::string(m.key)));
    EXPECT_EQ(e.id, m.value["id"].get_int64());
    EXPECT_EQ(e.name, m.value["name"].get_string());
    expect_nullable(e.logo, m.value["logo"], "logo");
    EXPECT_EQ(e.topicIds.size(), m.value["topicIds"].size());
  }
  const auto performances = dom.root()["performances"].get_array();
  ASSERT_EQ(doc->performances.size(), performances.size());
  std::size_t i = 0;
  for (const jsonx::dom::element p : performances) {
    const citm::performance& typed = doc->performances[i++];
    EXPECT_EQ(typed.start, p["start"].get_int64());
    const auto prices = p["prices"].get_array();
    ASSERT_EQ(typed.prices.size(), prices.size());
    std::size_t j = 0;
    for (const jsonx::dom::element price : prices)
      EXPECT_EQ(typed.prices[j++].amount, price["amount"].get_int64());
    std::size_t areas = 0;
    for (const jsonx::dom::element category : p["seatCategories"].get_array())
      areas += category["areas"].size();
    std::size_t typed_areas = 0;
    for (const citm::seat_category& c : typed.seatCategories) typed_areas += c.areas.size();
    EXPECT_EQ(typed_areas, areas);
  }
}

TEST(BindModels, CanadaAgreesWithTheDom) {
  LOAD_OR_SKIP(text, "canada.json");
  auto doc = decode_model<canada::document>(*text);
  jsonx::dom::parser parser;
  const jsonx::dom::document& dom = parser.parse(*text);
  const auto rings = dom.root().get("features", 0, "geometry", "coordinates").get_array();
  const auto& typed = doc->features.at(0).geometry.coordinates;
  ASSERT_EQ(typed.size(), rings.size());
  std::size_t r = 0, mismatches = 0;
  for (const jsonx::dom::element ring : rings) {
    std::size_t p = 0;
    for (const jsonx::dom::element point : ring.get_array()) {
      mismatches +=
          typed[r][p][0] != point[0].get_double() || typed[r][p][1] != point[1].get_double();
      ++p;
    }
    EXPECT_EQ(p, typed[r].size());
    ++r;
  }
  EXPECT_EQ(mismatches, 0u);
}

#else
TEST(BindModels, AgreementWithTheDom) {
  GTEST_SKIP() << "jsonx_dom is not built: no DOM comparison";
}
#endif

}  // namespace
