// The sources of source.hpp.
#include "jsonx/stream/source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <istream>

namespace jsonx::stream {

read_result memory_source::read_some(char* buffer, std::size_t size) {
  const std::size_t n = std::min({size, max_read_, bytes_.size() - position_});
  if (n == 0) return {0, read_status::end, {}};
  std::memcpy(buffer, bytes_.data() + position_, n);
  position_ += n;
  return {n, read_status::ok, {}};
}

bool memory_source::lend_some(std::size_t size, const char*& bytes, read_result& result) {
  const std::size_t n = std::min({size, max_read_, bytes_.size() - position_});
  bytes = bytes_.data() + position_;
  position_ += n;
  result = n == 0 ? read_result{0, read_status::end, {}} : read_result{n, read_status::ok, {}};
  return true;
}

read_result fd_source::read_some(char* buffer, std::size_t size) {
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, size);
    if (n > 0) return {static_cast<std::size_t>(n), read_status::ok, {}};
    if (n == 0) return {0, read_status::end, {}};
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return {0, read_status::would_block, {}};
    return {0, read_status::error, std::error_code(errno, std::system_category())};
  }
}

std::size_t enlarge_pipe(int fd, std::size_t bytes) noexcept {
#if defined(F_SETPIPE_SZ) && defined(F_GETPIPE_SZ)
  struct stat status {};
  if (::fstat(fd, &status) != 0 || !S_ISFIFO(status.st_mode)) return 0;
  const int before = ::fcntl(fd, F_GETPIPE_SZ);
  if (before < 0) return 0;
  const auto current = static_cast<std::size_t>(before);
  // Beyond pipe-max-size an unprivileged process gets EPERM: halve until it is allowed.
  for (std::size_t want = std::min<std::size_t>(bytes, INT_MAX); want > current; want /= 2) {
    const int got = ::fcntl(fd, F_SETPIPE_SZ, static_cast<int>(want));
    if (got >= 0) return static_cast<std::size_t>(got);
    if (errno != EPERM) break;
  }
  return current;
#else
  (void)fd;
  (void)bytes;
  return 0;
#endif
}

read_result file_source::read_some(char* buffer, std::size_t size) {
  const std::size_t n = std::fread(buffer, 1, size, file_);
  if (n > 0) return {n, read_status::ok, {}};
  if (std::ferror(file_)) {
    const int e = errno;
    std::clearerr(file_);  // so that a retry (EAGAIN) reads again
    if (e == EAGAIN || e == EWOULDBLOCK) return {0, read_status::would_block, {}};
    return {0, read_status::error, std::error_code(e != 0 ? e : EIO, std::system_category())};
  }
  return {0, read_status::end, {}};
}

read_result istream_source::read_some(char* buffer, std::size_t size) {
  std::streambuf* in = in_->rdbuf();
  if (in == nullptr || in_->bad())
    return {0, read_status::error, make_error_code(std::errc::io_error)};
  try {
    // sgetc() waits (underflow) only if the stream's buffer is empty; what is then in it is
    // taken without waiting for more.
    if (std::char_traits<char>::eq_int_type(in->sgetc(), std::char_traits<char>::eof())) {
      return {0, read_status::end, {}};
    }
    const std::streamsize available = in->in_avail();
    const std::streamsize want = std::min<std::streamsize>(available > 0 ? available : 1,
                                                           static_cast<std::streamsize>(size));
    const std::streamsize n = in->sgetn(buffer, want);
    if (n <= 0) return {0, read_status::end, {}};
    return {static_cast<std::size_t>(n), read_status::ok, {}};
  } catch (const std::ios_base::failure& e) {
    return {0, read_status::error, e.code() ? e.code() : make_error_code(std::errc::io_error)};
  } catch (const std::exception&) {
    // A filter's failure (boost::iostreams::gzip_error is one) thrown from underflow().
    return {0, read_status::error, make_error_code(std::errc::io_error)};
  }
}

}  // namespace jsonx::stream
