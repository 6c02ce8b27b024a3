// simdjson On-Demand filling the typed models by hand (decode_typed): the baseline of the typed
// goals. The fill is in simdjson_model_fill.hpp; this file is compiled with -march=native like
// the other simdjson adapter (JSONX_BENCH_NATIVE_PEERS), so that On-Demand runs its best code.
#include <simdjson.h>

#include "adapters.hpp"
#include "adapters/simdjson_model_fill.hpp"
#include "bench_cases.hpp"
#include "typed_models.hpp"

namespace jsonx_bench {
namespace {

// The model is kept across iterations and refilled in place, as jsonx's decoder does.
template <class Model>
void decode_case(benchmark::State& state, const corpus_file& file) {
  simdjson::padded_string padded(file.text);
  simdjson::ondemand::parser parser;
  Model model;
  for (auto _ : state) {
    try {
      simdjson::ondemand::document document = parser.iterate(padded);
      simdjson_fill::fill_document(document, model);
    } catch (const std::exception& error) {
      state.SkipWithError(error.what());
      break;
    }
    benchmark::DoNotOptimize(&model);
  }
  finish_decode_case(state, file, model);
}

}  // namespace

void register_simdjson_typed_cases() {
  for_each_model_file([]<class Model>(const corpus_file& file) {
    register_case("decode_typed", "simdjson_ondemand", file, decode_case<Model>);
  });
}

}  // namespace jsonx_bench
