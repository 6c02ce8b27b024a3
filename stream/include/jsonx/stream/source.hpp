// Byte sources: where a stream decoder's bytes come from.
//
//   jsonx::stream::fd_source in(0);                  // a file, a pipe, a socket (blocking or not)
//   jsonx::stream::file_source in(std::fopen(...));  // FILE*
//   jsonx::stream::istream_source in(std::cin);      // any std::istream (Boost.Iostreams
//                                                    // filtering_istream included: gzip, zstd)
//   jsonx::stream::memory_source in(text);           // bytes already in memory
//   jsonx::stream::decoder decoder(in);
//
// A source reads at most what it is asked for, into the caller's buffer: it keeps nothing of
// its own (no read-ahead), so the only buffer between the bytes and the parser is the
// decoder's. For Boost.Iostreams devices see iostreams.hpp.
#pragma once

#include <cstddef>
#include <cstdio>
#include <iosfwd>
#include <string_view>
#include <system_error>

namespace jsonx::stream {

/// What a read came to.
enum class read_status : unsigned char {
  ok,           ///< `bytes` (at least 1) were read
  end,          ///< end of input: nothing more will come
  would_block,  ///< nothing available now (a non-blocking socket or pipe: EAGAIN); try later
  error,        ///< an I/O error, in `error`
};

struct read_result {
  std::size_t bytes = 0;
  read_status status = read_status::ok;
  std::error_code error;  ///< set for read_status::error
};

/// A source of bytes. Implement read_some() to read from anything else.
class source {
 public:
  virtual ~source() = default;
  /// Reads at most `size` (> 0) bytes into `buffer`, as soon as at least one is available:
  /// returns what came (status ok, bytes >= 1), or end, would_block or error with 0 bytes.
  virtual read_result read_some(char* buffer, std::size_t size) = 0;
  /// A source whose bytes are in memory already may lend them instead of copying them: the
  /// next bytes (at most `size`, as read_some() would hand out) are consumed and `bytes`
  /// points to them; they must stay unchanged until the source is destroyed. Returns false
  /// (nothing consumed) if the source does not lend; the decoder then calls read_some(). The
  /// decoder parses lent bytes in place: no copy.
  virtual bool lend_some(std::size_t size, const char*& bytes, read_result& result) {
    (void)size;
    (void)bytes;
    (void)result;
    return false;
  }
};

/// Bytes in memory, handed out at most `max_read` at a time (all at once by default). The
/// bytes must outlive the source.
class memory_source final : public source {
 public:
  explicit memory_source(std::string_view bytes,
                         std::size_t max_read = static_cast<std::size_t>(-1))
      : bytes_(bytes), max_read_(max_read == 0 ? 1 : max_read) {}
  read_result read_some(char* buffer, std::size_t size) override;
  /// Lends what read_some() would copy: decoders read the bytes in place.
  bool lend_some(std::size_t size, const char*& bytes, read_result& result) override;
  /// Bytes not handed out yet.
  std::size_t remaining() const noexcept { return bytes_.size() - position_; }

 private:
  std::string_view bytes_;
  std::size_t max_read_;
  std::size_t position_ = 0;
};

/// A POSIX file descriptor: a file, a pipe, a socket, blocking or not. read(2), retried on
/// EINTR; EAGAIN / EWOULDBLOCK is read_status::would_block, never the end. Does not own (or
/// close) the descriptor.
class fd_source final : public source {
 public:
  explicit fd_source(int fd) noexcept : fd_(fd) {}
  read_result read_some(char* buffer, std::size_t size) override;
  int fd() const noexcept { return fd_; }

 private:
  int fd_;
};

/// If `fd` is a pipe, asks the kernel to make its buffer hold `bytes` (Linux F_SETPIPE_SZ; an
/// unprivileged process may get at most /proc/sys/fs/pipe-max-size, 1 MiB by default, so a
/// larger request settles for the largest power of two allowed). Returns the pipe's buffer size
/// afterwards (never smaller than before), or 0 if `fd` is not a pipe or the system cannot say.
/// Either end of the pipe will do: the buffer is the pipe's. With the default 64 KiB the writer
/// blocks, and wakes the reader, every 64 KiB: 100 MiB through a pipe from a writer thread to a
/// reader that only reads took 58-61 ms with 64 KiB, 30-34 ms with 1 MiB (AMD EPYC Zen 5 VM, 2
/// cores), more than a whole decode from memory of that stream. The jsonx tool enlarges its
/// standard input's pipe so.
std::size_t enlarge_pipe(int fd, std::size_t bytes = std::size_t{1} << 20) noexcept;

/// A C stream, read with fread(). stdio's own buffer sits in front of the descriptor, and
/// fread() waits until `size` bytes or the end: for pipes and sockets that must deliver each
/// value as soon as it arrives, use fd_source(fileno(f)). Does not own (or fclose) the FILE.
class file_source final : public source {
 public:
  explicit file_source(std::FILE* file) noexcept : file_(file) {}
  read_result read_some(char* buffer, std::size_t size) override;

 private:
  std::FILE* file_;
};

/// A std::istream (an ifstream, std::cin, a stringstream, a Boost.Iostreams filtering_istream
/// such as a gzip decompressor chain). Takes what the stream's buffer holds, waiting (through
/// the streambuf's underflow) only when it holds nothing, so a value that has arrived is
/// decoded without waiting for a whole chunk. A stream error (badbit, or an exception from
/// the streambuf, e.g. a corrupt gzip stream) is read_status::error (std::errc::io_error).
class istream_source final : public source {
 public:
  explicit istream_source(std::istream& in) noexcept : in_(&in) {}
  read_result read_some(char* buffer, std::size_t size) override;

 private:
  std::istream* in_;
};

}  // namespace jsonx::stream
