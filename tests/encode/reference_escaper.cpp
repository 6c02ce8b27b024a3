#include "reference_escaper.hpp"

#include <cstdint>
#include <cstdio>

namespace jsonx::test {

namespace {

void append_u(std::string& out, std::uint32_t unit) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(unit));
  out += buffer;
}

// Length of the valid UTF-8 sequence at text[i], or 0 with `bad` = bytes of its maximal valid
// prefix (at least 1). Follows Unicode's Table 3-7 of well-formed byte sequences literally.
struct decoded {
  std::size_t length = 0;
  std::size_t bad = 0;
  std::uint32_t code_point = 0;
};

decoded decode(std::string_view text, std::size_t i) {
  struct row {
    unsigned char lo[4], hi[4];
    std::size_t n;
  };
  static const row table[] = {
      {{0xC2, 0x80}, {0xDF, 0xBF}, 2},
      {{0xE0, 0xA0, 0x80}, {0xE0, 0xBF, 0xBF}, 3},
      {{0xE1, 0x80, 0x80}, {0xEC, 0xBF, 0xBF}, 3},
      {{0xED, 0x80, 0x80}, {0xED, 0x9F, 0xBF}, 3},
      {{0xEE, 0x80, 0x80}, {0xEF, 0xBF, 0xBF}, 3},
      {{0xF0, 0x90, 0x80, 0x80}, {0xF0, 0xBF, 0xBF, 0xBF}, 4},
      {{0xF1, 0x80, 0x80, 0x80}, {0xF3, 0xBF, 0xBF, 0xBF}, 4},
      {{0xF4, 0x80, 0x80, 0x80}, {0xF4, 0x8F, 0xBF, 0xBF}, 4},
  };
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  decoded result;
  result.bad = 1;
  for (const row& r : table) {
    if (byte(0) < r.lo[0] || byte(0) > r.hi[0]) continue;
    std::size_t k = 1;
    while (k < r.n && i + k < text.size() && byte(k) >= r.lo[k] && byte(k) <= r.hi[k]) ++k;
    if (k == r.n) {
      std::uint32_t cp = byte(0) & (r.n == 2 ? 0x1F : r.n == 3 ? 0x0F : 0x07);
      for (std::size_t j = 1; j < r.n; ++j) cp = (cp << 6) | (byte(j) & 0x3F);
      result.length = r.n;
      result.code_point = cp;
      return result;
    }
    result.bad = k;
    return result;
  }
  return result;
}

}  // namespace

std::optional<std::string> reference_escape(std::string_view text, const write_options& options) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          if (c < 0x20 || (options.escape_html && (c == '<' || c == '>' || c == '&'))) {
            append_u(out, c);
          } else {
            out += static_cast<char>(c);
          }
      }
      ++i;
      continue;
    }
    const bool inspect = options.invalid_utf8 != invalid_utf8_policy::assume_valid ||
                         options.ascii_only || options.escape_line_separators;
    if (!inspect) {  // assume_valid: bytes pass as they are
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    const decoded d = decode(text, i);
    if (d.length == 0) {
      if (options.invalid_utf8 == invalid_utf8_policy::error) return std::nullopt;
      if (options.ascii_only) {
        out += "\\ufffd";
      } else {
        out += "\xEF\xBF\xBD";
      }
      i += d.bad;
      continue;
    }
    if (options.ascii_only) {
      if (d.code_point >= 0x10000) {
        const std::uint32_t v = d.code_point - 0x10000;
        append_u(out, 0xD800 | (v >> 10));
        append_u(out, 0xDC00 | (v & 0x3FF));
      } else {
        append_u(out, d.code_point);
      }
    } else if (options.escape_line_separators &&
               (d.code_point == 0x2028 || d.code_point == 0x2029)) {
      append_u(out, d.code_point);
    } else {
      out.append(text.substr(i, d.length));
    }
    i += d.length;
  }
  return out;
}

}  // namespace jsonx::test
