// Boost.JSON: basic_parser with a counting handler, on a whole buffer (sax_whole) and fed the
// same chunks as jsonx (sax_chunked_*: write_some with more=true, then an empty final write).
// Options are Boost.JSON's defaults except max_depth, raised from 32 to jsonx's 1024.
#include <boost/json/basic_parser_impl.hpp>

#include <cstdint>
#include <string_view>

#include "adapters.hpp"
#include "bench_cases.hpp"

namespace jsonx_bench {
namespace {

using boost::json::error_code;
using boost::json::string_view;

struct boost_counting_handler {
  static constexpr std::size_t max_array_size = -1;
  static constexpr std::size_t max_object_size = -1;
  static constexpr std::size_t max_string_size = -1;
  static constexpr std::size_t max_key_size = -1;

  value_tally tally;

  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }
  bool on_array_begin(error_code&) { return tally.add_array(), true; }
  bool on_array_end(std::size_t, error_code&) { return true; }
  bool on_object_begin(error_code&) { return tally.add_object(), true; }
  bool on_object_end(std::size_t, error_code&) { return true; }
  // Boost.JSON hands out a string in pieces when it is cut by a buffer end or when its
  // unescaped form overflows the parser's small buffer; the last piece comes with on_string.
  bool on_string_part(string_view piece, std::size_t, error_code&) {
    return tally.add_string_piece(piece.size()), true;
  }
  bool on_string(string_view piece, std::size_t, error_code&) {
    tally.add_string_piece(piece.size());
    return tally.add_string(0), true;
  }
  bool on_key_part(string_view piece, std::size_t, error_code&) {
    return tally.add_key_piece(piece.size()), true;
  }
  bool on_key(string_view piece, std::size_t, error_code&) {
    tally.add_key_piece(piece.size());
    return tally.add_key(0), true;
  }
  bool on_number_part(string_view, error_code&) { return true; }
  bool on_int64(std::int64_t value, string_view, error_code&) {
    return tally.add_int64(value), true;
  }
  bool on_uint64(std::uint64_t value, string_view, error_code&) {
    return tally.add_uint64(value), true;
  }
  bool on_double(double value, string_view, error_code&) { return tally.add_double(value), true; }
  bool on_bool(bool value, error_code&) { return tally.add_bool(value), true; }
  bool on_null(error_code&) { return tally.add_null(), true; }
  bool on_comment_part(string_view, error_code&) { return true; }
  bool on_comment(string_view, error_code&) { return true; }
};

boost::json::parse_options parser_options() {
  boost::json::parse_options options;
  options.max_depth = 1024;
  return options;
}

// chunk_size 0: the whole buffer in one write_some(more=false).
void sax_case(benchmark::State& state, const corpus_file& file, std::size_t chunk_size) {
  boost::json::basic_parser<boost_counting_handler> parser(parser_options());
  std::string_view text = file.text;
  for (auto _ : state) {
    parser.reset();
    parser.handler().tally = {};
    error_code ec;
    if (chunk_size == 0) {
      parser.write_some(false, text.data(), text.size(), ec);
    } else {
      for_each_chunk(text, chunk_size, [&](std::string_view chunk) {
        parser.write_some(true, chunk.data(), chunk.size(), ec);
        return !ec;
      });
      if (!ec) parser.write_some(false, text.data() + text.size(), 0, ec);
    }
    if (ec) {
      state.SkipWithError(ec.message().c_str());
      break;
    }
    benchmark::DoNotOptimize(parser.handler().tally);
  }
  finish_tally_case(state, file, parser.handler().tally);
}

}  // namespace

void register_boostjson_cases() {
  for (const corpus_file& file : corpus_files()) {
    register_case("sax_whole", "boostjson", file,
                  [](benchmark::State& state, const corpus_file& f) { sax_case(state, f, 0); });
    for (const chunked_task& task : chunked_sax_tasks) {
      std::size_t chunk_size = task.chunk_size;
      register_case(task.name, "boostjson", file,
                    [chunk_size](benchmark::State& state, const corpus_file& f) {
                      sax_case(state, f, chunk_size);
                    });
    }
  }
}

}  // namespace jsonx_bench
