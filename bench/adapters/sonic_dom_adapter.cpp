// sonic-cpp's DOM: Document::Parse with a reused allocator (parse_dom), and Serialize into a
// reused WriteBuffer (serialize). Header-only, included from JSONX_PEERS_DIR; this file alone is
// compiled with -march=haswell, as sonic-cpp's README asks (its x86 code is chosen at compile
// time: AVX2 with these flags). external_peers.cpp checks the CPU before registering these
// cases. Default parse and serialize flags (kParseDefault: UTF-8 validated; kSerializeDefault).
//
// The document's nodes come from sonic's MemoryPoolAllocator (RapidJSON's, which it derives
// from) over a buffer of our own, cleared between parses, as in the RapidJSON case: the buffer
// is sized from a first parse so that after it the pool takes nothing from malloc. (Parse still
// allocates and frees its parse stack each time: that is inside sonic's Parse.)
//
// No ndjson case: sonic-cpp has no equivalent of yyjson's STOP_WHEN_DONE. Document::Parse
// reports anything after the value as an error (kParseErrorInvalidChar) and keeps no document
// then, and it first copies all the input it is given into its own string buffer, so a stream
// could only be read by cutting the lines out first, which is not the library reading NDJSON.
#include <sonic/sonic.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "adapters.hpp"
#include "bench_cases.hpp"

namespace jsonx_bench {
namespace {

using allocator_type = sonic_json::MemoryPoolAllocator<>;
using node_type = sonic_json::DNode<allocator_type>;
using document_type = sonic_json::GenericDocument<node_type>;

void tally_node(const node_type& node, value_tally& tally) {
  switch (node.GetType()) {
    case sonic_json::kNull:
      tally.add_null();
      break;
    case sonic_json::kTrue:
    case sonic_json::kFalse:
      tally.add_bool(node.GetBool());
      break;
    case sonic_json::kUint:
      tally.add_uint64(node.GetUint64());
      break;
    case sonic_json::kSint:
      tally.add_int64(node.GetInt64());
      break;
    case sonic_json::kReal:
      tally.add_double(node.GetDouble());
      break;
    case sonic_json::kNumStr:  // only with kParseOverflowNumAsNumStr, not used here
      tally.add_number_text(std::string_view(node.GetStringNumber().data(), node.Size()));
      break;
    case sonic_json::kString:  // = kStringCopy: in the document's string buffer
    case sonic_json::kStringFree:
    case sonic_json::kStringConst:
      tally.add_string(node.Size());
      break;
    case sonic_json::kArray:
      tally.add_array();
      for (auto item = node.Begin(); item != node.End(); ++item) tally_node(*item, tally);
      break;
    case sonic_json::kObject:
      tally.add_object();
      for (auto member = node.MemberBegin(); member != node.MemberEnd(); ++member) {
        tally.add_key(member->name.Size());
        tally_node(member->value, tally);
      }
      break;
    default:  // kRaw: not made by Parse
      break;
  }
}

// The pool's buffer: what a first parse of the file takes from a pool of its own (the copy of
// the input, the nodes), with room to spare, and at least 4x the input plus 64 KiB as for
// RapidJSON. Empty if sonic rejects the file.
std::vector<char> pool_buffer_for(const corpus_file& file) {
  document_type probe;
  probe.Parse(file.text.data(), file.text.size());
  if (probe.HasParseError()) return {};
  const std::size_t used = probe.GetAllocator().Size();
  return std::vector<char>(std::max(file.text.size() * 4, used + used / 4) + 64 * 1024);
}

// Parses `file` into `document`; false (with the case skipped) if sonic rejects it.
bool parse(benchmark::State& state, document_type& document, const corpus_file& file) {
  document.Parse(file.text.data(), file.text.size());
  if (!document.HasParseError()) return true;
  state.SkipWithError((std::string("sonic-cpp: ") + sonic_json::ErrorMsg(document.GetParseError()) +
                       " at byte " + std::to_string(document.GetErrorOffset()))
                          .c_str());
  return false;
}

void parse_dom_case(benchmark::State& state, const corpus_file& file) {
  std::vector<char> pool_buffer = pool_buffer_for(file);
  if (pool_buffer.empty()) pool_buffer.resize(64 * 1024);  // parse() reports the error
  allocator_type allocator(pool_buffer.data(), pool_buffer.size());
  document_type document(&allocator);
  for (auto _ : state) {
    // The pool's memory back at once; the old nodes are not touched again: Parse only marks
    // the document null before it builds the new one (a pool allocator frees nothing).
    allocator.Clear();
    if (!parse(state, document, file)) break;
    benchmark::DoNotOptimize(&document);
  }
  value_tally tally;
  if (!state.error_occurred()) tally_node(document, tally);
  finish_tally_case(state, file, tally);
}

void serialize_case(benchmark::State& state, const corpus_file& file) {
  document_type document;
  if (!parse(state, document, file)) return;
  sonic_json::WriteBuffer out;  // Serialize clears it and keeps its capacity
  for (auto _ : state) {
    if (sonic_json::SonicError error = document.Serialize(out); error != sonic_json::kErrorNone) {
      state.SkipWithError((std::string("sonic-cpp: ") + sonic_json::ErrorMsg(error)).c_str());
      break;
    }
    benchmark::DoNotOptimize(out.Size());
    benchmark::ClobberMemory();
  }
  finish_output_case(state, file, std::string_view(out.ToString(), out.Size()));
}

}  // namespace

void register_sonic_dom_cases() {
  for (const corpus_file& file : corpus_files()) {
    register_case("parse_dom", "sonic_cpp", file, parse_dom_case);
    register_case("serialize", "sonic_cpp", file, serialize_case);
  }
}

}  // namespace jsonx_bench
