// jsonx's document model: dom::parser on a whole buffer (parse_dom) and fed 64 KiB chunks
// (parse_dom_chunked_64k), the compact serialization of a parsed document through the writer
// (serialize), and the NDJSON stream decoded by the stream decoder, one document per value, read
// from a pipe (ndjson) or from memory (ndjson_memory), each value read where the decoder built
// it (decode_in_place), as simdjson's parse_many hands out its own parser's elements.
//
// The parser and the writer are created once per case and reused, as a server would reuse them:
// after the first parse, dom::parser allocates nothing for inputs of the same size.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "adapters.hpp"
#include "adapters/jsonx_dom_walk.hpp"
#include "bench_cases.hpp"
#include "documents_alone.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/encode/writer.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/parallel_decoder.hpp"
#include "jsonx/stream/source.hpp"
#include "ndjson_stream.hpp"

namespace jsonx_bench {

namespace dom = jsonx::dom;

// The check of a parse: every value of the document, read through the public accessors
// (jsonx_dom_walk.hpp; the partial tasks use it too).
void tally_jsonx_element(dom::element element, value_tally& tally) {
  switch (element.type()) {
    case dom::kind::null:
      tally.add_null();
      break;
    case dom::kind::boolean:
      tally.add_bool(element.get_bool());
      break;
    case dom::kind::int64:
      tally.add_int64(element.get_int64());
      break;
    case dom::kind::uint64:
      tally.add_uint64(element.get_uint64());
      break;
    case dom::kind::double_:
      tally.add_double(element.get_double());
      break;
    case dom::kind::raw_number:
      tally.add_number_text(element.get_raw_number());
      break;
    case dom::kind::string:
      tally.add_string(element.get_string().size());
      break;
    case dom::kind::array:
      tally.add_array();
      for (dom::element item : element.get_array()) tally_jsonx_element(item, tally);
      break;
    case dom::kind::object:
      tally.add_object();
      for (const dom::member& member : element.get_object()) {
        tally.add_key(member.key.size());
        tally_jsonx_element(member.value, tally);
      }
      break;
  }
}

namespace {

// chunk_size 0: parse(text); otherwise feed() chunks of that size, then finish().
void parse_dom_case(benchmark::State& state, const corpus_file& file, std::size_t chunk_size) {
  dom::parser parser;
  std::string_view text = file.text;
  const dom::document* document = nullptr;
  for (auto _ : state) {
    std::error_code ec;
    if (chunk_size == 0) {
      document = &parser.parse(text, ec);
    } else {
      for_each_chunk(text, chunk_size, [&](std::string_view chunk) {
        parser.feed(chunk, ec);
        return !ec;
      });
      if (!ec) document = &parser.finish(ec);
    }
    if (ec) {
      state.SkipWithError(parser.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(document->node_count());
  }
  value_tally tally;
  if (document != nullptr) tally_jsonx_element(document->root(), tally);
  finish_tally_case(state, file, tally);
}

// The parsed document written through a reused writer into a reused string. The parser
// validated every string: the writer need not check UTF-8 again (as dom::to_string does for
// parsed documents).
void serialize_with(benchmark::State& state, const corpus_file& file,
                    jsonx::write_options options) {
  dom::parser parser;
  std::error_code ec;
  const dom::document& document = parser.parse(file.text, ec);
  if (ec) {
    state.SkipWithError(parser.error().message().c_str());
    return;
  }
  options.invalid_utf8 = jsonx::invalid_utf8_policy::assume_valid;
  std::string out;
  jsonx::writer writer(out, options);
  for (auto _ : state) {
    out.clear();
    writer.reset(out);
    if (!dom::write(document, writer) || !writer.flush()) {
      state.SkipWithError(writer.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_output_case(state, file, out);
}

void serialize_case(benchmark::State& state, const corpus_file& file) {
  serialize_with(state, file, jsonx::write_options::compact());
}

// serialize_pretty: indented by 2 spaces per level (Go's SetIndent("", "  ")).
void serialize_pretty_case(benchmark::State& state, const corpus_file& file) {
  serialize_with(state, file, jsonx::write_options::pretty(2));
}

// The writing end of the pipe: all of `text`, then close (the reader then sees the end).
void write_all_and_close(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t written = ::write(fd, text.data(), text.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      break;  // EPIPE: the reader stopped early (it reports why)
    }
    text.remove_prefix(static_cast<std::size_t>(written));
  }
  ::close(fd);
}

// The per-stage times of the parallel pipeline, summed over the timed passes.
struct stage_totals {
  double read_ns = 0, split_ns = 0, parse_ns = 0, merge_ns = 0, consumer_wait_ns = 0;
  void add(const jsonx::stream::parallel_stats& s) {
    read_ns += static_cast<double>(s.read_ns);
    split_ns += static_cast<double>(s.split_ns);
    parse_ns += static_cast<double>(s.parse_ns);
    merge_ns += static_cast<double>(s.merge_ns);
    consumer_wait_ns += static_cast<double>(s.consumer_wait_ns);
  }
};

// Where the decoder reads the stream from.
enum class ndjson_input {
  pipe,    // ndjson: a pipe that a thread writes the stream into
  memory,  // ndjson_memory: the stream in memory, through memory_source
};

// Decodes all of `in`, each value read in place (decode_in_place), on `threads` decoding threads
// (1: the sequential decoder, on this thread; 0: every core; the calling thread is one of them),
// reading 64 KiB at a time (the decoder's default chunk size). With `tally`, every value is
// also walked into it (the check pass). Returns the number of values, or -1 with `error` set.
long decode_ndjson_source(jsonx::stream::source& in, unsigned threads, value_tally* tally,
                          std::string& error, stage_totals* stages) {
  jsonx::stream::decoder_options options;
  options.separation = jsonx::stream::framing::ndjson;
  options.threads = threads;
  jsonx::stream::stream_error stream_error;
  jsonx::stream::decode_status status;
  long values = 0;
  {
    // Each value read where it was decoded (decode_in_place: valid until the next call), as
    // simdjson's parse_many hands out elements of its own parser's memory.
    jsonx::stream::parallel_decoder<jsonx::dom::document> decoder(in, options);
    jsonx::dom::element root;
    while ((status = decoder.decode_in_place(root, stream_error)) ==
           jsonx::stream::decode_status::value) {
      ++values;
      if (tally != nullptr) tally_jsonx_element(root, *tally);
    }
    if (stages != nullptr) stages->add(decoder.stats());
  }
  if (status != jsonx::stream::decode_status::end_of_stream) {
    error = stream_error.message();
    return -1;
  }
  return values;
}

// A pipe that a thread writes a text into, as another process would, with the buffer the
// jsonx tool gives its standard input (1 MiB, stream/README). Destroyed, it closes the read
// end (which unblocks a writer whose reader stopped early) and waits for the writer.
struct fed_pipe {
  int reader = -1;
  std::thread writer;

  bool open(std::string_view text, std::string& error) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
      error = std::string("pipe: ") + std::strerror(errno);
      return false;
    }
    reader = fds[0];
    jsonx::stream::enlarge_pipe(reader);
    writer = std::thread(write_all_and_close, fds[1], text);
    return true;
  }
  ~fed_pipe() {
    if (reader >= 0) ::close(reader);
    if (writer.joinable()) writer.join();
  }
};

// One pass over the stream: from a pipe, which a thread writes the stream into (as another
// process would), or from the stream in memory (memory_source: the sequential decoder parses its
// bytes in place, and so do the parallel decoder's threads: its reader lends them, uncopied).
// Returns the number of values, or -1 with `error` set.
long decode_ndjson_pass(const ndjson_stream& stream, ndjson_input input, unsigned threads,
                        value_tally* tally, std::string& error, stage_totals* stages = nullptr) {
  if (input == ndjson_input::memory) {
    jsonx::stream::memory_source in(stream.text);
    return decode_ndjson_source(in, threads, tally, error, stages);
  }
  fed_pipe pipe;
  if (!pipe.open(stream.text, error)) return -1;
  jsonx::stream::fd_source in(pipe.reader);
  return decode_ndjson_source(in, threads, tally, error, stages);
}

// ndjson/jsonx (every core), ndjson/jsonx_threads_N: the stream decoded through a pipe;
// ndjson_memory/...: the same from memory. The parallel cases report their per-stage times, per
// pass, as counters (ms): read (the reader in read(), or copying from memory), split (cutting
// chunks at line ends), parse (all workers together), merge (handing the values out in order)
// and wait (the consumer waiting for a parsed chunk).
void ndjson_case(benchmark::State& state, ndjson_stream_getter get_stream, ndjson_input input,
                 unsigned threads) {
  const ndjson_stream* stream = stream_for_case(state, get_stream);
  if (stream == nullptr) return;
  // A reader that stops early closes the pipe: the writer must get EPIPE, not be killed.
  std::signal(SIGPIPE, SIG_IGN);
  std::string error;
  stage_totals stages;
  peak_rss_meter memory;
  memory.start();
  for (auto _ : state) {
    if (decode_ndjson_pass(*stream, input, threads, nullptr, error, &stages) < 0) {
      state.SkipWithError(error.c_str());
      break;
    }
  }
  double growth = memory.growth_mb();
  if (threads != 1 && state.iterations() != 0) {
    const double per_pass_ms = 1e-6 / static_cast<double>(state.iterations());
    state.counters["read_ms"] = stages.read_ns * per_pass_ms;
    state.counters["split_ms"] = stages.split_ns * per_pass_ms;
    state.counters["parse_ms"] = stages.parse_ns * per_pass_ms;
    state.counters["merge_ms"] = stages.merge_ns * per_pass_ms;
    state.counters["wait_ms"] = stages.consumer_wait_ns * per_pass_ms;
  }
  value_tally tally;
  long values = 0;
  if (!state.error_occurred()) {
    values = decode_ndjson_pass(*stream, input, threads, &tally, error);
  }
  finish_stream_case(state, *stream, tally, values < 0 ? 0 : static_cast<std::size_t>(values),
                     growth);
}

// ndjson/pipe_read_only: the same pipe, buffer and writer thread as ndjson/jsonx, the reader
// reading 64 KiB at a time and parsing nothing: what the pipe itself carries on this machine,
// the ceiling of every reader of it (simdjson's parse_many, read from memory, has none).
void pipe_read_only_case(benchmark::State& state, ndjson_stream_getter get_stream) {
  const ndjson_stream* stream = stream_for_case(state, get_stream);
  if (stream == nullptr) return;
  std::signal(SIGPIPE, SIG_IGN);
  std::vector<char> buffer(64 * 1024);
  std::string error;
  for (auto _ : state) {
    std::size_t total = 0;
    {
      fed_pipe pipe;
      if (!pipe.open(stream->text, error)) {
        state.SkipWithError(error.c_str());
        break;
      }
      for (;;) {
        const ssize_t n = ::read(pipe.reader, buffer.data(), buffer.size());
        if (n > 0) {
          total += static_cast<std::size_t>(n);
        } else if (n == 0 || errno != EINTR) {
          break;
        }
      }
    }
    if (total != stream->text.size()) {
      state.SkipWithError("the pipe delivered another number of bytes than were written");
      break;
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(stream->text.size()));
}

// document_alone/jsonx: each status parsed alone by one reused parser; jsonx_in_array: the same
// statuses parsed as one array. The tally (of the last pass, untimed) is each status's.
void document_alone_case(benchmark::State& state, bool in_array) {
  const document_set* set = twitter_status_documents();
  if (set == nullptr) {
    state.SkipWithError("twitter.json with its statuses is needed");
    return;
  }
  dom::parser parser;
  std::error_code ec;
  for (auto _ : state) {
    if (in_array) {
      benchmark::DoNotOptimize(parser.parse(set->as_array, ec).node_count());
    } else {
      for (const std::string& document : set->documents)
        benchmark::DoNotOptimize(parser.parse(document, ec).node_count());
    }
    if (ec) {
      state.SkipWithError(parser.error().message().c_str());
      return;
    }
  }
  value_tally tally;
  if (in_array) {
    for (dom::element status : parser.parse(set->as_array, ec).root().get_array())
      tally_jsonx_element(status, tally);
  } else {
    for (const std::string& document : set->documents)
      tally_jsonx_element(parser.parse(document, ec).root(), tally);
  }
  finish_document_set_case(state, *set, tally);
}

}  // namespace

void register_jsonx_dom_cases() {
  // ndjson/jsonx: every core; jsonx_threads_1: the sequential decoder (the same path as
  // jsonx::stream::decoder); jsonx_threads_2: two workers. ndjson reads a pipe, ndjson_memory
  // the stream in memory.
  for (auto [task, input] : {std::pair<const char*, ndjson_input>{"ndjson", ndjson_input::pipe},
                             {"ndjson_memory", ndjson_input::memory}}) {
    for (auto [name, get_stream] :
         {std::pair<const char*, ndjson_stream_getter>{"twitter_statuses", twitter_statuses_stream},
          {"small_records", small_records_stream}}) {
      register_stream_case(task, "jsonx", name, [get_stream, input](benchmark::State& state) {
        ndjson_case(state, get_stream, input, 0);
      });
      for (unsigned threads : {1U, 2U}) {
        register_stream_case(task, "jsonx_threads_" + std::to_string(threads), name,
                             [get_stream, input, threads](benchmark::State& state) {
                               ndjson_case(state, get_stream, input, threads);
                             });
      }
      if (input == ndjson_input::pipe) {
        register_stream_case(task, "pipe_read_only", name, [get_stream](benchmark::State& state) {
          pipe_read_only_case(state, get_stream);
        });
      }
    }
  }
  register_stream_case("document_alone", "jsonx", "twitter_statuses",
                       [](benchmark::State& state) { document_alone_case(state, false); });
  register_stream_case("document_alone", "jsonx_in_array", "twitter_statuses",
                       [](benchmark::State& state) { document_alone_case(state, true); });
  for (const corpus_file& file : corpus_files()) {
    register_case("parse_dom", "jsonx", file, [](benchmark::State& state, const corpus_file& f) {
      parse_dom_case(state, f, 0);
    });
    register_case(
        "parse_dom_chunked_64k", "jsonx", file,
        [](benchmark::State& state, const corpus_file& f) { parse_dom_case(state, f, chunk_64k); });
    register_case("serialize", "jsonx", file, serialize_case);
    register_case("serialize_pretty", "jsonx", file, serialize_pretty_case);
  }
}

}  // namespace jsonx_bench
