#include "event_log.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace jsonx::test {
namespace {

// Length of the event starting at `log[at]`, '\n' excluded.
std::size_t event_length(std::string_view log, std::size_t at) {
  char kind = log[at];
  if (kind == 's' || kind == 'k') {
    std::size_t colon = log.find(':', at);
    std::size_t bytes = 0;
    std::from_chars(log.data() + at + 1, log.data() + colon, bytes);
    return colon + 1 + bytes - at;
  }
  return log.find('\n', at) - at;
}

}  // namespace

std::vector<std::string_view> split_events(std::string_view log) {
  std::vector<std::string_view> events;
  for (std::size_t at = 0; at < log.size();) {
    std::size_t length = event_length(log, at);
    events.push_back(log.substr(at, length));
    at += length + 1;
  }
  return events;
}

std::size_t count_events(std::string_view log) {
  std::size_t count = 0;
  for (std::size_t at = 0; at < log.size(); ++count) at += event_length(log, at) + 1;
  return count;
}

std::string_view first_events(std::string_view log, std::size_t count) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < count && at < log.size(); ++i) at += event_length(log, at) + 1;
  return log.substr(0, at);
}

std::string without_number_texts(std::string_view log) {
  std::string out;
  out.reserve(log.size());
  for (std::string_view event : split_events(log)) {
    // A number's text holds no '=': the first one ends the value.
    if (event[0] == 'i' || event[0] == 'u' || event[0] == 'd')
      event = event.substr(0, event.find('='));
    out += event;
    out += '\n';
  }
  return out;
}

bool has_number_text(std::string_view log) {
  for (std::string_view event : split_events(log))
    if (event[0] == 'x') return true;
  return false;
}

std::string printable(std::string_view bytes, std::size_t limit) {
  std::string out;
  for (unsigned char c : bytes) {
    if (out.size() >= limit) {
      out += "...";
      break;
    }
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", c);
      out += escaped;
    }
  }
  return out;
}

std::string describe_difference(std::string_view expected, std::string_view actual) {
  if (expected == actual) return {};
  std::vector<std::string_view> want = split_events(expected);
  std::vector<std::string_view> got = split_events(actual);
  std::size_t first = 0;
  while (first < want.size() && first < got.size() && want[first] == got[first]) ++first;
  auto context = [&](const std::vector<std::string_view>& events) {
    std::string out;
    std::size_t from = first >= 3 ? first - 3 : 0;
    for (std::size_t i = from; i < std::min(events.size(), first + 4); ++i)
      out += (i == first ? "  >> " : "     ") + printable(events[i], 80) + "\n";
    if (first >= events.size()) out += "  >> (end)\n";
    return out;
  };
  return "events differ at #" + std::to_string(first) + " (expected " +
         std::to_string(want.size()) + " events, got " + std::to_string(got.size()) +
         ")\nexpected:\n" + context(want) + "actual:\n" + context(got);
}

bool is_valid_utf8(std::string_view bytes) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* end = p + bytes.size();
  while (p < end) {
    unsigned char lead = *p++;
    if (lead < 0x80) continue;
    int continuations;
    unsigned char low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      continuations = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      continuations = 2;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      continuations = 3;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return false;
    }
    for (int i = 0; i < continuations; ++i, low = 0x80, high = 0xBF) {
      if (p == end || *p < low || *p > high) return false;
      ++p;
    }
  }
  return true;
}

void append_int64(std::string& log, long long value) {
  char buffer[24];
  log += 'i';
  log.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

void append_uint64(std::string& log, unsigned long long value) {
  char buffer[24];
  log += 'u';
  log.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

void append_double(std::string& log, double value) {
  char buffer[40];
  log += 'd';
  log.append(buffer,
             std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::hex).ptr);
}

void append_sized(std::string& log, char kind, std::string_view bytes) {
  log += kind;
  log += std::to_string(bytes.size());
  log += ':';
  log += bytes;
}

void append_end(std::string& log, char bracket, std::size_t count) {
  log += bracket;
  log += std::to_string(count);
}

}  // namespace jsonx::test
