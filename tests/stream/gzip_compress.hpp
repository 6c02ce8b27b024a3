// Test helper: text compressed to one gzip member by Boost.Iostreams' gzip_compressor (zlib), the
// input of the tests of jsonx's gzip reading (sources_test.cpp, gzip_source_test.cpp).
#pragma once

#include <string>

#include <boost/iostreams/device/back_inserter.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>

namespace jsonx::test {

inline std::string gzip(const std::string& text) {
  std::string compressed;
  boost::iostreams::filtering_ostream out;
  out.push(boost::iostreams::gzip_compressor());
  out.push(boost::iostreams::back_inserter(compressed));
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  boost::iostreams::close(out);
  return compressed;
}

}  // namespace jsonx::test
