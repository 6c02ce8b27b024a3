// The sources: memory, file descriptors (file, pipe, non-blocking pipe), FILE*, std::istream,
// Boost.Iostreams devices and a gzip chain; what each reports at the end, when empty, on error.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>

#include <boost/iostreams/copy.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/device/back_inserter.hpp>
#include <boost/iostreams/device/file.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>

#include "gzip_compress.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/encoder.hpp"
#include "jsonx/stream/iostreams.hpp"
#include "support/test_data.hpp"

namespace {

using jsonx::stream::read_status;

std::string values_of(jsonx::stream::source& in, std::size_t chunk_size = 65536) {
  jsonx::stream::decoder_options options;
  options.chunk_size = chunk_size;
  jsonx::stream::decoder d(in, options);
  jsonx::dom::document doc;
  std::string out;
  while (d.decode(doc)) out += jsonx::dom::to_string(doc) + "\n";
  return out;
}

const std::string sample = "{\"a\": [1, 2.5, \"x\\n\"]}\n[true, null]\n\"\xC3\xA9t\xC3\xA9\" 42\n";
const std::string sample_values =
    "{\"a\":[1,2.5,\"x\\n\"]}\n[true,null]\n\"\xC3\xA9t\xC3\xA9\"\n42\n";

TEST(sources, memory_hands_out_at_most_max_read) {
  jsonx::stream::memory_source in("abcdefg", 3);
  char buffer[16];
  auto r = in.read_some(buffer, sizeof buffer);
  EXPECT_EQ(r.bytes, 3u);
  r = in.read_some(buffer, 2);
  EXPECT_EQ(r.bytes, 2u);
  EXPECT_EQ(std::string(buffer, 2), "de");
  r = in.read_some(buffer, sizeof buffer);
  EXPECT_EQ(r.bytes, 2u);
  EXPECT_EQ(in.read_some(buffer, sizeof buffer).status, read_status::end);
}

TEST(sources, enlarge_pipe_grows_a_pipe_only) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const int before = ::fcntl(fds[0], F_GETPIPE_SZ);
  ASSERT_GT(before, 0);
  // 1 MiB is within every Linux default's pipe-max-size; the writing end is the same pipe.
  const std::size_t grown = jsonx::stream::enlarge_pipe(fds[1], std::size_t{1} << 20);
  EXPECT_EQ(grown, std::size_t{1} << 20);
  EXPECT_EQ(::fcntl(fds[0], F_GETPIPE_SZ), static_cast<int>(grown));
  // Never shrinks; a request far beyond the limit settles for what is allowed, at least as
  // large as before.
  EXPECT_EQ(jsonx::stream::enlarge_pipe(fds[0], 4096), grown);
  EXPECT_GE(jsonx::stream::enlarge_pipe(fds[0], std::size_t{1} << 40), grown);
  // Bytes pass as before, more than the old buffer held without a reader.
  const std::string text(static_cast<std::size_t>(before) * 2, 'x');
  ASSERT_EQ(::write(fds[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  jsonx::stream::fd_source in(fds[0]);
  std::string got(text.size() + 1, '\0');
  std::size_t total = 0;
  for (;;) {
    const jsonx::stream::read_result r = in.read_some(got.data() + total, got.size() - total);
    if (r.status != jsonx::stream::read_status::ok) break;
    total += r.bytes;
  }
  EXPECT_EQ(got.substr(0, total), text);
  ::close(fds[0]);
  // Not a pipe: a file, a socket.
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(jsonx::stream::enlarge_pipe(fileno(f)), 0U);
  std::fclose(f);
  int sockets[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, sockets), 0);
  EXPECT_EQ(jsonx::stream::enlarge_pipe(sockets[0]), 0U);
  ::close(sockets[0]);
  ::close(sockets[1]);
  EXPECT_EQ(jsonx::stream::enlarge_pipe(-1), 0U);
}

TEST(sources, fd_over_a_file) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  std::fwrite(sample.data(), 1, sample.size(), f);
  std::fflush(f);
  ::lseek(fileno(f), 0, SEEK_SET);
  jsonx::stream::fd_source in(fileno(f));
  EXPECT_EQ(values_of(in, 7), sample_values);
  std::fclose(f);
}

TEST(sources, fd_of_a_closed_descriptor_is_an_error) {
  jsonx::stream::fd_source in(-1);
  char buffer[8];
  const auto r = in.read_some(buffer, sizeof buffer);
  EXPECT_EQ(r.status, read_status::error);
  EXPECT_EQ(r.error, std::error_code(EBADF, std::system_category()));
}

TEST(sources, non_blocking_pipe_would_block_not_end) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
  jsonx::stream::fd_source in(fds[0]);
  jsonx::stream::decoder d(in);
  jsonx::dom::document doc;
  jsonx::stream::stream_error error;
  EXPECT_EQ(d.decode(doc, error), jsonx::stream::decode_status::would_block);
  ASSERT_EQ(::write(fds[1], "[1, ", 4), 4);
  EXPECT_EQ(d.decode(doc, error), jsonx::stream::decode_status::would_block);
  ASSERT_EQ(::write(fds[1], "2] 3", 4), 4);
  EXPECT_EQ(d.decode(doc, error), jsonx::stream::decode_status::value);
  EXPECT_EQ(jsonx::dom::to_string(doc), "[1,2]");
  EXPECT_EQ(d.decode(doc, error), jsonx::stream::decode_status::would_block);  // 3 may go on
  ::close(fds[1]);
  EXPECT_EQ(d.decode(doc, error), jsonx::stream::decode_status::value);
  EXPECT_EQ(doc.root().get_int64(), 3);
  EXPECT_EQ(d.decode(doc, error), jsonx::stream::decode_status::end_of_stream);
  ::close(fds[0]);
}

TEST(sources, file_stream) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  std::fputs(sample.c_str(), f);
  std::rewind(f);
  jsonx::stream::file_source in(f);
  EXPECT_EQ(values_of(in, 5), sample_values);
  std::fclose(f);
}

TEST(sources, istream) {
  std::istringstream text(sample);
  jsonx::stream::istream_source in(text);
  EXPECT_EQ(values_of(in, 3), sample_values);
}

TEST(sources, boost_iostreams_device) {
  char path[] = "/tmp/jsonx_io_device_XXXXXX";
  const int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, sample.data(), sample.size()), static_cast<ssize_t>(sample.size()));
  ::close(fd);
  {
    boost::iostreams::file_source device(path, std::ios::binary);
    ASSERT_TRUE(device.is_open());
    jsonx::stream::iostreams_source<boost::iostreams::file_source> in(device);
    EXPECT_EQ(values_of(in, 4), sample_values);
  }
  ::unlink(path);
}

using jsonx::test::gzip;

// gzip through Boost.Iostreams (zlib): the decompressor chain feeds the decoder directly.
TEST(sources, gzip_chain) {
  std::string stream;
  for (const auto& doc : jsonx::test::generated_documents(5000, 4)) stream += doc.bytes + "\n";
  const std::string compressed = gzip(stream);
  ASSERT_LT(compressed.size(), stream.size());
  std::istringstream plain(stream);
  jsonx::stream::istream_source plain_in(plain);
  const std::string expected = values_of(plain_in);

  boost::iostreams::filtering_istream unzipped;
  unzipped.push(boost::iostreams::gzip_decompressor());
  unzipped.push(boost::iostreams::array_source(compressed.data(), compressed.size()));
  jsonx::stream::istream_source in(unzipped);
  EXPECT_EQ(values_of(in, 1000), expected);
}

TEST(sources, corrupt_gzip_is_an_io_error) {
  std::string compressed = gzip(std::string(20000, ' ') + "[1]");
  compressed[0] ^= 0x55;  // not a gzip header any more
  boost::iostreams::filtering_istream unzipped;
  unzipped.push(boost::iostreams::gzip_decompressor());
  unzipped.push(boost::iostreams::array_source(compressed.data(), compressed.size()));
  jsonx::stream::istream_source in(unzipped);
  jsonx::stream::decoder d(in);
  jsonx::dom::document doc;
  jsonx::stream::stream_error error;
  EXPECT_EQ(d.decode(doc, error), jsonx::stream::decode_status::error);
  // The decompressor's exception, as an I/O error (its own category), not a parse error.
  EXPECT_TRUE(error.code);
  EXPECT_NE(error.code.category(), jsonx::parse_category()) << error.message();
}

// The encoder into a gzip chain, read back through the decoder.
TEST(sources, gzip_round_trip_through_sink_and_source) {
  std::string compressed;
  {
    boost::iostreams::filtering_ostream zipped;
    zipped.push(boost::iostreams::gzip_compressor());
    zipped.push(boost::iostreams::back_inserter(compressed));
    {
      jsonx::ostream_sink sink(zipped);
      jsonx::stream::encoder encoder(sink);
      for (int i = 0; i < 1000; ++i)
        encoder.encode_events([&](jsonx::writer& w) {
          return w.on_object_begin() && w.on_key("i") && w.on_int64(i) && w.on_object_end();
        });
    }
    boost::iostreams::close(zipped);
  }
  boost::iostreams::filtering_istream unzipped;
  unzipped.push(boost::iostreams::gzip_decompressor());
  unzipped.push(boost::iostreams::array_source(compressed.data(), compressed.size()));
  jsonx::stream::istream_source in(unzipped);
  jsonx::stream::decoder d(in);
  jsonx::dom::document doc;
  int expected = 0;
  while (d.decode(doc)) EXPECT_EQ(doc.root().at("i").get_int64(), expected++);
  EXPECT_EQ(expected, 1000);
}

TEST(sinks, boost_iostreams_device_sink) {
  std::string out;
  boost::iostreams::back_insert_device<std::string> device(out);
  {
    jsonx::stream::iostreams_sink<boost::iostreams::back_insert_device<std::string>> sink(device);
    jsonx::stream::encoder encoder(sink);
    jsonx::dom::value v = jsonx::dom::array{1, "two"};
    encoder.encode(v);
  }
  EXPECT_EQ(out, "[1,\"two\"]\n");
}

}  // namespace
