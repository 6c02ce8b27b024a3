// nlohmann/json: json::parse of the whole buffer (parse_dom) and dump() of a parsed document
// (serialize), as its users call them. nlohmann has no reusable parser or allocator in its
// public interface: each parse builds a fresh json with the default allocator, each dump
// returns a fresh string.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "adapters.hpp"
#include "bench_cases.hpp"

namespace jsonx_bench {
namespace {

using json = nlohmann::json;

void tally_value(const json& value, value_tally& tally) {
  switch (value.type()) {
    case json::value_t::null:
      tally.add_null();
      break;
    case json::value_t::boolean:
      tally.add_bool(value.get<bool>());
      break;
    case json::value_t::number_integer:
      tally.add_int64(value.get<std::int64_t>());
      break;
    case json::value_t::number_unsigned:  // every non-negative integer, not only large ones
      tally.add_uint64(value.get<std::uint64_t>());
      break;
    case json::value_t::number_float:
      tally.add_double(value.get<double>());
      break;
    case json::value_t::string:
      tally.add_string(value.get_ref<const std::string&>().size());
      break;
    case json::value_t::array:
      tally.add_array();
      for (const json& item : value) tally_value(item, tally);
      break;
    case json::value_t::object:
      tally.add_object();
      for (const auto& [key, member] : value.items()) {
        tally.add_key(key.size());
        tally_value(member, tally);
      }
      break;
    case json::value_t::binary:
    case json::value_t::discarded:
      break;  // never produced by parsing JSON text
  }
}

void parse_dom_case(benchmark::State& state, const corpus_file& file) {
  json document;
  for (auto _ : state) {
    document = json::parse(file.text, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) {
      state.SkipWithError("nlohmann rejected the file");
      break;
    }
    benchmark::DoNotOptimize(&document);
  }
  value_tally tally;
  if (!state.error_occurred()) tally_value(document, tally);
  finish_tally_case(state, file, tally);
}

// dump(indent): -1 is compact, as nlohmann's default.
void serialize_with(benchmark::State& state, const corpus_file& file, int indent) {
  json document = json::parse(file.text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) {
    state.SkipWithError("nlohmann rejected the file");
    return;
  }
  std::string out;
  for (auto _ : state) {
    out = document.dump(indent);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_output_case(state, file, out);
}

void serialize_case(benchmark::State& state, const corpus_file& file) {
  serialize_with(state, file, -1);
}

// serialize_pretty: dump(2), 2 spaces per level.
void serialize_pretty_case(benchmark::State& state, const corpus_file& file) {
  serialize_with(state, file, 2);
}

}  // namespace

void register_nlohmann_dom_cases() {
  for (const corpus_file& file : corpus_files()) {
    register_case("parse_dom", "nlohmann", file, parse_dom_case);
    register_case("serialize", "nlohmann", file, serialize_case);
    register_case("serialize_pretty", "nlohmann", file, serialize_pretty_case);
  }
}

}  // namespace jsonx_bench
