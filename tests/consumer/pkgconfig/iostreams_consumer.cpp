// Compiled and linked with `pkg-config --cflags --libs jsonx-iostreams` alone
// (run_pkgconfig_consumer.sh): compresses two values with Boost.Iostreams' gzip filter and reads
// them back through jsonx::stream::gzip_source. Prints one line; exit status 0 on success.
#include <cstdio>
#include <string>

#include <boost/iostreams/device/back_inserter.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <jsonx/jsonx.hpp>
#include <jsonx/stream/gzip_source.hpp>

int main() {
  std::string compressed;
  {
    boost::iostreams::filtering_ostream zip;
    zip.push(boost::iostreams::gzip_compressor());
    zip.push(boost::iostreams::back_inserter(compressed));
    zip << R"({"gz": true} [1, 2])";
  }
  jsonx::stream::memory_source source(compressed);
  jsonx::stream::gzip_source gunzipped(source);
  jsonx::stream::decoder values(gunzipped);
  std::string text;
  for (jsonx::dom::document doc; values.decode(doc);) text += jsonx::dom::to_string(doc);
  if (text != R"({"gz":true}[1,2])") {
    std::fprintf(stderr, "iostreams consumer: gzip_source gave '%s'\n", text.c_str());
    return 1;
  }
  std::printf("iostreams consumer: %s\n", text.c_str());
  return 0;
}
