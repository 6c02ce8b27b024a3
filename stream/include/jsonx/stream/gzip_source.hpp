// gzip_source: the bytes of a gzip stream read from another source, decompressed as they are
// read.
//
//   jsonx::stream::fd_source file(fd);                       // log.json.gz, a pipe, a socket
//   jsonx::stream::gzip_source in(file);
//   jsonx::stream::decoder decoder(in);                      // decodes the inflated bytes
//
//   jsonx::stream::gzip_source in(file, jsonx::stream::gzip_mode::gzip_or_plain);
//                                                            // gzip or not, by its first bytes
//
// Header only, in target jsonx::stream_iostreams (which links Boost.Iostreams); not part of
// <jsonx/jsonx.hpp>. The deflate data goes through Boost.Iostreams' zlib_decompressor (raw
// deflate, with its CRC-32); the gzip framing around it (RFC 1952: header, footer, members)
// is read here, because Boost's gzip_decompressor loses its place on a source that returns
// short reads or would_block between two members.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ios>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <system_error>

#include <boost/iostreams/filter/zlib.hpp>

#include "jsonx/sax/error.hpp"
#include "jsonx/stream/source.hpp"

namespace jsonx::stream {

/// What is wrong with a gzip stream (category "jsonx.gzip"; every code is
/// jsonx::condition::io_error: the source failed to give JSON bytes).
enum class gzip_errc {
  ok = 0,
  bad_header,         ///< not a gzip header (or the input ends inside it)
  bad_method,         ///< a compression method other than deflate
  truncated,          ///< the compressed data ends before its end marker
  bad_footer,         ///< the input ends inside the 8-byte footer
  bad_crc,            ///< the CRC-32 of the data differs from the footer's
  bad_length,         ///< the length of the data differs from the footer's
  corrupt_data = -3,  ///< zlib's Z_DATA_ERROR: the compressed data is invalid. Any other error
                      ///< zlib reports keeps zlib's own (negative) number in this category.
};

}  // namespace jsonx::stream

template <>
struct std::is_error_code_enum<jsonx::stream::gzip_errc> : std::true_type {};

namespace jsonx::stream {

namespace detail {

class gzip_category_impl final : public std::error_category {
 public:
  const char* name() const noexcept override { return "jsonx.gzip"; }
  std::error_condition default_error_condition(int value) const noexcept override {
    if (value == 0) return {};
    return jsonx::condition::io_error;
  }
  std::string message(int value) const override {
    switch (static_cast<gzip_errc>(value)) {
      case gzip_errc::ok:
        return "no error";
      case gzip_errc::bad_header:
        return "gzip header malformed";
      case gzip_errc::bad_method:
        return "gzip compression method not supported";
      case gzip_errc::truncated:
        return "gzip data truncated";
      case gzip_errc::bad_footer:
        return "gzip data truncated or its footer malformed";
      case gzip_errc::bad_crc:
        return "gzip data corrupt (CRC mismatch)";
      case gzip_errc::bad_length:
        return "gzip data corrupt (length mismatch)";
      case gzip_errc::corrupt_data:
        break;
    }
    return "gzip data corrupt (zlib error " + std::to_string(value) + ")";
  }
};

}  // namespace detail

/// The error category of gzip_errc ("jsonx.gzip").
inline const std::error_category& gzip_category() noexcept {
  static const detail::gzip_category_impl category;
  return category;
}

inline std::error_code make_error_code(gzip_errc e) noexcept {
  return {static_cast<int>(e), gzip_category()};
}

/// What gzip_source expects of its input.
enum class gzip_mode : unsigned char {
  gzip_only,      ///< gzip: anything else is gzip_errc::bad_header
  gzip_or_plain,  ///< gzip if it starts with gzip's magic bytes (1f 8b, which no JSON text
                  ///< starts with), else the bytes as they are (so is an empty input)
};

/// The decompressed bytes of a gzip stream read from `compressed`, which must outlive this: one
/// member or several one after the other (as `cat a.gz b.gz` makes), each checked against its
/// CRC-32 and length. A read returns as soon as one read of `compressed` has given the
/// decompressor enough for at least one byte. would_block from `compressed` is passed on (call
/// again once it is readable: the read resumes where it stopped); so are its errors (errno
/// codes for fd_source). A bad stream is a gzip_errc. Errors stick.
///
/// Unlike the sources of source.hpp it holds buffers of its own, allocated once the input is
/// known to be gzip: compressed bytes read ahead of the decompressor (two buffers of
/// `buffer_size` at most) and zlib's state (its 32 KiB window among it).
class gzip_source final : public source {
 public:
  static constexpr std::size_t default_buffer_size = std::size_t{64} << 10;

  /// `buffer_size`: the most bytes asked of `compressed` at a time.
  explicit gzip_source(source& compressed, gzip_mode mode = gzip_mode::gzip_only,
                       std::size_t buffer_size = default_buffer_size)
      : in_(&compressed),
        buffer_size_(std::clamp<std::size_t>(buffer_size, 1, std::size_t{1} << 30)),
        state_(mode == gzip_mode::gzip_only ? state::header : state::detecting),
        decompressing_(mode == gzip_mode::gzip_only) {}
  gzip_source(const gzip_source&) = delete;
  gzip_source& operator=(const gzip_source&) = delete;

  read_result read_some(char* buffer, std::size_t size) override;

  /// True if the bytes are decompressed: always with gzip_mode::gzip_only; with
  /// gzip_or_plain, once the first read has found gzip's magic bytes.
  bool decompressing() const noexcept { return decompressing_; }

 private:
  enum class state : unsigned char {
    detecting,        // gzip_or_plain, before the first two bytes are known
    plain,            // not gzip: the bytes as they are
    header,           // in a member's header
    body,             // in its deflate data
    footer,           // in its footer (CRC-32 and length of the data, little-endian)
    between_members,  // after a footer: another member, or the end
    ended,
    failed,
  };
  // The fields of a member's header (RFC 1952, 2.3), in their order; FLG says which of the
  // optional ones follow the fixed 10 bytes. The header's own CRC (FHCRC) is skipped.
  enum class header_field : unsigned char { fixed, extra_length, extra, name, comment, crc16 };

  // Thrown through the decompressor when `compressed` fails (failure_ says how).
  struct source_failed {};
  class device;

  read_result detect();
  // pending_ = the `size` bytes at `bytes`. (Not std::string::assign: GCC 12 warns, wrongly,
  // that the copy inside it may overlap, in every program that includes this header.)
  void keep_pending(const char* bytes, std::size_t size) {
    pending_.resize(size);
    if (size != 0) std::memcpy(pending_.data(), bytes, size);
  }
  read_result read_plain(char* buffer, std::size_t size);
  read_result read_gzip(char* buffer, std::size_t size);
  read_result read_header();
  read_result read_body(char* buffer, std::size_t size);
  read_result read_footer();
  // Reads `compressed` into pending_ when nothing is pending: ok, or what stopped it (an
  // error fails this source).
  read_result fill_pending();
  bool next_header_field() noexcept;
  read_result fail(read_result r) {
    state_ = state::failed;
    failure_ = r;
    return r;
  }
  read_result fail(std::error_code error) { return fail({0, read_status::error, error}); }

  source* in_;
  std::size_t buffer_size_;
  state state_;
  bool decompressing_;
  // Bytes read from `compressed` and not used yet: those read to look for the magic, those
  // read beyond a header or a footer, those the decompressor read beyond the deflate data.
  std::string pending_;
  std::size_t pending_at_ = 0;
  // Where the header or footer being read is.
  header_field field_ = header_field::fixed;
  std::size_t field_bytes_ = 0;  // bytes of the current header field, or of the footer, read
  unsigned char flags_ = 0;
  std::uint32_t extra_left_ = 0;
  unsigned char footer_[8] = {};
  std::optional<boost::iostreams::zlib_decompressor> inflater_;
  bool may_read_ = false;  // the decompressor may still read in this call
  bool source_would_block_ = false;
  read_result failure_;
};

// `compressed` as the decompressor's Boost.Iostreams Source device: the pending bytes first,
// then `compressed`'s, one read per call of the decompressor. Boost's decompressor reads until
// its output is full, which on a pipe or socket would wait for more input while it holds
// output: a second read in one call is refused as would_block (0), so that it returns what it
// has. would_block from `compressed` is 0 as well, and says so in source_would_block_.
class gzip_source::device {
 public:
  using char_type = char;
  using category = boost::iostreams::source_tag;
  explicit device(gzip_source& owner) noexcept : owner_(&owner) {}
  std::streamsize read(char* data, std::streamsize size) {
    gzip_source& s = *owner_;
    if (!s.may_read_) return 0;
    s.may_read_ = false;
    const auto wanted = static_cast<std::size_t>(size);
    if (s.pending_at_ < s.pending_.size()) {
      const std::size_t n = std::min(wanted, s.pending_.size() - s.pending_at_);
      std::memcpy(data, s.pending_.data() + s.pending_at_, n);
      s.pending_at_ += n;
      return static_cast<std::streamsize>(n);
    }
    const read_result r = s.in_->read_some(data, std::min(wanted, s.buffer_size_));
    switch (r.status) {
      case read_status::ok:
        return static_cast<std::streamsize>(r.bytes);
      case read_status::end:
        return -1;
      case read_status::would_block:
        s.source_would_block_ = true;
        return 0;
      case read_status::error:
        break;
    }
    s.failure_ = r;
    throw source_failed{};
  }

 private:
  gzip_source* owner_;
};

inline read_result gzip_source::read_some(char* buffer, std::size_t size) {
  if (size == 0) return {0, read_status::ok, {}};  // outside the contract: nothing to do
  if (state_ == state::detecting) {
    const read_result r = detect();
    if (r.status != read_status::ok) return r;
  }
  switch (state_) {
    case state::plain:
      return read_plain(buffer, size);
    case state::ended:
      return {0, read_status::end, {}};
    case state::failed:
      return failure_;
    default:
      return read_gzip(buffer, size);
  }
}

// Reads the first two bytes (fewer if the input ends first) and decides between gzip and
// plain; either way the bytes are read again from pending_. ok once decided.
inline read_result gzip_source::detect() {
  char magic[2];
  std::size_t got = std::min(pending_.size(), sizeof magic);  // (at most 2 kept: see below)
  std::memcpy(magic, pending_.data(), got);
  while (got < sizeof magic) {
    const read_result r = in_->read_some(magic + got, sizeof magic - got);
    if (r.status == read_status::end) break;
    if (r.status == read_status::error) return fail(r);
    if (r.status == read_status::would_block) {
      keep_pending(magic, got);  // kept for the next call
      return r;
    }
    got += r.bytes;
  }
  keep_pending(magic, got);
  pending_at_ = 0;
  decompressing_ = got == 2 && static_cast<unsigned char>(magic[0]) == 0x1f &&
                   static_cast<unsigned char>(magic[1]) == 0x8b;
  state_ = decompressing_ ? state::header : state::plain;
  return {0, read_status::ok, {}};
}

inline read_result gzip_source::read_plain(char* buffer, std::size_t size) {
  if (pending_at_ < pending_.size()) {
    const std::size_t n = std::min(size, pending_.size() - pending_at_);
    std::memcpy(buffer, pending_.data() + pending_at_, n);
    pending_at_ += n;
    return {n, read_status::ok, {}};
  }
  const read_result r = in_->read_some(buffer, size);
  if (r.status == read_status::end) state_ = state::ended;
  if (r.status == read_status::error) return fail(r);
  return r;
}

inline read_result gzip_source::read_gzip(char* buffer, std::size_t size) {
  try {
    for (;;) {
      read_result r{0, read_status::ok, {}};
      switch (state_) {
        case state::header:
          r = read_header();
          break;
        case state::body:
          r = read_body(buffer, size);
          if (r.status == read_status::ok && r.bytes != 0) return r;
          break;
        case state::footer:
          r = read_footer();
          break;
        case state::between_members:
          r = fill_pending();
          if (r.status == read_status::end) {
            state_ = state::ended;
            return r;
          }
          // Another member follows: the decompressor starts afresh.
          if (r.status == read_status::ok) {
            device compressed(*this);
            inflater_->close(compressed, std::ios_base::in);
            state_ = state::header;
          }
          break;
        case state::ended:
          return {0, read_status::end, {}};
        default:
          return failure_;
      }
      if (r.status != read_status::ok) return r;
    }
  } catch (const source_failed&) {
    return fail(failure_);
  } catch (const boost::iostreams::zlib_error& e) {
    // zlib's Z_BUF_ERROR: the input ended and the deflate data has not.
    if (e.error() == boost::iostreams::zlib::buf_error) return fail(gzip_errc::truncated);
    return fail(std::error_code(
        e.error() < 0 ? e.error() : static_cast<int>(gzip_errc::corrupt_data), gzip_category()));
  } catch (const std::bad_alloc&) {
    return fail(make_error_code(std::errc::not_enough_memory));
  } catch (const std::ios_base::failure& e) {
    return fail(e.code() ? e.code() : make_error_code(std::errc::io_error));
  }
}

inline read_result gzip_source::fill_pending() {
  if (pending_at_ < pending_.size()) return {0, read_status::ok, {}};
  pending_.resize(buffer_size_);
  const read_result r = in_->read_some(pending_.data(), pending_.size());
  pending_.resize(r.bytes);
  pending_at_ = 0;
  if (r.status == read_status::error) return fail(r);
  return r;
}

// Moves to the next header field this header has; false if the header is complete.
inline bool gzip_source::next_header_field() noexcept {
  const auto present = [this](header_field f) {
    switch (f) {
      case header_field::fixed:
        return false;
      case header_field::extra_length:
        return (flags_ & 0x04) != 0;  // FEXTRA
      case header_field::extra:
        return (flags_ & 0x04) != 0 && extra_left_ != 0;
      case header_field::name:
        return (flags_ & 0x08) != 0;  // FNAME
      case header_field::comment:
        return (flags_ & 0x10) != 0;  // FCOMMENT
      case header_field::crc16:
        return (flags_ & 0x02) != 0;  // FHCRC
    }
    return false;
  };
  field_bytes_ = 0;
  for (auto f = static_cast<int>(field_) + 1; f <= static_cast<int>(header_field::crc16); ++f) {
    if (present(static_cast<header_field>(f))) {
      field_ = static_cast<header_field>(f);
      return true;
    }
  }
  field_ = header_field::fixed;
  return false;
}

inline read_result gzip_source::read_header() {
  for (;;) {
    if (pending_at_ == pending_.size()) {
      const read_result r = fill_pending();
      if (r.status == read_status::end) return fail(gzip_errc::bad_header);
      if (r.status != read_status::ok) return r;
    }
    const auto c = static_cast<unsigned char>(pending_[pending_at_++]);
    bool field_done = false;
    switch (field_) {
      case header_field::fixed:
        // ID1 ID2 CM FLG MTIME(4) XFL OS
        if ((field_bytes_ == 0 && c != 0x1f) || (field_bytes_ == 1 && c != 0x8b)) {
          return fail(gzip_errc::bad_header);
        }
        if (field_bytes_ == 2 && c != 8) return fail(gzip_errc::bad_method);  // 8: deflate
        if (field_bytes_ == 3) {
          if ((c & 0xe0) != 0) return fail(gzip_errc::bad_header);  // reserved flags
          flags_ = c;
          extra_left_ = 0;
        }
        field_done = ++field_bytes_ == 10;
        break;
      case header_field::extra_length:
        extra_left_ |= std::uint32_t{c} << (8 * field_bytes_);
        field_done = ++field_bytes_ == 2;
        break;
      case header_field::extra:
        field_done = --extra_left_ == 0;
        break;
      case header_field::name:
      case header_field::comment:
        field_done = c == 0;  // zero-terminated
        break;
      case header_field::crc16:
        field_done = ++field_bytes_ == 2;
        break;
    }
    if (field_done && !next_header_field()) break;
  }
  if (!inflater_) {
    boost::iostreams::zlib_params params;
    params.noheader = true;  // raw deflate: the gzip framing is read here
    params.calculate_crc = true;
    inflater_.emplace(params, static_cast<std::streamsize>(buffer_size_));
  }
  state_ = state::body;
  return {0, read_status::ok, {}};
}

// Decompressed bytes (ok with at least 1), or would_block, or ok with none once the deflate
// data has ended (then state_ is footer).
inline read_result gzip_source::read_body(char* buffer, std::size_t size) {
  device compressed(*this);
  const auto want = static_cast<std::streamsize>(
      std::min<std::size_t>(size, std::numeric_limits<std::streamsize>::max()));
  for (;;) {
    may_read_ = true;
    source_would_block_ = false;
    const std::streamsize n = inflater_->read(compressed, buffer, want);
    if (n > 0) return {static_cast<std::size_t>(n), read_status::ok, {}};
    if (n < 0) break;
    if (source_would_block_) return {0, read_status::would_block, {}};
    // Nothing out of this call's read: read again.
  }
  // The bytes the decompressor read beyond the deflate data come before any still pending.
  pending_ = inflater_->unconsumed_input() + pending_.substr(pending_at_);
  pending_at_ = 0;
  state_ = state::footer;
  return {0, read_status::ok, {}};
}

inline read_result gzip_source::read_footer() {
  while (field_bytes_ < sizeof footer_) {
    if (pending_at_ == pending_.size()) {
      const read_result r = fill_pending();
      if (r.status == read_status::end) return fail(gzip_errc::bad_footer);
      if (r.status != read_status::ok) return r;
    }
    footer_[field_bytes_++] = static_cast<unsigned char>(pending_[pending_at_++]);
  }
  field_bytes_ = 0;
  const auto le32 = [](const unsigned char* p) {
    return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
           std::uint32_t{p[3]} << 24;
  };
  if (le32(footer_) != static_cast<std::uint32_t>(inflater_->crc())) {
    return fail(gzip_errc::bad_crc);
  }
  // ISIZE: the length of the data modulo 2^32.
  if (le32(footer_ + 4) != static_cast<std::uint32_t>(inflater_->total_out())) {
    return fail(gzip_errc::bad_length);
  }
  state_ = state::between_members;
  return {0, read_status::ok, {}};
}

}  // namespace jsonx::stream
