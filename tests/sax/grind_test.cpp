// The grind test: every split offset, times a handler that stops at every callback. A stop at
// callback k must end the parse with stopped_by_handler, at the same offset (line, column) and
// after the same first k events, however the input is cut. Small documents get every
// (split, k) pair; large ones a bounded random sample.
#include <gtest/gtest.h>

#include "jsonx/corpus/corpus.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/outcome_compare.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

class grind : public kernel_test {
 protected:
  // The whole-buffer parse stopped at each callback: the expectation for every cutting.
  std::vector<parse_outcome> stops_of_whole_parse(std::string_view input, std::size_t events) {
    std::vector<parse_outcome> stops(events + 1);
    reused_parser<text_recorder> parser(with_kernel(kernel()));
    for (std::size_t k = 1; k <= events; ++k) {
      stops[k] = parser.parse(input, chunking::whole(), k);
      EXPECT_FALSE(stops[k].accepted) << "stop at " << k;
      EXPECT_EQ(stops[k].error.code, make_error_code(parse_errc::stopped_by_handler))
          << "stop at " << k << ": " << verdict(stops[k]);
    }
    return stops;
  }

  void grind_every_pair(const named_input& input) {
    const parse_outcome full =
        parse_chunked_fresh<text_recorder>(input.bytes, chunking::whole(), with_kernel(kernel()));
    ASSERT_TRUE(full.accepted) << input.name << ": " << verdict(full);
    const std::size_t events = count_events(full.log);
    const std::vector<parse_outcome> stops = stops_of_whole_parse(input.bytes, events);
    for (std::size_t k = 1; k <= events; ++k)
      ASSERT_EQ(stops[k].log, first_events(full.log, k)) << input.name << ", stop at " << k;

    reused_parser<text_recorder> parser(with_kernel(kernel()));
    for (std::size_t cut = 0; cut <= input.bytes.size(); ++cut) {
      for (std::size_t k = 1; k <= events; ++k) {
        ASSERT_EQ(compare_outcomes(stops[k], parser.parse(input.bytes, chunking::split_at(cut), k)),
                  "")
            << input.name << ", split at " << cut << ", stop at callback " << k;
      }
    }
  }

  void grind_sample(const named_input& input, std::size_t samples, std::uint64_t seed) {
    const parse_outcome full =
        parse_chunked_fresh<text_recorder>(input.bytes, chunking::whole(), with_kernel(kernel()));
    ASSERT_TRUE(full.accepted) << input.name << ": " << verdict(full);
    const std::size_t events = count_events(full.log);
    reused_parser<text_recorder> parser(with_kernel(kernel()));
    std::uint64_t state = seed;
    for (std::size_t i = 0; i < samples; ++i) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::size_t k = 1 + (state >> 24) % events;
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::size_t cut = (state >> 24) % (input.bytes.size() + 1);
      const parse_outcome whole = parser.parse(input.bytes, chunking::whole(), k);
      ASSERT_EQ(whole.error.code, make_error_code(parse_errc::stopped_by_handler));
      ASSERT_EQ(whole.log, first_events(full.log, k)) << input.name << ", stop at " << k;
      ASSERT_EQ(compare_outcomes(whole, parser.parse(input.bytes, chunking::split_at(cut), k)), "")
          << input.name << ", split at " << cut << ", stop at callback " << k;
      ASSERT_EQ(compare_outcomes(whole, parser.parse(input.bytes, chunking::random(i, 700), k)), "")
          << input.name << ", random chunks (seed " << i << "), stop at callback " << k;
    }
  }
};

TEST_P(grind, small_documents_every_split_times_every_callback) {
  std::vector<named_input> docs = {
      {"scalars", R"([1,-2,3.5,"s",true,false,null,{"k":"v"},[]])"},
      {"escapes", R"({"a\nb":"\u00e9\ud83d\ude00\"","c":[12345678901234567890,1e5,-0.0]})"},
      {"utf8", "[\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\",\"\xe6\x97\xa5\xe6\x9c\xac\"]"},
      {"top-level number", "  -12.5e-3  "},
      {"big number", R"({"n":123456789012345678901234567890,"m":[1e999]})"},
  };
  if (auto small = corpus::load("small")) docs.push_back({"small.json", *small});
  // Generated documents of about a record each (the canada shape's smallest is 5 KB: too big
  // for every pair, so a few of its coordinates stand in for it).
  docs.push_back({"canada-like",
                  R"({"type":"Polygon","coordinates":[[[-65.613616999999977,)"
                  R"(43.420273000000009],[-65.619720000000029,43.418052999999986]]]})"});
  for (std::uint64_t seed : {40, 41}) {
    for (corpus::shape s : {corpus::shape::small, corpus::shape::citm_catalog}) {
      docs.push_back({std::string(corpus::shape_name(s)) + " seed " + std::to_string(seed),
                      corpus::generate(s, 0, seed)});
    }
  }
  docs.push_back({"twitter seed 40", corpus::generate(corpus::shape::twitter, 0, 40)});
  for (const named_input& doc : docs) grind_every_pair(doc);
}

TEST_P(grind, conformance_y_files_every_split_times_every_callback) {
  auto files = conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  for (const named_input* file : files) grind_every_pair(*file);
}

TEST_P(grind, large_documents_sampled) {
  std::vector<named_input> docs = generated_documents(60000, 1, 7);
  for (const named_input& file : corpus_files())
    if (file.bytes.size() > 1000) docs.push_back(file);
  for (const named_input& doc : docs) grind_sample(doc, 12, doc.bytes.size());
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(grind);

}  // namespace
}  // namespace jsonx::test
