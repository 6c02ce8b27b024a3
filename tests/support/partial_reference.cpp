#include "partial_reference.hpp"

namespace jsonx::test {
namespace {

bool is_whitespace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
int hex_digit(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

void prefix_closer::read(std::string_view bytes) {
  for (char c : bytes) {
    if (!viable()) return;  // nothing after the first impossible byte matters
    read_byte(static_cast<unsigned char>(c));
    text_ += c;
  }
}

// Called before the byte is appended: its position is text_.size().
void prefix_closer::read_byte(unsigned char c) {
  switch (place_) {
    case place::in_string:
      read_string_byte(c);
      return;
    case place::in_number:
      if (read_number_byte(c)) return;
      // The byte after a number ends it: the number is complete, then the byte is read as
      // what follows a value.
      value_done(text_.size());
      break;
    case place::in_literal:
      if (c != static_cast<unsigned char>(literal_[literal_matched_]))
        return fail(closed_prefix::verdict::invalid);
      if (++literal_matched_ == literal_.size()) value_done(text_.size() + 1);
      return;
    default:
      break;
  }
  read_structural_byte(c);
}

// Between tokens: whitespace, brackets, ',' and ':', or the first byte of a value or key.
void prefix_closer::read_structural_byte(unsigned char c) {
  if (is_whitespace(c)) return;
  switch (c) {
    case '[':
    case '{':
      if (!expects_value()) return fail(closed_prefix::verdict::invalid);
      return open(c == '{');
    case ']':
    case '}': {
      const bool is_object = c == '}';
      const bool empty_closes = place_ == (is_object ? place::object_first : place::array_first);
      const bool member_closes =
          place_ == place::after_value && !open_.empty() && open_.back() == is_object;
      if (!empty_closes && !member_closes) return fail(closed_prefix::verdict::invalid);
      return close_container(is_object);
    }
    case ',':
      if (place_ != place::after_value || open_.empty())
        return fail(closed_prefix::verdict::invalid);
      place_ = open_.back() ? place::object_key : place::value;
      return;
    case ':':
      if (place_ != place::object_colon) return fail(closed_prefix::verdict::invalid);
      place_ = place::value;
      return;
    case '"':
      if (expects_value()) {
        string_is_key_ = false;
      } else if (place_ == place::object_first || place_ == place::object_key) {
        string_is_key_ = true;
      } else {
        return fail(closed_prefix::verdict::invalid);
      }
      place_ = place::in_string;
      string_step_ = string_step::plain;
      string_whole_end_ = text_.size() + 1;  // the empty string so far
      utf8_left_ = 0;
      return;
    case 't':
    case 'f':
    case 'n':
      if (!expects_value()) return fail(closed_prefix::verdict::invalid);
      place_ = place::in_literal;
      literal_ = c == 't' ? "true" : c == 'f' ? "false" : "null";
      literal_matched_ = 1;
      return;
    default:
      if (c != '-' && !is_digit(c)) return fail(closed_prefix::verdict::invalid);
      if (!expects_value()) return fail(closed_prefix::verdict::invalid);
      place_ = place::in_number;
      number_step_ = c == '-'   ? number_step::minus
                     : c == '0' ? number_step::zero
                                : number_step::integer;
      return;
  }
}

void prefix_closer::read_string_byte(unsigned char c) {
  const std::size_t at = text_.size();
  switch (string_step_) {
    case string_step::plain:
      if (utf8_left_ > 0) {  // a continuation byte, in the range its sequence allows
        if (c < utf8_low_ || c > utf8_high_) return fail(closed_prefix::verdict::invalid);
        utf8_low_ = 0x80;
        utf8_high_ = 0xBF;
        if (--utf8_left_ == 0) string_whole_end_ = at + 1;
        return;
      }
      if (c == '"') {
        if (string_is_key_) {
          place_ = place::object_colon;
        } else {
          value_done(at + 1);
        }
        return;
      }
      if (c == '\\') {
        string_step_ = string_step::escape;
        return;
      }
      if (c < 0x20) return fail(closed_prefix::verdict::invalid);
      if (c < 0x80) {
        string_whole_end_ = at + 1;
        return;
      }
      // A UTF-8 lead byte (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
      utf8_low_ = 0x80;
      utf8_high_ = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) {
        utf8_left_ = 1;
      } else if (c >= 0xE0 && c <= 0xEF) {
        utf8_left_ = 2;
        if (c == 0xE0) utf8_low_ = 0xA0;
        if (c == 0xED) utf8_high_ = 0x9F;
      } else if (c >= 0xF0 && c <= 0xF4) {
        utf8_left_ = 3;
        if (c == 0xF0) utf8_low_ = 0x90;
        if (c == 0xF4) utf8_high_ = 0x8F;
      } else {
        return fail(closed_prefix::verdict::invalid);
      }
      return;
    case string_step::escape:
      if (c == 'u') {
        string_step_ = string_step::hex;
        hex_digits_ = 0;
        hex_value_ = 0;
        hex_is_low_half_ = false;
        return;
      }
      if (c != '"' && c != '\\' && c != '/' && c != 'b' && c != 'f' && c != 'n' && c != 'r' &&
          c != 't')
        return fail(closed_prefix::verdict::invalid);
      string_step_ = string_step::plain;
      string_whole_end_ = at + 1;
      return;
    case string_step::hex: {
      const int digit = hex_digit(c);
      if (digit < 0) return fail(closed_prefix::verdict::invalid);
      hex_value_ = hex_value_ * 16 + static_cast<std::uint32_t>(digit);
      ++hex_digits_;
      // The first two digits decide the surrogates: DC-DF is a low half, which must follow a
      // high half (D8-DB) and nothing else.
      if (hex_digits_ == 2) {
        const bool low_range = hex_value_ >= 0xDC && hex_value_ <= 0xDF;
        if (low_range != hex_is_low_half_) return fail(closed_prefix::verdict::invalid);
      } else if (hex_digits_ == 1 && hex_is_low_half_ && hex_value_ != 0xD) {
        return fail(closed_prefix::verdict::invalid);
      }
      if (hex_digits_ < 4) return;
      if (!hex_is_low_half_ && hex_value_ >= 0xD800 && hex_value_ <= 0xDBFF) {
        string_step_ = string_step::after_high;  // not a whole character yet
        return;
      }
      string_step_ = string_step::plain;
      string_whole_end_ = at + 1;
      return;
    }
    case string_step::after_high:
      if (c != '\\') return fail(closed_prefix::verdict::invalid);
      string_step_ = string_step::after_high_backslash;
      return;
    case string_step::after_high_backslash:
      if (c != 'u') return fail(closed_prefix::verdict::invalid);
      string_step_ = string_step::hex;
      hex_digits_ = 0;
      hex_value_ = 0;
      hex_is_low_half_ = true;
      return;
  }
}

bool prefix_closer::read_number_byte(unsigned char c) {
  const bool digit = is_digit(c);
  const bool exponent = c == 'e' || c == 'E';
  switch (number_step_) {
    case number_step::minus:
      if (!digit) break;
      number_step_ = c == '0' ? number_step::zero : number_step::integer;
      return true;
    case number_step::zero:
      if (digit) break;  // no leading zeros
      if (c == '.')
        number_step_ = number_step::dot;
      else if (exponent)
        number_step_ = number_step::exponent;
      else
        return false;
      return true;
    case number_step::integer:
      if (digit) return true;
      if (c == '.')
        number_step_ = number_step::dot;
      else if (exponent)
        number_step_ = number_step::exponent;
      else
        return false;
      return true;
    case number_step::dot:
      if (!digit) break;
      number_step_ = number_step::fraction;
      return true;
    case number_step::fraction:
      if (digit) return true;
      if (!exponent) return false;
      number_step_ = number_step::exponent;
      return true;
    case number_step::exponent:
      if (c == '+' || c == '-')
        number_step_ = number_step::exponent_sign;
      else if (digit)
        number_step_ = number_step::exponent_digits;
      else
        break;
      return true;
    case number_step::exponent_sign:
      if (!digit) break;
      number_step_ = number_step::exponent_digits;
      return true;
    case number_step::exponent_digits:
      return digit;
  }
  fail(closed_prefix::verdict::invalid);
  return true;
}

bool prefix_closer::number_is_complete() const noexcept {
  return number_step_ == number_step::zero || number_step_ == number_step::integer ||
         number_step_ == number_step::fraction || number_step_ == number_step::exponent_digits;
}

void prefix_closer::open(bool is_object) {
  if (open_.size() >= max_depth_) return fail(closed_prefix::verdict::too_deep);
  open_.push_back(is_object);
  place_ = is_object ? place::object_first : place::array_first;
  closable_end_ = text_.size() + 1;
}

void prefix_closer::close_container(bool is_object) {
  (void)is_object;
  open_.pop_back();
  value_done(text_.size() + 1);
}

void prefix_closer::value_done(std::size_t end) {
  place_ = place::after_value;
  closable_end_ = end;
}

void prefix_closer::fail(closed_prefix::verdict why) {
  status_ = why;
  invalid_at_ = text_.size();
}

closed_prefix prefix_closer::close(partial_mode mode) const {
  closed_prefix result;
  result.status = status_;
  result.invalid_at = invalid_at_;
  if (!viable()) return result;

  // Where the kept text ends, and what completes the token cut there.
  std::size_t end = closable_end_;
  std::string_view completion;
  if (place_ == place::in_string && !string_is_key_ && has(mode, partial_mode::trailing_strings)) {
    end = string_whole_end_;  // a string value cut short keeps its whole characters
    completion = "\"";
  } else if (place_ == place::in_number && has(mode, partial_mode::trailing_numbers) &&
             number_is_complete()) {
    end = text_.size();  // a number cut short, complete by itself
  }
  // Anything else cut by the end (a key, a member without its value, a string in strict
  // mode, a number or a literal incomplete) goes, back to closable_end_.
  if (end == npos) return result;  // nothing kept

  std::string text = text_.substr(0, end);
  text += completion;
  for (auto it = open_.rbegin(); it != open_.rend(); ++it) text += *it ? '}' : ']';
  result.text = std::move(text);
  return result;
}

closed_prefix close_prefix(std::string_view prefix, partial_mode mode, std::size_t max_depth) {
  prefix_closer closer(max_depth);
  closer.read(prefix);
  return closer.close(mode);
}

std::string_view mode_name(partial_mode mode) noexcept {
  switch (mode) {
    case partial_mode::strict:
      return "strict";
    case partial_mode::trailing_strings:
      return "trailing_strings";
    case partial_mode::trailing_numbers:
      return "trailing_numbers";
    case partial_mode::trailing:
      return "trailing";
  }
  return "unknown";
}

}  // namespace jsonx::test
