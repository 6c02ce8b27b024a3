// Parses a string with an installed jsonx, and round-trips it through the DOM, typed binding and
// the stream decoder, all from the umbrella header, then decodes gzip through
// jsonx::stream_iostreams: proves the headers, the static libraries and the exported targets
// are complete. Exit status 0 on success.
#include <cstdio>
#include <string>
#include <string_view>

#include <boost/iostreams/device/back_inserter.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <jsonx/jsonx.hpp>
#include <jsonx/stream/gzip_source.hpp>
#include <map>
#include <vector>

namespace {

// Writes the events as a compact trace, e.g. "{k:id i:7 k:tags [s:a s:b ]2 }2".
struct trace_handler {
  std::string trace;
  bool add(std::string_view item) {
    trace += item;
    trace += ' ';
    return true;
  }
  bool on_null() { return add("null"); }
  bool on_bool(bool value) { return add(value ? "true" : "false"); }
  bool on_int64(std::int64_t, std::string_view text) { return add("i:" + std::string(text)); }
  bool on_uint64(std::uint64_t, std::string_view text) { return add("u:" + std::string(text)); }
  bool on_double(double, std::string_view text) { return add("d:" + std::string(text)); }
  bool on_number_text(std::string_view text) { return add("n:" + std::string(text)); }
  bool on_string(std::string_view value) { return add("s:" + std::string(value)); }
  bool on_key(std::string_view key) { return add("k:" + std::string(key)); }
  bool on_object_begin() { return add("{"); }
  bool on_object_end(std::size_t count) { return add("}" + std::to_string(count)); }
  bool on_array_begin() { return add("["); }
  bool on_array_end(std::size_t count) { return add("]" + std::to_string(count)); }
};

}  // namespace

int main() {
  const std::string_view input = R"({"id": 7, "tags": ["a", "b\n"], "big": 1e400, "x": null})";
  const std::string expected = "{ k:id i:7 k:tags [ s:a s:b\n ]2 k:big n:1e400 k:x null }4 ";

  trace_handler whole;
  jsonx::parse_error error;
  if (!jsonx::parse(input, whole, error)) {
    std::fprintf(stderr, "consumer: parse failed: %s\n", error.message().c_str());
    return 1;
  }
  // The same through push_parser, one byte at a time.
  trace_handler chunked;
  jsonx::push_parser<trace_handler> parser(chunked);
  for (char byte : input) parser.feed(std::string_view(&byte, 1));
  parser.finish();

  if (whole.trace != expected || chunked.trace != expected) {
    std::fprintf(stderr, "consumer: wrong events\nexpected: %s\nwhole:    %s\nchunked:  %s\n",
                 expected.c_str(), whole.trace.c_str(), chunked.trace.c_str());
    return 1;
  }
  // Every layer, from the one header: a DOM, typed binding and the stream decoder.
  jsonx::dom::parser dom_parser;
  const std::string compact =
      jsonx::dom::to_string(dom_parser.parse(R"({"id": 7, "tags": ["a", "b"]})"));
  const auto typed =
      jsonx::decode<std::map<std::string, std::vector<std::string>>>(R"({"tags": ["a", "b"]})");
  jsonx::stream::memory_source source("1 2 3");
  jsonx::stream::decoder values(source);
  int count = 0;
  for (jsonx::dom::document doc; values.decode(doc);) ++count;
  if (compact != R"({"id":7,"tags":["a","b"]})" || typed.at("tags").size() != 2 || count != 3) {
    std::fprintf(stderr, "consumer: the DOM, binding or stream layer gave %s, %zu, %d\n",
                 compact.c_str(), typed.at("tags").size(), count);
    return 1;
  }
  // gzip, made by Boost.Iostreams, read back through jsonx::stream::gzip_source.
  std::string compressed;
  {
    boost::iostreams::filtering_ostream zip;
    zip.push(boost::iostreams::gzip_compressor());
    zip.push(boost::iostreams::back_inserter(compressed));
    zip << "[1, 2] [3]";
  }
  jsonx::stream::memory_source compressed_source(compressed);
  jsonx::stream::gzip_source gunzipped(compressed_source);
  jsonx::stream::decoder gzip_values(gunzipped);
  std::string gzip_text;
  for (jsonx::dom::document doc; gzip_values.decode(doc);) gzip_text += jsonx::dom::to_string(doc);
  if (gzip_text != "[1,2][3]") {
    std::fprintf(stderr, "consumer: gzip_source gave %s\n", gzip_text.c_str());
    return 1;
  }
  std::printf("consumer: parsed with the %s kernel: %s\n",
              std::string(jsonx::simd::kernel_name(parser.kernel())).c_str(), whole.trace.c_str());
  return 0;
}
