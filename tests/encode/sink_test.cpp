// The bounded sinks (fd, FILE*, ostream, a buffered_sink of our own): same bytes as a string,
// memory bounded by the buffer, I/O errors reported with their system code.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <sstream>
#include <string>

#include "jsonx/encode/output_sink.hpp"
#include "jsonx/encode/reformat.hpp"
#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

// A document of a few MB, written by events.
void write_big_document(writer& w) {
  w.on_array_begin();
  for (int i = 0; i < 40000; ++i) {
    w.on_object_begin();
    w.on_key("index");
    w.on_int64(i);
    w.on_key("text");
    w.on_string("a line of text with \"quotes\" and \u00e9 in it");
    w.on_key("value");
    w.on_double(i * 0.25);
    w.on_object_end();
  }
  w.on_array_end();
}

std::string big_document(const write_options& options = {}) {
  std::string out;
  writer w(out, options);
  write_big_document(w);
  EXPECT_TRUE(w.finish());
  return out;
}

// Records what it is given and the largest single write.
class recording_sink final : public buffered_sink {
 public:
  explicit recording_sink(std::size_t size) : buffered_sink(size) {}
  ~recording_sink() override { flush_buffer(); }
  std::string text;
  std::size_t largest_write = 0;
  std::size_t writes = 0;

 private:
  void write_out(const char* data, std::size_t size, std::error_code&) override {
    text.append(data, size);
    largest_write = std::max(largest_write, size);
    ++writes;
  }
};

TEST(sinks, a_buffered_sink_never_holds_more_than_its_buffer) {
  for (const write_options& options : {write_options{}, write_options::pretty()}) {
    const std::string want = big_document(options);
    for (std::size_t size : {64, 100, 4096}) {
      recording_sink sink(size);
      writer w(sink, options);
      write_big_document(w);
      ASSERT_TRUE(w.finish());
      EXPECT_EQ(sink.text, want);
      EXPECT_LE(sink.largest_write, size);
      EXPECT_GE(sink.writes, want.size() / size);
    }
  }
}

TEST(sinks, fd_sink_writes_to_a_descriptor) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  const std::string want = big_document();
  {
    fd_sink sink(fileno(file), 1000);
    writer w(sink);
    write_big_document(w);
    ASSERT_TRUE(w.finish());
    EXPECT_EQ(sink.bytes_written(), want.size());
  }
  std::rewind(file);
  std::string got(want.size() + 10, '\0');
  got.resize(std::fread(got.data(), 1, got.size(), file));
  std::fclose(file);
  EXPECT_EQ(got, want);
}

TEST(sinks, fd_sink_reports_write_errors) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::close(fds[0]);  // nobody reads: write(2) fails with EPIPE (SIGPIPE ignored below)
  const auto old_handler = std::signal(SIGPIPE, SIG_IGN);
  {
    fd_sink sink(fds[1], 256);
    writer w(sink);
    write_big_document(w);
    EXPECT_TRUE(w.failed());
    EXPECT_EQ(w.error(), std::errc::broken_pipe);
    EXPECT_FALSE(w.finish());
  }
  std::signal(SIGPIPE, old_handler);
  ::close(fds[1]);

  fd_sink bad(-1);
  writer w(bad);
  w.on_null();
  EXPECT_FALSE(w.flush());
  EXPECT_EQ(w.error(), std::errc::bad_file_descriptor);
}

TEST(sinks, file_sink_writes_and_flushes_a_file) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  {
    file_sink sink(file, 128);
    writer w(sink, write_options::pretty());
    write_big_document(w);
    ASSERT_TRUE(w.finish());
  }
  std::rewind(file);
  const std::string want = big_document(write_options::pretty());
  std::string got(want.size() + 10, '\0');
  got.resize(std::fread(got.data(), 1, got.size(), file));
  std::fclose(file);
  EXPECT_EQ(got, want);
}

TEST(sinks, ostream_sink_writes_to_a_stream_and_reports_a_failed_one) {
  std::ostringstream os;
  {
    ostream_sink sink(os, 300);
    writer w(sink);
    write_big_document(w);
    ASSERT_TRUE(w.finish());
  }
  EXPECT_EQ(os.str(), big_document());

  std::ostringstream broken;
  broken.setstate(std::ios::badbit);
  ostream_sink sink(broken);
  writer w(sink);
  w.on_int64(1);
  EXPECT_FALSE(w.finish());
  EXPECT_EQ(w.error(), std::errc::io_error);
}

TEST(sinks, parse_to_fd_in_bounded_memory_from_chunks) {
  // push_parser -> writer -> sink: a stream reformatted without holding either side.
  if (corpus_files().empty()) GTEST_SKIP() << "the corpus is absent: skipped";
  for (const named_input& file : corpus_files()) {
    recording_sink sink(4096);
    write_options options = write_options::pretty();
    writer w(sink, options);
    push_parser<writer> parser(w);
    for (std::size_t at = 0; at < file.bytes.size(); at += 1000) {
      parser.feed(std::string_view(file.bytes).substr(at, 1000));
    }
    parser.finish();
    ASSERT_TRUE(w.finish());
    EXPECT_EQ(sink.text, pretty(file.bytes)) << file.name;
    EXPECT_LE(sink.largest_write, 4096u);
  }
}

}  // namespace
}  // namespace jsonx::test
