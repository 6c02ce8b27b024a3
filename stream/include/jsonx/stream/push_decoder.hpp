// push_decoder: a decoder fed by the caller, for event loops whose bytes arrive in callbacks
// (asio, libuv, a message queue) rather than from a descriptor the decoder could read.
//
//   jsonx::stream::push_decoder decoder;
//   jsonx::dom::document doc;
//   void on_bytes(std::string_view bytes) {             // whatever the loop delivers
//     decoder.feed(bytes);
//     while (decoder.decode(doc)) handle(doc.root());   // every value completed so far
//   }                                                   // false: would_block, wait for more
//   void on_close() { decoder.close(); while (decoder.decode(doc)) handle(doc.root()); }
//
// Everything decoder does works here (typed targets, SAX handlers, token(), peek_kind(),
// read_value(), skip_value(), the stack, framing, errors); where its source would block, the bytes
// fed so far are used up. A value cut between two feeds is resumed where it stopped, never
// re-parsed. feed() copies the bytes: memory is the bytes fed and not yet decoded, plus the
// decoder's own. (Over a non-blocking descriptor, a plain decoder over fd_source does the same
// without the copy.)
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "jsonx/stream/decoder.hpp"

namespace jsonx::stream {

namespace detail {
/// The bytes fed to a push_decoder, as a source: would_block when they are used up, end once
/// closed. (A base of push_decoder, so that it exists before the decoder reading it.)
class fed_bytes : public source {
 public:
  read_result read_some(char* buffer, std::size_t size) override;
  void append(std::string_view bytes);
  void close() noexcept { closed_ = true; }
  bool closed() const noexcept { return closed_; }
  /// Forgets every byte, and the close.
  void clear() noexcept {
    bytes_.clear();
    read_ = 0;
    closed_ = false;
  }
  std::size_t pending() const noexcept { return bytes_.size() - read_; }

 private:
  std::string bytes_;
  std::size_t read_ = 0;
  bool closed_ = false;
};
}  // namespace detail

class push_decoder : private detail::fed_bytes, public decoder {
 public:
  explicit push_decoder(const decoder_options& options = {})
      : decoder(static_cast<detail::fed_bytes&>(*this), options) {}

  /// Adds bytes that arrived (copied). Then call decode() (or token()) until it reports
  /// would_block.
  void feed(std::string_view bytes) { append(bytes); }
  /// No more bytes will come: a value cut short is now an error, and after the last value
  /// decode() reports the end of the stream.
  void close() noexcept { fed_bytes::close(); }
  bool closed() const noexcept { return fed_bytes::closed(); }
  /// Bytes fed that the decoder has not read yet (besides its buffer: buffered()).
  std::size_t pending_bytes() const noexcept { return pending(); }

  /// Go's Reset: a fresh start for a new input (say, the next connection): the bytes fed and
  /// not decoded, the close, the position, the stack and any error are forgotten; the options
  /// are kept, or replaced by `options`.
  void reset() {
    fed_bytes::clear();
    decoder::reset(static_cast<detail::fed_bytes&>(*this));
  }
  void reset(const decoder_options& options) {
    fed_bytes::clear();
    decoder::reset(static_cast<detail::fed_bytes&>(*this), options);
  }
};

}  // namespace jsonx::stream
