// An event loop reading JSON values from a non-blocking socket: poll() says when bytes have
// arrived, the decoder parses what came (a value cut in the middle is resumed on the next
// event, never re-read), and each value is handled as soon as it is complete.
//
// A second thread plays the peer: it writes `count` documents in fragments of random sizes,
// with short pauses, so that values arrive cut at every kind of place. Exit status 0 if every
// value arrived, intact and in order. Usage: jsonx_io_event_loop_example [count]
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>

#include "jsonx/dom/document.hpp"
#include "jsonx/stream/decoder.hpp"

namespace {

std::string document_text(long i) {
  return R"({"seq": )" + std::to_string(i) + R"(, "name": "value \"number\" )" + std::to_string(i) +
         R"(", "tags": ["a", "b\u00e9"], "ratio": 0.25})" + "\n";
}

// The peer: every document, in fragments of 1 to 300 bytes, pausing now and then.
void send_documents(int fd, long count) {
  std::string all;
  for (long i = 0; i < count; ++i) all += document_text(i);
  std::mt19937 random(42);
  for (std::size_t at = 0; at < all.size();) {
    const std::size_t size = std::min<std::size_t>(all.size() - at, 1 + random() % 300);
    const ssize_t n = ::write(fd, all.data() + at, size);
    if (n <= 0) break;
    at += static_cast<std::size_t>(n);
    if (random() % 16 == 0) std::this_thread::sleep_for(std::chrono::microseconds(random() % 200));
  }
  ::close(fd);  // the end of the stream
}

}  // namespace

int main(int argc, char** argv) {
  const long count = argc > 1 ? std::atol(argv[1]) : 2000;
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return 2;
  ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  std::thread peer(send_documents, fds[1], count);

  jsonx::stream::fd_source socket(fds[0]);
  jsonx::stream::decoder decoder(socket);
  jsonx::dom::document doc;
  jsonx::stream::stream_error error;
  long received = 0;
  bool in_order = true;
  for (bool open = true; open;) {
    pollfd watch{fds[0], POLLIN, 0};
    if (::poll(&watch, 1, 5000) <= 0) break;  // a stuck peer ends the example
    // Readable: decode every value that is complete now; would_block hands back to poll.
    for (;;) {
      const auto status = decoder.decode(doc, error);
      if (status == jsonx::stream::decode_status::value) {
        in_order = in_order && doc.root().at("seq").get_int64() == received;
        ++received;
        continue;
      }
      if (status == jsonx::stream::decode_status::error) {
        std::fprintf(stderr, "error: %s\n", error.message().c_str());
        open = false;
      }
      if (status == jsonx::stream::decode_status::end_of_stream) open = false;
      break;
    }
  }
  peer.join();
  ::close(fds[0]);
  std::printf("received %ld of %ld values%s\n", received, count, in_order ? ", in order" : "");
  return received == count && in_order ? 0 : 1;
}
