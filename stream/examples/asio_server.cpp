// A Boost.Asio TCP server that answers JSON values as they arrive, the way C++ servers read
// sockets: async_read_some into a fixed buffer, each read fed to a push_decoder, every value
// completed so far decoded (into a typed request) and answered through an encoder, the
// replies sent with async_write. A value cut between two reads is resumed, never re-parsed.
//
// A client on the same io_context plays the peer: it sends `count` requests as one stream
// cut at random byte offsets (one async_write per piece of 1 to 40 bytes, Nagle off so the
// pieces travel apart), ends its side, and checks each reply as it decodes it. Both run on
// 127.0.0.1 with an ephemeral port. Exit status 0 if every request was answered, correctly
// and in order. Usage: jsonx_stream_asio_server_example [count]
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio.hpp>

#include "jsonx/bind/bind.hpp"
#include "jsonx/stream/encoder.hpp"
#include "jsonx/stream/push_decoder.hpp"

namespace asio = boost::asio;
using asio::ip::tcp;

// What the client asks and what the server answers, described once for both directions.
struct sum_request {
  std::int64_t id = 0;
  std::vector<double> numbers;
};
JSONX_DESCRIBE(sum_request, id, numbers)

struct sum_reply {
  std::int64_t id = 0;
  std::size_t count = 0;
  double sum = 0;
  std::string error;  // empty unless the request was not understood
};
JSONX_DESCRIBE(sum_reply, id, count, sum, error)

namespace {

// Reads the server made: more reads than requests means values arrived cut.
std::int64_t server_reads = 0;

// ---- the server ---------------------------------------------------------------------------

// One connection: reads until the client ends its side, answering each request in order.
class session : public std::enable_shared_from_this<session> {
 public:
  explicit session(tcp::socket socket) : socket_(std::move(socket)) {}

  void start() { read(); }

 private:
  void read() {
    socket_.async_read_some(asio::buffer(buffer_),
                            [self = shared_from_this()](boost::system::error_code ec,
                                                        std::size_t n) { self->on_read(ec, n); });
  }

  void on_read(boost::system::error_code ec, std::size_t n) {
    if (ec == asio::error::eof) {
      decoder_.close();  // a value cut here is now an error; after the last: end of stream
    } else if (ec) {
      return;  // the connection failed: nothing more to answer
    } else {
      decoder_.feed(std::string_view(buffer_.data(), n));  // copied: buffer_ is reused
      ++server_reads;
    }
    ended_ = !answer_decoded_values() || ec == asio::error::eof;
    send_replies();
    if (!ended_) read();
  }

  // Decodes every value complete so far and encodes its reply. False when the stream has
  // ended (or failed): no more reads.
  bool answer_decoded_values() {
    for (;;) {
      jsonx::stream::stream_error error;
      // request_ outlives the call: a value cut by would_block resumes into the same target.
      const auto status = decoder_.decode(request_, error);
      if (status == jsonx::stream::decode_status::would_block) return true;
      if (status == jsonx::stream::decode_status::end_of_stream) return false;
      sum_reply reply;
      if (status == jsonx::stream::decode_status::error) {
        reply.error = error.message();  // then stop: the stream is not JSON we can follow
      } else {
        reply.id = request_.id;
        reply.count = request_.numbers.size();
        for (double x : request_.numbers) reply.sum += x;
        request_ = {};
      }
      jsonx::encode_error encode_error;
      encoder_.encode(reply, encode_error);  // appends the reply and '\n' to pending_
      if (status == jsonx::stream::decode_status::error) return false;
    }
  }

  // One async_write at a time: replies encoded meanwhile wait in pending_. Once the client's
  // side has ended and everything is written, the server ends its side too.
  void send_replies() {
    if (writing_) return;
    if (pending_.empty()) {
      if (ended_ && !shut_down_) {
        shut_down_ = true;
        boost::system::error_code ignored;  // the client may be gone already
        socket_.shutdown(tcp::socket::shutdown_send, ignored);
      }
      return;
    }
    in_flight_.swap(pending_);
    pending_.clear();
    writing_ = true;
    asio::async_write(socket_, asio::buffer(in_flight_),
                      [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                        self->writing_ = false;
                        if (!ec) self->send_replies();
                      });
  }

  tcp::socket socket_;
  std::array<char, 512> buffer_;  // small on purpose: values span reads
  jsonx::stream::push_decoder decoder_;
  sum_request request_;  // the request being decoded: it may span reads
  std::string pending_;  // encoded replies not yet handed to async_write
  jsonx::stream::encoder encoder_{pending_};
  std::string in_flight_;  // the replies async_write is sending
  bool writing_ = false;
  bool ended_ = false;  // the client's stream has ended (or failed): no more reads
  bool shut_down_ = false;
};

void accept_one(tcp::acceptor& acceptor) {
  acceptor.async_accept([](boost::system::error_code ec, tcp::socket socket) {
    if (!ec) std::make_shared<session>(std::move(socket))->start();
  });
}

// ---- the client ---------------------------------------------------------------------------

std::string request_text(std::int64_t id) {
  std::string text = R"({"id": )" + std::to_string(id) + R"(, "numbers": [)";
  for (std::int64_t k = 0; k <= id % 5; ++k) {
    if (k != 0) text += ", ";
    text += std::to_string(id + k) + ".5";
  }
  return text + "]}\n";
}

// The reply request `id` should get: (id % 5 + 1) numbers id + k + 0.5.
bool reply_is_right(const sum_reply& reply, std::int64_t id) {
  const std::int64_t n = id % 5 + 1;
  const double sum = static_cast<double>(n * id + n * (n - 1) / 2) + 0.5 * static_cast<double>(n);
  return reply.error.empty() && reply.id == id && reply.count == static_cast<std::size_t>(n) &&
         reply.sum == sum;
}

class client {
 public:
  /// `done` runs once every reply has come (or the exchange failed).
  client(asio::io_context& io, std::int64_t count, std::function<void()> done)
      : socket_(io), done_(std::move(done)) {
    for (std::int64_t i = 0; i < count; ++i) all_requests_ += request_text(i);
  }

  void start(const tcp::endpoint& server) {
    socket_.async_connect(server, [this](boost::system::error_code ec) {
      if (ec) return done_();
      socket_.set_option(tcp::no_delay(true));
      send_next_piece();
      read();
    });
  }

  std::int64_t answered() const { return answered_; }
  bool in_order() const { return in_order_; }

 private:
  // The requests, cut at random offsets: each piece its own async_write.
  void send_next_piece() {
    if (sent_ == all_requests_.size()) {
      socket_.shutdown(tcp::socket::shutdown_send);  // the server sees the end of the stream
      return;
    }
    const std::size_t size =
        std::min<std::size_t>(all_requests_.size() - sent_, 1 + random_() % 40);
    asio::async_write(socket_, asio::buffer(all_requests_.data() + sent_, size),
                      [this, size](boost::system::error_code ec, std::size_t) {
                        if (ec) return;
                        sent_ += size;
                        send_next_piece();
                      });
  }

  void read() {
    socket_.async_read_some(asio::buffer(buffer_), [this](boost::system::error_code ec,
                                                          std::size_t n) { on_read(ec, n); });
  }

  void on_read(boost::system::error_code ec, std::size_t n) {
    if (ec == asio::error::eof) {
      replies_.close();
    } else if (ec) {
      return done_();
    } else {
      replies_.feed(std::string_view(buffer_.data(), n));
    }
    jsonx::stream::stream_error error;
    jsonx::stream::decode_status status;
    while ((status = replies_.decode(reply_, error)) == jsonx::stream::decode_status::value) {
      if (!reply_is_right(reply_, answered_)) {
        in_order_ = false;
        std::fprintf(stderr, "reply %lld is wrong: %s\n", static_cast<long long>(answered_),
                     jsonx::encode(reply_).c_str());
      }
      ++answered_;
      reply_ = {};
    }
    if (status == jsonx::stream::decode_status::error)
      std::fprintf(stderr, "client: %s\n", error.message().c_str());
    if (status == jsonx::stream::decode_status::would_block) return read();
    done_();  // the end of the replies, or an error
  }

  tcp::socket socket_;
  std::function<void()> done_;
  std::string all_requests_;
  std::size_t sent_ = 0;
  std::mt19937 random_{7};
  std::array<char, 300> buffer_;
  jsonx::stream::push_decoder replies_;
  sum_reply reply_;  // the reply being decoded: it may span reads
  std::int64_t answered_ = 0;
  bool in_order_ = true;
};

}  // namespace

int main(int argc, char** argv) {
  const std::int64_t count = argc > 1 ? std::atoll(argv[1]) : 1000;
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  accept_one(acceptor);
  // A stuck exchange ends the example instead of hanging the test.
  asio::steady_timer deadline(io, std::chrono::seconds(30));
  deadline.async_wait([&io](boost::system::error_code ec) {
    if (!ec) io.stop();
  });
  client peer(io, count, [&deadline] { deadline.cancel(); });
  peer.start(acceptor.local_endpoint());
  io.run();
  std::printf("answered %lld of %lld requests%s (%lld server reads)\n",
              static_cast<long long>(peer.answered()), static_cast<long long>(count),
              peer.in_order() ? ", in order" : "", static_cast<long long>(server_reads));
  return peer.answered() == count && peer.in_order() && server_reads > count ? 0 : 1;
}
