// Compiled and linked with `pkg-config --cflags --libs jsonx` alone (run_pkgconfig_consumer.sh):
// uses the top layers (the DOM, typed binding, the stream decoder and the writer), whose static
// libraries then need every layer below them, so a wrong link order in jsonx.pc fails to link.
// Prints one line that the script checks; exit status 0 on success.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

// This program uses no Boost, and is compiled as if Boost.Describe's headers were absent (as in
// the Debian package test's root, where libjsonx-dev's dependencies bring no Boost): the
// headers must compile without them.
#define JSONX_BIND_BOOST_DESCRIBE 0
#include <jsonx/jsonx.hpp>

int main() {
  // The DOM and the writer: parse, then serialize compactly.
  jsonx::dom::parser dom_parser;
  const std::string compact =
      jsonx::dom::to_string(dom_parser.parse(R"({ "name": "jsonx", "layers": [1, 2, 3] })"));
  // Typed binding.
  const auto typed =
      jsonx::decode<std::map<std::string, std::vector<int>>>(R"({"a": [1, 2], "b": [3]})");
  // The stream decoder over several values.
  jsonx::stream::memory_source source(R"({"x": 1} [2] "three")");
  jsonx::stream::decoder values(source);
  int count = 0;
  for (jsonx::dom::document doc; values.decode(doc);) ++count;
  // An invalid text is refused with its position.
  jsonx::parse_error error;
  jsonx::dom::parse(R"({"a": tru})", error);
  const bool accepted = !error;

  if (compact != R"({"name":"jsonx","layers":[1,2,3]})" || typed.at("a").size() != 2 ||
      count != 3 || accepted || !error) {
    std::fprintf(stderr, "pkgconfig consumer: got %s, %zu, %d, %s\n", compact.c_str(),
                 typed.at("a").size(), count, accepted ? "accepted" : "refused");
    return 1;
  }
  std::printf("pkgconfig consumer: %s, 3 values; refused: %s\n", compact.c_str(),
              error.message().c_str());
  return 0;
}
