// RapidJSON: Reader with a counting handler on a whole buffer (sax_whole), default flags
// (kParseDefaultFlags: not in situ, no full-precision float conversion, no UTF-8 validation).
// Where this file is compiled for a CPU with SSE4.2 (JSONX_BENCH_NATIVE_PEERS), RapidJSON's
// SSE4.2 whitespace skipping is switched on, its fastest configuration.
#if defined(__SSE4_2__) && !defined(RAPIDJSON_SSE42)
#define RAPIDJSON_SSE42
#endif
#include <rapidjson/reader.h>

#include <cstdint>

#include "adapters.hpp"
#include "bench_cases.hpp"

namespace jsonx_bench {
namespace {

struct rapidjson_counting_handler
    : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, rapidjson_counting_handler> {
  value_tally tally;

  bool Null() { return tally.add_null(), true; }
  bool Bool(bool value) { return tally.add_bool(value), true; }
  bool Int(int value) { return tally.add_int64(value), true; }
  bool Uint(unsigned value) { return tally.add_uint64(value), true; }
  bool Int64(std::int64_t value) { return tally.add_int64(value), true; }
  bool Uint64(std::uint64_t value) { return tally.add_uint64(value), true; }
  bool Double(double value) { return tally.add_double(value), true; }
  bool String(const char*, rapidjson::SizeType length, bool) {
    return tally.add_string(length), true;
  }
  bool Key(const char*, rapidjson::SizeType length, bool) { return tally.add_key(length), true; }
  bool StartObject() { return tally.add_object(), true; }
  bool EndObject(rapidjson::SizeType) { return true; }
  bool StartArray() { return tally.add_array(), true; }
  bool EndArray(rapidjson::SizeType) { return true; }
};

void sax_case(benchmark::State& state, const corpus_file& file) {
  rapidjson::Reader reader;  // reused: keeps its stack between parses
  rapidjson_counting_handler handler;
  for (auto _ : state) {
    handler.tally = {};
    // StringStream reads up to the terminating NUL, which std::string guarantees.
    rapidjson::StringStream stream(file.text.c_str());
    rapidjson::ParseResult result = reader.Parse<rapidjson::kParseDefaultFlags>(stream, handler);
    if (result.IsError()) {
      state.SkipWithError("RapidJSON rejected the file");
      break;
    }
    benchmark::DoNotOptimize(handler.tally);
  }
  finish_tally_case(state, file, handler.tally);
}

}  // namespace

void register_rapidjson_cases() {
  for (const corpus_file& file : corpus_files()) {
    register_case("sax_whole", "rapidjson", file, sax_case);
  }
}

}  // namespace jsonx_bench
