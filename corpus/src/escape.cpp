// escape_non_ascii(): a JSON text with every non-ASCII character written as a \u escape.
//
// In JSON text, bytes above 0x7F occur only inside strings, so every UTF-8 sequence can be
// replaced where it stands, with no tracking of strings: a character of the Basic Multilingual
// Plane becomes \uXXXX, one beyond it a surrogate pair \uD8XX\uDCXX (lower-case hex, as
// Python's json.dumps(ensure_ascii=True) writes them). The rest of the text, whitespace
// included, is kept byte for byte.
#include <cstdint>
#include <string>
#include <string_view>

#include "jsonx/corpus/corpus.hpp"

namespace jsonx::corpus {
namespace {

void append_unit(std::string& out, std::uint32_t unit) {
  static constexpr char hex[] = "0123456789abcdef";
  const char escape[6] = {
      '\\',           'u', hex[(unit >> 12) & 0xF], hex[(unit >> 8) & 0xF], hex[(unit >> 4) & 0xF],
      hex[unit & 0xF]};
  out.append(escape, sizeof escape);
}

// The length of the UTF-8 sequence led by `lead` whose continuation bytes follow at p (up to
// end), and its code point; 0 if the bytes are not a well-formed sequence.
std::size_t decode_utf8(const unsigned char* p, const unsigned char* end, std::uint32_t& cp) {
  const unsigned char lead = p[0];
  std::size_t length;
  std::uint32_t min;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    cp = lead & 0x1F;
    min = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    cp = lead & 0x0F;
    min = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    cp = lead & 0x07;
    min = 0x10000;
  } else {
    return 0;
  }
  if (static_cast<std::size_t>(end - p) < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (p[i] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return length;
}

}  // namespace

std::string escape_non_ascii(std::string_view json) {
  std::string out;
  out.reserve(json.size() + json.size() / 2);
  const auto* p = reinterpret_cast<const unsigned char*>(json.data());
  const auto* const end = p + json.size();
  while (p != end) {
    if (*p < 0x80) {
      out.push_back(static_cast<char>(*p++));
      continue;
    }
    std::uint32_t cp = 0;
    const std::size_t length = decode_utf8(p, end, cp);
    if (length == 0) {  // not UTF-8: kept as it is
      out.push_back(static_cast<char>(*p++));
      continue;
    }
    if (cp < 0x10000) {
      append_unit(out, cp);
    } else {
      append_unit(out, 0xD800 + ((cp - 0x10000) >> 10));
      append_unit(out, 0xDC00 + ((cp - 0x10000) & 0x3FF));
    }
    p += length;
  }
  return out;
}

}  // namespace jsonx::corpus
