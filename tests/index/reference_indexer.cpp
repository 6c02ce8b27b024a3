#include "reference_indexer.hpp"

namespace jsonx::test {
namespace {

bool is_whitespace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The six JSON operators. The kernels also classify 0x0C and 0x1A as operators (a documented
// side effect of their one-shuffle lookup, classification_tables.hpp): both bytes are invalid
// wherever they stand, the parser rejects them, and the index must still agree byte for byte,
// so the reference says the same.
bool is_operator(unsigned char c) {
  switch (c) {
    case '{':
    case '}':
    case '[':
    case ']':
    case ':':
    case ',':
    case 0x0C:
    case 0x1A:
      return true;
    default:
      return false;
  }
}

// UTF-8 as a byte-at-a-time automaton. An error is reported at the first byte that no valid
// UTF-8 text can have there given the bytes before it: a continuation byte with no sequence to
// continue, a lead byte's missing continuation (the byte found instead), or a second byte out
// of the lead's range (overlong E0/F0 forms, ED surrogates, F4 beyond U+10FFFF). Bytes that can
// never start a sequence (C0, C1, F5..FF) are reported at the byte after them, like overlongs:
// no second byte makes them valid, and that is where the pairwise check of the kernels sees it.
class utf8_automaton {
 public:
  /// Feeds one byte; false if the text stops being valid UTF-8 at this byte.
  bool accept(unsigned char c) {
    if (needed_ > 0) {
      if (c < low_ || c > high_) return false;
      --needed_;
      low_ = 0x80;
      high_ = 0xBF;
      return true;
    }
    if (c < 0x80) return true;
    if (c < 0xC0) return false;  // a continuation byte continuing nothing
    low_ = 0x80;
    high_ = 0xBF;
    if (c < 0xC2) {
      needed_ = 1, low_ = 0xFF, high_ = 0x00;  // C0, C1: overlong whatever follows
    } else if (c < 0xE0) {
      needed_ = 1;
    } else if (c < 0xF0) {
      needed_ = 2;
      if (c == 0xE0) low_ = 0xA0;   // overlong below U+0800
      if (c == 0xED) high_ = 0x9F;  // U+D800..DFFF are surrogates
    } else if (c < 0xF5) {
      needed_ = 3;
      if (c == 0xF0) low_ = 0x90;   // overlong below U+10000
      if (c == 0xF4) high_ = 0x8F;  // beyond U+10FFFF
    } else {
      needed_ = 1, low_ = 0xFF, high_ = 0x00;  // F5..FF: beyond U+10FFFF or not UTF-8 at all
    }
    return true;
  }
  bool incomplete() const { return needed_ > 0; }

 private:
  int needed_ = 0;
  unsigned char low_ = 0x80, high_ = 0xBF;
};

}  // namespace

reference_index reference_index_of(std::string_view input, const std::vector<std::size_t>& cuts) {
  reference_index out;
  reference_carries carries;
  utf8_automaton utf8;
  std::size_t next_cut = 0;

  for (std::size_t i = 0; i <= input.size(); ++i) {
    while (next_cut < cuts.size() && cuts[next_cut] == i) {
      carries.utf8_incomplete = utf8.incomplete();
      out.carries_at.push_back(carries);
      ++next_cut;
    }
    if (i == input.size()) break;
    const unsigned char c = static_cast<unsigned char>(input[i]);

    // Escapes apply everywhere, not only in strings: whether a byte is inside a string depends
    // on which quotes are escaped, so escapes are resolved first (and a backslash outside a
    // string is invalid JSON anyway).
    const bool escaped = carries.next_is_escaped;
    carries.next_is_escaped = c == '\\' && !escaped;
    const bool quote = c == '"' && !escaped;
    // "Inside" runs from an opening quote (included) to its closing quote (excluded).
    const bool inside = carries.in_string != quote;
    const bool closing = quote && !inside;

    if (!utf8.accept(c)) {
      out.error = index::index_error::invalid_utf8;
      out.error_offset = i;
      break;
    }
    if (inside && c < 0x20) {
      out.error = index::index_error::control_char_in_string;
      out.error_offset = i;
      break;
    }

    // A scalar byte is neither whitespace, operator nor quote (escaped quotes are scalar bytes);
    // a run of them outside strings is indexed at its first byte. Every unescaped quote is
    // indexed, the closing one included.
    const bool scalar = !is_whitespace(c) && !is_operator(c) && !quote;
    if (quote || (!inside && (is_operator(c) || (scalar && !carries.last_was_scalar))))
      out.positions.push_back(static_cast<std::uint32_t>(i));
    // The kernels take this carry for every byte, strings included; inside a string it has no
    // effect (the byte after a string is preceded by its closing quote, a non-scalar).
    carries.last_was_scalar = scalar;

    if (inside && c == '\\') carries.escape_in_string = true;
    if (closing) {
      if (carries.escape_in_string)
        out.escaped_string_ends.push_back(static_cast<std::uint32_t>(i));
      carries.escape_in_string = false;
    }
    carries.in_string = inside;

    if (c == '\n') {
      ++out.newline_count;
      out.last_newline = static_cast<std::int64_t>(i);
    }
    carries.utf8_tail[0] = carries.utf8_tail[1];
    carries.utf8_tail[1] = carries.utf8_tail[2];
    carries.utf8_tail[2] = c;
  }
  return out;
}

}  // namespace jsonx::test
