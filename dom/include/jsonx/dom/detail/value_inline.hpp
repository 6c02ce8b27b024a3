// The inline members of array, object and value, which need value complete (value.hpp).
#pragma once

#include <cstddef>
#include <utility>

#include "jsonx/dom/value.hpp"

namespace jsonx::dom {

// ---- array: members that need value complete ----

inline array::array() noexcept = default;
inline array::array(const allocator_type& alloc) noexcept : elements_(alloc) {}
inline array::array(std::initializer_list<value> init, const allocator_type& alloc)
    : elements_(alloc) {
  elements_.reserve(init.size());
  for (const value& v : init) elements_.emplace_back(v);
}
inline array::array(const array& other) = default;
inline array::array(const array& other, const allocator_type& alloc)
    : elements_(other.elements_, alloc) {}
inline array::array(array&& other) noexcept = default;
inline array::array(array&& other, const allocator_type& alloc)
    : elements_(std::move(other.elements_), alloc) {}
inline array& array::operator=(const array& other) = default;
inline array& array::operator=(array&& other) = default;
inline array::~array() = default;
inline std::size_t array::size() const noexcept {
  return elements_.size();
}
inline bool array::empty() const noexcept {
  return elements_.empty();
}
inline void array::reserve(std::size_t n) {
  elements_.reserve(n);
}
inline array::iterator array::begin() noexcept {
  return elements_.begin();
}
inline array::iterator array::end() noexcept {
  return elements_.end();
}
inline array::const_iterator array::begin() const noexcept {
  return elements_.begin();
}
inline array::const_iterator array::end() const noexcept {
  return elements_.end();
}
inline void array::clear() noexcept {
  elements_.clear();
}
inline value& array::operator[](std::size_t index) noexcept {
  return elements_[index];
}
inline const value& array::operator[](std::size_t index) const noexcept {
  return elements_[index];
}
inline value* array::find(std::size_t index) noexcept {
  return index < elements_.size() ? &elements_[index] : nullptr;
}
inline const value* array::find(std::size_t index) const noexcept {
  return index < elements_.size() ? &elements_[index] : nullptr;
}
inline value& array::at(std::size_t index) {
  if (index >= elements_.size()) detail::throw_access_error(access_errc::index_out_of_range);
  return elements_[index];
}
inline const value& array::at(std::size_t index) const {
  return const_cast<array*>(this)->at(index);
}
inline value& array::front() noexcept {
  return elements_.front();
}
inline value& array::back() noexcept {
  return elements_.back();
}
inline value& array::push_back(const value& v) {
  return elements_.emplace_back(v);
}
inline value& array::push_back(value&& v) {
  return elements_.emplace_back(std::move(v));
}
template <class... Args>
value& array::emplace_back(Args&&... args) {
  return elements_.emplace_back(std::forward<Args>(args)...);
}
inline value& array::insert(std::size_t index, const value& v) {
  return insert(index, value(v, get_allocator()));
}
inline value& array::insert(std::size_t index, value&& v) {
  if (index > elements_.size()) detail::throw_access_error(access_errc::index_out_of_range);
  return *insert(elements_.begin() + static_cast<std::ptrdiff_t>(index), std::move(v));
}
inline array::iterator array::insert(const_iterator pos, const value& v) {
  return insert(pos, value(v, get_allocator()));
}
inline array::iterator array::insert(const_iterator pos, value&& v) {
  // vector::insert(pos, T&&) would construct a temporary with the default resource first;
  // emplace constructs in place with the vector's.
  return elements_.emplace(pos, std::move(v));
}
inline void array::erase(std::size_t index) {
  if (index >= elements_.size()) detail::throw_access_error(access_errc::index_out_of_range);
  elements_.erase(elements_.begin() + static_cast<std::ptrdiff_t>(index));
}
inline array::iterator array::erase(const_iterator pos) {
  return elements_.erase(pos);
}
inline void array::pop_back() noexcept {
  elements_.pop_back();
}

// ---- object ----

inline object::object() noexcept = default;
inline object::object(const allocator_type& alloc) noexcept : members_(alloc) {}
inline object::object(std::initializer_list<std::pair<std::string_view, value>> init,
                      const allocator_type& alloc)
    : members_(alloc) {
  members_.reserve(init.size());
  for (const auto& [key, v] : init) members_.emplace_back(key, v);
}
inline object::object(const object& other) = default;
inline object::object(const object& other, const allocator_type& alloc)
    : members_(other.members_, alloc) {}
inline object::object(object&& other) noexcept = default;
inline object::object(object&& other, const allocator_type& alloc)
    : members_(std::move(other.members_), alloc) {}
inline object& object::operator=(const object& other) = default;
inline object& object::operator=(object&& other) = default;
inline object::~object() = default;
inline std::size_t object::size() const noexcept {
  return members_.size();
}
inline bool object::empty() const noexcept {
  return members_.empty();
}
inline void object::reserve(std::size_t n) {
  members_.reserve(n);
}
inline object::iterator object::begin() noexcept {
  return members_.begin();
}
inline object::iterator object::end() noexcept {
  return members_.end();
}
inline object::const_iterator object::begin() const noexcept {
  return members_.begin();
}
inline object::const_iterator object::end() const noexcept {
  return members_.end();
}
inline void object::clear() noexcept {
  members_.clear();
}
inline const value* object::find(std::string_view key) const noexcept {
  return const_cast<object*>(this)->find(key);
}
inline const value& object::at(std::string_view key) const {
  return const_cast<object*>(this)->at(key);
}
inline object::iterator object::erase(const_iterator pos) {
  return members_.erase(pos);
}

// ---- value: inline getters ----

inline bool value::get_bool(std::error_code& ec) const noexcept {
  if (kind_ == kind::boolean) return scalar_.b;
  ec = access_errc::type_mismatch;
  return false;
}
inline std::int64_t value::get_int64(std::error_code& ec) const noexcept {
  switch (kind_) {
    case kind::int64:
      return scalar_.i;
    case kind::uint64:
      return detail::int64_from_uint64(scalar_.u, ec);
    case kind::double_:
      return detail::int64_from_double(scalar_.d, ec);
    case kind::raw_number:
      ec = access_errc::number_out_of_range;
      return 0;
    default:
      ec = access_errc::type_mismatch;
      return 0;
  }
}
inline std::uint64_t value::get_uint64(std::error_code& ec) const noexcept {
  switch (kind_) {
    case kind::uint64:
      return scalar_.u;
    case kind::int64:
      return detail::uint64_from_int64(scalar_.i, ec);
    case kind::double_:
      return detail::uint64_from_double(scalar_.d, ec);
    case kind::raw_number:
      ec = access_errc::number_out_of_range;
      return 0;
    default:
      ec = access_errc::type_mismatch;
      return 0;
  }
}
inline double value::get_double(std::error_code& ec) const noexcept {
  switch (kind_) {
    case kind::double_:
      return scalar_.d;
    case kind::int64:
      return detail::double_from_int64(scalar_.i, ec);
    case kind::uint64:
      return detail::double_from_uint64(scalar_.u, ec);
    case kind::raw_number:
      ec = access_errc::number_out_of_range;
      return 0;
    default:
      ec = access_errc::type_mismatch;
      return 0;
  }
}
inline std::string_view value::get_string(std::error_code& ec) const noexcept {
  if (kind_ == kind::string) return string_;
  ec = access_errc::type_mismatch;
  return {};
}
inline std::string_view value::get_raw_number(std::error_code& ec) const noexcept {
  if (kind_ == kind::raw_number) return string_;
  ec = access_errc::type_mismatch;
  return {};
}

inline void swap(value& a, value& b) noexcept {
  a.swap(b);
}

}  // namespace jsonx::dom
