// The incremental prefix closer of the `partial` tasks: what a program that re-parses "the
// document so far" after every delta needs, in its strongest form.
//
// Partial JSON parsers in use (jiter, npm's partial-json, Vercel's fixJson, llama.cpp's
// json-partial) re-scan the whole prefix to close it, then parse it again. This closer is fed
// only the new bytes of each delta: a small state machine that knows the open containers, the
// string, number or literal the input is in, and, for the innermost container, where its last
// complete member or element ended. Closing the prefix then costs O(depth): the prefix's first
// keep bytes, then a closing quote (a string value kept as its prefix) and one ']' or '}' per
// open container, innermost first. The competitor re-parses that text with a whole-buffer
// parser; only the re-parse is O(prefix).
//
// The rules are those of jsonx's partial_mode (jsonx/sax/partial.hpp), so that both sides
// produce the same value: open containers closed, members whose key is cut or that have no value
// yet dropped, a cut string value dropped with its key (or array slot) unless `strings` keeps
// its prefix (without an escape sequence, a surrogate pair or a UTF-8 sequence cut short), a
// number at the end kept only with `numbers` and only when complete by itself (12, not 1. 1e -),
// a cut literal dropped, a whole one kept.
//
// The closer trusts its input to be a valid JSON prefix, as the closers above do: it does not
// validate (the re-parse does). A high surrogate escape followed by anything but a low surrogate
// escape is not expected (the generated documents have raw UTF-8 and no \u escapes).
// Library-free: no JSON library is used here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace jsonx_bench {

/// What a closed prefix keeps of the value cut by its end (jsonx's partial_mode flags).
struct closer_mode {
  bool strings = false;  ///< a cut string value kept as its prefix (trailing_strings)
  bool numbers = false;  ///< a number at the end kept if complete by itself (trailing_numbers)
};

class prefix_closer {
 public:
  /// The closed prefix: its first `keep` bytes, then suffix_size() bytes (write_suffix()).
  struct closing {
    std::size_t keep = 0;
    bool quote = false;  ///< the suffix starts with '"' (a cut string value kept)
  };

  prefix_closer() { reset(); }

  /// Ready for a new document.
  void reset() {
    state_ = state::value;
    closers_.clear();
    last_end_.assign(1, 0);
    fed_ = 0;
  }

  /// Bytes fed since reset().
  std::size_t size() const noexcept { return fed_; }
  /// Open containers.
  std::size_t depth() const noexcept { return closers_.size(); }

  /// The next bytes of the prefix.
  void feed(std::string_view bytes) {
    for (char c : bytes) step(static_cast<unsigned char>(c), fed_++);
  }

  /// How the prefix fed so far is closed.
  closing close(closer_mode mode) const noexcept {
    closing result{last_end_.back(), false};
    if (state_ == state::string && !in_key_ && mode.strings) {
      result.keep = string_valid_end_;
      result.quote = true;
    } else if (state_ == state::number && number_complete_ && mode.numbers) {
      result.keep = fed_;
    }
    return result;
  }

  /// Bytes written by write_suffix().
  std::size_t suffix_size(const closing& c) const noexcept {
    return (c.quote ? 1 : 0) + closers_.size();
  }
  /// True if the closed prefix holds no value (the snapshot is an empty document).
  bool closes_to_nothing(const closing& c) const noexcept {
    return c.keep == 0 && suffix_size(c) == 0;
  }
  /// Writes the suffix (suffix_size() bytes) at `out`: O(depth).
  void write_suffix(const closing& c, char* out) const noexcept {
    if (c.quote) *out++ = '"';
    for (std::size_t i = closers_.size(); i-- > 0;) *out++ = closers_[i];
  }
  /// The closed prefix of `prefix` (the bytes fed) as a string, for checks.
  std::string closed_text(std::string_view prefix, closer_mode mode) const {
    closing c = close(mode);
    std::string text(prefix.substr(0, c.keep));
    text.resize(c.keep + suffix_size(c));
    write_suffix(c, text.data() + c.keep);
    return text;
  }

 private:
  enum class state : std::uint8_t {
    value,        // a value may start (top level, after '[', ',' in an array, ':')
    key,          // a key may start (after '{' or ',' in an object)
    colon,        // after a key
    after_value,  // ',' or a closing bracket may follow
    string,       // inside a key or a string value
    number,
    literal,
  };

  static bool is_space(unsigned c) noexcept {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }

  void value_done(std::size_t end) noexcept {
    last_end_.back() = end;
    state_ = state::after_value;
  }

  void open(char closer, std::size_t p) {
    closers_.push_back(closer);
    last_end_.push_back(p + 1);
    state_ = closer == '}' ? state::key : state::value;
  }

  void close_container(std::size_t p) {
    closers_.pop_back();
    last_end_.pop_back();
    value_done(p + 1);
  }

  void start_string(bool key, std::size_t p) noexcept {
    state_ = state::string;
    in_key_ = key;
    escape_ = 0;
    utf8_pending_ = 0;
    high_surrogate_ = false;
    string_valid_end_ = p + 1;
  }

  void string_byte(unsigned c, std::size_t p) noexcept {
    if (escape_ == 0) {
      if (c == '\\') {
        escape_ = 1;
      } else if (c == '"') {
        if (in_key_) {
          state_ = state::colon;
        } else {
          value_done(p + 1);
        }
      } else if (c < 0x80) {
        string_valid_end_ = p + 1;
      } else if (c >= 0xC0) {  // a UTF-8 lead byte
        utf8_pending_ = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
      } else if (--utf8_pending_ == 0) {  // its last continuation byte
        string_valid_end_ = p + 1;
      }
    } else if (escape_ == 1) {  // after '\'
      if (c == 'u') {
        escape_ = 2;
        hex_value_ = 0;
      } else {
        escape_ = 0;
        string_valid_end_ = p + 1;
      }
    } else {  // \u and escape_ - 2 hex digits so far
      unsigned digit = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
      hex_value_ = (hex_value_ << 4) | digit;
      if (++escape_ < 6) return;
      escape_ = 0;
      if (high_surrogate_) {  // the low half completes the pair
        high_surrogate_ = false;
        string_valid_end_ = p + 1;
      } else if (hex_value_ >= 0xD800 && hex_value_ <= 0xDBFF) {
        high_surrogate_ = true;  // not a character until its low half
      } else {
        string_valid_end_ = p + 1;
      }
    }
  }

  void step(unsigned c, std::size_t p) {
    switch (state_) {
      case state::string:
        string_byte(c, p);
        return;
      case state::number:
        if ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
          number_complete_ = c >= '0' && c <= '9';
          return;
        }
        value_done(p);  // the delimiter ends the number; it is read below
        break;
      case state::literal:
        if (--literal_left_ == 0) value_done(p + 1);
        return;
      default:
        break;
    }
    if (is_space(c)) return;
    switch (state_) {
      case state::value:
        if (c == '"') {
          start_string(false, p);
        } else if (c == '{') {
          open('}', p);
        } else if (c == '[') {
          open(']', p);
        } else if (c == ']') {  // an empty array
          close_container(p);
        } else if (c == 't' || c == 'n') {
          state_ = state::literal;
          literal_left_ = 3;
        } else if (c == 'f') {
          state_ = state::literal;
          literal_left_ = 4;
        } else {  // '-' or a digit
          state_ = state::number;
          number_complete_ = c != '-';
        }
        return;
      case state::key:
        if (c == '"') {
          start_string(true, p);
        } else {  // '}': an empty object
          close_container(p);
        }
        return;
      case state::colon:  // ':'
        state_ = state::value;
        return;
      case state::after_value:
        if (c == ',') {
          state_ = !closers_.empty() && closers_.back() == '}' ? state::key : state::value;
        } else {  // ']' or '}'
          close_container(p);
        }
        return;
      default:
        return;
    }
  }

  state state_ = state::value;
  std::string closers_;                // ']' or '}' per open container, outermost first
  std::vector<std::size_t> last_end_;  // per level (top level first): where its last
                                       // complete value ended, or just after its bracket
  std::size_t fed_ = 0;
  // The string being read.
  bool in_key_ = false;
  bool high_surrogate_ = false;
  std::uint8_t escape_ = 0;  // 0 none, 1 after '\', 2..5 in \u after escape_ - 2 digits
  std::uint8_t utf8_pending_ = 0;
  std::uint32_t hex_value_ = 0;
  std::size_t string_valid_end_ = 0;  // the end of its last complete character
  // The number or literal being read.
  bool number_complete_ = false;
  std::uint8_t literal_left_ = 0;
};

}  // namespace jsonx_bench
