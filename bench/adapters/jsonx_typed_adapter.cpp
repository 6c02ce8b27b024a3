// jsonx's typed binding: typed_decoder<Model> on a whole buffer (decode_typed, and decode_partial
// with a model of a few fields) and fed 64 KiB chunks (decode_typed_chunked_64k), and jsonx::encode
// of a decoded model through a reused writer (encode_typed). The decoder and the writer are created
// once per case and reused; the model is kept across iterations and refilled in place.
//
// encode_typed/jsonx writes with the default options, which check the UTF-8 of every string
// (the model's strings come from the user); encode_typed/jsonx_assume_valid skips that check,
// as serialize/jsonx does for a parsed document, so that the two compare like with like.
#include <string>
#include <string_view>

#include "adapters.hpp"
#include "bench_cases.hpp"
#include "jsonx/bind/decode.hpp"
#include "jsonx/bind/encode.hpp"
#include "jsonx/encode/writer.hpp"
#include "typed_models.hpp"

namespace jsonx_bench {
namespace {

// chunk_size 0: decode(text); otherwise reset(), feed() chunks of that size, finish().
template <class Model>
void decode_case(benchmark::State& state, const corpus_file& file, std::size_t chunk_size,
                 const jsonx::decode_options& options = {}) {
  Model model;
  jsonx::typed_decoder<Model> decoder(model, options);
  std::string_view text = file.text;
  for (auto _ : state) {
    jsonx::decode_error error;
    bool ok = true;
    if (chunk_size == 0) {
      ok = decoder.decode(text, error);
    } else {
      decoder.reset(model);
      ok = for_each_chunk(text, chunk_size,
                          [&](std::string_view chunk) { return decoder.feed(chunk, error); }) &&
           decoder.finish(error);
    }
    if (!ok) {
      state.SkipWithError(error.message().c_str());
      break;
    }
    benchmark::DoNotOptimize(&model);
  }
  finish_decode_case(state, file, model);
}

template <class Model>
void encode_case(benchmark::State& state, const corpus_file& file,
                 const jsonx::write_options& options) {
  const Model* model = reference_model<Model>(file);
  if (model == nullptr) {
    state.SkipWithError("jsonx cannot decode the file into its model");
    return;
  }
  std::string out;
  jsonx::writer writer(out, options);
  for (auto _ : state) {
    out.clear();
    writer.reset(out);
    jsonx::encode_error error;
    if (!jsonx::encode(*model, writer, error) || !writer.flush()) {
      state.SkipWithError(error.message().c_str());
      break;
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_encode_case<Model>(state, file, out);
}

}  // namespace

void register_jsonx_typed_cases() {
  for_each_model_file([]<class Model>(const corpus_file& file) {
    register_case("decode_typed", "jsonx", file, [](benchmark::State& state, const corpus_file& f) {
      decode_case<Model>(state, f, 0);
    });
    register_case("decode_typed_chunked_64k", "jsonx", file,
                  [](benchmark::State& state, const corpus_file& f) {
                    decode_case<Model>(state, f, chunk_64k);
                  });
    register_case("encode_typed", "jsonx", file, [](benchmark::State& state, const corpus_file& f) {
      encode_case<Model>(state, f, jsonx::write_options{});
    });
    register_case("encode_typed", "jsonx_assume_valid", file,
                  [](benchmark::State& state, const corpus_file& f) {
                    jsonx::write_options options;
                    options.invalid_utf8 = jsonx::invalid_utf8_policy::assume_valid;
                    encode_case<Model>(state, f, options);
                  });
  });
  // A few fields of twitter: the rest of each status is skipped by the parser, validated as
  // by a full parse (jsonx), or with simdjson On-Demand's guarantee (brackets and UTF-8); and
  // each with an object's members after its last field passed over at once, as On-Demand does
  // (remaining_member_policy::skip: the first of repeated keys wins).
  for_each_partial_file([](const corpus_file& file) {
    constexpr auto guarantee = jsonx::skip_check::brackets_and_utf8;
    constexpr auto skip_remaining = jsonx::remaining_member_policy::skip;
    const struct {
      const char* library;
      jsonx::skip_check check;
      jsonx::remaining_member_policy remaining;
    } variants[] = {
        {"jsonx", jsonx::skip_check::full, jsonx::remaining_member_policy::decode},
        {"jsonx_on_demand_guarantee", guarantee, jsonx::remaining_member_policy::decode},
        {"jsonx_skip_remaining", jsonx::skip_check::full, skip_remaining},
        {"jsonx_skip_remaining_guarantee", guarantee, skip_remaining},
    };
    for (const auto& variant : variants) {
      jsonx::decode_options options;
      options.parse.skipped_values = variant.check;
      options.remaining_members = variant.remaining;
      register_case("decode_partial", variant.library, file,
                    [options](benchmark::State& state, const corpus_file& f) {
                      decode_case<partial::twitter_document>(state, f, 0, options);
                    });
    }
  });
}

}  // namespace jsonx_bench
