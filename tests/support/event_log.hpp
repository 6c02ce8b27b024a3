// The event log: the compact, comparable record of what a handler saw.
//
// One event per entry, each ended by '\n'; strings and keys carry a byte count so that any bytes
// (newlines, NULs) fit unambiguously:
//   n  t  f                      null, true, false
//   i-12  u18446744073709551615  int64, uint64 (optionally "=<text>": the number's source text)
//   d0x1.8p+1                    double, as a hex float (exact, -0 distinct from 0)
//   x123456789012345678901234    on_number_text (the raw text)
//   s5:hello  k3:key             string, key (the whole value, parts concatenated)
//   {  }2  [  ]3                 object/array begin, end with the member/element count
//   <event>!                     a check of event_recorder failed on this event
// Two parses saw the same events iff their logs are equal strings.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace jsonx::test {

/// Splits a log into its events (without the '\n'), honouring string byte counts.
std::vector<std::string_view> split_events(std::string_view log);

/// Number of events in a log.
std::size_t count_events(std::string_view log);

/// The first `count` events of a log (the log of a parse stopped after `count` callbacks).
std::string_view first_events(std::string_view log, std::size_t count);

/// The log without the "=<text>" of its i/u/d events: what a recorder that does not log number
/// texts would have written (to compare with a library that keeps no number text: simdjson).
std::string without_number_texts(std::string_view log);

/// True if the log holds an on_number_text event ('x': a number beyond 64-bit integers or the
/// range of double).
bool has_number_text(std::string_view log);

/// "" if equal; else where the logs first differ, with a few events of context each side,
/// printable (bytes outside ASCII shown as \xNN).
std::string describe_difference(std::string_view expected, std::string_view actual);

/// `bytes` with non-printable bytes as \xNN, cut to `limit` characters.
std::string printable(std::string_view bytes, std::size_t limit = 200);

/// True if `bytes` is valid UTF-8 (no surrogates, no overlongs, nothing above U+10FFFF).
bool is_valid_utf8(std::string_view bytes);

// Appenders used by the recorder and the simdjson walker, so both write the same format.
void append_int64(std::string& log, long long value);
void append_uint64(std::string& log, unsigned long long value);
void append_double(std::string& log, double value);
void append_sized(std::string& log, char kind, std::string_view bytes);
void append_end(std::string& log, char bracket, std::size_t count);

}  // namespace jsonx::test
