// bench: the same bytes parsed by simdjson's DOM parser, jsonx's DOM parser and jsonx's push
// parser with a counting handler (every parser reused from one run to the next, as a server
// would), timed in samples of several runs each (thread CPU time); the table shows each one's
// median throughput and jsonx's ratios to simdjson. A quick look, not a benchmark suite:
// jsonx_bench (bench/) is the careful one.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <simdjson.h>

#include "commands.hpp"
#include "event_counter.hpp"
#include "input_source.hpp"
#include "jsonx/corpus/corpus.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "jsonx/simd/kernel.hpp"

namespace jsonx::cli {

namespace {

// The thread's CPU time, not the wall clock: on a shared machine another process's work would
// otherwise count as ours (std::chrono has no CPU clock; this is the POSIX one).
struct bench_clock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<bench_clock>;
  static constexpr bool is_steady = true;
  static time_point now() noexcept {
    timespec now{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return time_point(std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec));
  }
};

// Runs of one sample: enough for the clock's resolution and the timer's overhead not to show,
// few enough that a file costs a fraction of a second (3 parsers x 7 samples x 10 ms).
constexpr auto sample_target = std::chrono::milliseconds(10);

struct bench_input {
  std::string name;
  std::string text;
};

std::optional<std::string> read_whole(const std::string& path, std::FILE* err) {
  input_source source(path);
  std::string text;
  std::vector<char> buffer(1 << 20);
  while (source.ok()) {
    std::size_t got = source.read_chunk(buffer);
    if (got == 0) break;
    text.append(buffer.data(), got);
  }
  if (!source.ok()) {
    std::fprintf(err, "jsonx: %s\n", source.error().c_str());
    return std::nullopt;
  }
  return text;
}

// The median throughput, in GB/s, of `parse` (which returns false on a parse error) over
// `samples` samples of `runs` calls each.
double median_throughput(const std::function<bool()>& parse, std::size_t bytes,
                         std::size_t samples) {
  // Calibration (a warm-up too): ten times more runs until they take a tenth of a sample,
  // then as many as fill a sample. The first call may allocate, so it alone would mislead.
  std::size_t runs = 1;
  bench_clock::time_point start;
  for (;;) {
    start = bench_clock::now();
    for (std::size_t r = 0; r < runs; ++r) parse();
    auto elapsed = std::max(bench_clock::now() - start, bench_clock::duration(1));
    if (elapsed >= sample_target / 10 || runs >= (std::size_t{1} << 30)) {
      runs = std::max<std::size_t>(1, runs * sample_target / elapsed);
      break;
    }
    runs *= 10;
  }
  std::vector<double> throughputs;
  for (std::size_t s = 0; s < samples; ++s) {
    start = bench_clock::now();
    for (std::size_t r = 0; r < runs; ++r) parse();
    std::chrono::duration<double> elapsed = bench_clock::now() - start;
    throughputs.push_back(static_cast<double>(bytes) * static_cast<double>(runs) / elapsed.count() /
                          1e9);
  }
  std::nth_element(throughputs.begin(), throughputs.begin() + throughputs.size() / 2,
                   throughputs.end());
  return throughputs[throughputs.size() / 2];
}

}  // namespace

int run_bench(const command_line& command, std::FILE* out, std::FILE* err) {
  if (command.kernel && !simd::kernel_supported(*command.kernel)) {
    std::fprintf(err, "jsonx: --kernel %s: %s\n",
                 std::string(simd::kernel_name(*command.kernel)).c_str(),
                 simd::kernel_unavailable_reason(*command.kernel).c_str());
    return exit_usage_or_io;
  }
  int status = exit_ok;
  std::vector<bench_input> inputs;
  if (command.inputs.empty()) {
    // The corpus loader says on stderr which files are absent.
    for (const corpus::entry& entry : corpus::manifest()) {
      if (auto text = corpus::load(entry.name)) {
        inputs.push_back({std::string(entry.file), std::move(*text)});
      }
    }
    if (inputs.empty()) {
      std::fprintf(err, "jsonx: no corpus file in %s (set JSONX_CORPUS_DIR, or name files)\n",
                   corpus::directory().string().c_str());
      return exit_usage_or_io;
    }
  } else {
    for (const std::string& path : command.inputs) {
      auto text = read_whole(path, err);
      if (!text) {
        status = exit_usage_or_io;
        continue;
      }
      inputs.push_back({path == "-" ? "<stdin>" : path, std::move(*text)});
    }
  }

  parse_options options;
  options.kernel = command.kernel;
  simdjson::dom::parser simdjson_parser;
  dom::parser jsonx_dom_parser(options);
  counting_handler counter;
  push_parser<counting_handler> jsonx_sax_parser(counter, options);

  std::size_t name_width = 4;
  for (const auto& input : inputs) name_width = std::max(name_width, input.name.size());
  std::fprintf(out,
               "GB/s of thread CPU time, median of %zu samples; jsonx kernel %s, simdjson "
               "kernel %s\n",
               command.samples, std::string(simd::kernel_name(jsonx_sax_parser.kernel())).c_str(),
               simdjson::get_active_implementation()->name().c_str());
  std::fprintf(out, "%-*s %10s %13s %10s %10s %10s %10s\n", static_cast<int>(name_width), "file",
               "bytes", "simdjson_dom", "jsonx_dom", "jsonx_sax", "dom_ratio", "sax_ratio");
  for (const auto& input : inputs) {
    // simdjson reads up to 64 bytes past the end: it gets its own padded copy.
    simdjson::padded_string padded(input.text);
    auto simdjson_parse = [&] {
      simdjson::dom::element root;
      return simdjson_parser.parse(padded).get(root) == simdjson::SUCCESS;
    };
    auto jsonx_dom_parse = [&] {
      std::error_code ec;
      jsonx_dom_parser.parse(input.text, ec);
      return !ec;
    };
    auto jsonx_sax_parse = [&] {
      std::error_code ec;
      jsonx_sax_parser.reset();
      jsonx_sax_parser.feed(input.text, ec);
      if (!ec) jsonx_sax_parser.finish(ec);
      return !ec;
    };
    bool simdjson_ok = simdjson_parse();
    bool jsonx_ok = jsonx_dom_parse() && jsonx_sax_parse();
    if (!simdjson_ok || !jsonx_ok) {
      std::fprintf(out, "%-*s %10zu  not timed: %s\n", static_cast<int>(name_width),
                   input.name.c_str(), input.text.size(),
                   simdjson_ok ? "jsonx rejects it, simdjson accepts it"
                   : jsonx_ok  ? "simdjson rejects it, jsonx accepts it"
                               : "not valid JSON");
      status = std::max(status, exit_invalid);
      continue;
    }
    double simdjson_gbs = median_throughput(simdjson_parse, input.text.size(), command.samples);
    double dom_gbs = median_throughput(jsonx_dom_parse, input.text.size(), command.samples);
    double sax_gbs = median_throughput(jsonx_sax_parse, input.text.size(), command.samples);
    std::fprintf(out, "%-*s %10zu %13.2f %10.2f %10.2f %9.2fx %9.2fx\n",
                 static_cast<int>(name_width), input.name.c_str(), input.text.size(), simdjson_gbs,
                 dom_gbs, sax_gbs, dom_gbs / simdjson_gbs, sax_gbs / simdjson_gbs);
    std::fflush(out);
  }
  return status;
}

}  // namespace jsonx::cli
