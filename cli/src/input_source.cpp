#include "input_source.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace jsonx::cli {

stream::read_result input_source::counted_fd_source::read_some(char* buffer, std::size_t size) {
  const stream::read_result r = fd_.read_some(buffer, size);
  bytes_read_ += r.bytes;
  return r;
}

int input_source::open_input(const std::string& path, std::string& error) {
  if (path == "-") {
    // A pipe (`producer | jsonx ...`): a 1 MiB pipe buffer halves the cost of the transfer
    // itself (stream::enlarge_pipe). Nothing happens for a file or a terminal.
    stream::enlarge_pipe(STDIN_FILENO);
    return STDIN_FILENO;
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot open '" + path + "': " + std::strerror(errno);
    return -1;
  }
  // We read once, front to back: let the kernel read ahead and drop pages behind us, which
  // matters for files larger than memory. Advice only; failure changes nothing.
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  stream::enlarge_pipe(fd);  // a named pipe (FIFO)
  return fd;
}

input_source::input_source(const std::string& path)
    : display_name_(path == "-" ? "<stdin>" : path),
      owns_fd_(path != "-"),
      fd_(open_input(path, error_)),
      raw_(fd_),
      // 64 KiB of compressed input at a time: one read(2) per 64 KiB, as for plain input.
      json_(raw_, stream::gzip_mode::gzip_or_plain, std::size_t{64} << 10) {
  if (fd_ < 0) return;
  struct stat status {};
  if (::fstat(fd_, &status) == 0 && S_ISREG(status.st_mode)) {
    raw_size_ = static_cast<std::uint64_t>(status.st_size);
  }
}

input_source::~input_source() {
  if (owns_fd_ && fd_ >= 0) ::close(fd_);
}

std::size_t input_source::read_some(char* buffer, std::size_t size) {
  for (;;) {
    const stream::read_result r = json_.read_some(buffer, size);
    if (r.status == stream::read_status::ok) {
      if (r.bytes == 0) continue;  // the gzip source deciding on its format
      return r.bytes;
    }
    if (r.status == stream::read_status::end) {
      at_end_ = true;
      return 0;
    }
    // An I/O error (errno), a bad gzip stream (jsonx.gzip: "gzip data truncated"), or a
    // descriptor someone made non-blocking, which this tool does not wait for.
    const std::error_code error =
        r.status == stream::read_status::would_block
            ? std::make_error_code(std::errc::resource_unavailable_try_again)
            : r.error;
    error_ = "cannot read '" + display_name_ + "': " + error.message();
    return 0;
  }
}

std::size_t input_source::read_chunk(std::span<char> buffer) {
  if (!ok() || at_end_) return 0;
  return read_on(buffer, 0, [] { return true; });
}

template <class Wanted>
std::size_t input_source::read_on(std::span<char> buffer, std::size_t filled, Wanted wanted) {
  while (filled < buffer.size() && wanted()) {
    const std::size_t n = read_some(buffer.data() + filled, buffer.size() - filled);
    if (n == 0) {
      if (!ok()) return 0;
      break;
    }
    filled += n;
  }
  bytes_read_ += filled;
  return filled;
}

bool input_source::readable_now() const noexcept {
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP)) != 0;
}

std::size_t input_source::read_available(std::span<char> buffer) {
  if (!ok() || at_end_ || buffer.empty()) return 0;
  const std::size_t first = read_some(buffer.data(), buffer.size());
  if (first == 0) return 0;
  // Plain input: what has arrived meanwhile joins the chunk (the format check reads the first
  // two bytes alone, and a writer's pieces may have queued up in the pipe). Not gzip: the
  // decompressor may need more than has arrived, and would wait for it.
  return read_on(buffer, first, [this] { return !json_.decompressing() && readable_now(); });
}

}  // namespace jsonx::cli
