#include "jsonx/dom/detail/json_pointer.hpp"

#include <limits>

#include "jsonx/dom/error.hpp"

namespace jsonx::dom::detail {

pointer_tokens::pointer_tokens(std::string_view pointer, std::error_code& ec) : rest_(pointer) {
  if (!pointer.empty() && pointer.front() != '/') {
    ec = access_errc::invalid_pointer;
    rest_ = {};
    return;
  }
  for (std::size_t i = 0; i < pointer.size(); ++i) {
    if (pointer[i] != '~') continue;
    if (i + 1 == pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) {
      ec = access_errc::invalid_pointer;
      rest_ = {};
      return;
    }
  }
}

bool pointer_tokens::next(std::string_view& token) {
  if (rest_.empty()) return false;
  rest_.remove_prefix(1);  // the '/'
  const std::size_t end = rest_.find('/');
  std::string_view raw = rest_.substr(0, end);
  rest_ = end == std::string_view::npos ? std::string_view{} : rest_.substr(end);
  if (raw.find('~') == std::string_view::npos) {
    token = raw;
    return true;
  }
  unescaped_.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '~') {
      unescaped_.push_back(raw[i + 1] == '0' ? '~' : '/');  // validated in the constructor
      ++i;
    } else {
      unescaped_.push_back(raw[i]);
    }
  }
  token = unescaped_;
  return true;
}

bool parse_array_index(std::string_view token, std::size_t& index) noexcept {
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

void append_pointer_token(std::string& out, std::string_view key) {
  out.push_back('/');
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out.push_back(c);
    }
  }
}

}  // namespace jsonx::dom::detail
