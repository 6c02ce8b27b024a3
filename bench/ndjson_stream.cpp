// Generation of the NDJSON stream, and the peak resident size from /proc/self.
#include "ndjson_stream.hpp"

#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

#include "adapters/simdjson_dom_walk.hpp"
#include "documents_alone.hpp"

namespace jsonx_bench {
namespace {

std::optional<ndjson_stream> build_twitter_statuses() {
  const document_set* statuses = twitter_status_documents();
  if (statuses == nullptr) return std::nullopt;
  // Each status once: its line and its tally.
  std::vector<std::string> lines;
  for (const std::string& status : statuses->documents) lines.push_back(status + "\n");
  const std::vector<value_tally>& tallies = statuses->tallies;
  if (lines.empty()) return std::nullopt;

  ndjson_stream stream;
  stream.name = "twitter_statuses";
  stream.text.reserve(ndjson_stream_bytes + 64 * 1024);
  for (std::size_t i = 0; stream.text.size() < ndjson_stream_bytes; i = (i + 1) % lines.size()) {
    stream.text += lines[i];
    stream.reference.add(tallies[i]);
    ++stream.values;
    stream.largest_value = std::max(stream.largest_value, lines[i].size() - 1);
  }
  return stream;
}

std::optional<ndjson_stream> build_small_records() {
  // A pool of distinct records, repeated in order (like twitter_statuses' statuses).
  static const char* const levels[] = {"debug", "info", "warn", "error"};
  static const char* const words[] = {"request", "served",  "cache", "miss",    "retry", "user",
                                      "login",   "timeout", "queue", "flushed", "disk",  "ok"};
  std::mt19937_64 random(2026);
  simdjson::dom::parser parser;
  std::vector<std::string> lines;
  std::vector<value_tally> tallies;
  for (int i = 0; i < 4096; ++i) {
    std::string message;
    for (int w = 0, n = 3 + static_cast<int>(random() % 5); w < n; ++w) {
      if (w != 0) message += ' ';
      message += words[random() % std::size(words)];
    }
    char line[512];
    const int length = std::snprintf(
        line, sizeof line,
        "{\"id\":%d,\"ts\":\"2026-12-01T18:%02d:%02d.%03dZ\",\"level\":\"%s\","
        "\"user\":{\"id\":%u,\"name\":\"user%u\"},\"msg\":\"%s\",\"tags\":[\"t%u\",\"t%u\"],"
        "\"latency_ms\":%u.%02u,\"ok\":%s}\n",
        1000000 + i, static_cast<int>(random() % 60), static_cast<int>(random() % 60),
        static_cast<int>(random() % 1000), levels[random() % 4],
        static_cast<unsigned>(random() % 100000), static_cast<unsigned>(random() % 100000),
        message.c_str(), static_cast<unsigned>(random() % 50), static_cast<unsigned>(random() % 50),
        static_cast<unsigned>(random() % 900), static_cast<unsigned>(random() % 100),
        random() % 8 == 0 ? "false" : "true");
    lines.emplace_back(line, static_cast<std::size_t>(length));
    simdjson::padded_string padded(lines.back());
    simdjson::dom::element root;
    if (parser.parse(padded).get(root) != simdjson::SUCCESS) return std::nullopt;
    tallies.emplace_back();
    tally_simdjson_element(root, tallies.back());
  }
  ndjson_stream stream;
  stream.name = "small_records";
  stream.text.reserve(ndjson_stream_bytes + 1024);
  for (std::size_t i = 0; stream.text.size() < ndjson_stream_bytes; i = (i + 1) % lines.size()) {
    stream.text += lines[i];
    stream.reference.add(tallies[i]);
    ++stream.values;
    stream.largest_value = std::max(stream.largest_value, lines[i].size() - 1);
  }
  return stream;
}

// A "Name:   1234 kB" line of /proc/self/status, in kB; -1 if absent.
long status_kb(const char* name) {
  std::ifstream status("/proc/self/status");
  std::string line;
  std::size_t name_length = std::strlen(name);
  while (std::getline(status, line)) {
    if (line.compare(0, name_length, name) == 0 && line.size() > name_length &&
        line[name_length] == ':') {
      return std::strtol(line.c_str() + name_length + 1, nullptr, 10);
    }
  }
  return -1;
}

}  // namespace

const ndjson_stream* twitter_statuses_stream() {
  static const std::optional<ndjson_stream> stream = build_twitter_statuses();
  return stream ? &*stream : nullptr;
}

const ndjson_stream* small_records_stream() {
  static const std::optional<ndjson_stream> stream = build_small_records();
  return stream ? &*stream : nullptr;
}

void peak_rss_meter::start() {
  start_kb_ = -1;
  std::FILE* clear_refs = std::fopen("/proc/self/clear_refs", "w");
  if (clear_refs == nullptr) return;
  bool reset = std::fputs("5", clear_refs) >= 0;
  reset = std::fclose(clear_refs) == 0 && reset;
  if (reset) start_kb_ = status_kb("VmRSS");
}

double peak_rss_meter::growth_mb() const {
  if (start_kb_ < 0) return -1;
  long peak_kb = status_kb("VmHWM");
  if (peak_kb < 0) return -1;
  return static_cast<double>(peak_kb - start_kb_) * 1024 / 1e6;
}

const ndjson_stream* stream_for_case(benchmark::State& state, ndjson_stream_getter get_stream) {
  const ndjson_stream* stream = get_stream();
  if (stream == nullptr) {
    state.SkipWithError("twitter.json is absent: no stream to read");
    for (auto _ : state) {
    }
  }
  return stream;
}

void finish_stream_case(benchmark::State& state, const ndjson_stream& stream,
                        const value_tally& last_pass, std::size_t values_in_last_pass,
                        double peak_rss_growth_mb) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(stream.text.size()));
  if (state.error_occurred()) return;
  state.counters["values"] = static_cast<double>(values_in_last_pass);
  state.counters["largest_value_mb"] = static_cast<double>(stream.largest_value) / 1e6;
  if (peak_rss_growth_mb >= 0) state.counters["peak_rss_growth_mb"] = peak_rss_growth_mb;
  std::string difference = tally_difference(last_pass, stream.reference);
  if (values_in_last_pass != stream.values) {
    difference += (difference.empty() ? "" : ", ") + std::string("values ") +
                  std::to_string(values_in_last_pass) + " != " + std::to_string(stream.values);
  }
  if (!difference.empty()) flag_mismatch(state, "TALLY MISMATCH: " + difference);
}

}  // namespace jsonx_bench
