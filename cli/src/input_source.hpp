// One input of the jsonx tool: a file or standard input, plain or gzip-compressed, read in
// chunks of an exact size so that the parser sees the same cut points whether the bytes come
// from a disk, a pipe, a terminal or a decompressor (a pipe's read() returns whatever is there;
// we keep reading until the chunk is full or the input ends).
//
// Gzip is recognised by its magic bytes (1f 8b), which no JSON text can start with, so a
// compressed stream on standard input works too; it is decompressed through Boost.Iostreams'
// gzip_decompressor, chunk by chunk, never whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

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

  bool ok() const noexcept { return error_.empty(); }
  /// "cannot open 'x.json': No such file or directory".
  const std::string& error() const noexcept { return error_; }
  /// The name to show in messages: the path, or "<stdin>".
  const std::string& display_name() const noexcept { return display_name_; }
  /// Bytes of JSON handed out so far (after decompression).
  std::uint64_t bytes_read() const noexcept { return bytes_read_; }
  /// Bytes taken from the file or pipe so far (before decompression): the progress position.
  std::uint64_t raw_bytes_read() const noexcept { return raw_bytes_read_; }
  /// The size of the file, if it is a regular file (not a pipe or a terminal).
  std::optional<std::uint64_t> raw_size() const noexcept { return raw_size_; }
  bool compressed() const noexcept { return gzip_ != nullptr; }

 private:
  struct gzip_chain;
  friend struct gzip_chain;

  // The undecompressed bytes: first those read to look for the magic, then read(2).
  // Returns 0 at the end; on error sets error_ and returns 0.
  std::size_t read_raw(char* data, std::size_t size);
  std::size_t read_plain(std::span<char> buffer);
  std::size_t read_decompressed(std::span<char> buffer);

  int fd_ = -1;
  bool owns_fd_ = false;
  bool at_end_ = false;
  unsigned char magic_[2] = {};
  std::size_t magic_size_ = 0;   // bytes read to look for the magic
  std::size_t magic_given_ = 0;  // of which handed out again
  std::uint64_t bytes_read_ = 0;
  std::uint64_t raw_bytes_read_ = 0;
  std::optional<std::uint64_t> raw_size_;
  std::unique_ptr<gzip_chain> gzip_;
  std::string display_name_;
  std::string error_;
};

}  // namespace jsonx::cli
