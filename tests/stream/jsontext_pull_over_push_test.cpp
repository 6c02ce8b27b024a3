// A pull API over a push source: read_token() (and peek_kind(), read_value(), skip_value()) on
// a non-blocking socket returns would_block when the bytes so far end mid-token, and the next
// call resumes with nothing lost or repeated. The peer writes 1 byte at a time, or in random
// cuts; the tokens must be exactly those of reading the whole input at once.
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "jsontext_script.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/push_decoder.hpp"

namespace {

using jsonx::stream::decode_status;

std::string stream_text() {
  std::string text;
  for (int i = 0; i < 40; ++i) {
    text += "{\"id\": " + std::to_string(i) + ", \"name\": \"n\\u00e9\\\"" + std::to_string(i) +
            "\xE2\x82\xAC\", \"vals\": [" + std::to_string(i) + ".25e-1, -" + std::to_string(i) +
            ", true, false, null, 123456789012345678901], \"o\": {\"k~/\": [[]]}}" +
            (i % 2 ? "\n" : " ");
  }
  return text + "\"last\" 0";
}

// Writes `bytes` in pieces of 1..max_piece bytes (1: byte by byte), each as its own send,
// waiting for the reader now and then so that it meets an empty socket often.
void write_in_pieces(int fd, std::string bytes, std::uint64_t seed, std::size_t max_piece) {
  std::mt19937_64 random(seed);
  for (std::size_t at = 0; at < bytes.size();) {
    const std::size_t size = std::min<std::size_t>(bytes.size() - at, 1 + random() % max_piece);
    const ssize_t n = ::send(fd, bytes.data() + at, size, MSG_NOSIGNAL);
    if (n <= 0) break;
    at += static_cast<std::size_t>(n);
    if (random() % 8 == 0) std::this_thread::sleep_for(std::chrono::microseconds(random() % 50));
  }
  ::close(fd);
}

std::vector<std::string> tokens_of_whole(const std::string& text) {
  jsonx::stream::memory_source in(text);
  jsonx::stream::decoder d(in);
  std::vector<std::string> tokens;
  jsonx::stream::token t;
  while (d.read_token(t)) tokens.push_back(jsonx::test::token_text(t));
  return tokens;
}

// Reads every token from a non-blocking socket under poll(); counts the would_block returns.
std::vector<std::string> tokens_over_socket(std::size_t max_piece, std::uint64_t seed,
                                            std::size_t& would_blocks, std::string& error_text) {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return {};
  ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  std::thread peer(write_in_pieces, fds[1], stream_text(), seed, max_piece);
  jsonx::stream::fd_source in(fds[0]);
  jsonx::stream::decoder_options options;
  options.chunk_size = 16;  // small: tokens cross the buffer's refills too
  jsonx::stream::decoder d(in, options);
  std::vector<std::string> tokens;
  jsonx::stream::token t;
  jsonx::stream::stream_error error;
  for (;;) {
    const decode_status s = d.read_token(t, error);
    if (s == decode_status::value) {
      tokens.push_back(jsonx::test::token_text(t));
      continue;
    }
    if (s != decode_status::would_block) {
      if (s == decode_status::error) error_text = error.message();
      break;
    }
    ++would_blocks;
    EXPECT_TRUE(d.would_block());
    pollfd watch{fds[0], POLLIN, 0};
    if (::poll(&watch, 1, 5000) <= 0) break;
  }
  peer.join();
  ::close(fds[0]);
  return tokens;
}

TEST(jsontext_pull_over_push, read_token_on_a_socket_fed_byte_by_byte) {
  const std::vector<std::string> expected = tokens_of_whole(stream_text());
  ASSERT_GT(expected.size(), 800u);
  std::size_t would_blocks = 0;
  std::string error;
  EXPECT_EQ(tokens_over_socket(1, 3, would_blocks, error), expected) << error;
  EXPECT_GT(would_blocks, 0u);  // the reader did meet an empty socket mid-stream
}

TEST(jsontext_pull_over_push, read_token_on_a_socket_fed_in_random_cuts) {
  const std::vector<std::string> expected = tokens_of_whole(stream_text());
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::size_t would_blocks = 0;
    std::string error;
    EXPECT_EQ(tokens_over_socket(23, seed, would_blocks, error), expected)
        << "seed " << seed << ": " << error;
  }
}

// The same through push_decoder, fed one byte per callback: every method's transcript (would
// block retried) equals reading the whole input.
TEST(jsontext_pull_over_push, push_decoder_fed_byte_by_byte) {
  const std::string text = stream_text();
  for (const char* ops : {"t", "pt", "tvtsptd", "c"}) {
    jsonx::stream::memory_source whole(text);
    jsonx::stream::decoder reference(whole);
    const std::string expected = jsonx::test::run_script(reference, ops);

    // run_script retries would_block at once: feed a byte each time the decoder would block.
    class feeding_source final : public jsonx::stream::source {
     public:
      explicit feeding_source(std::string_view bytes) : bytes_(bytes) {}
      jsonx::stream::read_result read_some(char* buffer, std::size_t) override {
        if (position_ == bytes_.size()) return {0, jsonx::stream::read_status::end, {}};
        if (!ready_) {
          ready_ = true;  // one would_block before each byte
          return {0, jsonx::stream::read_status::would_block, {}};
        }
        ready_ = false;
        buffer[0] = bytes_[position_++];
        return {1, jsonx::stream::read_status::ok, {}};
      }

     private:
      std::string_view bytes_;
      std::size_t position_ = 0;
      bool ready_ = false;
    } source(text);
    jsonx::stream::decoder d(source);
    EXPECT_EQ(jsonx::test::run_script(d, ops), expected) << ops;

    // And a push_decoder proper: each byte fed, then calls until would_block.
    jsonx::stream::push_decoder p;
    std::vector<std::string> tokens;
    jsonx::stream::token t;
    for (char c : text) {
      p.feed(std::string_view(&c, 1));
      while (p.read_token(t)) tokens.push_back(jsonx::test::token_text(t));
      EXPECT_TRUE(p.would_block());
    }
    p.close();
    while (p.read_token(t)) tokens.push_back(jsonx::test::token_text(t));
    EXPECT_EQ(tokens, tokens_of_whole(text));
  }
}

}  // namespace
