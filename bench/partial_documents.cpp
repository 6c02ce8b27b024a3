// The documents of the `partial` tasks, generated at run time from twitter.json.
#include "partial_documents.hpp"

#include <simdjson.h>

#include <algorithm>
#include <vector>

#include "adapters/simdjson_dom_walk.hpp"

namespace jsonx_bench {
namespace {

constexpr std::string_view document_begin = "{\"statuses\":[";
constexpr std::string_view document_end = "]}";

std::vector<partial_document> build_documents() {
  std::vector<partial_document> documents;
  const corpus_file* twitter = nullptr;
  for (const corpus_file& file : corpus_files()) {
    if (file.name == "twitter") twitter = &file;
  }
  if (twitter == nullptr) return documents;
  simdjson::dom::parser parser;
  simdjson::padded_string padded(twitter->text);
  simdjson::dom::array array;
  if (parser.parse(padded)["statuses"].get_array().get(array) != simdjson::SUCCESS) {
    return documents;
  }
  std::vector<std::string> statuses;
  for (simdjson::dom::element status : array) statuses.push_back(simdjson::to_string(status));
  if (statuses.empty()) return documents;

  for (auto [name, target] : {std::pair<const char*, std::size_t>{"twitter_2k", 2 * 1024},
                              {"twitter_20k", 20 * 1024},
                              {"twitter_200k", 200 * 1024}}) {
    partial_document document;
    document.file.name = name;
    document.target_bytes = target;
    std::string body;
    for (const std::string& status : statuses) {
      const std::size_t size = document_begin.size() + body.size() + (body.empty() ? 0 : 1) +
                               status.size() + document_end.size();
      if (size > target) continue;
      if (!body.empty()) body += ',';
      body += status;
      ++document.statuses;
    }
    if (document.statuses == 0) {
      body = *std::min_element(statuses.begin(), statuses.end(),
                               [](const auto& a, const auto& b) { return a.size() < b.size(); });
      document.statuses = 1;
    }
    document.file.text = std::string(document_begin) + body + std::string(document_end);
    std::string error;
    document.file.has_reference =
        reference_tally(document.file.text, document.file.reference, error);
    documents.push_back(std::move(document));
  }
  return documents;
}

}  // namespace

std::span<const partial_document> partial_documents() {
  static const std::vector<partial_document> documents = build_documents();
  return documents;
}

void report_snapshot_counters(benchmark::State& state, std::string_view text, std::size_t delta) {
  prefix_closer closer;
  double deltas = 0, depths = 0;
  for (std::size_t offset = 0; offset < text.size(); offset += delta) {
    closer.feed(text.substr(offset, delta));
    deltas += 1;
    depths += static_cast<double>(closer.depth());
  }
  state.counters["snapshots"] = deltas;
  state.counters["ns_per_snapshot"] = benchmark::Counter(
      deltas, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["mean_depth"] = deltas == 0 ? 0 : depths / deltas;
}

std::string first_difference(std::string_view got, std::string_view expected) {
  std::size_t at = 0;
  while (at < got.size() && at < expected.size() && got[at] == expected[at]) ++at;
  const std::size_t from = at < 20 ? 0 : at - 20;
  auto piece = [from](std::string_view text) {
    return from >= text.size() ? std::string("(end)") : std::string(text.substr(from, 60));
  };
  return "at byte " + std::to_string(at) + " of " + std::to_string(got.size()) + " vs " +
         std::to_string(expected.size()) + ": `" + piece(got) + "` vs `" + piece(expected) + "`";
}

}  // namespace jsonx_bench
