// Lookups (key, index, JSON Pointer, path) and comparisons of document elements.
#include <algorithm>
#include <cstring>
#include <vector>

#include "jsonx/dom/element.hpp"
#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::dom {
namespace {

using detail::node;
using detail::tag;

std::string_view key_text(const node* key, const char* strings) noexcept {
  return {strings + key->payload, static_cast<std::size_t>(detail::count_of(*key))};
}

// The last member of the object at `object` whose key is `key`, or nullptr. Lengths are
// compared first (they sit in the node head), so most keys are rejected without reading text.
const node* find_last_member(const node* object, const char* strings,
                             std::string_view key) noexcept {
  const std::uint64_t wanted_head = detail::make_head(tag::key, key.size());
  const node* found = nullptr;
  const node* k = object + 1;
  const node* end = object + object->payload;
  while (k != end) {
    if ((k->head & ~detail::plain_text_flag) == wanted_head &&
        (key.empty() || std::memcmp(strings + k->payload, key.data(), key.size()) == 0)) {
      found = k + 1;
    }
    k += 1 + detail::span_of(k[1]);
  }
  return found;
}

const node* array_element(const node* array, std::size_t index) noexcept {
  if (index >= detail::count_of(*array)) return nullptr;
  const node* e = array + 1;
  for (; index != 0; --index) e += detail::span_of(*e);
  return e;
}

}  // namespace

// ---- element ----

std::optional<element> element::find(std::string_view key) const noexcept {
  if (tag() != tag::object) return std::nullopt;
  const node* found = find_last_member(node_, strings_, key);
  if (found == nullptr) return std::nullopt;
  return element(found, strings_);
}

element element::at(std::string_view key, std::error_code& ec) const noexcept {
  if (tag() != tag::object) {
    ec = detail::is_container(tag()) ? access_errc::type_mismatch : access_errc::not_a_container;
    return {};
  }
  const node* found = find_last_member(node_, strings_, key);
  if (found == nullptr) {
    ec = access_errc::key_not_found;
    return {};
  }
  return {found, strings_};
}

element element::at(std::string_view key) const {
  std::error_code ec;
  element found = at(key, ec);
  if (ec) detail::throw_access_error(ec, "key \"" + std::string(key) + "\": " + ec.message());
  return found;
}

element element::at(std::size_t index, std::error_code& ec) const noexcept {
  if (tag() != tag::array) {
    ec = detail::is_container(tag()) ? access_errc::type_mismatch : access_errc::not_a_container;
    return {};
  }
  const node* found = array_element(node_, index);
  if (found == nullptr) {
    ec = access_errc::index_out_of_range;
    return {};
  }
  return {found, strings_};
}

element element::at(std::size_t index) const {
  std::error_code ec;
  element found = at(index, ec);
  if (ec) detail::throw_access_error(ec, "index " + std::to_string(index) + ": " + ec.message());
  return found;
}

element element::step(const detail::path_step_value& step, std::error_code& ec) const noexcept {
  return step.is_index ? at(step.index, ec) : at(step.key, ec);
}

element element::at_pointer(std::string_view pointer, std::error_code& ec) const noexcept {
  json_pointer_tokens tokens(pointer);
  if (!tokens.valid()) {
    ec = access_errc::invalid_pointer;
    return {};
  }
  element current = *this;
  std::string_view token;
  while (tokens.next(token)) {
    switch (current.tag()) {
      case tag::object:
        current = current.at(token, ec);
        break;
      case tag::array: {
        std::size_t index = 0;
        if (token == "-") {
          // RFC 6901: "-" names the element after the last, which never exists.
          ec = access_errc::index_out_of_range;
        } else if (!parse_json_pointer_index(token, index)) {
          ec = access_errc::invalid_array_index;
        } else {
          current = current.at(index, ec);
        }
        break;
      }
      default:
        ec = access_errc::not_a_container;
        break;
    }
    if (ec) return {};
  }
  return current;
}

element element::at_pointer(std::string_view pointer) const {
  std::error_code ec;
  element found = at_pointer(pointer, ec);
  if (ec) {
    detail::throw_access_error(ec, "pointer \"" + std::string(pointer) + "\": " + ec.message());
  }
  return found;
}

std::optional<element> element::find_pointer(std::string_view pointer) const noexcept {
  std::error_code ec;
  element found = at_pointer(pointer, ec);
  if (ec) return std::nullopt;
  return found;
}

// ---- array_view, object_view ----

element array_view::at(std::size_t index, std::error_code& ec) const noexcept {
  const node* found = array_element(node_, index);
  if (found == nullptr) {
    ec = access_errc::index_out_of_range;
    return {};
  }
  return {found, strings_};
}

element array_view::at(std::size_t index) const {
  return as_element().at(index);
}

std::optional<element> object_view::find(std::string_view key) const noexcept {
  const node* found = find_last_member(node_, strings_, key);
  if (found == nullptr) return std::nullopt;
  return element(found, strings_);
}

element object_view::at(std::string_view key, std::error_code& ec) const noexcept {
  return as_element().at(key, ec);
}

element object_view::at(std::string_view key) const {
  return as_element().at(key);
}

std::size_t object_view::count(std::string_view key) const noexcept {
  std::size_t n = 0;
  for (const member& m : *this) n += m.key == key;
  return n;
}

// ---- comparison ----

namespace {

bool scalars_equal(const element& a, const element& b) noexcept;
bool objects_equal(object_view a, object_view b) noexcept;

bool values_equal(const element& a, const element& b) noexcept {
  const kind ka = a.type();
  const kind kb = b.type();
  if (ka == kind::array && kb == kind::array) {
    array_view x = a.get_array();
    array_view y = b.get_array();
    if (x.size() != y.size()) return false;
    return std::equal(x.begin(), x.end(), y.begin(), values_equal);
  }
  if (ka == kind::object && kb == kind::object)
    return objects_equal(a.get_object(), b.get_object());
  return scalars_equal(a, b);
}

bool scalars_equal(const element& a, const element& b) noexcept {
  const kind ka = a.type();
  const kind kb = b.type();
  std::error_code ec;
  switch (ka) {
    case kind::null:
      return kb == kind::null;
    case kind::boolean:
      return kb == kind::boolean && a.get_bool(ec) == b.get_bool(ec);
    case kind::int64:
    case kind::uint64:
      // Integers compare by value across int64/uint64: a uint64 is always above INT64_MAX
      // when parsed, but the rule holds for any pair.
      if (kb == kind::int64) {
        const std::int64_t y = b.get_int64(ec);
        const std::int64_t x = a.get_int64(ec);
        return !ec && x == y;
      }
      if (kb == kind::uint64) {
        const std::uint64_t y = b.get_uint64(ec);
        const std::uint64_t x = a.get_uint64(ec);
        return !ec && x == y;
      }
      return false;
    case kind::double_:
      return kb == kind::double_ && a.get_double(ec) == b.get_double(ec);
    case kind::raw_number:
      return kb == kind::raw_number && a.get_raw_number(ec) == b.get_raw_number(ec);
    case kind::string:
      return kb == kind::string && a.get_string(ec) == b.get_string(ec);
    default:
      return false;
  }
}

// The members a lookup can see: the last one of each key, sorted by key.
std::vector<member> effective_members(object_view o) {
  std::vector<member> members(o.begin(), o.end());
  // A stable sort keeps duplicates in input order, so the last of each run is the one to keep.
  std::stable_sort(members.begin(), members.end(),
                   [](const member& x, const member& y) { return x.key < y.key; });
  std::vector<member> last;
  last.reserve(members.size());
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i + 1 < members.size() && members[i + 1].key == members[i].key) continue;
    last.push_back(members[i]);
  }
  return last;
}

bool has_duplicate_keys(object_view o) {
  std::vector<std::string_view> keys;
  keys.reserve(o.size());
  for (const member& m : o) keys.push_back(m.key);
  std::sort(keys.begin(), keys.end());
  return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

bool objects_equal(object_view a, object_view b) noexcept {
  // Common case first: the same keys in the same order and no duplicates; then the values
  // can be compared pairwise. Each value pair is compared once either way.
  bool same_key_order = a.size() == b.size();
  if (same_key_order) {
    auto y = b.begin();
    for (auto x = a.begin(); x != a.end(); ++x, ++y) {
      if ((*x).key != (*y).key) {
        same_key_order = false;
        break;
      }
    }
  }
  try {
    if (same_key_order && !has_duplicate_keys(a)) {
      auto y = b.begin();
      for (auto x = a.begin(); x != a.end(); ++x, ++y) {
        if (!values_equal((*x).value, (*y).value)) return false;
      }
      return true;
    }
    const std::vector<member> x = effective_members(a);
    const std::vector<member> y = effective_members(b);
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (x[i].key != y[i].key || !values_equal(x[i].value, y[i].value)) return false;
    }
    return true;
  } catch (const std::bad_alloc&) {
    return false;  // no memory to compare: report "not shown equal" rather than terminate
  }
}

}  // namespace

bool operator==(const element& a, const element& b) noexcept {
  return values_equal(a, b);
}

bool identical(const element& a, const element& b) noexcept {
  // Both subtrees are contiguous node ranges in the same order; compare them node by node.
  // String payloads are offsets into different arenas, so compare their text instead.
  const std::size_t span = detail::span_of(*a.node_);
  if (span != detail::span_of(*b.node_)) return false;
  for (std::size_t i = 0; i < span; ++i) {
    const node& x = a.node_[i];
    const node& y = b.node_[i];
    if ((x.head ^ y.head) & ~detail::plain_text_flag) return false;  // the flag is a hint
    switch (detail::tag_of(x)) {
      case tag::null:
      case tag::false_:
      case tag::true_:
        break;
      case tag::raw_number:
      case tag::string:
      case tag::key:
        if (key_text(&x, a.strings_) != key_text(&y, b.strings_)) return false;
        break;
      default:
        // Numbers and spans compare by bits (so identical() tells 0.0 from -0.0).
        if (x.payload != y.payload) return false;
        break;
    }
  }
  return true;
}

}  // namespace jsonx::dom
