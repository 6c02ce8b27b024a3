// The sinks: a growing string, and bounded buffers emptied to fd / FILE* / ostream.
#include "jsonx/encode/output_sink.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ostream>

namespace jsonx {

namespace {
// The string is resized (which zero-fills) a slice at a time rather than to its whole
// capacity: the zero-fill then touches bytes the writer overwrites right after, while they are
// in cache, instead of sweeping a large reused capacity on every document.
constexpr std::size_t string_slice = 32 * 1024;

// Sizes the string to `size` for the writer to fill. With C++23's resize_and_overwrite the new
// bytes are left as they are instead of zero-filled: the writer overwrites them at once, and
// the zero-fill cost ~10% of serializing twitter.json (a memset of every output byte).
void lend(std::string& s, std::size_t size) {
#if defined(__cpp_lib_string_resize_and_overwrite)
  s.resize_and_overwrite(size, [](char*, std::size_t n) noexcept { return n; });
#else
  s.resize(size);
#endif
}
}  // namespace

std::span<char> string_sink::next_region(char* written_end, std::size_t min_free,
                                         std::error_code&) {
  std::string& s = *out_;
  const std::size_t content = lent_ && written_end
                                  ? static_cast<std::size_t>(written_end - s.data())
                                  : (lent_ ? committed_size_ : s.size());
  if (s.capacity() - content < min_free) {
    s.resize(content);  // so that reallocating copies only the content
    s.reserve(std::max({content + min_free, 2 * s.capacity(), std::size_t{256}}));
  }
  const std::size_t slice = std::max(min_free, std::min(s.capacity() - content, string_slice));
  lend(s, content + slice);
  committed_size_ = content;
  lent_ = true;
  return {s.data() + content, slice};
}

void string_sink::commit(char* written_end, bool, std::error_code&) {
  if (!lent_) return;
  std::string& s = *out_;
  s.resize(written_end ? static_cast<std::size_t>(written_end - s.data()) : committed_size_);
  lent_ = false;
}

buffered_sink::buffered_sink(std::size_t buffer_size)
    : buffer_(new char[std::max(buffer_size, max_min_free)]),
      capacity_(std::max(buffer_size, max_min_free)) {}

buffered_sink::~buffered_sink() = default;

std::span<char> buffered_sink::next_region(char* written_end, std::size_t min_free,
                                           std::error_code& ec) {
  if (written_end) used_ = static_cast<std::size_t>(written_end - buffer_.get());
  if (capacity_ - used_ < min_free) {
    if (std::error_code e = flush_buffer()) {
      ec = e;
      return {};
    }
  }
  return {buffer_.get() + used_, capacity_ - used_};
}

void buffered_sink::commit(char* written_end, bool deliver, std::error_code& ec) {
  if (written_end) used_ = static_cast<std::size_t>(written_end - buffer_.get());
  if (!deliver) return;
  if (std::error_code e = flush_buffer()) {
    ec = e;
    return;
  }
  sync_out(error_);
  ec = error_;
}

std::error_code buffered_sink::flush_buffer() noexcept {
  if (error_ || used_ == 0) return error_;
  try {
    write_out(buffer_.get(), used_, error_);
  } catch (...) {  // an ostream set to throw: report it as an I/O error, keep noexcept
    error_ = std::make_error_code(std::errc::io_error);
  }
  if (!error_) bytes_written_ += used_;
  used_ = 0;
  return error_;
}

void fd_sink::write_out(const char* data, std::size_t size, std::error_code& ec) {
  while (size > 0) {
    const ssize_t n = ::write(fd_, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      ec.assign(errno, std::generic_category());
      return;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

void file_sink::write_out(const char* data, std::size_t size, std::error_code& ec) {
  if (std::fwrite(data, 1, size, file_) != size) {
    ec.assign(errno ? errno : EIO, std::generic_category());
  }
}

void file_sink::sync_out(std::error_code& ec) {
  if (std::fflush(file_) != 0) ec.assign(errno ? errno : EIO, std::generic_category());
}

void ostream_sink::write_out(const char* data, std::size_t size, std::error_code& ec) {
  os_->write(data, static_cast<std::streamsize>(size));
  if (!*os_) ec = std::make_error_code(std::errc::io_error);
}

void ostream_sink::sync_out(std::error_code& ec) {
  os_->flush();
  if (!*os_) ec = std::make_error_code(std::errc::io_error);
}

}  // namespace jsonx
