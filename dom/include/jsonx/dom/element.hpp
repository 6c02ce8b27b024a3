// element: a read-only view of one value of a parsed document, and the array/object views.
//
//   jsonx::dom::parser parser;
//   const jsonx::dom::document& doc = parser.parse(R"({"statuses":[{"user":{"id":7}}]})");
//   std::int64_t id = doc.root().get("statuses", 0, "user", "id").get_int64();      // 7
//   std::int64_t same = doc.root().at_pointer("/statuses/0/user/id").get_int64();  // 7
//   for (auto [key, value] : doc.root().get_object()) { ... }                      // input order
//
// An element is two pointers, cheap to copy; it is valid while its document is alive and not
// re-parsed. Each accessor has a throwing flavour (access_exception) and an error-code flavour
// (noexcept; on error it sets `ec` and returns a null element, 0, false or an empty view).
//
// Rules:
//  - Typed getters convert only exactly (see detail/number_conversion.hpp): an int64 that a
//    double holds exactly is readable as double, 3.0 is readable as int64, a uint64 above
//    INT64_MAX is not readable as int64, a negative number is not a uint64. A raw_number (an
//    integer beyond 64 bits, a number beyond double range) is readable only as its text,
//    get_raw_number(); get_number_text() gives it too.
//  - Duplicate keys are kept, in input order, by iteration; key lookup (find, at, operator[],
//    JSON Pointer, get(path...)) returns the LAST member with that key, as Go's encoding/json
//    and Boost.JSON do.
//  - Array index lookup walks the elements before it: O(index). Key lookup is O(members).
//  - operator== compares JSON values: objects as key -> value mappings (member order does not
//    matter; of duplicate keys only the last counts, the member lookup sees), arrays in order,
//    int64 and uint64 by numeric value, doubles by ==, raw numbers by text. Integers never
//    equal doubles (1 != 1.0), as in Boost.JSON. identical() is the strict form: same members in
//    the same order, same kinds, duplicates included (a document built in chunks is identical()
//    to the same document built whole).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <system_error>

#include "jsonx/dom/detail/node.hpp"
#include "jsonx/dom/detail/number_conversion.hpp"
#include "jsonx/dom/detail/path.hpp"
#include "jsonx/dom/error.hpp"
#include "jsonx/dom/kind.hpp"

namespace jsonx::dom {

class array_view;
class object_view;
class document;

class element {
 public:
  /// A null that belongs to no document.
  element() noexcept = default;

  // ---- type queries ----
  kind type() const noexcept { return detail::kind_of(tag()); }
  bool is_null() const noexcept { return tag() == detail::tag::null; }
  bool is_bool() const noexcept { return type() == kind::boolean; }
  bool is_int64() const noexcept { return tag() == detail::tag::int64; }
  bool is_uint64() const noexcept { return tag() == detail::tag::uint64; }
  bool is_double() const noexcept { return tag() == detail::tag::double_; }
  bool is_raw_number() const noexcept { return tag() == detail::tag::raw_number; }
  /// Any number: int64, uint64, double or raw_number.
  bool is_number() const noexcept { return is_number_kind(type()); }
  bool is_string() const noexcept { return type() == kind::string; }
  bool is_array() const noexcept { return tag() == detail::tag::array; }
  bool is_object() const noexcept { return tag() == detail::tag::object; }

  // ---- typed getters, exact conversions only ----
  bool get_bool(std::error_code& ec) const noexcept {
    if (tag() == detail::tag::true_) return true;
    if (tag() != detail::tag::false_) ec = access_errc::type_mismatch;
    return false;
  }
  std::int64_t get_int64(std::error_code& ec) const noexcept {
    switch (tag()) {
      case detail::tag::int64:
        return static_cast<std::int64_t>(node_->payload);
      case detail::tag::uint64:
        return detail::int64_from_uint64(node_->payload, ec);
      case detail::tag::double_:
        return detail::int64_from_double(as_double_bits(), ec);
      case detail::tag::raw_number:
        ec = access_errc::number_out_of_range;
        return 0;
      default:
        ec = access_errc::type_mismatch;
        return 0;
    }
  }
  std::uint64_t get_uint64(std::error_code& ec) const noexcept {
    switch (tag()) {
      case detail::tag::uint64:
        return node_->payload;
      case detail::tag::int64:
        return detail::uint64_from_int64(static_cast<std::int64_t>(node_->payload), ec);
      case detail::tag::double_:
        return detail::uint64_from_double(as_double_bits(), ec);
      case detail::tag::raw_number:
        ec = access_errc::number_out_of_range;
        return 0;
      default:
        ec = access_errc::type_mismatch;
        return 0;
    }
  }
  double get_double(std::error_code& ec) const noexcept {
    switch (tag()) {
      case detail::tag::double_:
        return as_double_bits();
      case detail::tag::int64:
        return detail::double_from_int64(static_cast<std::int64_t>(node_->payload), ec);
      case detail::tag::uint64:
        return detail::double_from_uint64(node_->payload, ec);
      case detail::tag::raw_number:
        ec = access_errc::number_out_of_range;
        return 0;
      default:
        ec = access_errc::type_mismatch;
        return 0;
    }
  }
  std::string_view get_string(std::error_code& ec) const noexcept {
    if (tag() == detail::tag::string) return text();
    ec = access_errc::type_mismatch;
    return {};
  }
  /// The text of a raw_number (as it appeared in the input); type_mismatch for anything else.
  std::string_view get_raw_number(std::error_code& ec) const noexcept {
    if (tag() == detail::tag::raw_number) return text();
    ec = access_errc::type_mismatch;
    return {};
  }
  array_view get_array(std::error_code& ec) const noexcept;
  object_view get_object(std::error_code& ec) const noexcept;

  bool get_bool() const {
    return detail::checked([&](std::error_code& ec) { return get_bool(ec); });
  }
  std::int64_t get_int64() const {
    return detail::checked([&](std::error_code& ec) { return get_int64(ec); });
  }
  std::uint64_t get_uint64() const {
    return detail::checked([&](std::error_code& ec) { return get_uint64(ec); });
  }
  double get_double() const {
    return detail::checked([&](std::error_code& ec) { return get_double(ec); });
  }
  std::string_view get_string() const {
    return detail::checked([&](std::error_code& ec) { return get_string(ec); });
  }
  std::string_view get_raw_number() const {
    return detail::checked([&](std::error_code& ec) { return get_raw_number(ec); });
  }
  array_view get_array() const;
  object_view get_object() const;

  /// Elements of an array, members of an object, 0 for a scalar.
  std::size_t size() const noexcept {
    return detail::is_container(tag()) ? static_cast<std::size_t>(detail::count_of(*node_)) : 0;
  }

  // ---- lookup ----
  /// The last member with this key; nullopt if absent or if this is not an object.
  std::optional<element> find(std::string_view key) const noexcept;
  element at(std::string_view key, std::error_code& ec) const noexcept;
  element at(std::string_view key) const;
  element at(std::size_t index, std::error_code& ec) const noexcept;
  element at(std::size_t index) const;
  element operator[](std::string_view key) const { return at(key); }
  element operator[](std::size_t index) const { return at(index); }

  /// RFC 6901: "" is this element, "/a/0/~1b" is key "a", index 0, key "/b".
  element at_pointer(std::string_view pointer, std::error_code& ec) const noexcept;
  element at_pointer(std::string_view pointer) const;
  std::optional<element> find_pointer(std::string_view pointer) const noexcept;

  /// Path lookup: integers index arrays, strings name object members.
  ///   doc.root().get("statuses", 3, "user")
  template <path_step... Steps>
  element get(const Steps&... steps) const {
    std::error_code ec;
    element found = get(ec, steps...);
    if (ec) detail::throw_access_error(ec);
    return found;
  }
  template <path_step... Steps>
  element get(std::error_code& ec, const Steps&... steps) const noexcept {
    element current = *this;
    // A fold over the steps that stops at the first error.
    ((ec ? void() : void(current = current.step(detail::to_path_step(steps), ec))), ...);
    return ec ? element{} : current;
  }
  template <path_step... Steps>
  std::optional<element> find_path(const Steps&... steps) const noexcept {
    std::error_code ec;
    element found = get(ec, steps...);
    if (ec) return std::nullopt;
    return found;
  }

  // ---- comparison ----
  friend bool operator==(const element& a, const element& b) noexcept;
  friend bool identical(const element& a, const element& b) noexcept;

  /// Same document node (not a value comparison).
  bool same_node(const element& other) const noexcept { return node_ == other.node_; }

 private:
  friend class array_view;
  friend class object_view;
  friend class document;
  friend struct detail_element_access;

  element(const detail::node* n, const char* strings) noexcept : node_(n), strings_(strings) {}

  detail::tag tag() const noexcept { return detail::tag_of(*node_); }
  double as_double_bits() const noexcept { return std::bit_cast<double>(node_->payload); }
  std::string_view text() const noexcept {
    return {strings_ + node_->payload, static_cast<std::size_t>(detail::count_of(*node_))};
  }
  element step(const detail::path_step_value& step, std::error_code& ec) const noexcept;

  const detail::node* node_ = &detail::null_node;
  const char* strings_ = nullptr;
};

/// Strict comparison (see the top of this file); declared here too so that a qualified call,
/// jsonx::dom::identical(a, b), finds it.
bool identical(const element& a, const element& b) noexcept;

/// The elements of an array, in order. Random access walks: at(i) is O(i).
class array_view {
 public:
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = element;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = element;

    iterator() noexcept = default;
    element operator*() const noexcept { return {node_, strings_}; }
    iterator& operator++() noexcept {
      node_ += detail::span_of(*node_);
      return *this;
    }
    iterator operator++(int) noexcept {
      iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.node_ == b.node_;
    }

   private:
    friend class array_view;
    iterator(const detail::node* n, const char* strings) noexcept : node_(n), strings_(strings) {}
    const detail::node* node_ = nullptr;
    const char* strings_ = nullptr;
  };

  array_view() noexcept = default;
  std::size_t size() const noexcept { return static_cast<std::size_t>(detail::count_of(*node_)); }
  bool empty() const noexcept { return size() == 0; }
  iterator begin() const noexcept { return {node_ + 1, strings_}; }
  iterator end() const noexcept { return {node_ + detail::span_of(*node_), strings_}; }
  element at(std::size_t index, std::error_code& ec) const noexcept;
  element at(std::size_t index) const;
  element operator[](std::size_t index) const { return at(index); }
  /// The array itself, as an element.
  element as_element() const noexcept { return {node_, strings_}; }

 private:
  friend class element;
  array_view(const detail::node* n, const char* strings) noexcept : node_(n), strings_(strings) {}
  static constexpr detail::node empty_array{detail::make_head(detail::tag::array), 1};
  const detail::node* node_ = &empty_array;
  const char* strings_ = nullptr;
};

/// A member of an object: its key and its value.
struct member {
  std::string_view key;
  element value;
};

/// The members of an object, in input order, duplicate keys included.
class object_view {
 public:
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = member;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = member;

    iterator() noexcept = default;
    member operator*() const noexcept {
      return {{strings_ + key_->payload, static_cast<std::size_t>(detail::count_of(*key_))},
              element(key_ + 1, strings_)};
    }
    iterator& operator++() noexcept {
      key_ += 1 + detail::span_of(key_[1]);
      return *this;
    }
    iterator operator++(int) noexcept {
      iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.key_ == b.key_;
    }

   private:
    friend class object_view;
    iterator(const detail::node* key, const char* strings) noexcept
        : key_(key), strings_(strings) {}
    const detail::node* key_ = nullptr;
    const char* strings_ = nullptr;
  };

  object_view() noexcept = default;
  std::size_t size() const noexcept { return static_cast<std::size_t>(detail::count_of(*node_)); }
  bool empty() const noexcept { return size() == 0; }
  iterator begin() const noexcept { return {node_ + 1, strings_}; }
  iterator end() const noexcept { return {node_ + detail::span_of(*node_), strings_}; }

  /// The last member with this key (see element's rules), nullopt if none.
  std::optional<element> find(std::string_view key) const noexcept;
  element at(std::string_view key, std::error_code& ec) const noexcept;
  element at(std::string_view key) const;
  element operator[](std::string_view key) const { return at(key); }
  /// Members with this key (more than 1 only with duplicate keys).
  std::size_t count(std::string_view key) const noexcept;
  bool contains(std::string_view key) const noexcept { return find(key).has_value(); }
  /// The object itself, as an element.
  element as_element() const noexcept { return {node_, strings_}; }

 private:
  friend class element;
  object_view(const detail::node* n, const char* strings) noexcept : node_(n), strings_(strings) {}
  static constexpr detail::node empty_object{detail::make_head(detail::tag::object), 1};
  const detail::node* node_ = &empty_object;
  const char* strings_ = nullptr;
};

inline array_view element::get_array(std::error_code& ec) const noexcept {
  if (tag() == detail::tag::array) return {node_, strings_};
  ec = access_errc::type_mismatch;
  return {};
}
inline object_view element::get_object(std::error_code& ec) const noexcept {
  if (tag() == detail::tag::object) return {node_, strings_};
  ec = access_errc::type_mismatch;
  return {};
}
inline array_view element::get_array() const {
  return detail::checked([&](std::error_code& ec) { return get_array(ec); });
}
inline object_view element::get_object() const {
  return detail::checked([&](std::error_code& ec) { return get_object(ec); });
}

/// Raw node access for the walkers in this library (write_events, conversions); not for users.
struct detail_element_access {
  static const detail::node* node(const element& e) noexcept { return e.node_; }
  static const char* strings(const element& e) noexcept { return e.strings_; }
  static element make(const detail::node* n, const char* strings) noexcept { return {n, strings}; }
};

}  // namespace jsonx::dom
