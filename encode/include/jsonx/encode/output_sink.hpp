// Where a writer's bytes go.
//
// The writer prints straight into memory a sink lends it (a "region"), and calls the sink only
// when the region is full or when it flushes: one virtual call per region, none per event.
//
//   std::string out;           jsonx::writer w(out);           // grows the string
//   jsonx::fd_sink sink(1);    jsonx::writer w(sink);          // 64 KiB buffer, write(2)
//   jsonx::file_sink sink(f);  jsonx::ostream_sink sink(os);   // FILE*, std::ostream
//
// To write to anything else, derive from buffered_sink and implement write_out().
#pragma once

#include <cstddef>
#include <cstdio>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <system_error>

namespace jsonx {

class output_sink {
 public:
  /// The writer never asks for more free bytes than this at once (it cuts long strings and
  /// deep indentation into pieces), so a sink with a buffer this large is never short.
  static constexpr std::size_t max_min_free = 64;

  virtual ~output_sink() = default;

  /// The writer has written the bytes of the current region up to `written_end` (nullptr if
  /// it holds no region): take them, and lend a region with at least `min_free` bytes
  /// (min_free <= max_min_free). On failure set `ec` and return an empty span.
  virtual std::span<char> next_region(char* written_end, std::size_t min_free,
                                      std::error_code& ec) = 0;

  /// The writer has written up to `written_end` (nullptr if it holds no region) and gives the
  /// region back. If `deliver`, pass everything on to the destination now (write(2), fflush,
  /// ostream::flush). The writer asks for a new region before writing again.
  virtual void commit(char* written_end, bool deliver, std::error_code& ec) = 0;
};

/// Appends to a std::string, growing it geometrically. While the writer writes, the string is
/// sized to its capacity; it has its exact size after writer::flush() or the writer's end.
class string_sink final : public output_sink {
 public:
  explicit string_sink(std::string& out) noexcept : out_(&out) {}
  std::span<char> next_region(char* written_end, std::size_t min_free,
                              std::error_code& ec) override;
  void commit(char* written_end, bool deliver, std::error_code& ec) override;
  std::string& string() noexcept { return *out_; }

 private:
  std::string* out_;
  std::size_t committed_size_ = 0;  // the string's real size while it is sized to capacity
  bool lent_ = false;
};

/// A sink with its own bounded buffer, emptied through write_out() when full: memory stays
/// bounded whatever the document size. Derive and implement write_out() (and sync_out() if the
/// destination has its own buffer).
class buffered_sink : public output_sink {
 public:
  static constexpr std::size_t default_buffer_size = 64 * 1024;
  explicit buffered_sink(std::size_t buffer_size = default_buffer_size);
  /// Derived classes must call flush_buffer() in their destructor (virtual calls do not reach
  /// them from here).
  ~buffered_sink() override;

  std::span<char> next_region(char* written_end, std::size_t min_free,
                              std::error_code& ec) override;
  void commit(char* written_end, bool deliver, std::error_code& ec) override;

  /// Writes out what the buffer holds; the first error sticks and is returned again.
  std::error_code flush_buffer() noexcept;
  /// Bytes handed to write_out() so far.
  std::size_t bytes_written() const noexcept { return bytes_written_; }

 protected:
  /// Writes all `size` bytes to the destination, or sets ec.
  virtual void write_out(const char* data, std::size_t size, std::error_code& ec) = 0;
  /// Pushes the destination's own buffer on (fflush, ostream::flush); nothing by default.
  virtual void sync_out(std::error_code&) {}

 private:
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_;
  std::size_t used_ = 0;
  std::size_t bytes_written_ = 0;
  std::error_code error_;
};

/// Writes to a file descriptor with write(2), retrying short writes and EINTR. Does not own
/// (or close) the descriptor.
class fd_sink final : public buffered_sink {
 public:
  explicit fd_sink(int fd, std::size_t buffer_size = default_buffer_size)
      : buffered_sink(buffer_size), fd_(fd) {}
  ~fd_sink() override { flush_buffer(); }

 private:
  void write_out(const char* data, std::size_t size, std::error_code& ec) override;
  int fd_;
};

/// Writes to a FILE* with fwrite; flush() also fflush()es. Does not own (or fclose) the FILE.
class file_sink final : public buffered_sink {
 public:
  explicit file_sink(std::FILE* file, std::size_t buffer_size = default_buffer_size)
      : buffered_sink(buffer_size), file_(file) {}
  ~file_sink() override { flush_buffer(); }

 private:
  void write_out(const char* data, std::size_t size, std::error_code& ec) override;
  void sync_out(std::error_code& ec) override;
  std::FILE* file_;
};

/// Writes to a std::ostream; flush() also flushes the stream. A failed stream is reported as
/// std::errc::io_error.
class ostream_sink final : public buffered_sink {
 public:
  explicit ostream_sink(std::ostream& os, std::size_t buffer_size = default_buffer_size)
      : buffered_sink(buffer_size), os_(&os) {}
  ~ostream_sink() override { flush_buffer(); }

 private:
  void write_out(const char* data, std::size_t size, std::error_code& ec) override;
  void sync_out(std::error_code& ec) override;
  std::ostream* os_;
};

}  // namespace jsonx
