#include "chunk_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace jsonx::cli {

chunk_reader::chunk_reader(const std::string& path) {
  if (path == "-") {
    fd_ = STDIN_FILENO;
    display_name_ = "<stdin>";
    return;
  }
  display_name_ = path;
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) {
    error_ = "cannot open '" + path + "': " + std::strerror(errno);
    return;
  }
  owns_fd_ = true;
  // We read once, front to back: let the kernel read ahead and drop pages behind us, which
  // matters for files larger than memory. Advice only; failure changes nothing.
  ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
}

chunk_reader::~chunk_reader() {
  if (owns_fd_) ::close(fd_);
}

std::size_t chunk_reader::read_chunk(std::span<char> buffer) {
  std::size_t filled = 0;
  while (ok() && !at_end_ && filled < buffer.size()) {
    ssize_t got = ::read(fd_, buffer.data() + filled, buffer.size() - filled);
    if (got > 0) {
      filled += static_cast<std::size_t>(got);
    } else if (got == 0) {
      at_end_ = true;
    } else if (errno != EINTR) {
      error_ = "cannot read '" + display_name_ + "': " + std::strerror(errno);
      return 0;
    }
  }
  bytes_read_ += filled;
  return filled;
}

}  // namespace jsonx::cli
