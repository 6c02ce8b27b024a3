// The benchmark framework shared by the adapters: the corpus files, the `task/library/file`
// naming, and the bookkeeping every case does (bytes processed, tally check).
//
// An adapter (one per library, in adapters/) registers its cases from a register_*() function
// called by bench_main.cpp. A case body owns its reused state (parser objects, buffers), runs
// the `for (auto _ : state)` loop itself, and ends with finish_tally_case() when it produced a
// value_tally. Later tasks (parse_dom, serialize, decode_typed, ...) register through the same
// register_case(); see README.md for the list of tasks and names.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "value_tally.hpp"

namespace jsonx_bench {

/// One corpus file, loaded once, with its reference tally.
struct corpus_file {
  std::string name;  ///< "twitter"
  std::string text;  ///< the whole file
  value_tally reference;
  bool has_reference = false;  ///< false if simdjson rejected it (then tallies are not checked)
};

/// The files every task runs on, in report order.
inline constexpr std::string_view corpus_file_names[] = {"twitter", "citm_catalog", "canada",
                                                         "small"};

/// Made from twitter.json when it is loaded, after the files above: the same document with
/// every non-ASCII character written as a \u escape (jsonx::corpus::escape_non_ascii), for the
/// cost of unescaping. Only the parsing tasks in escaped_file_tasks run on it.
inline constexpr std::string_view escaped_file_name = "twitter_escaped";
inline constexpr std::string_view escaped_file_tasks[] = {"index", "sax_whole", "parse_dom"};

/// The corpus files that could be loaded, in report order; absent ones were reported on stderr
/// by the corpus loader and are listed by missing_corpus_files(). Loaded on first call.
std::span<const corpus_file> corpus_files();
/// Names of the files that could not be loaded (empty when the corpus is complete).
std::span<const std::string> missing_corpus_files();

/// The body of one case: runs the benchmark loop over `file`.
using case_body = std::function<void(benchmark::State&, const corpus_file& file)>;

/// Task names in report order: issue 2's, then those later issues add.
inline constexpr std::string_view known_tasks[] = {"index",
                                                   "sax_whole",
                                                   "sax_chunked_4k",
                                                   "sax_chunked_64k",
                                                   "parse_dom",
                                                   "parse_dom_chunked_64k",
                                                   "serialize",
                                                   "decode_typed",
                                                   "decode_typed_chunked_64k",
                                                   "encode_typed",
                                                   "ndjson",
                                                   "ndjson_memory",
                                                   "serialize_pretty",
                                                   "document_alone"};

/// The chunk size of parse_dom_chunked_64k and decode_typed_chunked_64k.
inline constexpr std::size_t chunk_64k = 65536;

/// Queues `task/library/file`; register_pending_cases() hands the queue to Google Benchmark
/// sorted by task, then file, so that all libraries on one task and file run side by side.
/// After the body returns, bytes processed is set to iterations x file size (so Google Benchmark
/// reports bytes/s), and the time unit is ns for small files (latency matters there) and us
/// otherwise.
void register_case(std::string_view task, std::string_view library, const corpus_file& file,
                   case_body body);

/// Queues `task/library/file` as a case that is skipped with `reason` (visible in the
/// output, e.g. a kernel this CPU cannot run), so that the gap in the table is explained.
void register_skipped_case(std::string_view task, std::string_view library, const corpus_file& file,
                           std::string reason);

/// The body of a case on an input that is not a corpus file (a generated stream): it sets
/// bytes processed itself (state.SetBytesProcessed).
using stream_case_body = std::function<void(benchmark::State&)>;

/// Queues `task/library/input_name` for such an input, reported in ms after the corpus files.
void register_stream_case(std::string_view task, std::string_view library,
                          std::string_view input_name, stream_case_body body);

/// Registers the queued cases with Google Benchmark, in report order.
void register_pending_cases();

/// Checks the tally of the last iteration against the file's reference; a mismatch is put in
/// the benchmark's label ("TALLY MISMATCH: ...") and on stderr, and compare.py flags it.
void finish_tally_case(benchmark::State& state, const corpus_file& file, const value_tally& last);

/// Marks the case as wrong: `label` (which starts with "... MISMATCH") goes into the
/// benchmark's label, where compare.py flags it with `!`, and on stderr.
void flag_mismatch(benchmark::State& state, const std::string& label);

/// For tasks that write JSON (serialize, encode_typed): the output's size as counters,
/// `output_bytes` and `output_bytes_per_second` (the rate of output written). Throughput
/// (bytes_per_second) stays input bytes per second, so that tasks compare on the same scale.
void report_output_size(benchmark::State& state, std::string_view output);

/// For serialize: report_output_size(), then checks that the output re-parsed by simdjson
/// gives the file's reference tally ("TALLY MISMATCH (re-parsed output): ..." otherwise).
void finish_output_case(benchmark::State& state, const corpus_file& file, std::string_view output);

/// The chunked SAX tasks: name and chunk size.
struct chunked_task {
  std::string_view name;
  std::size_t chunk_size;
};
inline constexpr chunked_task chunked_sax_tasks[] = {{"sax_chunked_4k", 4096},
                                                     {"sax_chunked_64k", 65536}};

/// Calls `feed(piece)` for consecutive pieces of `input` of `chunk_size` bytes (the last one
/// shorter); stops early and returns false as soon as `feed` returns false.
template <class Feed>
bool for_each_chunk(std::string_view input, std::size_t chunk_size, Feed&& feed) {
  for (std::size_t offset = 0; offset < input.size(); offset += chunk_size) {
    if (!feed(input.substr(offset, chunk_size))) return false;
  }
  return true;
}

}  // namespace jsonx_bench
