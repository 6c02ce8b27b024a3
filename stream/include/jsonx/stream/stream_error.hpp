// Errors of the stream decoder and encoder, with where in the stream they happened.
//
// A stream_error carries whichever kind of error applies, each in its own category:
// jsonx.parse (the bytes are not JSON: parse_errc), jsonx.bind (the JSON does not fit a typed
// target: bind_errc), jsonx.stream (the stream's framing: stream_errc), or the system
// category (an I/O error of the source: errno).
#pragma once

#include <cstdint>
#include <string>
#include <system_error>

#include "jsonx/bind/error.hpp"
#include "jsonx/sax/error.hpp"

namespace jsonx::stream {

/// Errors of the stream's framing and of the decoder's use.
enum class stream_errc {
  ok = 0,
  missing_record_separator,  ///< RFC 7464: a value not preceded by RS (0x1E)
  value_in_progress,         ///< a call for another target while a value is half decoded
  misplaced_value,           ///< decode() where token() left a ',' ':' or end expected
  write_failed,              ///< the encoder's writer failed before (see its error)
  duplicate_name,            ///< an object member name its object has already (path: where)
};

/// The error category of stream_errc ("jsonx.stream").
const std::error_category& stream_category() noexcept;

inline std::error_code make_error_code(stream_errc e) noexcept {
  return {static_cast<int>(e), stream_category()};
}

/// Why and where decoding a stream failed. The location (error_location) is in the whole
/// stream: byte offset from 0, line and byte column from 1; for typed targets, path is the JSON
/// Pointer of the value at fault; for parse errors, the excerpt shows the bytes around it.
struct stream_error : error_location {
  /// A parse_errc, bind_errc, stream_errc or errno (system category) code.
  std::error_code code;
  /// Top-level values decoded before this one (0 for the first).
  std::uint64_t value_index = 0;
  /// True if the error happened inside a value (an I/O error or the end of the input cut it).
  bool inside_value = false;
  /// For typed targets: what was expected and what was found.
  std::string expected;
  std::string found;
  /// For typed targets, as jsonx::decode_error has them (Go's UnmarshalTypeError): the C++ type
  /// that refused the value ("std::uint8_t", a described struct's name) and the JSON kind found.
  std::string expected_type;
  json_kind found_kind = json_kind::none;

  explicit operator bool() const noexcept { return static_cast<bool>(code); }
  /// "line 7, column 12 (byte 301): expected ',' or '}' after an object member: {"a": 1 "b"".
  std::string message() const;
};

/// Thrown by the throwing flavours of the decoder's entry points.
class stream_exception : public jsonx::exception {
 public:
  explicit stream_exception(stream_error error)
      : jsonx::exception(error.code, error.message(), error), error_(std::move(error)) {}
  const stream_error& error() const noexcept { return error_; }

 private:
  stream_error error_;
};

}  // namespace jsonx::stream

template <>
struct std::is_error_code_enum<jsonx::stream::stream_errc> : std::true_type {};
