#include "jsonx/sax/detail/string_unescape.hpp"

#include <cstdint>
#include <cstring>

namespace jsonx::detail {
namespace {

int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Four hex digits at p, or -1.
std::int32_t read_hex4(const char* p) noexcept {
  std::int32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    int h = hex_value(p[i]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  char buf[4];
  std::size_t n;
  if (cp < 0x80) {
    buf[0] = static_cast<char>(cp);
    n = 1;
  } else if (cp < 0x800) {
    buf[0] = static_cast<char>(0xC0 | (cp >> 6));
    buf[1] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 2;
  } else if (cp < 0x10000) {
    buf[0] = static_cast<char>(0xE0 | (cp >> 12));
    buf[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[2] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 3;
  } else {
    buf[0] = static_cast<char>(0xF0 | (cp >> 18));
    buf[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    buf[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[3] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 4;
  }
  out.append(buf, n);
}

// Where unescape_string() puts what it decodes.
struct append_to_string {
  std::string& out;
  void text(const char* begin, const char* end) { out.append(begin, end); }
  void byte(char c) { out.push_back(c); }
  void code_point(std::uint32_t cp) { append_utf8(out, cp); }
};
// validate_escapes() decodes nothing: the same walk, the same verdicts, no output.
struct discard_output {
  void text(const char*, const char*) noexcept {}
  void byte(char) noexcept {}
  void code_point(std::uint32_t) noexcept {}
};

template <class Output>
unescape_result walk_escapes(const char* begin, const char* end, Output out, bool more_may_follow) {
  unescape_result r;
  const char* p = begin;
  auto stop = [&](const char* at, parse_errc e) {
    r.consumed = static_cast<std::size_t>(at - begin);
    if (e != parse_errc::ok) {
      r.error = e;
      r.error_at = r.consumed;
    }
    return r;
  };
  while (p < end) {
    // Escapes often come in runs (\uXXXX\uXXXX in non-Latin text): no search for those.
    const char* backslash =
        *p == '\\'
            ? p
            : static_cast<const char*>(std::memchr(p, '\\', static_cast<std::size_t>(end - p)));
    if (backslash == nullptr) {
      out.text(p, end);
      p = end;
      break;
    }
    out.text(p, backslash);
    p = backslash;
    const std::size_t left = static_cast<std::size_t>(end - p);
    if (left < 2) return stop(p, more_may_follow ? parse_errc::ok : parse_errc::invalid_escape);
    char replacement;
    switch (p[1]) {
      case '"':
        replacement = '"';
        break;
      case '\\':
        replacement = '\\';
        break;
      case '/':
        replacement = '/';
        break;
      case 'b':
        replacement = '\b';
        break;
      case 'f':
        replacement = '\f';
        break;
      case 'n':
        replacement = '\n';
        break;
      case 'r':
        replacement = '\r';
        break;
      case 't':
        replacement = '\t';
        break;
      case 'u': {
        if (left < 6) {
          // Incomplete only if what is there could still be hex digits.
          for (const char* q = p + 2; q < end; ++q)
            if (hex_value(*q) < 0) return stop(p, parse_errc::invalid_unicode_escape);
          return stop(p, more_may_follow ? parse_errc::ok : parse_errc::invalid_unicode_escape);
        }
        std::int32_t unit = read_hex4(p + 2);
        if (unit < 0) return stop(p, parse_errc::invalid_unicode_escape);
        if (unit >= 0xDC00 && unit <= 0xDFFF) return stop(p, parse_errc::lone_surrogate);
        if (unit >= 0xD800 && unit <= 0xDBFF) {
          // A high surrogate: the low one must follow as another \u escape. The same checks
          // run whether the bytes after it are all here or cut by a chunk end, so that the
          // verdict never depends on where the input was cut.
          const char* low_escape = p + 6;
          if (low_escape == end)
            return stop(p, more_may_follow ? parse_errc::ok : parse_errc::lone_surrogate);
          if (*low_escape != '\\') return stop(p, parse_errc::lone_surrogate);
          if (low_escape + 1 == end)
            return stop(p, more_may_follow ? parse_errc::ok : parse_errc::lone_surrogate);
          if (low_escape[1] != 'u') return stop(p, parse_errc::lone_surrogate);
          const char* hex_end = end - low_escape < 6 ? end : low_escape + 6;
          for (const char* h = low_escape + 2; h < hex_end; ++h)
            if (hex_value(*h) < 0) return stop(low_escape, parse_errc::invalid_unicode_escape);
          if (hex_end - low_escape < 6) {
            return more_may_follow ? stop(p, parse_errc::ok)
                                   : stop(low_escape, parse_errc::invalid_unicode_escape);
          }
          const std::int32_t low = read_hex4(low_escape + 2);
          if (low < 0xDC00 || low > 0xDFFF) return stop(p, parse_errc::lone_surrogate);
          const std::uint32_t cp = 0x10000 + ((static_cast<std::uint32_t>(unit) - 0xD800) << 10) +
                                   (static_cast<std::uint32_t>(low) - 0xDC00);
          out.code_point(cp);
          p += 12;
          continue;
        }
        out.code_point(static_cast<std::uint32_t>(unit));
        p += 6;
        continue;
      }
      default:
        return stop(p, parse_errc::invalid_escape);
    }
    out.byte(replacement);
    p += 2;
  }
  r.consumed = static_cast<std::size_t>(p - begin);
  return r;
}

}  // namespace

unescape_result unescape_string(const char* begin, const char* end, std::string& out,
                                bool more_may_follow) {
  return walk_escapes(begin, end, append_to_string{out}, more_may_follow);
}

unescape_result validate_escapes(const char* begin, const char* end,
                                 bool more_may_follow) noexcept {
  return walk_escapes(begin, end, discard_output{}, more_may_follow);
}

std::size_t incomplete_utf8_suffix(const char* begin, const char* end) noexcept {
  // Look back at most three bytes for a lead byte whose sequence runs past `end`.
  for (std::size_t back = 1; back <= 3 && back <= static_cast<std::size_t>(end - begin); ++back) {
    const auto c = static_cast<unsigned char>(end[-static_cast<std::ptrdiff_t>(back)]);
    if (c < 0x80) return 0;  // ASCII: nothing open
    if (c >= 0xC0) {         // a lead byte: its sequence length
      std::size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      return need > back ? back : 0;
    }
  }
  return 0;
}

std::size_t utf8_viable_prefix(const char* begin, const char* end) noexcept {
  const auto size = static_cast<std::size_t>(end - begin);
  if (size == 0) return 0;
  const auto lead = static_cast<unsigned char>(begin[0]);
  if (lead < 0xC2 || lead > 0xF4) return 0;  // C0, C1: overlong; F5 and up: past U+10FFFF
  if (size < 2) return 1;
  const auto second = static_cast<unsigned char>(begin[1]);
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead == 0xE0) low = 0xA0;   // overlong below U+0800
  if (lead == 0xED) high = 0x9F;  // U+D800-DFFF, the surrogates
  if (lead == 0xF0) low = 0x90;   // overlong below U+10000
  if (lead == 0xF4) high = 0x8F;  // past U+10FFFF
  if (second < low || second > high) return 1;
  if (size < 3) return 2;
  return (static_cast<unsigned char>(begin[2]) & 0xC0) == 0x80 ? 3 : 2;
}

}  // namespace jsonx::detail
