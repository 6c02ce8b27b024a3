// The statuses of twitter.json as separate documents and as one array (document_alone).
#include "documents_alone.hpp"

#include <simdjson.h>

#include <optional>

#include "adapters/simdjson_dom_walk.hpp"
#include "bench_cases.hpp"

namespace jsonx_bench {
namespace {

std::optional<document_set> build_twitter_statuses() {
  const corpus_file* twitter = nullptr;
  for (const corpus_file& file : corpus_files()) {
    if (file.name == "twitter") twitter = &file;
  }
  if (twitter == nullptr) return std::nullopt;
  simdjson::dom::parser parser;
  simdjson::padded_string padded(twitter->text);
  simdjson::dom::array statuses;
  if (parser.parse(padded)["statuses"].get_array().get(statuses) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  document_set set;
  set.name = "twitter_statuses";
  set.as_array.push_back('[');  // (operator= from a literal trips GCC 12's -Wrestrict)
  for (simdjson::dom::element status : statuses) {
    set.documents.push_back(simdjson::to_string(status));
    set.document_bytes += set.documents.back().size();
    if (set.documents.size() > 1) set.as_array += ',';
    set.as_array += set.documents.back();
    tally_simdjson_element(status, set.tallies.emplace_back());
    set.reference.add(set.tallies.back());
  }
  set.as_array += ']';
  if (set.documents.empty()) return std::nullopt;
  return set;
}

}  // namespace

const document_set* twitter_status_documents() {
  static const std::optional<document_set> set = build_twitter_statuses();
  return set ? &*set : nullptr;
}

void finish_document_set_case(benchmark::State& state, const document_set& set,
                              const value_tally& last_pass) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(set.document_bytes));
  if (state.error_occurred()) return;
  state.counters["documents"] = static_cast<double>(set.documents.size());
  const std::string difference = tally_difference(last_pass, set.reference);
  if (!difference.empty()) flag_mismatch(state, "TALLY MISMATCH: " + difference);
}

}  // namespace jsonx_bench
