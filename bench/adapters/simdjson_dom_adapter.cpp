// simdjson's DOM: a reused dom::parser on the padded file (parse_dom), the compact output of a
// parsed element (serialize), parse_many over the whole NDJSON stream in memory (ndjson,
// ndjson_memory), and twitter.json's statuses parsed each alone or as one array
// (document_alone).
//
// serialize uses the string builder behind simdjson::to_string / minify (the same code), kept
// across iterations so that, like the other libraries' reused buffers, no string is allocated
// per document.
#include <simdjson.h>

#include <string_view>
#include <vector>

#include "adapters.hpp"
#include "adapters/simdjson_dom_walk.hpp"
#include "bench_cases.hpp"
#include "documents_alone.hpp"
#include "ndjson_stream.hpp"

namespace jsonx_bench {
namespace {

void parse_dom_case(benchmark::State& state, const corpus_file& file) {
  // simdjson reads up to 64 bytes past the end: the padded copy is made once, outside the loop.
  simdjson::padded_string padded(file.text);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  for (auto _ : state) {
    if (auto error = parser.parse(padded).get(root)) {
      state.SkipWithError(simdjson::error_message(error));
      break;
    }
    benchmark::DoNotOptimize(root);
  }
  value_tally tally;
  if (!state.error_occurred()) tally_simdjson_element(root, tally);
  finish_tally_case(state, file, tally);
}

void serialize_case(benchmark::State& state, const corpus_file& file) {
  simdjson::padded_string padded(file.text);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (auto error = parser.parse(padded).get(root)) {
    state.SkipWithError(simdjson::error_message(error));
    return;
  }
  simdjson::internal::string_builder<> builder;
  for (auto _ : state) {
    builder.clear();
    builder.append(root);
    std::string_view out = builder.str();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_output_case(state, file, builder.str());
}

// One pass of parse_many over the stream; with `tally`, every document is walked into it.
// Returns the number of values, or -1 with `error` set.
long parse_many_pass(simdjson::dom::parser& parser, const simdjson::padded_string& text,
                     value_tally* tally, simdjson::error_code& error) {
  simdjson::dom::document_stream documents;
  if ((error = parser.parse_many(text).get(documents))) return -1;
  long values = 0;
  for (auto document : documents) {
    simdjson::dom::element root;
    if ((error = document.get(root))) return -1;
    ++values;
    if (tally != nullptr) tally_simdjson_element(root, *tally);
  }
  return values;
}

void ndjson_case(benchmark::State& state, ndjson_stream_getter get_stream) {
  const ndjson_stream* stream = stream_for_case(state, get_stream);
  if (stream == nullptr) return;
  // parse_many needs the whole stream in one padded buffer: the copy is made before the
  // memory measurement starts, as the buffer the stream is in.
  simdjson::padded_string padded(stream->text);
  simdjson::dom::parser parser;
  // parse_many's own threading on (its default): stage 1 of the next batch on a second thread
  // while this one builds documents. The ndjson cases are timed in real time (jsonx's run on
  // several threads too), so the second thread's work counts.
  parser.threaded = true;
  simdjson::error_code error = simdjson::SUCCESS;
  peak_rss_meter memory;
  memory.start();
  for (auto _ : state) {
    if (parse_many_pass(parser, padded, nullptr, error) < 0) {
      state.SkipWithError(simdjson::error_message(error));
      break;
    }
  }
  double growth = memory.growth_mb();
  value_tally tally;
  long values = 0;
  if (!state.error_occurred()) values = parse_many_pass(parser, padded, &tally, error);
  finish_stream_case(state, *stream, tally, values < 0 ? 0 : static_cast<std::size_t>(values),
                     growth);
}

// document_alone/simdjson: each status parsed alone by one reused parser (each padded once,
// outside the loop); simdjson_in_array: the statuses parsed as one array.
void document_alone_case(benchmark::State& state, bool in_array) {
  const document_set* set = twitter_status_documents();
  if (set == nullptr) {
    state.SkipWithError("twitter.json with its statuses is needed");
    return;
  }
  std::vector<simdjson::padded_string> documents;
  for (const std::string& document : set->documents) documents.emplace_back(document);
  const simdjson::padded_string array(set->as_array);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  for (auto _ : state) {
    if (in_array) {
      if (auto error = parser.parse(array).get(root)) {
        state.SkipWithError(simdjson::error_message(error));
        return;
      }
      benchmark::DoNotOptimize(root);
    } else {
      for (const simdjson::padded_string& document : documents) {
        if (auto error = parser.parse(document).get(root)) {
          state.SkipWithError(simdjson::error_message(error));
          return;
        }
        benchmark::DoNotOptimize(root);
      }
    }
  }
  value_tally tally;
  if (in_array) {
    simdjson::dom::array statuses;
    if (parser.parse(array).get_array().get(statuses) == simdjson::SUCCESS)
      for (simdjson::dom::element status : statuses) tally_simdjson_element(status, tally);
  } else {
    for (const simdjson::padded_string& document : documents)
      if (parser.parse(document).get(root) == simdjson::SUCCESS)
        tally_simdjson_element(root, tally);
  }
  finish_document_set_case(state, *set, tally);
}

}  // namespace

void register_simdjson_dom_cases() {
  // The same case under both tasks: parse_many reads the stream from memory in each (ndjson
  // compares it with jsonx reading a pipe, ndjson_memory with jsonx reading memory).
  for (const char* task : {"ndjson", "ndjson_memory"}) {
    register_stream_case(task, "simdjson", "twitter_statuses", [](benchmark::State& state) {
      ndjson_case(state, twitter_statuses_stream);
    });
    register_stream_case(task, "simdjson", "small_records",
                         [](benchmark::State& state) { ndjson_case(state, small_records_stream); });
  }
  register_stream_case("document_alone", "simdjson", "twitter_statuses",
                       [](benchmark::State& state) { document_alone_case(state, false); });
  register_stream_case("document_alone", "simdjson_in_array", "twitter_statuses",
                       [](benchmark::State& state) { document_alone_case(state, true); });
  for (const corpus_file& file : corpus_files()) {
    register_case("parse_dom", "simdjson", file, parse_dom_case);
    register_case("serialize", "simdjson", file, serialize_case);
  }
}

}  // namespace jsonx_bench
