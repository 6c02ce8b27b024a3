// encoder: a sequence of JSON values written to a sink, each followed by a newline (Go's
// json.Encoder), through jsonx::writer.
//
//   jsonx::fd_sink out(1);                         // or file_sink, ostream_sink, iostreams_sink
//   jsonx::stream::encoder encoder(out);
//   encoder.set_indent("", "  ");                  // Go's SetIndent; compact by default
//   encoder.encode(doc);                           // a dom::document, element or value
//   encoder.encode(my_struct);                     // a typed value (jsonx/bind)
//   encoder.encode_events([](jsonx::writer& w) {   // or events, written by hand
//     return w.on_array_begin() && w.on_int64(1) && w.on_array_end();
//   });
//
// Memory is the sink's buffer (64 KiB for buffered sinks), whatever the values' sizes. Each
// value is delivered to the sink as it is written (as Go's Encoder writes each value); with
// set_flush_each_value(false) the sink's buffer is delivered when full, and by flush().
// Errors stick: after a failed value (a NaN, invalid UTF-8, an I/O error) the output may end
// inside it, and every later call fails. Unlike Go's, HTML characters are not escaped unless
// set_escape_html(true).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "jsonx/bind/bind.hpp"
#include "jsonx/bind/dom.hpp"
#include "jsonx/dom/document.hpp"
#include "jsonx/dom/element.hpp"
#include "jsonx/dom/value.hpp"
#include "jsonx/encode/output_sink.hpp"
#include "jsonx/encode/write_options.hpp"
#include "jsonx/encode/writer.hpp"

namespace jsonx::stream {

class encoder {
 public:
  /// Writes to `sink`, which must outlive the encoder.
  explicit encoder(output_sink& sink, const write_options& options = {});
  /// Appends to `out`.
  explicit encoder(std::string& out, const write_options& options = {});
  ~encoder();
  encoder(const encoder&) = delete;
  encoder& operator=(const encoder&) = delete;

  /// Go's SetIndent: each element on its own line, starting with `prefix` and one `indent`
  /// per level (both empty: compact). Applies to the next value.
  void set_indent(std::string_view prefix, std::string_view indent);
  /// Go's SetEscapeHTML: write <, > and & as \u003c, \u003e, \u0026.
  void set_escape_html(bool on);
  /// Deliver each value to the destination as soon as it is written (the default).
  void set_flush_each_value(bool on) noexcept { flush_each_value_ = on; }
  const write_options& options() const noexcept { return options_; }

  bool encode(const dom::document& doc, std::error_code& ec);
  bool encode(const dom::element& e, std::error_code& ec);
  bool encode(const dom::value& v, std::error_code& ec);
  /// A typed value (jsonx/bind); error has the path of a value that failed.
  template <class T>
  requires(!std::is_same_v<T, dom::document> && !std::is_same_v<T, dom::element> &&
           !std::is_same_v<T, dom::value>) bool encode(const T& value, encode_error& error) {
    if (!ready(error.code)) return false;
    if (!jsonx::encode(value, *writer_, error, encode_options{options_, max_depth_})) {
      if (!error.code) error.code = writer_->error();
      return fail(error.code);
    }
    return end_value(error.code);
  }
  template <class T>
  requires(!std::is_same_v<T, dom::document> && !std::is_same_v<T, dom::element> &&
           !std::is_same_v<T, dom::value>) bool encode(const T& value, std::error_code& ec) {
    encode_error error;
    const bool ok = encode(value, error);
    ec = error.code;
    return ok;
  }
  /// Throwing flavour of every encode(): throws std::system_error (encode_exception for a
  /// typed value, with its path).
  template <class T>
  void encode(const T& value) {
    if constexpr (std::is_same_v<T, dom::document> || std::is_same_v<T, dom::element> ||
                  std::is_same_v<T, dom::value>) {
      std::error_code ec;
      if (!encode(value, ec)) throw std::system_error(ec);
    } else {
      encode_error error;
      if (!encode(value, error)) throw encode_exception(std::move(error));
    }
  }

  /// One value written by `write(jsonx::writer&)` (which returns false on failure): exactly
  /// one complete top-level value, then the newline.
  template <class F>
  bool encode_events(F&& write, std::error_code& ec) {
    if (!ready(ec)) return false;
    if (!std::forward<F>(write)(*writer_)) {
      ec = writer_->failed() ? writer_->error() : make_error_code(std::errc::invalid_argument);
      return fail(ec);
    }
    return end_value(ec);
  }

  /// Throwing flavour of encode_events().
  template <class F>
  void encode_events(F&& write) {
    std::error_code ec;
    if (!encode_events(std::forward<F>(write), ec)) throw std::system_error(ec);
  }

  /// Delivers what is buffered to the destination.
  bool flush(std::error_code& ec);
  void flush();

  /// Values written so far.
  std::uint64_t values_written() const noexcept { return values_written_; }
  /// The first error (empty if none): it sticks.
  const std::error_code& error() const noexcept { return error_; }
  bool failed() const noexcept { return static_cast<bool>(error_); }

 private:
  bool ready(std::error_code& ec);
  bool end_value(std::error_code& ec);
  bool fail(std::error_code ec);
  void start_writer();

  output_sink* sink_;
  std::optional<string_sink> own_sink_;
  write_options options_;
  std::size_t max_depth_ = 1024;
  std::optional<writer> writer_;
  bool flush_each_value_ = true;
  std::uint64_t values_written_ = 0;
  std::uint64_t writer_values_ = 0;  // values of the current writer
  std::error_code error_;
};

}  // namespace jsonx::stream
