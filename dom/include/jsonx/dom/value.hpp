// value: a mutable JSON value (with array and object), for building and editing documents.
//
//   jsonx::dom::value v(parser.parse(text).root());       // a deep copy of a parsed document
//   v.as_object().set("checked", true);
//   v.set_at_pointer("/meta/seen", true);                 // creates "meta" as an object, see below
//   v.erase_at_pointer("/statuses/0");
//   std::string json = jsonx::dom::to_string(v);
//
// Memory: every value, array and object allocates from a std::pmr::memory_resource, given at
// construction (default: std::pmr::get_default_resource()) and shared by everything it
// contains, as pmr containers do: elements and members are built with their container's
// resource. As with pmr containers, a copy-constructed value uses the default resource unless
// one is given, and assignment keeps the target's resource (copying if the source's differs).
// With a std::pmr::monotonic_buffer_resource, converting a parsed document costs a few pointer
// bumps per node.
//
// Access follows element's rules (element.hpp): exact typed getters, the LAST member wins key
// lookups, operator== compares objects as mappings. Objects keep members in insertion order,
// duplicates allowed (append()); lookups are linear in the member count.
//
// JSON Pointer mutation (RFC 6901 pointers, RFC 6902 verbs):
//  - set_at_pointer(p, v): makes the value at p be v, creating what is missing "where
//    sensible": a missing object member along the way is created as an object, and so is a
//    null along the way (existing or appended); no other scalar is ever replaced. On an array
//    the token must name an existing element (replaced, or walked through) or be "-" or the
//    size (appended). All failures are detected before anything is created, so a failed call
//    leaves the value unchanged.
//  - insert_at_pointer(p, v): RFC 6902 "add": the parent must exist; on an object the member
//    is added or replaced, on an array v is inserted before the index ("-" or size: appended).
//  - erase_at_pointer(p): RFC 6902 "remove": the target must exist; on an object every member
//    with that key is removed (so that a lookup no longer finds one). "" (the root) cannot be
//    erased.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory_resource>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "jsonx/dom/detail/number_conversion.hpp"
#include "jsonx/dom/detail/path.hpp"
#include "jsonx/dom/element.hpp"
#include "jsonx/dom/error.hpp"
#include "jsonx/dom/kind.hpp"

namespace jsonx::dom {

class value;
struct object_member;

using allocator_type = std::pmr::polymorphic_allocator<>;
using string = std::pmr::string;

/// An ordered sequence of values.
class array {
 public:
  using allocator_type = dom::allocator_type;
  using storage_type = std::pmr::vector<value>;
  using iterator = storage_type::iterator;
  using const_iterator = storage_type::const_iterator;

  array() noexcept;
  explicit array(const allocator_type& alloc) noexcept;
  array(std::initializer_list<value> init, const allocator_type& alloc = {});
  array(const array& other);
  array(const array& other, const allocator_type& alloc);
  array(array&& other) noexcept;
  array(array&& other, const allocator_type& alloc);
  array& operator=(const array& other);
  array& operator=(array&& other);
  ~array();

  allocator_type get_allocator() const noexcept { return elements_.get_allocator(); }

  // Members that touch the elements are defined in detail/value_inline.hpp, where value is
  // complete (clang instantiates std::vector's members at their first use in a class body).
  std::size_t size() const noexcept;
  bool empty() const noexcept;
  void reserve(std::size_t n);
  void clear() noexcept;

  iterator begin() noexcept;
  iterator end() noexcept;
  const_iterator begin() const noexcept;
  const_iterator end() const noexcept;

  value& operator[](std::size_t index) noexcept;
  const value& operator[](std::size_t index) const noexcept;
  /// Throws access_exception (index_out_of_range).
  value& at(std::size_t index);
  const value& at(std::size_t index) const;
  /// The element at index, or nullptr.
  value* find(std::size_t index) noexcept;
  const value* find(std::size_t index) const noexcept;
  value& front() noexcept;
  value& back() noexcept;

  // Sinks take `const value&` (copied into this array's resource) or `value&&` (moved if it
  // shares the resource, copied into it otherwise): nothing is ever built in another resource.

  /// Appends; returns the new element.
  value& push_back(const value& v);
  value& push_back(value&& v);
  template <class... Args>
  value& emplace_back(Args&&... args);
  /// Inserts before `index` (index <= size(); throws index_out_of_range otherwise).
  value& insert(std::size_t index, const value& v);
  value& insert(std::size_t index, value&& v);
  iterator insert(const_iterator pos, const value& v);
  iterator insert(const_iterator pos, value&& v);
  /// Removes the element at index (throws index_out_of_range if there is none).
  void erase(std::size_t index);
  iterator erase(const_iterator pos);
  void pop_back() noexcept;

  friend bool operator==(const array& a, const array& b) noexcept;

 private:
  friend class value;
  storage_type elements_;
};

/// An ordered sequence of members; duplicate keys are allowed, lookups find the last.
class object {
 public:
  using allocator_type = dom::allocator_type;
  using storage_type = std::pmr::vector<object_member>;
  using iterator = storage_type::iterator;
  using const_iterator = storage_type::const_iterator;

  object() noexcept;
  explicit object(const allocator_type& alloc) noexcept;
  object(std::initializer_list<std::pair<std::string_view, value>> init,
         const allocator_type& alloc = {});
  object(const object& other);
  object(const object& other, const allocator_type& alloc);
  object(object&& other) noexcept;
  object(object&& other, const allocator_type& alloc);
  object& operator=(const object& other);
  object& operator=(object&& other);
  ~object();

  allocator_type get_allocator() const noexcept { return members_.get_allocator(); }

  // As array's: defined in detail/value_inline.hpp, where object_member is complete.
  std::size_t size() const noexcept;
  bool empty() const noexcept;
  void reserve(std::size_t n);
  void clear() noexcept;

  iterator begin() noexcept;
  iterator end() noexcept;
  const_iterator begin() const noexcept;
  const_iterator end() const noexcept;

  /// The value of the last member with this key, or nullptr.
  value* find(std::string_view key) noexcept;
  const value* find(std::string_view key) const noexcept;
  bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }
  std::size_t count(std::string_view key) const noexcept;
  /// Throws access_exception (key_not_found).
  value& at(std::string_view key);
  const value& at(std::string_view key) const;
  /// The value of the last member with this key; a null member is appended if there is none.
  value& operator[](std::string_view key);

  // Sinks take `const value&` or `value&&`, as array's do.

  /// Replaces the value a lookup of `key` finds, or appends a member. Returns the value.
  value& set(std::string_view key, const value& v);
  value& set(std::string_view key, value&& v);
  /// Adds a member if the key is absent (does not overwrite). Returns the value with that
  /// key and whether it was inserted.
  std::pair<value*, bool> insert(std::string_view key, const value& v);
  std::pair<value*, bool> insert(std::string_view key, value&& v);
  /// Appends a member whatever the key (duplicates allowed); the fast way to build.
  value& append(std::string_view key, const value& v);
  value& append(std::string_view key, value&& v);
  /// Removes every member with this key; returns how many.
  std::size_t erase(std::string_view key) noexcept;
  iterator erase(const_iterator pos);

  friend bool operator==(const object& a, const object& b) noexcept;

 private:
  friend class value;
  storage_type members_;
};

class value {
 public:
  using allocator_type = dom::allocator_type;

  // ---- construction; each takes an optional allocator last ----
  value() noexcept : value(allocator_type{}) {}
  explicit value(const allocator_type& alloc) noexcept : kind_(kind::null) {
    scalar_.resource = alloc.resource();
  }
  /// A null that allocates (once it becomes a string or container) from `resource`.
  explicit value(std::pmr::memory_resource* resource) noexcept : value(allocator_type(resource)) {}
  value(std::nullptr_t, const allocator_type& alloc = {}) noexcept : value(alloc) {}
  /// Other pointers would silently become bool: refused.
  template <class T>
  requires(!std::is_base_of_v<std::pmr::memory_resource, T>)
      value(const T*, const allocator_type& = {})
  = delete;
  value(bool b, const allocator_type& alloc = {}) noexcept : kind_(kind::boolean) {
    scalar_.resource = alloc.resource();
    scalar_.b = b;
  }
  template <std::integral T>
  requires(!std::same_as<T, bool>) value(T i, const allocator_type& alloc = {})
  noexcept {
    scalar_.resource = alloc.resource();
    if constexpr (std::is_signed_v<T>) {
      kind_ = kind::int64;
      scalar_.i = i;
    } else {
      kind_ = kind::uint64;
      scalar_.u = i;
    }
  }
  value(double d, const allocator_type& alloc = {}) noexcept : kind_(kind::double_) {
    scalar_.resource = alloc.resource();
    scalar_.d = d;
  }
  value(std::string_view s, const allocator_type& alloc = {});
  value(const char* s, const allocator_type& alloc = {}) : value(std::string_view(s), alloc) {}
  value(const std::string& s, const allocator_type& alloc = {})
      : value(std::string_view(s), alloc) {}
  value(const string& s, const allocator_type& alloc = {}) : value(std::string_view(s), alloc) {}
  /// A container keeps its own resource, unless another is given.
  value(array a) noexcept;
  value(array a, const allocator_type& alloc);
  value(object o) noexcept;
  value(object o, const allocator_type& alloc);
  /// A deep copy of a document element.
  explicit value(element e, const allocator_type& alloc = {});

  /// A raw number (kept as text); throws access_exception (invalid_number_text) if `text` is
  /// not a JSON number.
  static value raw_number(std::string_view text, const allocator_type& alloc = {});

  value(const value& other) : value(other, allocator_type{}) {}
  value(const value& other, const allocator_type& alloc);
  value(value&& other) noexcept;
  value(value&& other, const allocator_type& alloc);
  value& operator=(const value& other);
  value& operator=(value&& other);
  ~value() { destroy(); }

  allocator_type get_allocator() const noexcept { return resource(); }
  std::pmr::memory_resource* resource() const noexcept;

  // ---- type queries ----
  kind type() const noexcept { return kind_; }
  bool is_null() const noexcept { return kind_ == kind::null; }
  bool is_bool() const noexcept { return kind_ == kind::boolean; }
  bool is_int64() const noexcept { return kind_ == kind::int64; }
  bool is_uint64() const noexcept { return kind_ == kind::uint64; }
  bool is_double() const noexcept { return kind_ == kind::double_; }
  bool is_raw_number() const noexcept { return kind_ == kind::raw_number; }
  bool is_number() const noexcept { return is_number_kind(kind_); }
  bool is_string() const noexcept { return kind_ == kind::string; }
  bool is_array() const noexcept { return kind_ == kind::array; }
  bool is_object() const noexcept { return kind_ == kind::object; }

  // ---- typed getters (exact conversions, as element's) ----
  bool get_bool(std::error_code& ec) const noexcept;
  std::int64_t get_int64(std::error_code& ec) const noexcept;
  std::uint64_t get_uint64(std::error_code& ec) const noexcept;
  double get_double(std::error_code& ec) const noexcept;
  std::string_view get_string(std::error_code& ec) const noexcept;
  std::string_view get_raw_number(std::error_code& ec) const noexcept;
  bool get_bool() const;
  std::int64_t get_int64() const;
  std::uint64_t get_uint64() const;
  double get_double() const;
  std::string_view get_string() const;
  std::string_view get_raw_number() const;

  /// The container or string itself; throws access_exception (type_mismatch) otherwise.
  array& as_array();
  const array& as_array() const;
  object& as_object();
  const object& as_object() const;
  string& as_string();
  const string& as_string() const;
  /// The same, or nullptr.
  array* if_array() noexcept { return kind_ == kind::array ? &array_ : nullptr; }
  const array* if_array() const noexcept { return kind_ == kind::array ? &array_ : nullptr; }
  object* if_object() noexcept { return kind_ == kind::object ? &object_ : nullptr; }
  const object* if_object() const noexcept { return kind_ == kind::object ? &object_ : nullptr; }

  /// Replace this value by an empty container or string (same resource) and return it.
  array& emplace_array() noexcept;
  object& emplace_object() noexcept;
  string& emplace_string() noexcept;
  void emplace_null() noexcept;

  /// Elements of an array, members of an object, 0 otherwise.
  std::size_t size() const noexcept;

  // ---- lookup ----
  /// The last member with this key; nullptr if absent or not an object.
  value* find(std::string_view key) noexcept;
  const value* find(std::string_view key) const noexcept;
  value& at(std::string_view key);
  const value& at(std::string_view key) const;
  value& at(std::size_t index);
  const value& at(std::size_t index) const;

  /// RFC 6901 lookup. The error-code flavour returns nullptr on error.
  value* at_pointer(std::string_view pointer, std::error_code& ec) noexcept;
  const value* at_pointer(std::string_view pointer, std::error_code& ec) const noexcept;
  value& at_pointer(std::string_view pointer);
  const value& at_pointer(std::string_view pointer) const;
  value* find_pointer(std::string_view pointer) noexcept;
  const value* find_pointer(std::string_view pointer) const noexcept;

  /// Path lookup, get("statuses", 3, "user"): integers index arrays, strings name members.
  template <path_step... Steps>
  value* get(std::error_code& ec, const Steps&... steps) noexcept {
    value* current = this;
    ((current = current == nullptr ? nullptr : current->step(detail::to_path_step(steps), ec)),
     ...);
    return current;
  }
  template <path_step... Steps>
  const value* get(std::error_code& ec, const Steps&... steps) const noexcept {
    return const_cast<value*>(this)->get(ec, steps...);
  }
  template <path_step... Steps>
  value& get(const Steps&... steps) {
    std::error_code ec;
    value* found = get(ec, steps...);
    if (found == nullptr) detail::throw_access_error(ec);
    return *found;
  }
  template <path_step... Steps>
  const value& get(const Steps&... steps) const {
    return const_cast<value*>(this)->get(steps...);
  }

  // ---- JSON Pointer mutation (see the top of this file) ----
  // The new value is taken as `const value&` (copied) or `value&&` (moved), as by array.
  value* set_at_pointer(std::string_view pointer, const value& v, std::error_code& ec);
  value* set_at_pointer(std::string_view pointer, value&& v, std::error_code& ec);
  value& set_at_pointer(std::string_view pointer, const value& v);
  value& set_at_pointer(std::string_view pointer, value&& v);
  value* insert_at_pointer(std::string_view pointer, const value& v, std::error_code& ec);
  value* insert_at_pointer(std::string_view pointer, value&& v, std::error_code& ec);
  value& insert_at_pointer(std::string_view pointer, const value& v);
  value& insert_at_pointer(std::string_view pointer, value&& v);
  bool erase_at_pointer(std::string_view pointer, std::error_code& ec);
  void erase_at_pointer(std::string_view pointer);

  // ---- comparison (element's rules) ----
  friend bool operator==(const value& a, const value& b) noexcept;
  /// Strict: same kinds, same members in the same order, duplicates included.
  friend bool identical(const value& a, const value& b) noexcept;

  void swap(value& other) noexcept;

 private:
  struct scalar_storage {
    std::pmr::memory_resource* resource;
    union {
      bool b;
      std::int64_t i;
      std::uint64_t u;
      double d;
    };
  };

  void destroy() noexcept;
  void construct_from(const value& other, const allocator_type& alloc);
  value* step(const detail::path_step_value& step, std::error_code& ec) noexcept;
  // The value `pointer` names without its last token, and that token (unescaped).
  value* parent_of(std::string_view pointer, std::string& last_token, std::error_code& ec);
  // Takes other's contents; other becomes null. Both must share a resource.
  void construct_moving(value& other) noexcept;

  union {
    scalar_storage scalar_;
    string string_;  // kind::string and kind::raw_number
    array array_;
    object object_;
  };
  kind kind_;
};

/// A member of a mutable object.
struct object_member {
  using allocator_type = dom::allocator_type;

  object_member(std::string_view k, const dom::value& v, const allocator_type& alloc = {})
      : key(k, alloc), value(v, alloc) {}
  object_member(std::string_view k, dom::value&& v, const allocator_type& alloc = {})
      : key(k, alloc), value(std::move(v), alloc) {}
  object_member(std::string_view k, element e, const allocator_type& alloc = {})
      : key(k, alloc), value(e, alloc) {}
  object_member(const object_member& other, const allocator_type& alloc = {})
      : key(other.key, alloc), value(other.value, alloc) {}
  object_member(object_member&& other) noexcept = default;
  object_member(object_member&& other, const allocator_type& alloc)
      : key(std::move(other.key), alloc), value(std::move(other.value), alloc) {}
  object_member& operator=(const object_member&) = default;
  object_member& operator=(object_member&&) = default;

  string key;
  dom::value value;
};

void swap(value& a, value& b) noexcept;
bool identical(const value& a, const value& b) noexcept;

}  // namespace jsonx::dom

#include "jsonx/dom/detail/value_inline.hpp"
