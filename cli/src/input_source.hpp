// One input of the jsonx tool: a file or standard input, plain or gzip-compressed, read through
// the library's sources (an fd_source under a gzip_source that decompresses gzip input,
// recognised by its magic bytes, and passes anything else through). What is the tool's own:
// the name shown in messages, the byte counts of the progress bar, the messages themselves,
// and chunks of an exact size, so that the parser sees the same cut points whether the bytes
// come from a disk, a pipe, a terminal or the decompressor (a source returns whatever it has;
// we keep reading until the chunk is full or the input ends); or, for --watch, whatever has
// arrived.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "jsonx/stream/gzip_source.hpp"
#include "jsonx/stream/source.hpp"

namespace jsonx::cli {

class input_source {
 public:
  /// Opens `path`, or standard input if it is "-". Check ok() / error() afterwards.
  explicit input_source(const std::string& path);
  ~input_source();
  input_source(const input_source&) = delete;
  input_source& operator=(const input_source&) = delete;

  /// Fills `buffer` completely unless the input ends first; returns the bytes read (0 at the
  /// end of the input or on error: check ok()).
  std::size_t read_chunk(std::span<char> buffer);
  /// Returns as soon as some bytes have arrived: what has arrived so far (at most
  /// buffer.size(); for gzip input what one read gave the decompressor), for --watch, which
  /// shows what came without waiting for more. From a regular file that is a full buffer. 0 at
  /// the end of the input or on error (check ok()).
  std::size_t read_available(std::span<char> buffer);

  bool ok() const noexcept { return error_.empty(); }
  /// "cannot open 'x.json': No such file or directory".
  const std::string& error() const noexcept { return error_; }
  /// The name to show in messages: the path, or "<stdin>".
  const std::string& display_name() const noexcept { return display_name_; }
  /// Bytes of JSON handed out so far (after decompression).
  std::uint64_t bytes_read() const noexcept { return bytes_read_; }
  /// Bytes taken from the file or pipe so far (before decompression): the progress position.
  std::uint64_t raw_bytes_read() const noexcept { return raw_.bytes_read(); }
  /// The size of the file, if it is a regular file (not a pipe or a terminal).
  std::optional<std::uint64_t> raw_size() const noexcept { return raw_size_; }

 private:
  // The descriptor's bytes (an fd_source), counted on their way to the decompressor.
  class counted_fd_source final : public stream::source {
   public:
    explicit counted_fd_source(int fd) noexcept : fd_(fd) {}
    stream::read_result read_some(char* buffer, std::size_t size) override;
    std::uint64_t bytes_read() const noexcept { return bytes_read_; }

   private:
    stream::fd_source fd_;
    std::uint64_t bytes_read_ = 0;
  };

  // True if a read of the descriptor would not block now (bytes, or the end, are there).
  bool readable_now() const noexcept;
  // One read_some() of the JSON that gives bytes (0 at the end or on error, then error_ set).
  std::size_t read_some(char* buffer, std::size_t size);
  // Reads on into buffer past its first `filled` bytes while wanted() says so and it has
  // room; counts them all in bytes_read_. 0 on a read error.
  template <class Wanted>
  std::size_t read_on(std::span<char> buffer, std::size_t filled, Wanted wanted);

  // The descriptor of `path` ("-": standard input), or -1 with `error` set.
  static int open_input(const std::string& path, std::string& error);

  std::string display_name_;
  std::string error_;
  bool owns_fd_;  // not standard input
  int fd_;
  counted_fd_source raw_;
  stream::gzip_source json_;
  std::optional<std::uint64_t> raw_size_;
  std::uint64_t bytes_read_ = 0;
  bool at_end_ = false;
};

}  // namespace jsonx::cli
