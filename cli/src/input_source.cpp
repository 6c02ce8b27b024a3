#include "input_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/iostreams/concepts.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_streambuf.hpp>
#include <cerrno>
#include <cstring>
#include <ios>

namespace jsonx::cli {

namespace {

// Thrown out of the Boost device to abandon a read whose error input_source already recorded
// (Boost's streambuf lets exceptions through; it has no other way to report a failed read).
struct raw_read_failed {};

std::string describe_gzip_error(const boost::iostreams::gzip_error& e) {
  namespace gzip = boost::iostreams::gzip;
  switch (e.error()) {
    case gzip::bad_crc:
      return "gzip data corrupt (CRC mismatch)";
    case gzip::bad_length:
      return "gzip data corrupt (length mismatch)";
    case gzip::bad_header:
      return "gzip header malformed";
    case gzip::bad_footer:
      return "gzip data truncated or its footer malformed";
    case gzip::bad_method:
      return "gzip compression method not supported";
    default:
      // zlib's Z_BUF_ERROR: the compressed stream ended before its end marker.
      if (e.zlib_error_code() == boost::iostreams::zlib::buf_error) {
        return "gzip data truncated";
      }
      return "gzip data corrupt (zlib error " + std::to_string(e.zlib_error_code()) + ")";
  }
}

}  // namespace

// Boost.Iostreams copies devices, so the device holds only a pointer to the input.
struct input_source::gzip_chain {
  class raw_device : public boost::iostreams::source {
   public:
    explicit raw_device(input_source* input) : input_(input) {}
    std::streamsize read(char* data, std::streamsize size) {
      std::size_t got = input_->read_raw(data, static_cast<std::size_t>(size));
      if (!input_->ok()) throw raw_read_failed{};
      return got == 0 ? -1 : static_cast<std::streamsize>(got);
    }

   private:
    input_source* input_;
  };

  explicit gzip_chain(input_source* input) {
    // 64 KiB buffers: one read(2) per 64 KiB of compressed input, as for plain input.
    constexpr std::streamsize buffer_size = 64 << 10;
    stream.push(boost::iostreams::gzip_decompressor(), buffer_size);
    stream.push(raw_device(input), buffer_size);
  }

  boost::iostreams::filtering_streambuf<boost::iostreams::input> stream;
};

input_source::input_source(const std::string& path) {
  if (path == "-") {
    fd_ = STDIN_FILENO;
    display_name_ = "<stdin>";
  } else {
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
  struct stat status {};
  if (::fstat(fd_, &status) == 0 && S_ISREG(status.st_mode)) {
    raw_size_ = static_cast<std::uint64_t>(status.st_size);
  }

  // The first two bytes decide between plain and gzip; they are handed out again afterwards.
  while (magic_size_ < sizeof magic_ && !at_end_ && ok()) {
    ssize_t got = ::read(fd_, magic_ + magic_size_, sizeof magic_ - magic_size_);
    if (got > 0) {
      magic_size_ += static_cast<std::size_t>(got);
    } else if (got == 0) {
      at_end_ = true;
    } else if (errno != EINTR) {
      error_ = "cannot read '" + display_name_ + "': " + std::strerror(errno);
    }
  }
  if (ok() && magic_size_ == 2 && magic_[0] == 0x1f && magic_[1] == 0x8b) {
    gzip_ = std::make_unique<gzip_chain>(this);
  }
}

input_source::~input_source() {
  gzip_.reset();  // before the descriptor its device reads from
  if (owns_fd_) ::close(fd_);
}

std::size_t input_source::read_raw(char* data, std::size_t size) {
  std::size_t filled = 0;
  if (magic_given_ < magic_size_ && size > 0) {
    filled = std::min(size, magic_size_ - magic_given_);
    std::memcpy(data, magic_ + magic_given_, filled);
    magic_given_ += filled;
  }
  while (ok() && !at_end_ && filled < size) {
    ssize_t got = ::read(fd_, data + filled, size - filled);
    if (got > 0) {
      filled += static_cast<std::size_t>(got);
    } else if (got == 0) {
      at_end_ = true;
    } else if (errno != EINTR) {
      error_ = "cannot read '" + display_name_ + "': " + std::strerror(errno);
      return 0;
    }
  }
  raw_bytes_read_ += filled;
  return filled;
}

std::size_t input_source::read_plain(std::span<char> buffer) {
  return read_raw(buffer.data(), buffer.size());
}

std::size_t input_source::read_decompressed(std::span<char> buffer) {
  std::size_t filled = 0;
  try {
    // sgetn() returns short only at the end of the data.
    while (filled < buffer.size()) {
      std::streamsize got = gzip_->stream.sgetn(
          buffer.data() + filled,
          static_cast<std::streamsize>(std::min<std::size_t>(buffer.size() - filled, 1 << 30)));
      if (got <= 0) break;
      filled += static_cast<std::size_t>(got);
    }
  } catch (const raw_read_failed&) {
    return 0;  // error_ says why
  } catch (const boost::iostreams::gzip_error& e) {
    error_ = "cannot read '" + display_name_ + "': " + describe_gzip_error(e);
    return 0;
  } catch (const std::ios_base::failure& e) {
    error_ = "cannot read '" + display_name_ + "': " + e.what();
    return 0;
  }
  return filled;
}

std::size_t input_source::read_chunk(std::span<char> buffer) {
  if (!ok()) return 0;
  std::size_t filled = gzip_ ? read_decompressed(buffer) : read_plain(buffer);
  if (!ok()) return 0;
  bytes_read_ += filled;
  return filled;
}

}  // namespace jsonx::cli
