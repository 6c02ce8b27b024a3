// Reference models and the checks of the typed tasks. jsonx's decode and the comparison are
// instantiated here only, for the three models (explicit instantiations at the end).
#include "typed_models.hpp"

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <type_traits>

#include "jsonx/bind/decode.hpp"
#include "model_compare.hpp"

namespace jsonx_bench {

template <class Model>
const Model* reference_model(const corpus_file& file) {
  // One reference per file; a file name has one model, so the map is per Model type.
  static std::map<std::string, std::unique_ptr<Model>> references;
  auto found = references.find(file.name);
  if (found != references.end()) return found->second.get();
  auto model = std::make_unique<Model>();
  jsonx::decode_error error;
  if (!jsonx::decode(file.text, *model, error)) {
    std::fprintf(stderr,
                 "jsonx_bench: jsonx cannot decode %s into its model (%s): typed results "
                 "not checked\n",
                 file.name.c_str(), error.message().c_str());
    model.reset();
  }
  return references.emplace(file.name, std::move(model)).first->second.get();
}

namespace {

// Flags `got` if it differs from the reference; counts the doubles that are only inexact.
template <class Model>
void check_model(benchmark::State& state, const Model& got, const Model& reference,
                 const char* what) {
  model_comparison comparison = compare_models(got, reference);
  state.counters["inexact_doubles"] = static_cast<double>(comparison.inexact_doubles);
  if (!comparison.difference.empty()) {
    flag_mismatch(state, std::string("MODEL MISMATCH: ") + what + " " + comparison.difference);
  }
}

}  // namespace

template <class Model>
void finish_decode_case(benchmark::State& state, const corpus_file& file, const Model& last) {
  if (state.error_occurred()) return;
  const Model* reference = reference_model<Model>(file);
  if (reference != nullptr) check_model(state, last, *reference, "the filled model differs");
  if constexpr (std::is_same_v<Model, partial::twitter_document>) {
    // The partial reference itself, against the full model's fields.
    const auto* full = reference_model<models::twitter::document>(file);
    if (full == nullptr || reference == nullptr) return;
    bool same = full->statuses.size() == reference->statuses.size();
    for (std::size_t i = 0; same && i < full->statuses.size(); ++i) {
      const auto& a = full->statuses[i];
      const auto& b = reference->statuses[i];
      same = a.id == b.id && a.text == b.text && a.user.screen_name == b.user.screen_name;
    }
    if (!same) flag_mismatch(state, "MODEL MISMATCH: the partial model differs from the full one");
  }
}

template <class Model>
void finish_encode_case(benchmark::State& state, const corpus_file& file, std::string_view output) {
  if (state.error_occurred()) return;
  report_output_size(state, output);
  const Model* reference = reference_model<Model>(file);
  if (reference == nullptr) return;
  Model decoded;
  jsonx::decode_error error;
  if (!jsonx::decode(output, decoded, error)) {
    flag_mismatch(state, "MODEL MISMATCH: the output does not decode: " + error.message());
  } else {
    check_model(state, decoded, *reference, "the output decodes to a model that differs");
  }
}

#define JSONX_BENCH_INSTANTIATE(Model)                                                          \
  template const Model* reference_model<Model>(const corpus_file&);                             \
  template void finish_decode_case<Model>(benchmark::State&, const corpus_file&, const Model&); \
  template void finish_encode_case<Model>(benchmark::State&, const corpus_file&, std::string_view);

JSONX_BENCH_INSTANTIATE(models::twitter::document)
JSONX_BENCH_INSTANTIATE(models::citm_catalog::document)
JSONX_BENCH_INSTANTIATE(models::canada::document)
JSONX_BENCH_INSTANTIATE(partial::twitter_document)

#undef JSONX_BENCH_INSTANTIATE

}  // namespace jsonx_bench
