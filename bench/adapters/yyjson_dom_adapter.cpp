// yyjson's immutable DOM: yyjson_read_opts into a pool allocator over a buffer of our own
// (parse_dom), yyjson_write_buf into a reused buffer (serialize), and the NDJSON stream read
// value after value with YYJSON_READ_STOP_WHEN_DONE (ndjson, ndjson_memory). yyjson.c is
// compiled from JSONX_PEERS_DIR with its default options (bench/CMakeLists.txt); the read flags
// are the default ones (YYJSON_READ_NOFLAG: RFC 8259, UTF-8 validated, doubles correctly
// rounded), plus what the NDJSON reading needs.
//
// The pool allocator is the arrangement yyjson documents for reading many documents with one
// piece of memory: a buffer of yyjson_read_max_memory_usage() bytes, each document freed back
// into it before the next is read, so that after the first parse nothing is allocated.
#include <yyjson.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "adapters.hpp"
#include "bench_cases.hpp"
#include "ndjson_stream.hpp"

namespace jsonx_bench {
namespace {

void tally_value(yyjson_val* value, value_tally& tally) {
  switch (yyjson_get_type(value)) {
    case YYJSON_TYPE_NULL:
      tally.add_null();
      break;
    case YYJSON_TYPE_BOOL:
      tally.add_bool(yyjson_get_bool(value));
      break;
    case YYJSON_TYPE_NUM:
      switch (yyjson_get_subtype(value)) {
        case YYJSON_SUBTYPE_UINT:
          tally.add_uint64(yyjson_get_uint(value));
          break;
        case YYJSON_SUBTYPE_SINT:
          tally.add_int64(yyjson_get_sint(value));
          break;
        default:  // YYJSON_SUBTYPE_REAL
          tally.add_double(yyjson_get_real(value));
          break;
      }
      break;
    case YYJSON_TYPE_RAW:  // only with the *_AS_RAW read flags, not used here
      tally.add_number_text(std::string_view(yyjson_get_raw(value), yyjson_get_len(value)));
      break;
    case YYJSON_TYPE_STR:
      tally.add_string(yyjson_get_len(value));
      break;
    case YYJSON_TYPE_ARR: {
      tally.add_array();
      std::size_t index, count;
      yyjson_val* item;
      yyjson_arr_foreach(value, index, count, item) {
        tally_value(item, tally);
      }
      break;
    }
    case YYJSON_TYPE_OBJ: {
      tally.add_object();
      std::size_t index, count;
      yyjson_val *key, *member;
      yyjson_obj_foreach(value, index, count, key, member) {
        tally.add_key(yyjson_get_len(key));
        tally_value(member, tally);
      }
      break;
    }
    default:  // YYJSON_TYPE_NONE: not in a parsed document
      break;
  }
}

// A yyjson pool allocator over a buffer it owns.
class pool_allocator {
 public:
  explicit pool_allocator(std::size_t size) : buffer_(size) {
    yyjson_alc_pool_init(&allocator_, buffer_.data(), buffer_.size());
  }
  const yyjson_alc* get() const noexcept { return &allocator_; }

 private:
  std::vector<unsigned char> buffer_;
  yyjson_alc allocator_;
};

std::string read_error_message(const yyjson_read_err& error, std::size_t offset) {
  return std::string("yyjson: ") + (error.msg != nullptr ? error.msg : "error") + " at byte " +
         std::to_string(offset + error.pos);
}

// yyjson_read_opts does not modify the input without YYJSON_READ_INSITU.
char* unmodified_input(const std::string& text) {
  return const_cast<char*>(text.data());
}

void parse_dom_case(benchmark::State& state, const corpus_file& file) {
  const yyjson_read_flag flags = YYJSON_READ_NOFLAG;
  pool_allocator pool(yyjson_read_max_memory_usage(file.text.size(), flags));
  yyjson_doc* document = nullptr;
  for (auto _ : state) {
    yyjson_doc_free(document);  // back into the pool (nothing for the first iteration)
    yyjson_read_err error;
    document =
        yyjson_read_opts(unmodified_input(file.text), file.text.size(), flags, pool.get(), &error);
    if (document == nullptr) {
      state.SkipWithError(read_error_message(error, 0).c_str());
      break;
    }
    benchmark::DoNotOptimize(document);
  }
  value_tally tally;
  if (document != nullptr) tally_value(yyjson_doc_get_root(document), tally);
  finish_tally_case(state, file, tally);
  yyjson_doc_free(document);
}

void serialize_case(benchmark::State& state, const corpus_file& file) {
  yyjson_read_err read_error;
  yyjson_doc* document = yyjson_read_opts(unmodified_input(file.text), file.text.size(),
                                          YYJSON_READ_NOFLAG, nullptr, &read_error);
  if (document == nullptr) {
    state.SkipWithError(read_error_message(read_error, 0).c_str());
    return;
  }
  // yyjson_write_buf needs room beyond the output for its temporary space: grown (before the
  // loop) until the document fits.
  std::vector<char> out(file.text.size() + 64 * 1024);
  yyjson_write_err error{};
  while (yyjson_write_buf(out.data(), out.size(), document, YYJSON_WRITE_NOFLAG, &error) == 0 &&
         error.code == YYJSON_WRITE_ERROR_MEMORY_ALLOCATION && out.size() < 64 * file.text.size()) {
    out.resize(out.size() * 2);
  }
  std::size_t written = 0;
  for (auto _ : state) {
    written = yyjson_write_buf(out.data(), out.size(), document, YYJSON_WRITE_NOFLAG, &error);
    if (written == 0) {
      state.SkipWithError((std::string("yyjson: ") + (error.msg ? error.msg : "error")).c_str());
      break;
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_output_case(state, file, std::string_view(out.data(), written));
  yyjson_doc_free(document);
}

// The NDJSON stream is read in place (YYJSON_READ_INSITU): without it, each yyjson_read_opts
// call copies all the input it is given, here the whole rest of the stream, before reading
// the first value of it. STOP_WHEN_DONE makes it stop after one value; the next call starts
// where yyjson_doc_get_read_size() says it stopped.
constexpr yyjson_read_flag ndjson_flags = YYJSON_READ_INSITU | YYJSON_READ_STOP_WHEN_DONE;

bool is_space(char c) {
  return c == '\n' || c == ' ' || c == '\t' || c == '\r';
}

// One pass over `text` (`size` bytes, then YYJSON_PADDING_SIZE bytes of padding, as in-situ
// reading requires): value after value, each freed back into the pool before the next. With
// `tally`, every value is walked into it. Returns the number of values, or -1 with `error` set.
long stop_when_done_pass(char* text, std::size_t size, const yyjson_alc* allocator,
                         value_tally* tally, std::string& error) {
  long values = 0;
  std::size_t offset = 0;
  for (;;) {
    // yyjson skips whitespace before a value, but reports the end of the input as an error
    // (empty content): the line ends are skipped here.
    while (offset < size && is_space(text[offset])) ++offset;
    if (offset == size) return values;
    yyjson_read_err read_error;
    yyjson_doc* document =
        yyjson_read_opts(text + offset, size - offset, ndjson_flags, allocator, &read_error);
    if (document == nullptr) {
      error = read_error_message(read_error, offset);
      return -1;
    }
    offset += yyjson_doc_get_read_size(document);
    ++values;
    if (tally != nullptr) tally_value(yyjson_doc_get_root(document), *tally);
    yyjson_doc_free(document);
  }
}

// ndjson and ndjson_memory (the same case: yyjson reads the stream from memory in both).
void ndjson_case(benchmark::State& state, ndjson_stream_getter get_stream) {
  const ndjson_stream* stream = stream_for_case(state, get_stream);
  if (stream == nullptr) return;
  // In-situ reading writes into the buffer (strings unescaped in place, NUL terminators), so
  // it is restored from the stream before each pass, with the timers paused: a program that
  // reads NDJSON into a buffer of its own parses it in place with no such copy. The buffer is
  // allocated (and touched) before the memory measurement starts.
  const std::size_t size = stream->text.size();
  std::vector<char> buffer(size + YYJSON_PADDING_SIZE);
  pool_allocator pool(yyjson_read_max_memory_usage(stream->largest_value, ndjson_flags));
  std::string error;
  peak_rss_meter memory;
  memory.start();
  for (auto _ : state) {
    state.PauseTiming();
    std::memcpy(buffer.data(), stream->text.data(), size);
    state.ResumeTiming();
    if (stop_when_done_pass(buffer.data(), size, pool.get(), nullptr, error) < 0) {
      state.SkipWithError(error.c_str());
      break;
    }
  }
  double growth = memory.growth_mb();
  value_tally tally;
  long values = 0;
  if (!state.error_occurred()) {
    std::memcpy(buffer.data(), stream->text.data(), size);
    values = stop_when_done_pass(buffer.data(), size, pool.get(), &tally, error);
    if (values < 0) state.SkipWithError(error.c_str());
  }
  finish_stream_case(state, *stream, tally, values < 0 ? 0 : static_cast<std::size_t>(values),
                     growth);
}

}  // namespace

void register_yyjson_dom_cases() {
  for (const char* task : {"ndjson", "ndjson_memory"}) {
    register_stream_case(task, "yyjson", "twitter_statuses", [](benchmark::State& state) {
      ndjson_case(state, twitter_statuses_stream);
    });
    register_stream_case(task, "yyjson", "small_records",
                         [](benchmark::State& state) { ndjson_case(state, small_records_stream); });
  }
  for (const corpus_file& file : corpus_files()) {
    register_case("parse_dom", "yyjson", file, parse_dom_case);
    register_case("serialize", "yyjson", file, serialize_case);
  }
}

}  // namespace jsonx_bench
