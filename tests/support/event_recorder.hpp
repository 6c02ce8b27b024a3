// A handler that records every event in the event log format (event_log.hpp), checks what it
// is given, and can stop the parse at a chosen callback.
//
// The checks make every parse a test of the values too: a number's value must be what its own
// text converts to (std::from_chars, correctly rounded), string values must be valid UTF-8, and
// string pieces must never split a UTF-8 sequence. A failed check appends '!' to its event (so
// log comparisons fail) and is described in check_failures().
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>

#include "event_log.hpp"

namespace jsonx::test {

/// Compile-time switches of an event_recorder (a structural type: usable as a template argument).
struct recorder_config {
  bool takes_parts = false;             ///< declare on_string_part / on_key_part
  bool numbers_as_text = false;         ///< the handler's numbers_as_text switch
  bool big_integers_as_double = false;  ///< the handler's big_integers_as_double switch
  bool log_number_text = false;         ///< append "=<text>" to i/u/d events
};

template <recorder_config Config = recorder_config{}>
class event_recorder {
 public:
  static constexpr bool numbers_as_text = Config.numbers_as_text;
  static constexpr bool big_integers_as_double = Config.big_integers_as_double;

  /// Callback number `k` (from 1) is recorded, then returns false; 0 never stops.
  explicit event_recorder(std::size_t stop_at_callback = 0) : stop_at_(stop_at_callback) {}

  const std::string& log() const { return log_; }
  /// "" if every check passed; else one line per failed check, with the event's number.
  const std::string& check_failures() const { return failures_; }
  std::size_t callbacks() const { return callbacks_; }
  std::size_t string_parts() const { return parts_; }
  /// Callback number `k` (from 1) will stop the parse; 0: never.
  void stop_at(std::size_t k) { stop_at_ = k; }
  void clear() {
    log_.clear();
    failures_.clear();
    pending_.clear();
    piece_split_utf8_ = false;
    callbacks_ = 0;
    parts_ = 0;
  }

  bool on_null() { return event("n"); }
  bool on_bool(bool value) { return event(value ? "t" : "f"); }

  bool on_int64(std::int64_t value, std::string_view text) {
    append_int64(log_, value);
    check_integer_text(value, text);
    return number_done(text);
  }
  bool on_uint64(std::uint64_t value, std::string_view text) {
    append_uint64(log_, value);
    check_integer_text(value, text);
    if (value <= static_cast<std::uint64_t>(INT64_MAX))
      check_failed("uint64 event for a value that fits int64");
    return number_done(text);
  }
  bool on_double(double value, std::string_view text) {
    append_double(log_, value);
    double expected = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), expected);
    if (ec == std::errc::result_out_of_range) {
      // libstdc++ reports underflow to zero as out of range; glibc's strtod is correctly
      // rounded too and gives the signed zero (or infinity: not a double event then).
      expected = std::strtod(std::string(text).c_str(), nullptr);
    } else if (ec != std::errc{} || end != text.data() + text.size()) {
      check_failed("double text is not a number");
    }
    if (std::memcmp(&expected, &value, sizeof value) != 0)
      check_failed("double differs from its text");
    return number_done(text);
  }
  bool on_number_text(std::string_view text) {
    log_ += 'x';
    log_ += text;
    return finish_event();
  }

  bool on_string(std::string_view value) { return whole_string('s', value); }
  bool on_key(std::string_view key) { return whole_string('k', key); }

  bool on_string_part(std::string_view piece) requires(Config.takes_parts) { return part(piece); }
  bool on_key_part(std::string_view piece) requires(Config.takes_parts) { return part(piece); }

  bool on_object_begin() { return event("{"); }
  bool on_object_end(std::size_t count) {
    append_end(log_, '}', count);
    return finish_event();
  }
  bool on_array_begin() { return event("["); }
  bool on_array_end(std::size_t count) {
    append_end(log_, ']', count);
    return finish_event();
  }

 private:
  // Marks the current event in the log (so log comparisons fail too) and says why.
  void check_failed(const char* why) {
    log_ += '!';
    failures_ += "event #" + std::to_string(callbacks_) + ": " + why + "\n";
  }
  bool event(std::string_view text) {
    log_ += text;
    return finish_event();
  }
  bool finish_event() {
    log_ += '\n';
    return ++callbacks_ != stop_at_;
  }
  template <class Integer>
  void check_integer_text(Integer value, std::string_view text) {
    Integer expected{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), expected);
    if (ec != std::errc{} || end != text.data() + text.size() || expected != value)
      check_failed("integer differs from its text");
  }
  bool number_done(std::string_view text) {
    if constexpr (Config.log_number_text) {
      log_ += '=';
      log_ += text;
    }
    return finish_event();
  }
  bool part(std::string_view piece) {
    ++parts_;
    if (!is_valid_utf8(piece)) piece_split_utf8_ = true;
    pending_ += piece;
    // A part is a callback too: it can stop the parse, but logs nothing until the value ends.
    return ++callbacks_ != stop_at_;
  }
  bool whole_string(char kind, std::string_view last_piece) {
    if (pending_.empty()) {
      append_sized(log_, kind, last_piece);
      if (!is_valid_utf8(last_piece)) check_failed("string is not valid UTF-8");
    } else {
      pending_ += last_piece;
      append_sized(log_, kind, pending_);
      if (!is_valid_utf8(pending_)) check_failed("string is not valid UTF-8");
      if (piece_split_utf8_) check_failed("a string part splits a UTF-8 sequence");
      pending_.clear();
      piece_split_utf8_ = false;
    }
    return finish_event();
  }

  std::string log_;
  std::string failures_;
  std::string pending_;  // string/key parts received so far
  bool piece_split_utf8_ = false;
  std::size_t stop_at_;
  std::size_t callbacks_ = 0;
  std::size_t parts_ = 0;
};

/// The recorder most tests use: no parts, numbers converted, number text logged.
using text_recorder = event_recorder<recorder_config{.log_number_text = true}>;
/// The recorder of differential tests: simdjson gives no number text, so none is logged.
using value_recorder = event_recorder<recorder_config{}>;
/// A recorder taking string/key parts.
using parts_recorder =
    event_recorder<recorder_config{.takes_parts = true, .log_number_text = true}>;

}  // namespace jsonx::test
