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

// decode_partial: the same fields jsonx's partial model has, fetched by name in file order; the
// other members are stepped over. Elements are reused as jsonx's decoder reuses them (the
// strings keep their capacity), so neither side allocates in steady state.
void fill_partial(simdjson::ondemand::document& document, partial::twitter_document& out) {
  std::size_t count = 0;
  for (auto item : document["statuses"].get_array()) {
    if (count == out.statuses.size()) out.statuses.emplace_back();
    partial::status& status = out.statuses[count++];
    simdjson::ondemand::object object = item.get_object();
    status.id = object["id"].get_uint64();
    status.text.assign(std::string_view(object["text"].get_string()));
    status.user.screen_name.assign(
        std::string_view(object["user"].get_object()["screen_name"].get_string()));
  }
  out.statuses.resize(count);
}

void decode_partial_case(benchmark::State& state, const corpus_file& file) {
  simdjson::padded_string padded(file.text);
  simdjson::ondemand::parser parser;
  partial::twitter_document model;
  for (auto _ : state) {
    try {
      simdjson::ondemand::document document = parser.iterate(padded);
      fill_partial(document, model);
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
  for_each_partial_file([](const corpus_file& file) {
    register_case("decode_partial", "simdjson_ondemand", file, decode_partial_case);
  });
}

}  // namespace jsonx_bench
