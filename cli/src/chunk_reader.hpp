// Reads a file or standard input in chunks of an exact size, so that the parser sees the same
// cut points whether the bytes come from a disk, a pipe or a terminal (a pipe's read() returns
// whatever is there; we keep reading until the chunk is full or the input ends).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace jsonx::cli {

class chunk_reader {
 public:
  /// Opens `path`, or standard input if it is "-". Check ok() / error() afterwards.
  explicit chunk_reader(const std::string& path);
  ~chunk_reader();
  chunk_reader(const chunk_reader&) = delete;
  chunk_reader& operator=(const chunk_reader&) = delete;

  /// Fills `buffer` completely unless the input ends first; returns the bytes read (0 at the
  /// end of the input or on error: check ok()).
  std::size_t read_chunk(std::span<char> buffer);

  bool ok() const noexcept { return error_.empty(); }
  /// "cannot open 'x.json': No such file or directory".
  const std::string& error() const noexcept { return error_; }
  /// The name to show in messages: the path, or "<stdin>".
  const std::string& display_name() const noexcept { return display_name_; }
  std::uint64_t bytes_read() const noexcept { return bytes_read_; }

 private:
  int fd_ = -1;
  bool owns_fd_ = false;
  bool at_end_ = false;
  std::uint64_t bytes_read_ = 0;
  std::string display_name_;
  std::string error_;
};

}  // namespace jsonx::cli
