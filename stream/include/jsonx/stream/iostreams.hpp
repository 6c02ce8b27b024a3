// Boost.Iostreams devices as sources and sinks.
//
//   boost::iostreams::file_source file("log.json", std::ios::binary);
//   jsonx::stream::iostreams_source<boost::iostreams::file_source> in(file);
//
// A filtering stream (a decompressor chain) is a std::istream / std::ostream: read it with
// istream_source and write it with jsonx::ostream_sink:
//
//   boost::iostreams::filtering_istream gz;
//   gz.push(boost::iostreams::gzip_decompressor());
//   gz.push(boost::iostreams::file_source("log.json.gz", std::ios::binary));
//   jsonx::stream::istream_source in(gz);            // decoder(in) reads the inflated bytes
//
// For gzip read from any source (a file, a pipe, a socket), gzip_source.hpp is simpler.
//
// Header only: include it where Boost.Iostreams is available (jsonx::stream_iostreams links
// it).
#pragma once

#include <cstddef>
#include <ios>
#include <system_error>

#include <boost/iostreams/operations.hpp>

#include "jsonx/encode/output_sink.hpp"
#include "jsonx/stream/source.hpp"

namespace jsonx::stream {

/// A Boost.Iostreams Source device (one with read(): file_source, file_descriptor_source, a
/// device of yours; a Direct device such as array_source goes through a filtering_istream). The
/// device must outlive this. read() returning -1 is the end; 0 (a non-blocking device) is
/// would_block; an exception from the device is read_status::error.
template <class Device>
class iostreams_source final : public source {
 public:
  explicit iostreams_source(Device& device) noexcept : device_(&device) {}
  read_result read_some(char* buffer, std::size_t size) override {
    try {
      const std::streamsize n =
          boost::iostreams::read(*device_, buffer, static_cast<std::streamsize>(size));
      if (n < 0) return {0, read_status::end, {}};
      if (n == 0) return {0, read_status::would_block, {}};
      return {static_cast<std::size_t>(n), read_status::ok, {}};
    } catch (const std::ios_base::failure& e) {
      return {0, read_status::error, e.code() ? e.code() : make_error_code(std::errc::io_error)};
    } catch (const std::exception&) {
      return {0, read_status::error, make_error_code(std::errc::io_error)};
    }
  }

 private:
  Device* device_;
};

/// A Boost.Iostreams Sink device, as a writer's sink (bounded buffer, see buffered_sink). An
/// exception from the device becomes the writer's error.
template <class Device>
class iostreams_sink final : public buffered_sink {
 public:
  explicit iostreams_sink(Device& device, std::size_t buffer_size = default_buffer_size)
      : buffered_sink(buffer_size), device_(&device) {}
  ~iostreams_sink() override { flush_buffer(); }

 private:
  void write_out(const char* data, std::size_t size, std::error_code& ec) override {
    try {
      while (size != 0) {
        const std::streamsize n =
            boost::iostreams::write(*device_, data, static_cast<std::streamsize>(size));
        if (n <= 0) {
          ec = make_error_code(std::errc::io_error);
          return;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
      }
    } catch (const std::ios_base::failure& e) {
      ec = e.code() ? e.code() : make_error_code(std::errc::io_error);
    } catch (const std::exception&) {
      ec = make_error_code(std::errc::io_error);
    }
  }
  void sync_out(std::error_code& ec) override {
    try {
      boost::iostreams::flush(*device_);
    } catch (const std::exception&) {
      ec = make_error_code(std::errc::io_error);
    }
  }

  Device* device_;
};

}  // namespace jsonx::stream
