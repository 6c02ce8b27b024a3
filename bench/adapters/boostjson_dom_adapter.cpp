// Boost.JSON's DOM: a reused boost::json::parser building values in a reused
// monotonic_resource (parse_dom), a reused serializer writing into a reused buffer (serialize),
// and a reused stream_parser taking the NDJSON stream value after value (ndjson,
// ndjson_memory). Options as in the SAX case: max_depth raised to jsonx's 1024.
//
// The monotonic resource starts on a buffer of our own and is released between parses (its
// blocks freed, the buffer reused), so that after the first parse nothing is allocated: the
// arrangement Boost.JSON's documentation recommends for speed.
#include <boost/json/monotonic_resource.hpp>
#include <boost/json/parser.hpp>
#include <boost/json/serializer.hpp>
#include <boost/json/stream_parser.hpp>
#include <boost/json/value.hpp>

#include <optional>
#include <string_view>
#include <vector>

#include "adapters.hpp"
#include "bench_cases.hpp"
#include "ndjson_stream.hpp"

namespace jsonx_bench {
namespace {

namespace json = boost::json;

void tally_value(const json::value& value, value_tally& tally) {
  switch (value.kind()) {
    case json::kind::null:
      tally.add_null();
      break;
    case json::kind::bool_:
      tally.add_bool(value.get_bool());
      break;
    case json::kind::int64:
      tally.add_int64(value.get_int64());
      break;
    case json::kind::uint64:
      tally.add_uint64(value.get_uint64());
      break;
    case json::kind::double_:
      tally.add_double(value.get_double());
      break;
    case json::kind::string:
      tally.add_string(value.get_string().size());
      break;
    case json::kind::array:
      tally.add_array();
      for (const json::value& item : value.get_array()) tally_value(item, tally);
      break;
    case json::kind::object:
      tally.add_object();
      for (const json::key_value_pair& member : value.get_object()) {
        tally.add_key(member.key().size());
        tally_value(member.value(), tally);
      }
      break;
  }
}

json::parse_options parser_options() {
  json::parse_options options;
  options.max_depth = 1024;
  return options;
}

// Builds the document of `file` in `resource` with `parser`; empty on error (`ec` says why).
std::optional<json::value> parse(json::parser& parser, json::monotonic_resource& resource,
                                 const corpus_file& file, json::error_code& ec) {
  parser.reset(&resource);
  parser.write(file.text.data(), file.text.size(), ec);
  if (ec) return std::nullopt;
  return parser.release();
}

std::vector<unsigned char> resource_buffer_for(const corpus_file& file) {
  return std::vector<unsigned char>(file.text.size() * 4 + 64 * 1024);
}

void parse_dom_case(benchmark::State& state, const corpus_file& file) {
  std::vector<unsigned char> buffer = resource_buffer_for(file);
  json::monotonic_resource resource(buffer.data(), buffer.size());
  json::parser parser(json::storage_ptr(), parser_options());
  // The last document, kept for the check. It must be destroyed before its memory is
  // released, hence optional (and emplace: a move assignment between different resources
  // would copy).
  std::optional<json::value> document;
  for (auto _ : state) {
    document.reset();
    resource.release();
    json::error_code ec;
    document = parse(parser, resource, file, ec);
    if (ec) {
      state.SkipWithError(ec.message().c_str());
      break;
    }
    benchmark::DoNotOptimize(&*document);
  }
  value_tally tally;
  if (document) tally_value(*document, tally);
  finish_tally_case(state, file, tally);
}

void serialize_case(benchmark::State& state, const corpus_file& file) {
  std::vector<unsigned char> resource_buffer = resource_buffer_for(file);
  json::monotonic_resource resource(resource_buffer.data(), resource_buffer.size());
  json::parser parser(json::storage_ptr(), parser_options());
  json::error_code ec;
  std::optional<json::value> document = parse(parser, resource, file, ec);
  if (!document) {
    state.SkipWithError(ec.message().c_str());
    return;
  }
  json::serializer serializer;
  std::vector<char> out(file.text.size() + 4096);  // grown (once) if the output is larger
  std::size_t out_size = 0;
  for (auto _ : state) {
    serializer.reset(&*document);
    out_size = 0;
    while (!serializer.done()) {
      if (out_size == out.size()) out.resize(out.size() * 2);
      out_size += serializer.read(out.data() + out_size, out.size() - out_size).size();
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_output_case(state, file, std::string_view(out.data(), out_size));
}

// One pass over the stream in memory: stream_parser stops at the end of each value (write_some);
// each value is built in the monotonic resource, released before the next. With `tally`, every
// value is walked into it. Returns the number of values, or -1 with `ec` set.
long stream_parser_pass(json::stream_parser& parser, json::monotonic_resource& resource,
                        std::string_view rest, value_tally* tally, json::error_code& ec) {
  long values = 0;
  for (;;) {
    std::size_t start = rest.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return values;
    rest.remove_prefix(start);
    resource.release();
    parser.reset(&resource);
    rest.remove_prefix(parser.write_some(rest.data(), rest.size(), ec));
    if (!ec && !parser.done()) parser.finish(ec);  // a value that ends the input
    if (ec) return -1;
    json::value value = parser.release();
    ++values;
    if (tally != nullptr) tally_value(value, *tally);
  }
}

void ndjson_case(benchmark::State& state, ndjson_stream_getter get_stream) {
  const ndjson_stream* stream = stream_for_case(state, get_stream);
  if (stream == nullptr) return;
  std::vector<unsigned char> buffer(stream->largest_value * 4 + 64 * 1024);
  json::monotonic_resource resource(buffer.data(), buffer.size());
  json::stream_parser parser(json::storage_ptr(), parser_options());
  json::error_code ec;
  peak_rss_meter memory;
  memory.start();
  for (auto _ : state) {
    if (stream_parser_pass(parser, resource, stream->text, nullptr, ec) < 0) {
      state.SkipWithError(ec.message().c_str());
      break;
    }
  }
  double growth = memory.growth_mb();
  value_tally tally;
  long values = 0;
  if (!state.error_occurred()) {
    values = stream_parser_pass(parser, resource, stream->text, &tally, ec);
  }
  finish_stream_case(state, *stream, tally, values < 0 ? 0 : static_cast<std::size_t>(values),
                     growth);
}

}  // namespace

void register_boostjson_dom_cases() {
  // The same case under both tasks (the stream is in memory in each).
  for (const char* task : {"ndjson", "ndjson_memory"}) {
    register_stream_case(task, "boostjson", "twitter_statuses", [](benchmark::State& state) {
      ndjson_case(state, twitter_statuses_stream);
    });
    register_stream_case(task, "boostjson", "small_records",
                         [](benchmark::State& state) { ndjson_case(state, small_records_stream); });
  }
  for (const corpus_file& file : corpus_files()) {
    register_case("parse_dom", "boostjson", file, parse_dom_case);
    register_case("serialize", "boostjson", file, serialize_case);
  }
}

}  // namespace jsonx_bench
