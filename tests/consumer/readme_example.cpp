// Sums the numbers of a JSON text and counts its keys, reading it in two chunks.
#include <cstdio>
#include <string_view>

#include <jsonx/sax/push_parser.hpp>

// A handler gets one callback per event; returning false would stop the parse.
struct number_summer {
  double total = 0;
  std::size_t keys = 0;

  bool on_int64(std::int64_t value, std::string_view) { return total += value, true; }
  bool on_uint64(std::uint64_t value, std::string_view) { return total += value, true; }
  bool on_double(double value, std::string_view) { return total += value, true; }
  bool on_number_text(std::string_view) { return true; }  // beyond 64 bits or double range
  bool on_key(std::string_view) { return ++keys, true; }
  bool on_null() { return true; }
  bool on_bool(bool) { return true; }
  bool on_string(std::string_view) { return true; }
  bool on_object_begin() { return true; }
  bool on_object_end(std::size_t) { return true; }
  bool on_array_begin() { return true; }
  bool on_array_end(std::size_t) { return true; }
};

int main() {
  std::string_view json = R"({"apple": 1.25, "pear": [2, 3], "fig": 4})";
  number_summer summer;
  jsonx::push_parser parser(summer);
  parser.feed(json.substr(0, 13));  // chunks may be cut anywhere, even inside a number
  parser.feed(json.substr(13));
  parser.finish();  // throws jsonx::parse_exception on invalid input
  std::printf("%zu keys, total %g\n", summer.keys, summer.total);

  // The error-code flavour, on a text with a missing comma.
  number_summer other;
  jsonx::parse_error error;
  if (!jsonx::parse(R"({"a": 1 "b": 2})", other, error)) {
    std::printf("%s\n", error.message().c_str());
  }
  return summer.keys == 3 && summer.total == 10.25 && error ? 0 : 1;
}
