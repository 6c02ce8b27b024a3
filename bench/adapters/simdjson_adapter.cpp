// simdjson: its stage 1 alone and minify (index), and On-Demand with a full
// traversal that touches every value (sax_whole).
//
// On-Demand's value parsing is compiled into this file for simdjson's "builtin" implementation,
// which follows this file's compile flags (fallback code without them); CMakeLists.txt compiles
// it with -march=native by default (JSONX_BENCH_NATIVE_PEERS) so that simdjson runs at its best.
// Its stage 1 is dispatched at run time; both names are in the benchmark context.
#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "adapters.hpp"
#include "bench_cases.hpp"

namespace jsonx_bench {
namespace {

namespace ondemand = simdjson::ondemand;

// The implementation On-Demand is compiled for in this file (simdjson::builtin_implementation()
// would name the one the shared library was compiled for, not this file's).
#define JSONX_BENCH_STRINGIFY_EXPANDED(x) JSONX_BENCH_STRINGIFY(x)
#define JSONX_BENCH_STRINGIFY(x) #x
constexpr const char* ondemand_builtin_name =
    JSONX_BENCH_STRINGIFY_EXPANDED(SIMDJSON_BUILTIN_IMPLEMENTATION);

simdjson::error_code walk_value(ondemand::value value, value_tally& tally);

simdjson::error_code walk_number(ondemand::number number, value_tally& tally) {
  switch (number.get_number_type()) {
    case ondemand::number_type::signed_integer:
      tally.add_int64(number.get_int64());
      break;
    case ondemand::number_type::unsigned_integer:
      tally.add_uint64(number.get_uint64());
      break;
    case ondemand::number_type::floating_point_number:
      tally.add_double(number.get_double());
      break;
  }
  return simdjson::SUCCESS;
}

simdjson::error_code walk_object(ondemand::object object, value_tally& tally) {
  tally.add_object();
  for (auto member_result : object) {
    ondemand::field member;
    if (auto error = std::move(member_result).get(member)) return error;
    std::string_view key;
    if (auto error = member.unescaped_key().get(key)) return error;
    tally.add_key(key.size());
    if (auto error = walk_value(member.value(), tally)) return error;
  }
  return simdjson::SUCCESS;
}

simdjson::error_code walk_array(ondemand::array array, value_tally& tally) {
  tally.add_array();
  for (auto item_result : array) {
    ondemand::value item;
    if (auto error = std::move(item_result).get(item)) return error;
    if (auto error = walk_value(item, tally)) return error;
  }
  return simdjson::SUCCESS;
}

simdjson::error_code walk_value(ondemand::value value, value_tally& tally) {
  ondemand::json_type type;
  if (auto error = value.type().get(type)) return error;
  switch (type) {
    case ondemand::json_type::object: {
      ondemand::object object;
      if (auto error = value.get_object().get(object)) return error;
      return walk_object(object, tally);
    }
    case ondemand::json_type::array: {
      ondemand::array array;
      if (auto error = value.get_array().get(array)) return error;
      return walk_array(array, tally);
    }
    case ondemand::json_type::string: {
      std::string_view text;
      if (auto error = value.get_string().get(text)) return error;
      tally.add_string(text.size());
      return simdjson::SUCCESS;
    }
    case ondemand::json_type::number: {
      ondemand::number number;
      if (auto error = value.get_number().get(number)) return error;
      return walk_number(number, tally);
    }
    case ondemand::json_type::boolean: {
      bool flag;
      if (auto error = value.get_bool().get(flag)) return error;
      tally.add_bool(flag);
      return simdjson::SUCCESS;
    }
    case ondemand::json_type::null: {
      bool is_null;
      if (auto error = value.is_null().get(is_null)) return error;
      if (!is_null) return simdjson::INCORRECT_TYPE;
      tally.add_null();
      return simdjson::SUCCESS;
    }
  }
  return simdjson::INCORRECT_TYPE;
}

// The root: On-Demand hands out a value only for an object or array root, so scalar roots are
// read from the document itself.
simdjson::error_code walk_document(ondemand::document& document, value_tally& tally) {
  ondemand::json_type type;
  if (auto error = document.type().get(type)) return error;
  simdjson::error_code error = simdjson::SUCCESS;
  switch (type) {
    case ondemand::json_type::object:
    case ondemand::json_type::array: {
      ondemand::value root;
      if ((error = document.get_value().get(root))) return error;
      error = walk_value(root, tally);
      break;
    }
    case ondemand::json_type::string: {
      std::string_view text;
      if (!(error = document.get_string().get(text))) tally.add_string(text.size());
      break;
    }
    case ondemand::json_type::number: {
      ondemand::number number;
      if (!(error = document.get_number().get(number))) error = walk_number(number, tally);
      break;
    }
    case ondemand::json_type::boolean: {
      bool flag;
      if (!(error = document.get_bool().get(flag))) tally.add_bool(flag);
      break;
    }
    case ondemand::json_type::null: {
      bool is_null;
      if (!(error = document.is_null().get(is_null))) tally.add_null();
      break;
    }
  }
  // (simdjson 3.0.1 has no document::at_end() to check for trailing content; the corpus files
  // are valid, and the tally check against the DOM reference catches a short walk.)
  return error;
}

void ondemand_case(benchmark::State& state, const corpus_file& file) {
  simdjson::padded_string padded(file.text);
  ondemand::parser parser;
  value_tally tally;
  for (auto _ : state) {
    tally = {};
    ondemand::document document;
    simdjson::error_code error = parser.iterate(padded).get(document);
    if (!error) error = walk_document(document, tally);
    if (error) {
      state.SkipWithError(simdjson::error_message(error));
      break;
    }
    benchmark::DoNotOptimize(tally);
  }
  finish_tally_case(state, file, tally);
}

void minify_case(benchmark::State& state, const corpus_file& file) {
  // minify() runs simdjson's stage-1 scanner (without UTF-8 validation) and copies the bytes
  // outside whitespace; it needs no input padding, and `output` as large as the input.
  std::vector<char> output(file.text.size() + simdjson::SIMDJSON_PADDING);
  for (auto _ : state) {
    std::size_t output_length = 0;
    if (auto error =
            simdjson::minify(file.text.data(), file.text.size(), output.data(), output_length)) {
      state.SkipWithError(simdjson::error_message(error));
      break;
    }
    benchmark::DoNotOptimize(output_length);
    benchmark::ClobberMemory();
  }
}

void stage1_case(benchmark::State& state, const corpus_file& file) {
  // simdjson's stage 1 alone, the exact peer of jsonx's indexer: structurals found, UTF-8
  // validated, positions flattened into the parser's index, on the active implementation (the
  // kernel simdjson picked for this CPU). Its input must be padded.
  simdjson::padded_string padded(file.text);
  std::unique_ptr<simdjson::internal::dom_parser_implementation> parser;
  if (auto error = simdjson::get_active_implementation()->create_dom_parser_implementation(
          padded.size(), simdjson::DEFAULT_MAX_DEPTH, parser)) {
    state.SkipWithError(simdjson::error_message(error));
    return;
  }
  for (auto _ : state) {
    if (auto error = parser->stage1(reinterpret_cast<const std::uint8_t*>(padded.data()),
                                    padded.size(), simdjson::stage1_mode::regular)) {
      state.SkipWithError(simdjson::error_message(error));
      break;
    }
    benchmark::DoNotOptimize(parser->n_structural_indexes);
    benchmark::ClobberMemory();
  }
  state.counters["structurals"] = static_cast<double>(parser->n_structural_indexes);
  state.SetLabel(std::string("kernel ") + simdjson::get_active_implementation()->name());
}

std::string simdjson_version_text() {
  return std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + "." +
         std::to_string(simdjson::SIMDJSON_VERSION_MINOR) + "." +
         std::to_string(simdjson::SIMDJSON_VERSION_REVISION);
}

}  // namespace

void register_simdjson_cases() {
  for (const corpus_file& file : corpus_files()) {
    register_case("index", "simdjson_minify", file, minify_case);
    register_case("index", "simdjson_stage1", file, stage1_case);
    register_case("sax_whole", "simdjson_ondemand", file, ondemand_case);
  }
}

std::vector<context_entry> simdjson_context() {
  const simdjson::implementation* active = simdjson::get_active_implementation();
  return {{"simdjson_version", simdjson_version_text()},
          {"simdjson_implementation", std::string(active->name())},
          {"simdjson_ondemand_builtin", ondemand_builtin_name}};
}

}  // namespace jsonx_bench
