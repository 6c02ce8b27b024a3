// The adapters: one per library, each registering its cases for every loaded corpus file.
//
// Library names used in case names: jsonx (jsonx_<kernel> for per-kernel runs,
// jsonx_no_snapshot for the partial tasks' feeding without snapshots), simdjson,
// simdjson_ondemand, simdjson_minify, yyjson, sonic_cpp, rapidjson, boostjson, nlohmann, yajl.
#pragma once

#include <string>
#include <vector>

namespace jsonx_bench {

/// A fact about the configuration that runs, printed first and added to the benchmark context
/// (so it is in the JSON output too): e.g. {"jsonx_default_kernel", "avx2"}.
struct context_entry {
  std::string key;
  std::string value;
};

// Each library registers its cases per group of tasks: SAX-like tasks (index, sax_*), the DOM
// tasks (parse_dom, parse_dom_chunked_64k, serialize) and the typed tasks (decode_typed,
// decode_typed_chunked_64k, encode_typed), each group in its own file; the partial tasks
// (partial, partial_strict, partial_64k) in *_partial_adapter.cpp.
void register_jsonx_cases();
void register_jsonx_dom_cases();
void register_jsonx_typed_cases();
void register_jsonx_partial_cases();
std::vector<context_entry> jsonx_context();

void register_simdjson_cases();
void register_simdjson_dom_cases();
void register_simdjson_typed_cases();
void register_simdjson_partial_cases();
std::vector<context_entry> simdjson_context();

void register_boostjson_cases();
void register_boostjson_dom_cases();
void register_boostjson_typed_cases();

void register_rapidjson_cases();
void register_rapidjson_dom_cases();
void register_rapidjson_typed_cases();

void register_nlohmann_dom_cases();
void register_nlohmann_typed_cases();

void register_yajl_cases();

// yyjson and sonic-cpp, compiled from JSONX_PEERS_DIR when it has them (bench/CMakeLists.txt).
// external_peers.cpp, compiled for every build and for the baseline instruction set, knows
// which were built: their context (version, commit, compile flags), the peers left out with the
// reason, and the registration of the others' cases.
std::vector<context_entry> external_peers_context();
/// One line per peer whose cases are not registered: "yyjson: <why>".
std::vector<std::string> skipped_external_peers();
void register_external_peer_cases();

// Defined only in builds that have the peer: yyjson_dom_adapter.cpp (parse_dom, serialize,
// ndjson, ndjson_memory), sonic_dom_adapter.cpp (parse_dom, serialize; -march=haswell).
void register_yyjson_dom_cases();
void register_sonic_dom_cases();

}  // namespace jsonx_bench
