// Corpus loading and case registration for jsonx_bench.
#include "bench_cases.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "jsonx/corpus/corpus.hpp"

namespace jsonx_bench {
namespace {

struct loaded_corpus {
  std::vector<corpus_file> files;
  std::vector<std::string> missing;
};

const loaded_corpus& corpus() {
  static const loaded_corpus loaded = [] {
    loaded_corpus result;
    for (std::string_view name : corpus_file_names) {
      // load() prints one line on stderr when the file is absent or has the wrong size.
      std::optional<std::string> text = jsonx::corpus::load(name);
      if (!text) {
        result.missing.emplace_back(name);
        continue;
      }
      corpus_file file;
      file.name = std::string(name);
      file.text = std::move(*text);
      std::string error;
      file.has_reference = reference_tally(file.text, file.reference, error);
      if (!file.has_reference) {
        std::fprintf(stderr, "jsonx_bench: simdjson rejects %s (%s): tallies not checked\n",
                     file.name.c_str(), error.c_str());
      }
      result.files.push_back(std::move(file));
    }
    if (!result.files.empty() && result.files.front().name == "twitter") {
      corpus_file file;
      file.name = std::string(escaped_file_name);
      file.text = jsonx::corpus::escape_non_ascii(result.files.front().text);
      std::string error;
      file.has_reference = reference_tally(file.text, file.reference, error);
      result.files.push_back(std::move(file));
    }
    return result;
  }();
  return loaded;
}

std::string case_name(std::string_view task, std::string_view library, std::string_view file) {
  std::string name;
  name.reserve(task.size() + library.size() + file.size() + 2);
  name.append(task).append("/").append(library).append("/").append(file);
  return name;
}

// A case waiting for register_pending_cases().
struct pending_case {
  std::string task;
  std::string file;
  benchmark::TimeUnit unit;
  std::function<void(benchmark::State&)> run;
  std::string name;
};

std::vector<pending_case>& pending_cases() {
  static std::vector<pending_case> cases;
  return cases;
}

// The name of the case running now, for messages (Google Benchmark 1.7's State has no name()).
std::string current_case_name;

}  // namespace

std::span<const corpus_file> corpus_files() {
  return corpus().files;
}
std::span<const std::string> missing_corpus_files() {
  return corpus().missing;
}

// False for the escaped file under a task that does not run on it.
bool task_runs_on(std::string_view task, const corpus_file& file) {
  return file.name != escaped_file_name ||
         std::find(std::begin(escaped_file_tasks), std::end(escaped_file_tasks), task) !=
             std::end(escaped_file_tasks);
}

void register_case(std::string_view task, std::string_view library, const corpus_file& file,
                   case_body body) {
  if (!task_runs_on(task, file)) return;
  // A pointer to the file is safe: corpus() lives until exit.
  const corpus_file* file_ptr = &file;
  std::string name = case_name(task, library, file.name);
  benchmark::TimeUnit unit =
      file.text.size() < 64 * 1024 ? benchmark::kNanosecond : benchmark::kMicrosecond;
  pending_cases().push_back({std::string(task), file.name, unit,
                             [name, file_ptr, body = std::move(body)](benchmark::State& state) {
                               current_case_name = name;
                               body(state, *file_ptr);
                               state.SetBytesProcessed(
                                   static_cast<std::int64_t>(state.iterations()) *
                                   static_cast<std::int64_t>(file_ptr->text.size()));
                             },
                             std::move(name)});
}

void register_skipped_case(std::string_view task, std::string_view library, const corpus_file& file,
                           std::string reason) {
  if (!task_runs_on(task, file)) return;
  pending_cases().push_back({std::string(task), file.name, benchmark::kNanosecond,
                             [reason = std::move(reason)](benchmark::State& state) {
                               state.SkipWithError(reason.c_str());
                               for (auto _ : state) {
                               }
                             },
                             case_name(task, library, file.name)});
}

void register_stream_case(std::string_view task, std::string_view library,
                          std::string_view input_name, stream_case_body body) {
  std::string name = case_name(task, library, input_name);
  pending_cases().push_back({std::string(task), std::string(input_name), benchmark::kMillisecond,
                             [name, body = std::move(body)](benchmark::State& state) {
                               current_case_name = name;
                               body(state);
                             },
                             std::move(name)});
}

void register_pending_cases() {
  std::vector<pending_case>& cases = pending_cases();
  // Tasks in a fixed order (later tasks after the ones known here), then files in corpus
  // order; within one task and file, the order of registration (jsonx first).
  std::vector<std::string> task_order(std::begin(known_tasks), std::end(known_tasks));
  auto task_rank = [&](const std::string& task) {
    auto found = std::find(task_order.begin(), task_order.end(), task);
    if (found != task_order.end()) return static_cast<std::size_t>(found - task_order.begin());
    task_order.push_back(task);
    return task_order.size() - 1;
  };
  // Corpus files in their order; other inputs (generated streams and documents) after them,
  // in the order they were first registered.
  std::vector<std::string> other_files;
  auto file_rank = [&](const std::string& file) {
    auto names = std::begin(corpus_file_names);
    const auto rank =
        static_cast<std::size_t>(std::find(names, std::end(corpus_file_names), file) - names);
    if (rank < std::size(corpus_file_names)) return rank;
    auto found = std::find(other_files.begin(), other_files.end(), file);
    if (found == other_files.end()) found = other_files.insert(other_files.end(), file);
    return std::size(corpus_file_names) + static_cast<std::size_t>(found - other_files.begin());
  };
  std::vector<std::pair<std::pair<std::size_t, std::size_t>, std::size_t>> order;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    order.push_back({{task_rank(cases[i].task), file_rank(cases[i].file)}, i});
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& entry : order) {
    pending_case& c = cases[entry.second];
    auto* registered = benchmark::RegisterBenchmark(c.name.c_str(), std::move(c.run));
    registered->Unit(c.unit);
    // ndjson and ndjson_memory run on several threads (jsonx's parallel decoder, simdjson's
    // parse_many), and ndjson's jsonx cases read a pipe another thread writes: wall-clock time
    // is the only fair measure.
    if (c.task == "ndjson" || c.task == "ndjson_memory") registered->UseRealTime();
  }
  cases.clear();
}

void flag_mismatch(benchmark::State& state, const std::string& label) {
  std::fprintf(stderr, "jsonx_bench: %s: %s\n", current_case_name.c_str(), label.c_str());
  state.SetLabel(label);
}

void finish_tally_case(benchmark::State& state, const corpus_file& file, const value_tally& last) {
  benchmark::DoNotOptimize(last);
  if (!file.has_reference || state.error_occurred()) return;
  std::string difference = tally_difference(last, file.reference);
  if (difference.empty()) return;
  flag_mismatch(state, "TALLY MISMATCH: " + difference);
}

void report_output_size(benchmark::State& state, std::string_view output) {
  double size = static_cast<double>(output.size());
  state.counters["output_bytes"] = size;
  state.counters["output_bytes_per_second"] =
      benchmark::Counter(size, benchmark::Counter::kIsIterationInvariantRate);
}

void finish_output_case(benchmark::State& state, const corpus_file& file, std::string_view output) {
  if (state.error_occurred()) return;
  report_output_size(state, output);
  if (!file.has_reference) return;
  value_tally reparsed;
  std::string error;
  if (!reference_tally(output, reparsed, error)) {
    flag_mismatch(state, "TALLY MISMATCH (re-parsed output): simdjson rejects it: " + error);
    return;
  }
  std::string difference = tally_difference(reparsed, file.reference);
  if (!difference.empty()) {
    flag_mismatch(state, "TALLY MISMATCH (re-parsed output): " + difference);
  }
}

}  // namespace jsonx_bench
