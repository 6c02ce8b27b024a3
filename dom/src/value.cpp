// value: construction, copy and move across memory resources, conversion from a document,
// and checked access. Object members are in object.cpp, comparison in value_equality.cpp.
#include <algorithm>
#include <new>

#include "jsonx/dom/value.hpp"

namespace jsonx::dom {
namespace {

// number = [ "-" ] ( "0" / [1-9] *DIGIT ) [ "." 1*DIGIT ] [ ( "e" / "E" ) [ "+" / "-" ] 1*DIGIT ]
bool is_json_number(std::string_view text) noexcept {
  std::size_t i = 0;
  const std::size_t n = text.size();
  auto digit = [&](std::size_t at) { return at < n && text[at] >= '0' && text[at] <= '9'; };
  if (i < n && text[i] == '-') ++i;
  if (!digit(i)) return false;
  if (text[i] == '0') {
    ++i;
  } else {
    while (digit(i)) ++i;
  }
  if (i < n && text[i] == '.') {
    ++i;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < n && (text[i] == '+' || text[i] == '-')) ++i;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  return i == n;
}

bool same_resource(std::pmr::memory_resource* a, std::pmr::memory_resource* b) noexcept {
  return a == b || a->is_equal(*b);
}

}  // namespace

// ---- construction ----

value::value(std::string_view s, const allocator_type& alloc) : kind_(kind::string) {
  new (&string_) string(s, alloc);
}

value::value(array a) noexcept : kind_(kind::array) {
  new (&array_) array(std::move(a));
}

value::value(object o) noexcept : kind_(kind::object) {
  new (&object_) object(std::move(o));
}

value::value(array a, const allocator_type& alloc) : kind_(kind::array) {
  new (&array_) array(std::move(a), alloc);
}

value::value(object o, const allocator_type& alloc) : kind_(kind::object) {
  new (&object_) object(std::move(o), alloc);
}

value value::raw_number(std::string_view text, const allocator_type& alloc) {
  if (!is_json_number(text)) {
    detail::throw_access_error(access_errc::invalid_number_text,
                               "\"" + std::string(text) + "\": not a JSON number");
  }
  value v(text, alloc);
  v.kind_ = kind::raw_number;
  return v;
}

value::value(element e, const allocator_type& alloc) : kind_(kind::null) {
  scalar_.resource = alloc.resource();
  std::error_code ignored;  // each getter below matches the element's kind
  switch (e.type()) {
    case kind::null:
      break;
    case kind::boolean:
      kind_ = kind::boolean;
      scalar_.b = e.get_bool(ignored);
      break;
    case kind::int64:
      kind_ = kind::int64;
      scalar_.i = e.get_int64(ignored);
      break;
    case kind::uint64:
      kind_ = kind::uint64;
      scalar_.u = e.get_uint64(ignored);
      break;
    case kind::double_:
      kind_ = kind::double_;
      scalar_.d = e.get_double(ignored);
      break;
    case kind::raw_number:
      new (&string_) string(e.get_raw_number(ignored), alloc);
      kind_ = kind::raw_number;
      break;
    case kind::string:
      new (&string_) string(e.get_string(ignored), alloc);
      kind_ = kind::string;
      break;
    case kind::array: {
      new (&array_) array(alloc);
      kind_ = kind::array;
      const array_view elements = e.get_array(ignored);
      array_.elements_.reserve(elements.size());
      for (element child : elements) array_.elements_.emplace_back(child);
      break;
    }
    case kind::object: {
      new (&object_) object(alloc);
      kind_ = kind::object;
      const object_view members = e.get_object(ignored);
      object_.members_.reserve(members.size());
      for (const member m : members) object_.members_.emplace_back(m.key, m.value);
      break;
    }
  }
}

void value::construct_from(const value& other, const allocator_type& alloc) {
  switch (other.kind_) {
    case kind::string:
    case kind::raw_number:
      new (&string_) string(other.string_, alloc);
      break;
    case kind::array:
      new (&array_) array(other.array_, alloc);
      break;
    case kind::object:
      new (&object_) object(other.object_, alloc);
      break;
    default:
      scalar_ = other.scalar_;
      scalar_.resource = alloc.resource();
      break;
  }
  kind_ = other.kind_;
}

value::value(const value& other, const allocator_type& alloc) : kind_(kind::null) {
  scalar_.resource = alloc.resource();
  construct_from(other, alloc);
}

void value::construct_moving(value& other) noexcept {
  std::pmr::memory_resource* resource = other.resource();
  switch (other.kind_) {
    case kind::string:
    case kind::raw_number:
      new (&string_) string(std::move(other.string_));
      break;
    case kind::array:
      new (&array_) array(std::move(other.array_));
      break;
    case kind::object:
      new (&object_) object(std::move(other.object_));
      break;
    default:
      scalar_ = other.scalar_;
      break;
  }
  kind_ = other.kind_;
  other.destroy();
  other.kind_ = kind::null;
  other.scalar_.resource = resource;
}

value::value(value&& other) noexcept : kind_(kind::null) {
  construct_moving(other);
}

value::value(value&& other, const allocator_type& alloc) : kind_(kind::null) {
  scalar_.resource = alloc.resource();
  if (same_resource(other.resource(), alloc.resource())) {
    construct_moving(other);
  } else {
    construct_from(other, alloc);
  }
}

// Both assignments build the new contents first: `other` may live inside *this
// (v = v.at("a")), and must not be destroyed before it is read.
value& value::operator=(const value& other) {
  if (this == &other) return *this;
  value replacement(other, get_allocator());
  destroy();
  construct_moving(replacement);
  return *this;
}

value& value::operator=(value&& other) {
  if (this == &other) return *this;
  value replacement(std::move(other), get_allocator());
  destroy();
  construct_moving(replacement);
  return *this;
}

void value::destroy() noexcept {
  std::pmr::memory_resource* resource = this->resource();
  switch (kind_) {
    case kind::string:
    case kind::raw_number:
      string_.~string();
      break;
    case kind::array:
      array_.~array();
      break;
    case kind::object:
      object_.~object();
      break;
    default:
      break;
  }
  kind_ = kind::null;
  scalar_.resource = resource;
}

std::pmr::memory_resource* value::resource() const noexcept {
  switch (kind_) {
    case kind::string:
    case kind::raw_number:
      return string_.get_allocator().resource();
    case kind::array:
      return array_.get_allocator().resource();
    case kind::object:
      return object_.get_allocator().resource();
    default:
      return scalar_.resource;
  }
}

void value::swap(value& other) noexcept {
  if (this == &other) return;
  // Swapping across resources would make each side allocate from the other's resource; as
  // with pmr containers, that is the caller's business, so contents move as they are.
  value held(std::move(other));
  other.construct_moving(*this);
  construct_moving(held);
}

// ---- checked access ----

bool value::get_bool() const {
  return detail::checked([&](std::error_code& ec) { return get_bool(ec); });
}
std::int64_t value::get_int64() const {
  return detail::checked([&](std::error_code& ec) { return get_int64(ec); });
}
std::uint64_t value::get_uint64() const {
  return detail::checked([&](std::error_code& ec) { return get_uint64(ec); });
}
double value::get_double() const {
  return detail::checked([&](std::error_code& ec) { return get_double(ec); });
}
std::string_view value::get_string() const {
  return detail::checked([&](std::error_code& ec) { return get_string(ec); });
}
std::string_view value::get_raw_number() const {
  return detail::checked([&](std::error_code& ec) { return get_raw_number(ec); });
}

array& value::as_array() {
  if (kind_ != kind::array) detail::throw_access_error(access_errc::type_mismatch);
  return array_;
}
const array& value::as_array() const {
  return const_cast<value*>(this)->as_array();
}
object& value::as_object() {
  if (kind_ != kind::object) detail::throw_access_error(access_errc::type_mismatch);
  return object_;
}
const object& value::as_object() const {
  return const_cast<value*>(this)->as_object();
}
string& value::as_string() {
  if (kind_ != kind::string) detail::throw_access_error(access_errc::type_mismatch);
  return string_;
}
const string& value::as_string() const {
  return const_cast<value*>(this)->as_string();
}

array& value::emplace_array() noexcept {
  std::pmr::memory_resource* r = resource();
  destroy();
  new (&array_) array(allocator_type(r));
  kind_ = kind::array;
  return array_;
}
object& value::emplace_object() noexcept {
  std::pmr::memory_resource* r = resource();
  destroy();
  new (&object_) object(allocator_type(r));
  kind_ = kind::object;
  return object_;
}
string& value::emplace_string() noexcept {
  std::pmr::memory_resource* r = resource();
  destroy();
  new (&string_) string(allocator_type(r));
  kind_ = kind::string;
  return string_;
}
void value::emplace_null() noexcept {
  destroy();
}

std::size_t value::size() const noexcept {
  switch (kind_) {
    case kind::array:
      return array_.size();
    case kind::object:
      return object_.size();
    default:
      return 0;
  }
}

value* value::find(std::string_view key) noexcept {
  return kind_ == kind::object ? object_.find(key) : nullptr;
}
const value* value::find(std::string_view key) const noexcept {
  return const_cast<value*>(this)->find(key);
}

value* value::step(const detail::path_step_value& step, std::error_code& ec) noexcept {
  if (kind_ != kind::array && kind_ != kind::object) {
    ec = access_errc::not_a_container;
    return nullptr;
  }
  if (step.is_index != (kind_ == kind::array)) {
    ec = access_errc::type_mismatch;
    return nullptr;
  }
  value* found = step.is_index ? array_.find(step.index) : object_.find(step.key);
  if (found == nullptr) {
    ec = step.is_index ? access_errc::index_out_of_range : access_errc::key_not_found;
  }
  return found;
}

value& value::at(std::string_view key) {
  std::error_code ec;
  value* found = step({false, 0, key}, ec);
  if (found == nullptr) {
    detail::throw_access_error(ec, "key \"" + std::string(key) + "\": " + ec.message());
  }
  return *found;
}
const value& value::at(std::string_view key) const {
  return const_cast<value*>(this)->at(key);
}

value& value::at(std::size_t index) {
  std::error_code ec;
  value* found = step({true, index, {}}, ec);
  if (found == nullptr) {
    detail::throw_access_error(ec, "index " + std::to_string(index) + ": " + ec.message());
  }
  return *found;
}
const value& value::at(std::size_t index) const {
  return const_cast<value*>(this)->at(index);
}

}  // namespace jsonx::dom
