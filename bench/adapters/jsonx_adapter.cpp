// jsonx: the structural indexer per kernel (index), the push parser with a counting handler on
// a whole buffer (sax_whole, default kernel and per kernel) and in chunks (sax_chunked_*).
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "adapters.hpp"
#include "bench_cases.hpp"
#include "jsonx/index/structural_indexer.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "jsonx/simd/kernel.hpp"

namespace jsonx_bench {
namespace {

using jsonx::simd::kernel_id;

// Receives every value whole (no string parts): strings cut by a chunk end are assembled by
// the parser, as most users' handlers would want them.
struct counting_handler {
  value_tally tally;

  bool on_null() { return tally.add_null(), true; }
  bool on_bool(bool value) { return tally.add_bool(value), true; }
  bool on_int64(std::int64_t value, std::string_view) { return tally.add_int64(value), true; }
  bool on_uint64(std::uint64_t value, std::string_view) { return tally.add_uint64(value), true; }
  bool on_double(double value, std::string_view) { return tally.add_double(value), true; }
  bool on_number_text(std::string_view text) { return tally.add_number_text(text), true; }
  bool on_string(std::string_view value) { return tally.add_string(value.size()), true; }
  bool on_key(std::string_view key) { return tally.add_key(key.size()), true; }
  bool on_object_begin() { return tally.add_object(), true; }
  bool on_object_end(std::size_t) { return true; }
  bool on_array_begin() { return tally.add_array(), true; }
  bool on_array_end(std::size_t) { return true; }
};

std::string library_name(kernel_id kernel) {
  return "jsonx_" + std::string(jsonx::simd::kernel_name(kernel));
}

std::string unsupported_reason(kernel_id kernel) {
  return "kernel " + std::string(jsonx::simd::kernel_name(kernel)) +
         " is not supported by this CPU";
}

void index_case(benchmark::State& state, const corpus_file& file, kernel_id kernel) {
  const std::string& text = file.text;
  std::vector<std::uint32_t> positions(jsonx::index::positions_capacity(text.size()));
  std::vector<std::uint64_t> escape_bits(jsonx::index::escape_bits_capacity(text.size()));
  std::size_t structurals = 0;
  for (auto _ : state) {
    jsonx::index::indexer_state carries;
    jsonx::index::index_result result = jsonx::index::index_structurals(
        kernel, text.data(), text.size(), carries, positions.data(), escape_bits.data());
    if (result.error != jsonx::index::index_error::none) {
      state.SkipWithError("the indexer rejected the file");
      break;
    }
    structurals = result.structural_count;
    benchmark::DoNotOptimize(positions.data());
    benchmark::ClobberMemory();
  }
  state.counters["structurals"] = static_cast<double>(structurals);
}

// One parser for the whole run, reset between iterations (as a server would reuse it).
void sax_case(benchmark::State& state, const corpus_file& file, jsonx::parse_options options,
              std::size_t chunk_size) {
  counting_handler handler;
  jsonx::push_parser<counting_handler> parser(handler, options);
  std::string_view text = file.text;
  for (auto _ : state) {
    handler.tally = {};
    parser.reset();
    std::error_code ec;
    if (chunk_size == 0) {
      parser.feed(text, ec);
    } else {
      for_each_chunk(text, chunk_size, [&](std::string_view chunk) {
        parser.feed(chunk, ec);
        return !ec;
      });
    }
    if (!ec) parser.finish(ec);
    if (ec) {
      state.SkipWithError(parser.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(handler.tally);
  }
  state.SetLabel("kernel " + std::string(jsonx::simd::kernel_name(parser.kernel())));
  finish_tally_case(state, file, handler.tally);
}

}  // namespace

void register_jsonx_cases() {
  for (const corpus_file& file : corpus_files()) {
    for (kernel_id kernel : jsonx::simd::dispatch_order()) {
      if (!jsonx::simd::kernel_supported(kernel)) {
        register_skipped_case("index", library_name(kernel), file, unsupported_reason(kernel));
        continue;
      }
      register_case("index", library_name(kernel), file,
                    [kernel](benchmark::State& state, const corpus_file& f) {
                      index_case(state, f, kernel);
                    });
    }

    register_case("sax_whole", "jsonx", file,
                  [](benchmark::State& state, const corpus_file& f) { sax_case(state, f, {}, 0); });
    for (kernel_id kernel : jsonx::simd::dispatch_order()) {
      if (!jsonx::simd::kernel_supported(kernel)) {
        register_skipped_case("sax_whole", library_name(kernel), file, unsupported_reason(kernel));
        continue;
      }
      register_case("sax_whole", library_name(kernel), file,
                    [kernel](benchmark::State& state, const corpus_file& f) {
                      jsonx::parse_options options;
                      options.kernel = kernel;
                      sax_case(state, f, options, 0);
                    });
    }

    for (const chunked_task& task : chunked_sax_tasks) {
      std::size_t chunk_size = task.chunk_size;
      register_case(task.name, "jsonx", file,
                    [chunk_size](benchmark::State& state, const corpus_file& f) {
                      sax_case(state, f, {}, chunk_size);
                    });
    }
  }
}

std::vector<context_entry> jsonx_context() {
  std::string supported;
  for (kernel_id kernel : jsonx::simd::dispatch_order()) {
    if (!jsonx::simd::kernel_supported(kernel)) continue;
    if (!supported.empty()) supported += ",";
    supported += jsonx::simd::kernel_name(kernel);
  }
  return {{"jsonx_default_kernel",
           std::string(jsonx::simd::kernel_name(jsonx::simd::default_kernel()))},
          {"jsonx_supported_kernels", supported}};
}

}  // namespace jsonx_bench
