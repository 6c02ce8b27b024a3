// The input of the document_alone task: twitter.json's statuses (about 4.7 KB each, minified),
// parsed each as a document of its own, against the same statuses parsed as one array: what a
// document's fixed cost (reset, indexer set-up, the first blocks, finish) adds to its bytes.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <string>
#include <vector>

#include "value_tally.hpp"

namespace jsonx_bench {

struct document_set {
  std::string name;                    ///< "twitter_statuses"
  std::vector<std::string> documents;  ///< each status, minified
  std::string as_array;                ///< "[" the documents joined by "," "]"
  std::size_t document_bytes = 0;      ///< the documents' bytes (not the array's punctuation)
  std::vector<value_tally> tallies;    ///< each document's reference tally
  value_tally reference;               ///< their sum
};

/// twitter.json's statuses (also the lines of the ndjson task's twitter_statuses stream);
/// nullptr if twitter.json is absent or has no statuses array. Built on first call.
const document_set* twitter_status_documents();

/// Ends a document_alone case: bytes processed are iterations x document_bytes whether the
/// documents were parsed alone or as the array (so that the two GB/s compare time per status),
/// and `last_pass` (the tally of each document of one pass, not of the array around them) is
/// checked against the reference.
void finish_document_set_case(benchmark::State& state, const document_set& set,
                              const value_tally& last_pass);

}  // namespace jsonx_bench
