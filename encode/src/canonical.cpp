// Canonical JSON (RFC 8785): the text is parsed into a small flat tree (the members of an
// object must all be seen before the first is written), then written sorted and reformatted.
#include "jsonx/encode/canonical.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "jsonx/encode/write_error.hpp"
#include "jsonx/sax/push_parser.hpp"

namespace jsonx {

namespace {

constexpr std::size_t none = static_cast<std::size_t>(-1);

enum class node_kind : std::uint8_t { null, boolean, number, string, array, object };

// A value of the tree. Texts (a string's value, a member's name) live in one arena string;
// children are a singly linked list in document order.
struct node {
  node_kind kind = node_kind::null;
  bool boolean = false;
  double number = 0;
  std::size_t text_offset = 0, text_size = 0;  // string value
  std::size_t name_offset = 0, name_size = 0;  // member name, inside an object
  std::size_t first_child = none, last_child = none, next_sibling = none;
};

// Reads a decimal exponent estimate of a number text that no double holds, to tell overflow
// (1e400: an error) from underflow (1e-400: zero, as ECMAScript's JSON.parse reads it).
// Returns the power of ten of the first significant digit, saturated.
long long magnitude_of(std::string_view text) {
  std::size_t i = text[0] == '-' ? 1 : 0;
  long long first_digit_power = 0;
  bool found = false;
  std::size_t integer_digits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (!found && text[i] != '0') {
      found = true;
      first_digit_power = -static_cast<long long>(integer_digits);  // fixed below
    }
    ++integer_digits;
    ++i;
  }
  if (found) first_digit_power += static_cast<long long>(integer_digits) - 1;
  if (i < text.size() && text[i] == '.') {
    ++i;
    long long power = -1;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      if (!found && text[i] != '0') {
        found = true;
        first_digit_power = power;
      }
      --power;
      ++i;
    }
  }
  if (!found) return -1000000;  // zero
  long long exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    for (; i < text.size(); ++i) {
      exponent = std::min<long long>(exponent * 10 + (text[i] - '0'), 1000000);
    }
    if (negative) exponent = -exponent;
  }
  return first_digit_power + exponent;
}

class tree_builder {
 public:
  std::vector<node> nodes;
  std::string arena;
  std::error_code failure;  // why a callback stopped the parse

  bool on_null() { return add(node{}); }
  bool on_bool(bool value) {
    node n;
    n.kind = node_kind::boolean;
    n.boolean = value;
    return add(n);
  }
  bool on_int64(std::int64_t value, std::string_view) {
    return add_number(static_cast<double>(value));
  }
  bool on_uint64(std::uint64_t value, std::string_view) {
    return add_number(static_cast<double>(value));
  }
  bool on_double(double value, std::string_view) { return add_number(value); }
  bool on_number_text(std::string_view text) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc() && std::isfinite(value)) return add_number(value);
    if (magnitude_of(text) > 0) {
      failure = make_error_code(write_errc::number_out_of_range);
      return false;
    }
    return add_number(text[0] == '-' ? -0.0 : 0.0);
  }
  bool on_string(std::string_view value) {
    node n;
    n.kind = node_kind::string;
    n.text_offset = arena.size();
    n.text_size = value.size();
    arena.append(value);
    return add(n);
  }
  bool on_key(std::string_view key) {
    pending_name_offset_ = arena.size();
    pending_name_size_ = key.size();
    arena.append(key);
    return true;
  }
  bool on_object_begin() { return open(node_kind::object); }
  bool on_array_begin() { return open(node_kind::array); }
  // The members are sorted as soon as the object is complete, so that a duplicate name stops
  // the parse where the object ends (the error's location).
  bool on_object_end(std::size_t) {
    node& object = nodes[open_.back()];
    open_.pop_back();
    members_.clear();
    for (std::size_t c = object.first_child; c != none; c = nodes[c].next_sibling) {
      members_.push_back(c);
    }
    std::sort(members_.begin(), members_.end(),
              [&](std::size_t a, std::size_t b) { return compare_as_utf16(name(a), name(b)) < 0; });
    for (std::size_t i = 1; i < members_.size(); ++i) {
      if (name(members_[i]) == name(members_[i - 1])) {
        failure = make_error_code(write_errc::duplicate_key);
        return false;
      }
    }
    // Relink the children in sorted order.
    std::size_t next = none;
    for (std::size_t i = members_.size(); i-- > 0;) {
      nodes[members_[i]].next_sibling = next;
      next = members_[i];
    }
    object.first_child = next;
    object.last_child = members_.empty() ? none : members_.back();
    return true;
  }
  std::string_view name(std::size_t index) const {
    const node& n = nodes[index];
    return std::string_view(arena).substr(n.name_offset, n.name_size);
  }
  bool on_array_end(std::size_t) {
    open_.pop_back();
    return true;
  }

 private:
  bool add_number(double value) {
    node n;
    n.kind = node_kind::number;
    n.number = value;
    return add(n);
  }
  bool open(node_kind kind) {
    node n;
    n.kind = kind;
    if (!add(n)) return false;
    open_.push_back(nodes.size() - 1);
    return true;
  }
  bool add(node n) {
    const std::size_t index = nodes.size();
    if (!open_.empty()) {
      node& parent = nodes[open_.back()];
      if (parent.kind == node_kind::object) {
        n.name_offset = pending_name_offset_;
        n.name_size = pending_name_size_;
      }
      if (parent.last_child == none) {
        parent.first_child = index;
      } else {
        nodes[parent.last_child].next_sibling = index;
      }
      parent.last_child = index;
    }
    nodes.push_back(n);
    return true;
  }

  std::vector<std::size_t> open_;
  std::vector<std::size_t> members_;  // scratch of on_object_end()
  std::size_t pending_name_offset_ = 0, pending_name_size_ = 0;
};

// The code point starting at s[i] (valid UTF-8).
char32_t decode_at(std::string_view s, std::size_t i) noexcept {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) return b;
  if (b < 0xE0) return (char32_t{b & 0x1Fu} << 6) | (byte(i + 1) & 0x3Fu);
  if (b < 0xF0) {
    return (char32_t{b & 0x0Fu} << 12) | (char32_t{byte(i + 1) & 0x3Fu} << 6) |
           (byte(i + 2) & 0x3Fu);
  }
  return (char32_t{b & 0x07u} << 18) | (char32_t{byte(i + 1) & 0x3Fu} << 12) |
         (char32_t{byte(i + 2) & 0x3Fu} << 6) | (byte(i + 3) & 0x3Fu);
}

// The first UTF-16 code unit of a code point: itself, or its high surrogate.
char32_t first_utf16_unit(char32_t c) noexcept {
  return c < 0x10000 ? c : 0xD800 + ((c - 0x10000) >> 10);
}

void append_canonical_string(std::string_view s, std::string& out) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  std::size_t plain_from = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.substr(plain_from, i - plain_from));
    plain_from = i + 1;
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
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\r':
        out += "\\r";
        break;
      default: {
        const char escape[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
        out.append(escape, sizeof escape);
      }
    }
  }
  out.append(s.substr(plain_from));
  out += '"';
}

// Writes the tree: its objects' members are already sorted and their names distinct. A loop
// over the nodes, not recursion, so that a depth limit raised by the caller cannot overflow the
// call stack.
void write_tree(const tree_builder& tree, std::string& out) {
  const auto& nodes = tree.nodes;
  std::vector<std::size_t> parents;  // the open containers
  std::size_t index = 0;
  for (;;) {
    const node& n = nodes[index];
    if (!parents.empty()) {
      const node& parent = nodes[parents.back()];
      if (index != parent.first_child) out += ',';
      if (parent.kind == node_kind::object) {
        append_canonical_string(tree.name(index), out);
        out += ':';
      }
    }
    switch (n.kind) {
      case node_kind::null:
        out += "null";
        break;
      case node_kind::boolean:
        out += n.boolean ? "true" : "false";
        break;
      case node_kind::number:
        append_ecmascript_number(n.number, out);
        break;
      case node_kind::string:
        append_canonical_string(std::string_view(tree.arena).substr(n.text_offset, n.text_size),
                                out);
        break;
      case node_kind::array:
      case node_kind::object:
        out += n.kind == node_kind::object ? '{' : '[';
        if (n.first_child != none) {
          parents.push_back(index);
          index = n.first_child;
          continue;
        }
        out += n.kind == node_kind::object ? '}' : ']';
        break;
    }
    // Done with `index`: on to its next sibling, closing the containers it ends.
    for (;;) {
      if (parents.empty()) return;
      if (nodes[index].next_sibling != none) {
        index = nodes[index].next_sibling;
        break;
      }
      index = parents.back();
      parents.pop_back();
      out += nodes[index].kind == node_kind::object ? '}' : ']';
    }
  }
}

}  // namespace

int compare_as_utf16(std::string_view a, std::string_view b) noexcept {
  // UTF-8 byte order is code point order; UTF-16 order differs from it only where a code point
  // above U+FFFF (a surrogate pair, D800..DBFF first) meets one in U+E000..U+FFFF. So compare
  // bytes up to the first difference, then the two code points that differ there.
  const std::size_t common = std::min(a.size(), b.size());
  std::size_t i = 0;
  while (i < common && a[i] == b[i]) ++i;
  if (i == common) return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
  // Back to the start of the code point (the bytes before i are equal in both).
  while (i > 0 && (static_cast<unsigned char>(a[i]) & 0xC0) == 0x80) --i;
  const char32_t x = first_utf16_unit(decode_at(a, i));
  const char32_t y = first_utf16_unit(decode_at(b, i));
  if (x != y) return x < y ? -1 : 1;
  // Same high surrogate: the low surrogates order as the code points do.
  return decode_at(a, i) < decode_at(b, i) ? -1 : 1;
}

bool append_ecmascript_number(double value, std::string& out) {
  if (!std::isfinite(value)) return false;
  if (value == 0) {  // +0 and -0
    out += '0';
    return true;
  }
  if (value < 0) {
    out += '-';
    value = -value;
  }
  // The shortest digits that read back to `value` (std::to_chars picks the closest of them),
  // as d.ddde+XX: the digits s (k of them) and n, the power of ten just above the first digit.
  char buffer[32];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  const std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
  const std::size_t e = text.find('e');
  std::string digits;
  digits += text[0];
  if (e > 1) digits.append(text.substr(2, e - 2));  // after "d."
  int exponent = 0;
  std::from_chars(text.data() + e + (text[e + 1] == '+' ? 2 : 1), text.data() + text.size(),
                  exponent);
  const int k = static_cast<int>(digits.size());
  const int n = exponent + 1;
  // Number.prototype.toString, steps for k, n (ECMA-262 Number::toString):
  if (k <= n && n <= 21) {  // an integer: the digits, then n - k zeros
    out += digits;
    out.append(static_cast<std::size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {  // a point inside the digits
    out.append(digits, 0, static_cast<std::size_t>(n));
    out += '.';
    out.append(digits, static_cast<std::size_t>(n));
  } else if (-6 < n && n <= 0) {  // 0.000ddd
    out += "0.";
    out.append(static_cast<std::size_t>(-n), '0');
    out += digits;
  } else {  // exponent form: d[.ddd]e±(n-1)
    out += digits[0];
    if (k > 1) {
      out += '.';
      out.append(digits, 1);
    }
    out += 'e';
    out += n - 1 < 0 ? '-' : '+';
    out += std::to_string(n - 1 < 0 ? 1 - n : n - 1);
  }
  return true;
}

bool canonicalize(std::string_view json, std::string& out, parse_error& error,
                  const parse_options& parsing) {
  tree_builder tree;
  if (!parse(json, tree, error, parsing)) {
    if (tree.failure) error.code = tree.failure;  // the location is where the parse stopped
    return false;
  }
  write_tree(tree, out);
  error = parse_error{};
  return true;
}

std::string canonicalize(std::string_view json, const parse_options& parsing) {
  std::string out;
  parse_error error;
  if (!canonicalize(json, out, error, parsing)) throw parse_exception(std::move(error));
  return out;
}

}  // namespace jsonx
