// Comparison of mutable values: operator== (JSON value equality, objects as mappings) and
// identical() (strict), with element's rules (element.hpp).
#include <algorithm>
#include <new>
#include <string_view>
#include <vector>

#include "jsonx/dom/value.hpp"

namespace jsonx::dom {

// ---- comparison ----

namespace {

bool has_duplicate_keys(const object& o) {
  if (o.size() <= 16) {
    for (auto i = o.begin(); i != o.end(); ++i) {
      for (auto j = std::next(i); j != o.end(); ++j) {
        if (i->key == j->key) return true;
      }
    }
    return false;
  }
  std::vector<std::string_view> keys;
  keys.reserve(o.size());
  for (const object_member& m : o) keys.push_back(m.key);
  std::sort(keys.begin(), keys.end());
  return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

// The members a lookup can see (the last of each key), sorted by key.
std::vector<const object_member*> effective_members(const object& o) {
  std::vector<const object_member*> members;
  members.reserve(o.size());
  for (const object_member& m : o) members.push_back(&m);
  std::stable_sort(members.begin(), members.end(),
                   [](const object_member* x, const object_member* y) { return x->key < y->key; });
  std::vector<const object_member*> last;
  last.reserve(members.size());
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i + 1 < members.size() && members[i + 1]->key == members[i]->key) continue;
    last.push_back(members[i]);
  }
  return last;
}

bool scalars_equal(const value& a, const value& b) noexcept {
  std::error_code ec;
  switch (a.type()) {
    case kind::null:
      return b.is_null();
    case kind::boolean:
      return b.is_bool() && a.get_bool(ec) == b.get_bool(ec);
    case kind::int64:
    case kind::uint64:
      if (b.is_int64()) {
        const std::int64_t y = b.get_int64(ec);
        return a.get_int64(ec) == y && !ec;
      }
      if (b.is_uint64()) {
        const std::uint64_t y = b.get_uint64(ec);
        return a.get_uint64(ec) == y && !ec;
      }
      return false;
    case kind::double_:
      return b.is_double() && a.get_double(ec) == b.get_double(ec);
    case kind::raw_number:
      return b.is_raw_number() && a.get_raw_number(ec) == b.get_raw_number(ec);
    case kind::string:
      return b.is_string() && a.get_string(ec) == b.get_string(ec);
    default:
      return false;
  }
}

}  // namespace

bool operator==(const array& a, const array& b) noexcept {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

bool operator==(const object& a, const object& b) noexcept {
  const bool same_key_order =
      std::equal(a.begin(), a.end(), b.begin(), b.end(),
                 [](const object_member& x, const object_member& y) { return x.key == y.key; });
  try {
    if (same_key_order && !has_duplicate_keys(a)) {
      return std::equal(
          a.begin(), a.end(), b.begin(),
          [](const object_member& x, const object_member& y) { return x.value == y.value; });
    }
    const auto x = effective_members(a);
    const auto y = effective_members(b);
    return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                      [](const object_member* p, const object_member* q) {
                        return p->key == q->key && p->value == q->value;
                      });
  } catch (const std::bad_alloc&) {
    return false;  // no memory to compare: "not shown equal" rather than terminate
  }
}

bool operator==(const value& a, const value& b) noexcept {
  if (a.is_array()) return b.is_array() && a.array_ == b.array_;
  if (a.is_object()) return b.is_object() && a.object_ == b.object_;
  return scalars_equal(a, b);
}

bool identical(const value& a, const value& b) noexcept {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case kind::null:
      return true;
    case kind::boolean:
      return a.scalar_.b == b.scalar_.b;
    case kind::int64:
    case kind::uint64:
    case kind::double_:
      return a.scalar_.u == b.scalar_.u;  // bits: 0.0 is not -0.0
    case kind::string:
    case kind::raw_number:
      return a.string_ == b.string_;
    case kind::array:
      return std::equal(a.array_.begin(), a.array_.end(), b.array_.begin(), b.array_.end(),
                        [](const value& x, const value& y) { return identical(x, y); });
    case kind::object:
      return std::equal(a.object_.begin(), a.object_.end(), b.object_.begin(), b.object_.end(),
                        [](const object_member& x, const object_member& y) {
                          return x.key == y.key && identical(x.value, y.value);
                        });
  }
  return false;
}

}  // namespace jsonx::dom
