// RapidJSON's DOM: Document::Parse with a reused allocator (parse_dom), and Writer<StringBuffer>
// with a reused buffer (serialize). Default flags, as in the SAX case (rapidjson_adapter.cpp).
//
// The document's values come from a MemoryPoolAllocator over a buffer of our own, cleared
// between parses: after the first parse nothing is allocated (a document larger than the buffer
// would take more chunks from malloc, still correctly). The parse stack lives in the reused
// Document.
#if defined(__SSE4_2__) && !defined(RAPIDJSON_SSE42)
#define RAPIDJSON_SSE42
#endif
#include <rapidjson/document.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string_view>
#include <vector>

#include "adapters.hpp"
#include "bench_cases.hpp"

namespace jsonx_bench {
namespace {

using pool_allocator = rapidjson::MemoryPoolAllocator<>;
using document_type = rapidjson::GenericDocument<rapidjson::UTF8<>, pool_allocator>;
using value_type = document_type::ValueType;

void tally_value(const value_type& value, value_tally& tally) {
  switch (value.GetType()) {
    case rapidjson::kNullType:
      tally.add_null();
      break;
    case rapidjson::kFalseType:
    case rapidjson::kTrueType:
      tally.add_bool(value.GetBool());
      break;
    case rapidjson::kNumberType:
      // An integer that fits int64 is flagged Int64 (and maybe Uint64 too); one above
      // INT64_MAX only Uint64; a number with a fraction or exponent is a double.
      if (value.IsDouble()) {
        tally.add_double(value.GetDouble());
      } else if (value.IsInt64()) {
        tally.add_int64(value.GetInt64());
      } else {
        tally.add_uint64(value.GetUint64());
      }
      break;
    case rapidjson::kStringType:
      tally.add_string(value.GetStringLength());
      break;
    case rapidjson::kArrayType:
      tally.add_array();
      for (const value_type& item : value.GetArray()) tally_value(item, tally);
      break;
    case rapidjson::kObjectType:
      tally.add_object();
      for (const auto& member : value.GetObject()) {
        tally.add_key(member.name.GetStringLength());
        tally_value(member.value, tally);
      }
      break;
  }
}

// The pool's own buffer: a few times the input, which holds the corpus documents' values.
std::vector<char> pool_buffer_for(const corpus_file& file) {
  return std::vector<char>(file.text.size() * 4 + 64 * 1024);
}

void parse_dom_case(benchmark::State& state, const corpus_file& file) {
  std::vector<char> pool_buffer = pool_buffer_for(file);
  pool_allocator allocator(pool_buffer.data(), pool_buffer.size());
  document_type document(&allocator);
  for (auto _ : state) {
    document.SetNull();  // drops the old values (a pool allocator frees nothing by itself)
    allocator.Clear();   // then their memory, all at once
    // Parse reads up to the terminating NUL, which std::string guarantees.
    document.Parse<rapidjson::kParseDefaultFlags>(file.text.c_str());
    if (document.HasParseError()) {
      state.SkipWithError("RapidJSON rejected the file");
      break;
    }
    benchmark::DoNotOptimize(&document);
  }
  value_tally tally;
  if (!state.error_occurred()) tally_value(document, tally);
  finish_tally_case(state, file, tally);
}

// The parsed document written by a reused Writer (or PrettyWriter) into a reused buffer.
template <class Writer>
void serialize_with(benchmark::State& state, const corpus_file& file, void (*configure)(Writer&)) {
  std::vector<char> pool_buffer = pool_buffer_for(file);
  pool_allocator allocator(pool_buffer.data(), pool_buffer.size());
  document_type document(&allocator);
  document.Parse<rapidjson::kParseDefaultFlags>(file.text.c_str());
  if (document.HasParseError()) {
    state.SkipWithError("RapidJSON rejected the file");
    return;
  }
  rapidjson::StringBuffer buffer;
  Writer writer(buffer);
  configure(writer);
  for (auto _ : state) {
    buffer.Clear();  // keeps its capacity
    writer.Reset(buffer);
    document.Accept(writer);
    benchmark::DoNotOptimize(buffer.GetString());
    benchmark::ClobberMemory();
  }
  finish_output_case(state, file, std::string_view(buffer.GetString(), buffer.GetSize()));
}

using compact_writer = rapidjson::Writer<rapidjson::StringBuffer>;
using pretty_writer = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

void serialize_case(benchmark::State& state, const corpus_file& file) {
  serialize_with<compact_writer>(state, file, [](compact_writer&) {});
}

// serialize_pretty: PrettyWriter indenting by 2 spaces (its default is 4).
void serialize_pretty_case(benchmark::State& state, const corpus_file& file) {
  serialize_with<pretty_writer>(state, file, [](pretty_writer& w) { w.SetIndent(' ', 2); });
}

}  // namespace

void register_rapidjson_dom_cases() {
  for (const corpus_file& file : corpus_files()) {
    register_case("parse_dom", "rapidjson", file, parse_dom_case);
    register_case("serialize", "rapidjson", file, serialize_case);
    register_case("serialize_pretty", "rapidjson", file, serialize_pretty_case);
  }
}

}  // namespace jsonx_bench
