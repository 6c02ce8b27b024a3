// Built inside a project that adds jsonx from source (subproject/CMakeLists.txt): parses a text
// fed one byte at a time and an invalid one through jsonx::sax, checks the events and the error,
// and prints a line that run_subproject.cmake checks. Exit status 0 on success.
#include <cstdio>
#include <string>
#include <string_view>

#include <jsonx/sax/push_parser.hpp>
#include <jsonx/simd/kernel.hpp>

#ifndef JSONX_CONSUMER_MODE
#error "JSONX_CONSUMER_MODE must be defined by the build"
#endif

namespace {

// Counts values and keys, and adds up the integers.
struct counter {
  int values = 0;
  int keys = 0;
  long long sum = 0;

  bool on_null() { return ++values, true; }
  bool on_bool(bool) { return ++values, true; }
  bool on_int64(std::int64_t value, std::string_view) { return ++values, sum += value, true; }
  bool on_uint64(std::uint64_t, std::string_view) { return ++values, true; }
  bool on_double(double, std::string_view) { return ++values, true; }
  bool on_number_text(std::string_view) { return ++values, true; }
  bool on_string(std::string_view) { return ++values, true; }
  bool on_key(std::string_view) { return ++keys, true; }
  bool on_object_begin() { return ++values, true; }
  bool on_object_end(std::size_t) { return true; }
  bool on_array_begin() { return ++values, true; }
  bool on_array_end(std::size_t) { return true; }
};

}  // namespace

int main() {
  const std::string_view input = R"({"id": 40, "tags": ["a", null, true], "n": [1, 1]})";
  counter events;
  jsonx::push_parser<counter> parser(events);
  for (char byte : input) parser.feed(std::string_view(&byte, 1));
  parser.finish();  // throws on invalid input

  counter other;
  jsonx::parse_error error;
  const bool accepted = jsonx::parse(R"([1, 2,])", other, error);

  // 1 object, 40, 1 array of 3, 1 array of 2: 9 values; keys id, tags, n; 40 + 1 + 1.
  if (events.values != 9 || events.keys != 3 || events.sum != 42 || accepted || !error) {
    std::fprintf(stderr, "subproject consumer: %d values, %d keys, sum %lld, invalid %s\n",
                 events.values, events.keys, events.sum, accepted ? "accepted" : "refused");
    return 1;
  }
  std::printf(
      "subproject consumer (%s): 9 values, 3 keys, sum 42 with the %s kernel; "
      "refused: %s\n",
      JSONX_CONSUMER_MODE, std::string(jsonx::simd::kernel_name(parser.kernel())).c_str(),
      error.message().c_str());
  return 0;
}
