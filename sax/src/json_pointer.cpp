#include "jsonx/sax/json_pointer.hpp"

#include <charconv>
#include <limits>

namespace jsonx {

bool is_json_pointer(std::string_view pointer) noexcept {
  if (!pointer.empty() && pointer.front() != '/') return false;
  for (std::size_t i = 0; i < pointer.size(); ++i) {
    if (pointer[i] != '~') continue;
    if (i + 1 == pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) return false;
  }
  return true;
}

json_pointer_tokens::json_pointer_tokens(std::string_view pointer) noexcept
    : valid_(is_json_pointer(pointer)) {
  if (valid_) rest_ = pointer;
}

bool json_pointer_tokens::next(std::string_view& token) {
  if (rest_.empty()) return false;
  rest_.remove_prefix(1);  // the '/'
  const std::size_t end = rest_.find('/');
  const std::string_view raw = rest_.substr(0, end);
  rest_ = end == std::string_view::npos ? std::string_view{} : rest_.substr(end);
  if (raw.find('~') == std::string_view::npos) {
    token = raw;
    return true;
  }
  unescaped_.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '~') {
      // Checked by the constructor: a '~' is followed by '0' or '1'. Left to right, so
      // "~01" is "~1", not "/".
      unescaped_.push_back(raw[i + 1] == '0' ? '~' : '/');
      ++i;
    } else {
      unescaped_.push_back(raw[i]);
    }
  }
  token = unescaped_;
  return true;
}

std::vector<std::string> split_json_pointer(std::string_view pointer) {
  std::vector<std::string> tokens;
  json_pointer_tokens walk(pointer);
  for (std::string_view token; walk.next(token);) tokens.emplace_back(token);
  return tokens;
}

bool parse_json_pointer_index(std::string_view token, std::size_t& index) noexcept {
  if (token.empty() || (token.size() > 1 && token.front() == '0')) return false;
  std::size_t value = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    const auto digit = static_cast<std::size_t>(c - '0');
    if (value > (std::numeric_limits<std::size_t>::max() - digit) / 10) return false;
    value = value * 10 + digit;
  }
  index = value;
  return true;
}

void append_json_pointer_token(std::string& out, std::string_view token) {
  out.push_back('/');
  for (char c : token) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out.push_back(c);
    }
  }
}

void append_json_pointer_index(std::string& out, std::size_t index) {
  out.push_back('/');
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof digits, index);
  out.append(digits, result.ptr);
}

}  // namespace jsonx
