// Real descriptors: a socket pair and a TCP connection on 127.0.0.1 carrying thousands of
// documents cut into random fragments with random pauses (every value intact and in order),
// and pipes from a child process (a shell writing JSON).
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>

#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/push_decoder.hpp"

namespace {

using jsonx::stream::decode_status;

std::string document(int i) {
  // Strings with escapes and UTF-8, numbers of every kind, nesting: cuts land everywhere.
  return "{\"seq\": " + std::to_string(i) + ", \"text\": \"line\\n\\u00e9\xE2\x82\xAC " +
         std::to_string(i * 7) + "\", \"values\": [" + std::to_string(i) + ".5e-3, -" +
         std::to_string(i) + ", true, null, {\"deep\": [[]]}], \"big\": 123456789012345678901}" +
         (i % 3 == 0 ? "\n" : " ");
}

std::string all_documents(int count) {
  std::string all;
  for (int i = 0; i < count; ++i) all += document(i);
  return all;
}

// Writes `bytes` in fragments of 1..max_fragment bytes with pauses of up to 100 µs now and
// then (the whole send stays well under a second), then closes.
void send_in_fragments(int fd, std::string bytes, std::uint64_t seed, std::size_t max_fragment) {
  std::mt19937_64 random(seed);
  for (std::size_t at = 0; at < bytes.size();) {
    const std::size_t size = std::min<std::size_t>(bytes.size() - at, 1 + random() % max_fragment);
    const ssize_t n = ::send(fd, bytes.data() + at, size, MSG_NOSIGNAL);
    if (n <= 0) break;
    at += static_cast<std::size_t>(n);
    if (random() % 32 == 0) std::this_thread::sleep_for(std::chrono::microseconds(random() % 100));
  }
  ::close(fd);
}

// Decodes until the end; counts the values and checks each one's sequence number and text.
struct receiver {
  int received = 0;
  bool intact = true;
  std::string error;
  void check(const jsonx::dom::document& doc) {
    const std::string expected = document(received);
    const std::string text = jsonx::dom::to_string(doc);
    intact = intact && doc.root().at("seq").get_int64() == received &&
             doc.root().at("values").at(1).get_int64() == -received &&
             doc.root().at("big").get_raw_number() == "123456789012345678901" &&
             doc.root().at("text").get_string() ==
                 "line\n\xC3\xA9\xE2\x82\xAC " + std::to_string(received * 7);
    ++received;
  }
};

TEST(sockets, socketpair_blocking_reads) {
  constexpr int count = 3000;
  int fds[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  std::thread peer(send_in_fragments, fds[1], all_documents(count), 7, 200);
  jsonx::stream::fd_source in(fds[0]);
  jsonx::stream::decoder_options options;
  options.chunk_size = 4096;
  jsonx::stream::decoder d(in, options);
  jsonx::dom::document doc;
  receiver r;
  jsonx::stream::stream_error error;
  decode_status s;
  while ((s = d.decode(doc, error)) == decode_status::value) r.check(doc);
  peer.join();
  ::close(fds[0]);
  EXPECT_EQ(s, decode_status::end_of_stream) << error.message();
  EXPECT_EQ(r.received, count);
  EXPECT_TRUE(r.intact);
}

// A TCP server on the loopback address sends; the client reads a non-blocking socket under
// poll(), each readable event feeding the decoder, values taken as they complete.
TEST(sockets, tcp_loopback_non_blocking_with_poll) {
  constexpr int count = 3000;
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;  // any free port
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(listener, 1), 0);
  socklen_t length = sizeof address;
  ASSERT_EQ(::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length), 0);
  std::thread server([listener] {
    const int connection = ::accept(listener, nullptr, nullptr);
    if (connection >= 0) send_in_fragments(connection, all_documents(count), 11, 1500);
  });
  const int client = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_EQ(::connect(client, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ::fcntl(client, F_SETFL, ::fcntl(client, F_GETFL) | O_NONBLOCK);

  jsonx::stream::fd_source in(client);
  jsonx::stream::decoder d(in);
  jsonx::dom::document doc;
  receiver r;
  jsonx::stream::stream_error error;
  decode_status s = decode_status::would_block;
  while (s == decode_status::would_block) {
    pollfd watch{client, POLLIN, 0};
    if (::poll(&watch, 1, 5000) <= 0) break;
    // Usually stops at would_block (back to poll); a slow reader may find the whole stream.
    while ((s = d.decode(doc, error)) == decode_status::value) r.check(doc);
  }
  server.join();
  ::close(client);
  ::close(listener);
  EXPECT_EQ(s, decode_status::end_of_stream) << error.message();
  EXPECT_EQ(r.received, count);
  EXPECT_TRUE(r.intact);
}

// The push flavour over the same kind of connection: the loop reads, the decoder is fed.
TEST(sockets, socketpair_push_decoder) {
  constexpr int count = 2000;
  int fds[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  std::thread peer(send_in_fragments, fds[1], all_documents(count), 13, 300);
  jsonx::stream::push_decoder d;
  jsonx::dom::document doc;
  receiver r;
  char buffer[1000];
  for (;;) {
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    d.feed(std::string_view(buffer, static_cast<std::size_t>(n)));
    while (d.decode(doc)) r.check(doc);
  }
  d.close();
  while (d.decode(doc)) r.check(doc);
  peer.join();
  ::close(fds[0]);
  EXPECT_EQ(r.received, count);
  EXPECT_TRUE(r.intact);
}

// A child process (a shell) writes NDJSON into a pipe; the decoder reads the pipe.
TEST(pipes, from_a_child_process) {
  std::FILE* child = ::popen(
      "i=0; while [ $i -lt 2000 ]; do printf '{\"i\": %d, \"s\": \"v%d\"}\\n' $i $i; "
      "i=$((i+1)); done",
      "r");
  ASSERT_NE(child, nullptr);
  jsonx::stream::fd_source in(fileno(child));
  jsonx::stream::decoder_options options;
  options.separation = jsonx::stream::framing::ndjson;
  jsonx::stream::decoder d(in, options);
  jsonx::dom::document doc;
  int expected = 0;
  bool in_order = true;
  while (d.decode(doc)) {
    in_order = in_order && doc.root().at("i").get_int64() == expected &&
               doc.root().at("s").get_string() == "v" + std::to_string(expected);
    ++expected;
  }
  EXPECT_EQ(::pclose(child), 0);
  EXPECT_EQ(expected, 2000);
  EXPECT_TRUE(in_order);
}

// A child that dies in the middle of a value: the end of the pipe is reported inside it.
TEST(pipes, child_ends_inside_a_value) {
  std::FILE* child = ::popen("printf '[1, 2] {\"a\": [3, '", "r");
  ASSERT_NE(child, nullptr);
  jsonx::stream::file_source in(child);
  jsonx::stream::decoder d(in);
  jsonx::dom::document doc;
  jsonx::stream::stream_error error;
  EXPECT_EQ(d.decode(doc, error), decode_status::value);
  EXPECT_EQ(d.decode(doc, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  EXPECT_EQ(error.offset, 17u);
  EXPECT_TRUE(error.inside_value);
  ::pclose(child);
}

}  // namespace
