// Unescaping of string bodies: unescape_string() decodes the complete, valid escapes itself
// (below, "the fast path") and leaves every other case, from its backslash on, to
// walk_escapes(), the careful walk that validate_escapes() also runs, so that both give the
// same verdicts, bytes consumed and error offsets.
#include "jsonx/sax/detail/string_unescape.hpp"

#include <bit>
#include <cstdint>
#include <cstring>

namespace jsonx::detail {
namespace {

// The value of each hex digit byte; 0x10 in every other byte (a bit no digit has).
struct hex_digit_table {
  std::uint8_t value[256];
};
constexpr hex_digit_table make_hex_digit_table() {
  hex_digit_table t{};
  for (int c = 0; c < 256; ++c) t.value[c] = 0x10;
  for (int c = 0; c < 10; ++c) t.value['0' + c] = static_cast<std::uint8_t>(c);
  for (int c = 0; c < 6; ++c) {
    t.value['a' + c] = static_cast<std::uint8_t>(10 + c);
    t.value['A' + c] = static_cast<std::uint8_t>(10 + c);
  }
  return t;
}
constexpr hex_digit_table hex_digits = make_hex_digit_table();

// The code unit of the four hex digits at p, or a value above 0xFFFF if one is no hex digit.
inline std::uint32_t hex4_unit(const char* p) noexcept {
  const std::uint32_t a = hex_digits.value[static_cast<unsigned char>(p[0])];
  const std::uint32_t b = hex_digits.value[static_cast<unsigned char>(p[1])];
  const std::uint32_t c = hex_digits.value[static_cast<unsigned char>(p[2])];
  const std::uint32_t d = hex_digits.value[static_cast<unsigned char>(p[3])];
  const std::uint32_t bad = (a | b | c | d) & 0x10;
  return ((a << 12) | (b << 8) | (c << 4) | d) | (bad << 12);  // bad: at least 0x10000
}

inline bool is_hex_digit(char c) noexcept {
  return hex_digits.value[static_cast<unsigned char>(c)] < 0x10;
}

// What a two-byte escape stands for (its second byte's replacement), 0 for none.
struct simple_escape_table {
  char replacement[256];
};
constexpr simple_escape_table make_simple_escape_table() {
  simple_escape_table t{};
  t.replacement[static_cast<unsigned char>('"')] = '"';
  t.replacement[static_cast<unsigned char>('\\')] = '\\';
  t.replacement[static_cast<unsigned char>('/')] = '/';
  t.replacement[static_cast<unsigned char>('b')] = '\b';
  t.replacement[static_cast<unsigned char>('f')] = '\f';
  t.replacement[static_cast<unsigned char>('n')] = '\n';
  t.replacement[static_cast<unsigned char>('r')] = '\r';
  t.replacement[static_cast<unsigned char>('t')] = '\t';
  return t;
}
constexpr simple_escape_table simple_escapes = make_simple_escape_table();

// Stores the UTF-8 form of `cp` (not a surrogate) at o with one 4-byte store; returns its length.
std::size_t store_utf8(char* o, std::uint32_t cp) noexcept {
  std::uint32_t bytes;  // the first byte in the low byte
  std::size_t n;
  if (cp < 0x80) {
    bytes = cp;
    n = 1;
  } else if (cp < 0x800) {
    bytes = (0xC0 | (cp >> 6)) | ((0x80 | (cp & 0x3F)) << 8);
    n = 2;
  } else if (cp < 0x10000) {
    bytes = (0xE0 | (cp >> 12)) | ((0x80 | ((cp >> 6) & 0x3F)) << 8) | ((0x80 | (cp & 0x3F)) << 16);
    n = 3;
  } else {
    bytes = (0xF0 | (cp >> 18)) | ((0x80 | ((cp >> 12) & 0x3F)) << 8) |
            ((0x80 | ((cp >> 6) & 0x3F)) << 16) | ((0x80 | (cp & 0x3F)) << 24);
    n = 4;
  }
  if constexpr (std::endian::native == std::endian::big) bytes = __builtin_bswap32(bytes);
  std::memcpy(o, &bytes, 4);
  return n;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  char bytes[4];
  out.append(bytes, store_utf8(bytes, cp));
}

// Where the careful walk puts what it decodes for unescape_string().
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
    const char replacement = simple_escapes.replacement[static_cast<unsigned char>(p[1])];
    if (replacement != 0) {
      out.byte(replacement);
      p += 2;
      continue;
    }
    switch (p[1]) {
      case 'u': {
        if (left < 6) {
          // Incomplete only if what is there could still be hex digits.
          for (const char* q = p + 2; q < end; ++q)
            if (!is_hex_digit(*q)) return stop(p, parse_errc::invalid_unicode_escape);
          return stop(p, more_may_follow ? parse_errc::ok : parse_errc::invalid_unicode_escape);
        }
        const std::uint32_t unit = hex4_unit(p + 2);
        if (unit > 0xFFFF) return stop(p, parse_errc::invalid_unicode_escape);
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
            if (!is_hex_digit(*h)) return stop(low_escape, parse_errc::invalid_unicode_escape);
          if (hex_end - low_escape < 6) {
            return more_may_follow ? stop(p, parse_errc::ok)
                                   : stop(low_escape, parse_errc::invalid_unicode_escape);
          }
          const std::uint32_t low = hex4_unit(low_escape + 2);
          if (low < 0xDC00 || low > 0xDFFF) return stop(p, parse_errc::lone_surrogate);
          const std::uint32_t cp = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
          out.code_point(cp);
          p += 12;
          continue;
        }
        out.code_point(unit);
        p += 6;
        continue;
      }
      default:
        return stop(p, parse_errc::invalid_escape);
    }
  }
  r.consumed = static_cast<std::size_t>(p - begin);
  return r;
}

// ---- the fast path of unescape_string() ----
//
// The unescaped text is never longer than the escaped one (an escape of 2, 6 or 12 bytes
// becomes 1, 1 to 3, or 4 bytes), so the output is sized once for the whole input and written
// through a pointer, with whole-word stores that may run past what they mean to write but
// never past the input's length. Escapes that are complete and valid are decoded here; any
// other (an error, or one cut by the end) goes to walk_escapes() from its backslash, which
// gives the verdicts. On twitter.json with every non-ASCII character written as \u escapes,
// the earlier walk (memchr to each backslash, a branch per hex digit, std::string::append per
// code point) was 65% of a DOM parse (AMD EPYC Zen 5).

// Bit 7 of each byte of v that is a backslash, valid up to and including the first such byte
// (the borrow of the subtraction only runs upward from a zero byte).
inline std::uint64_t backslash_bits(std::uint64_t v) noexcept {
  const std::uint64_t x = v ^ 0x5C5C5C5C5C5C5C5CULL;  // '\\' in every byte: zero where it was
  return (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL;
}

}  // namespace

unescape_result unescape_string(const char* begin, const char* end, std::string& out,
                                bool more_may_follow) {
  const std::size_t base = out.size();
  out.resize(base + static_cast<std::size_t>(end - begin));
  char* const out_begin = out.data() + base;
  char* o = out_begin;  // never further into the output than p is into the input
  const char* p = begin;
  while (p < end) {
    if (*p != '\\') {  // (escapes often come in runs, \uXXXX\uXXXX: no scan between those)
      // The run up to the next backslash, eight bytes at a time (stored whole: o + 8 stays
      // within the output while p + 8 is within the input).
      while (end - p >= 8) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        std::memcpy(o, &v, 8);
        const std::uint64_t stops = backslash_bits(v);
        if (stops != 0) {
          std::size_t n = static_cast<std::size_t>(__builtin_ctzll(stops)) / 8;
          if constexpr (std::endian::native == std::endian::big) {
            n = 0;  // (the bits are little-endian's: find the first backslash bytewise)
            while (p[n] != '\\') ++n;
          }
          p += n;
          o += n;
          break;  // at the backslash: the loop below stops at once
        }
        p += 8;
        o += 8;
      }
      while (p < end && *p != '\\') *o++ = *p++;
      if (p == end) break;
    }
    // p is at a backslash.
    if (end - p >= 2) {
      const char replacement = simple_escapes.replacement[static_cast<unsigned char>(p[1])];
      if (replacement != 0) {
        *o++ = replacement;
        p += 2;
        continue;
      }
      if (p[1] == 'u' && end - p >= 6) {
        const std::uint32_t unit = hex4_unit(p + 2);
        if (unit < 0xD800 || (unit > 0xDFFF && unit <= 0xFFFF)) {
          o += store_utf8(o, unit);
          p += 6;
          continue;
        }
        if (unit <= 0xDBFF && end - p >= 12 && p[6] == '\\' && p[7] == 'u') {
          const std::uint32_t low = hex4_unit(p + 8);
          if (low >= 0xDC00 && low <= 0xDFFF) {
            o += store_utf8(o, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
            p += 12;
            continue;
          }
        }
      }
    }
    // Anything else (an error, or an escape cut by the end): the careful walk decides.
    out.resize(base + static_cast<std::size_t>(o - out_begin));
    const std::size_t done = static_cast<std::size_t>(p - begin);
    unescape_result r = walk_escapes(p, end, append_to_string{out}, more_may_follow);
    r.consumed += done;
    if (r.error != parse_errc::ok) r.error_at += done;
    return r;
  }
  out.resize(base + static_cast<std::size_t>(o - out_begin));
  unescape_result r;
  r.consumed = static_cast<std::size_t>(end - begin);
  return r;
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
