// yajl 2: callbacks into a counting tally, on a whole buffer (sax_whole) and fed the same
// chunks as jsonx (sax_chunked_*). yajl has no reset: each parse allocates a fresh handle,
// which is how yajl is used. Its defaults validate UTF-8 in strings.
#include <yajl/yajl_parse.h>

#include <string>
#include <string_view>

#include "adapters.hpp"
#include "bench_cases.hpp"

namespace jsonx_bench {
namespace {

value_tally& tally_of(void* context) {
  return *static_cast<value_tally*>(context);
}

int on_null(void* context) {
  return tally_of(context).add_null(), 1;
}
int on_boolean(void* context, int value) {
  return tally_of(context).add_bool(value != 0), 1;
}
int on_integer(void* context, long long value) {
  return tally_of(context).add_int64(value), 1;
}
int on_double(void* context, double value) {
  return tally_of(context).add_double(value), 1;
}
int on_string(void* context, const unsigned char*, size_t length) {
  return tally_of(context).add_string(length), 1;
}
int on_map_key(void* context, const unsigned char*, size_t length) {
  return tally_of(context).add_key(length), 1;
}
int on_start_map(void* context) {
  return tally_of(context).add_object(), 1;
}
int on_end_map(void*) {
  return 1;
}
int on_start_array(void* context) {
  return tally_of(context).add_array(), 1;
}
int on_end_array(void*) {
  return 1;
}

// yajl_number stays null, so that yajl converts numbers itself (integer or double).
constexpr yajl_callbacks counting_callbacks = {
    on_null,      on_boolean, on_integer, on_double,      nullptr,      on_string,
    on_start_map, on_map_key, on_end_map, on_start_array, on_end_array,
};

std::string error_text(yajl_handle handle, std::string_view text) {
  unsigned char* message =
      yajl_get_error(handle, 0, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  std::string result = message ? reinterpret_cast<const char*>(message) : "yajl error";
  yajl_free_error(handle, message);
  return result;
}

// chunk_size 0: the whole buffer in one yajl_parse().
void sax_case(benchmark::State& state, const corpus_file& file, std::size_t chunk_size) {
  std::string_view text = file.text;
  value_tally tally;
  for (auto _ : state) {
    tally = {};
    yajl_handle handle = yajl_alloc(&counting_callbacks, nullptr, &tally);
    yajl_status status = yajl_status_ok;
    std::string_view failed_chunk = text;
    auto feed = [&](std::string_view chunk) {
      status =
          yajl_parse(handle, reinterpret_cast<const unsigned char*>(chunk.data()), chunk.size());
      failed_chunk = chunk;
      return status == yajl_status_ok;
    };
    if (chunk_size == 0) {
      feed(text);
    } else {
      for_each_chunk(text, chunk_size, feed);
    }
    if (status == yajl_status_ok) status = yajl_complete_parse(handle);
    if (status != yajl_status_ok) {
      state.SkipWithError(error_text(handle, failed_chunk).c_str());
      yajl_free(handle);
      break;
    }
    yajl_free(handle);
    benchmark::DoNotOptimize(tally);
  }
  finish_tally_case(state, file, tally);
}

}  // namespace

void register_yajl_cases() {
  for (const corpus_file& file : corpus_files()) {
    register_case("sax_whole", "yajl", file,
                  [](benchmark::State& state, const corpus_file& f) { sax_case(state, f, 0); });
    for (const chunked_task& task : chunked_sax_tasks) {
      std::size_t chunk_size = task.chunk_size;
      register_case(task.name, "yajl", file,
                    [chunk_size](benchmark::State& state, const corpus_file& f) {
                      sax_case(state, f, chunk_size);
                    });
    }
  }
}

}  // namespace jsonx_bench
