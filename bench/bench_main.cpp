// jsonx_bench: every library, every task, in one Google Benchmark run.
//
// The first line printed says which kernels run (jsonx's default kernel, simdjson's active and
// On-Demand implementations); the same facts are in the benchmark context, so JSON output
// (--benchmark_out) carries them too, with the versions and compile flags of the peers built
// from JSONX_PEERS_DIR. Absent corpus files, and such peers that were not built, are reported
// and their cases skipped.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "adapters/adapters.hpp"
#include "bench_cases.hpp"
#include "jsonx/corpus/corpus.hpp"

namespace {

// With --benchmark_format=json or csv, stdout is machine-read: say it on stderr then.
bool stdout_is_machine_readable(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--benchmark_format=", 19) == 0 &&
        std::strcmp(argv[i] + 19, "console") != 0) {
      return true;
    }
  }
  return false;
}

// "AMD EPYC (family 26, model 2)": the model name and, since a virtual machine's name can be
// as vague as that, the family and model numbers; from /proc/cpuinfo (Linux), else "unknown".
std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, name, family, model;
  const auto value = [](const std::string& l) {
    const std::size_t colon = l.find(':');
    return colon == std::string::npos || colon + 2 > l.size() ? std::string() : l.substr(colon + 2);
  };
  while (std::getline(cpuinfo, line) && (name.empty() || family.empty() || model.empty())) {
    if (name.empty() && line.rfind("model name", 0) == 0) name = value(line);
    if (family.empty() && line.rfind("cpu family", 0) == 0) family = value(line);
    if (model.empty() && line.rfind("model\t", 0) == 0) model = value(line);
  }
  if (name.empty()) return "unknown";
  if (!family.empty())
    name += " (family " + family + (model.empty() ? "" : ", model " + model) + ")";
  return name;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace jsonx_bench;

  std::vector<context_entry> context = jsonx_context();
  for (context_entry& entry : simdjson_context()) context.push_back(std::move(entry));
  for (context_entry& entry : external_peers_context()) context.push_back(std::move(entry));
  context.push_back({"corpus_directory", jsonx::corpus::directory().string()});
  context.push_back({"cpu_model", cpu_model()});

  std::string header = "jsonx_bench:";
  for (const context_entry& entry : context) {
    // A value with spaces (the CPU's name, compile flags) in quotes, so the line stays key=value.
    const bool quote = entry.value.find(' ') != std::string::npos;
    header += " " + entry.key + "=" + (quote ? "\"" + entry.value + "\"" : entry.value);
  }
  std::FILE* header_stream = stdout_is_machine_readable(argc, argv) ? stderr : stdout;
  std::fprintf(header_stream, "%s\n", header.c_str());
  std::fflush(header_stream);  // before the corpus loader's own lines on stderr
  for (const std::string& name : missing_corpus_files()) {
    std::fprintf(header_stream, "jsonx_bench: SKIPPED every case on %s: corpus file absent\n",
                 name.c_str());
  }
  for (const std::string& line : skipped_external_peers()) {
    std::fprintf(header_stream, "jsonx_bench: SKIPPED every case of %s\n", line.c_str());
  }
  std::fflush(header_stream);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  for (const context_entry& entry : context) benchmark::AddCustomContext(entry.key, entry.value);

  // jsonx first, so that it leads each task and file (register_pending_cases() keeps this
  // order within a task and file).
  register_jsonx_cases();
  register_jsonx_dom_cases();
  register_jsonx_typed_cases();
  register_jsonx_partial_cases();
  register_simdjson_cases();
  register_simdjson_dom_cases();
  register_simdjson_typed_cases();
  register_simdjson_partial_cases();
  register_external_peer_cases();  // yyjson, sonic_cpp (those that were built)
  register_boostjson_cases();
  register_boostjson_dom_cases();
  register_boostjson_typed_cases();
  register_rapidjson_cases();
  register_rapidjson_dom_cases();
  register_rapidjson_typed_cases();
  register_nlohmann_dom_cases();
  register_nlohmann_typed_cases();
  register_yajl_cases();
  register_pending_cases();

  if (corpus_files().empty()) {
    std::fprintf(header_stream, "jsonx_bench: no corpus file found in %s (set JSONX_CORPUS_DIR)\n",
                 jsonx::corpus::directory().string().c_str());
    return 0;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
