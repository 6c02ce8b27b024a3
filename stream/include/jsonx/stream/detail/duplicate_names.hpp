// Duplicate object member names (Go's jsontext AllowDuplicateNames(false), RFC 7493 §2.3):
// name_scopes remembers the names of every open object, and duplicate_name_checker is a SAX
// handler in front of another that rejects a name its object already has.
//
// Cost: a name is kept as a view while the decoder's buffer holds it (copied into one arena
// only when the buffer is about to be reused, or at once if the parser unescaped it), with a
// cheap 64-bit hash; an object's first 8 names are compared linearly (hash first), and from
// the 9th on the object gets an open-addressing table of name indices. Arena, name list and
// tables are kept across values, so a decoder in steady state does not allocate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/sax/handler.hpp"
#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::stream::detail {

/// The names of the open objects, innermost last.
class name_scopes {
 public:
  void clear() noexcept {
    text_.clear();
    names_.clear();
    depth_ = 0;
  }
  void push() {
    if (depth_ == scopes_.size()) scopes_.emplace_back();
    scope& s = scopes_[depth_++];
    s.first = static_cast<std::uint32_t>(names_.size());
    s.text_first = text_.size();
    s.table_used = false;
  }
  void pop() noexcept {
    const scope& s = scopes_[--depth_];
    text_.resize(s.text_first);
    names_.resize(s.first);
  }
  std::size_t depth() const noexcept { return depth_; }

  /// Names inside [begin, end) are kept as views, not copied, until materialize(): the
  /// caller's buffer, whose bytes do not change until then.
  void set_stable_input(const char* begin, const char* end) noexcept {
    stable_begin_ = begin;
    stable_end_ = end;
  }
  /// The stable input is about to change: copies the names viewed in it.
  void materialize() {
    for (entry& e : names_) {
      if (e.view == nullptr) continue;
      e.offset = text_.size();
      text_.append(e.view, e.size);
      e.view = nullptr;
    }
    // What was copied belongs to open scopes: no scope's pop() may cut it off.
    for (std::size_t i = 0; i < depth_; ++i) scopes_[i].text_first = text_.size();
    stable_begin_ = stable_end_ = nullptr;
  }

  /// Adds `name` to the innermost object; false (and nothing added) if it is there already
  /// (only looked for if `check`).
  bool insert(std::string_view name, bool check) {
    scope& s = scopes_[depth_ - 1];
    const std::uint64_t hash = hash_of(name);
    const std::uint32_t count = static_cast<std::uint32_t>(names_.size()) - s.first;
    if (check) {
      if (s.table_used) {
        if (find_in_table(s, name, hash)) return false;
      } else {
        for (std::uint32_t i = s.first; i < names_.size(); ++i)
          if (names_[i].hash == hash && same(names_[i], name)) return false;
      }
    }
    const char* p = name.data();
    if (p >= stable_begin_ && p + name.size() <= stable_end_ && p != nullptr) {
      names_.push_back({p, 0, name.size(), hash});
    } else {
      names_.push_back({nullptr, text_.size(), name.size(), hash});
      text_.append(name);
    }
    if (check) {
      if (s.table_used) {
        add_to_table(s, static_cast<std::uint32_t>(names_.size() - 1));
      } else if (count + 1 > linear_limit) {
        build_table(s);
      }
    }
    return true;
  }

  /// Makes `name` the only name of the innermost object (when duplicates are allowed, only the
  /// current member's name is needed: memory stays bounded).
  void assign_only(std::string_view name) {
    const scope& s = scopes_[depth_ - 1];
    text_.resize(s.text_first);
    names_.resize(s.first);
    insert(name, false);
  }

  /// The last name added to the open object at `level` (0: outermost), if any.
  bool last_name(std::size_t level, std::string_view& out) const noexcept {
    const scope& s = scopes_[level];
    const std::size_t end = level + 1 < depth_ ? scopes_[level + 1].first : names_.size();
    if (end == s.first) return false;
    out = text_of(names_[end - 1]);
    return true;
  }

 private:
  static constexpr std::uint32_t linear_limit = 8;
  struct entry {
    const char* view;  // the name in the stable input, or nullptr: in text_ at offset
    std::size_t offset;
    std::size_t size;
    std::uint64_t hash;  // compared first: equal names have equal hashes
  };
  struct scope {
    std::uint32_t first = 0;     // index of its first name in names_
    std::size_t text_first = 0;  // size of text_ when it opened
    bool table_used = false;
    std::vector<std::uint32_t> table;  // name index + 1, 0 for empty; size a power of 2
    std::size_t filled = 0;
  };

  // A cheap hash from the length and the first and last 8 bytes (names alike in those are
  // told apart by memcmp): hashing whole names cost more than the rest of the check.
  static std::uint64_t hash_of(std::string_view name) noexcept {
    std::uint64_t head = 0;
    std::uint64_t tail = 0;
    const std::size_t n = name.size();
    if (n >= 8) {
      std::memcpy(&head, name.data(), 8);
      std::memcpy(&tail, name.data() + n - 8, 8);
    } else if (n != 0) {
      std::memcpy(&head, name.data(), n);
    }
    std::uint64_t h = (head ^ (n * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
    h ^= (tail + (h >> 29)) * 0x94D049BB133111EBull;
    return h ^ (h >> 32);
  }
  std::string_view text_of(const entry& e) const noexcept {
    return {e.view != nullptr ? e.view : text_.data() + e.offset, e.size};
  }
  bool same(const entry& e, std::string_view name) const noexcept {
    return e.size == name.size() &&
           (name.empty() || std::memcmp(text_of(e).data(), name.data(), name.size()) == 0);
  }
  bool find_in_table(const scope& s, std::string_view name, std::uint64_t hash) const noexcept {
    const std::size_t mask = s.table.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      const std::uint32_t slot = s.table[i];
      if (slot == 0) return false;
      const entry& e = names_[slot - 1];
      if (e.hash == hash && same(e, name)) return true;
    }
  }
  void add_to_table(scope& s, std::uint32_t index) {
    if ((s.filled + 1) * 2 > s.table.size()) {
      build_table(s);  // grows: the new name is in names_ already
      return;
    }
    place(s, index);
  }
  void place(scope& s, std::uint32_t index) {
    const std::size_t mask = s.table.size() - 1;
    std::size_t i = names_[index].hash & mask;
    while (s.table[i] != 0) i = (i + 1) & mask;
    s.table[i] = index + 1;
    ++s.filled;
  }
  void build_table(scope& s) {
    const std::size_t count = names_.size() - s.first;
    std::size_t size = 32;
    while (size < count * 4) size *= 2;
    s.table.assign(size, 0);  // keeps its capacity across objects
    s.filled = 0;
    s.table_used = true;
    for (std::size_t i = s.first; i < names_.size(); ++i) place(s, static_cast<std::uint32_t>(i));
  }

  std::string text_;
  std::vector<entry> names_;
  std::vector<scope> scopes_;  // [0, depth_) in use; the rest kept for their tables
  std::size_t depth_ = 0;
  const char* stable_begin_ = nullptr;
  const char* stable_end_ = nullptr;
};

/// A SAX handler in front of `H` that stops the parse (returns false) at an object member name
/// its object already has, and can then say where: pointer() is the JSON Pointer of the
/// duplicate member, relative to the value parsed. Takes string and key parts exactly when H
/// does, so that H sees the same events.
template <class H>
class duplicate_name_checker {
 public:
  static constexpr bool numbers_as_text = jsonx::detail::numbers_as_text_of<H>();
  static constexpr bool big_integers_as_double = jsonx::detail::big_integers_as_double_of<H>();

  duplicate_name_checker() = default;
  explicit duplicate_name_checker(H& target) : target_(&target) {}
  void set_target(H& target) noexcept { target_ = &target; }
  H& target() noexcept { return *target_; }

  /// Ready for a new value.
  void start() noexcept {
    names_.clear();
    levels_.clear();
    key_.clear();
    found_ = false;
  }
  /// See name_scopes.
  void set_stable_input(const char* begin, const char* end) noexcept {
    names_.set_stable_input(begin, end);
  }
  void materialize() { names_.materialize(); }
  /// True if the parse stopped at a duplicate name.
  bool found_duplicate() const noexcept { return found_; }
  /// The JSON Pointer of the duplicate member (after found_duplicate()), relative to the value.
  std::string pointer() const {
    std::string out;
    std::size_t object_level = 0;
    for (std::size_t i = 0; i < levels_.size(); ++i) {
      const level& l = levels_[i];
      if (!l.is_object) {
        if (l.count != 0) append_json_pointer_index(out, l.count - 1);
        continue;
      }
      // The innermost object is the one with the duplicate: its name, not the one before it.
      std::string_view name;
      if (found_ && i + 1 == levels_.size()) {
        append_json_pointer_token(out, key_);
      } else if (names_.last_name(object_level, name)) {
        append_json_pointer_token(out, name);
      }
      ++object_level;
    }
    return out;
  }

  bool on_null() { return value() && target_->on_null(); }
  bool on_bool(bool v) { return value() && target_->on_bool(v); }
  bool on_int64(std::int64_t v, std::string_view t) { return value() && target_->on_int64(v, t); }
  bool on_uint64(std::uint64_t v, std::string_view t) {
    return value() && target_->on_uint64(v, t);
  }
  bool on_double(double v, std::string_view t) { return value() && target_->on_double(v, t); }
  bool on_number_text(std::string_view t) { return value() && target_->on_number_text(t); }
  bool on_string(std::string_view s) { return value() && target_->on_string(s); }
  bool on_string_part(std::string_view p) requires handler_with_parts<H> {
    return target_->on_string_part(p);
  }
  bool on_key_part(std::string_view p) requires handler_with_parts<H> {
    key_.append(p);
    return target_->on_key_part(p);
  }
  bool on_key(std::string_view k) {
    std::string_view name = k;
    if (!key_.empty()) {
      key_.append(k);
      name = key_;
    }
    if (!names_.insert(name, true)) {
      if (key_.empty()) key_.assign(k);
      found_ = true;
      return false;
    }
    key_.clear();
    return target_->on_key(k);
  }
  bool on_object_begin() {
    if (!value()) return false;
    levels_.push_back({true, 0});
    names_.push();
    return target_->on_object_begin();
  }
  bool on_object_end(std::size_t n) {
    levels_.pop_back();
    names_.pop();
    return target_->on_object_end(n);
  }
  bool on_array_begin() {
    if (!value()) return false;
    levels_.push_back({false, 0});
    return target_->on_array_begin();
  }
  bool on_array_end(std::size_t n) {
    levels_.pop_back();
    return target_->on_array_end(n);
  }

 private:
  struct level {
    bool is_object;
    std::size_t count;  // arrays: elements begun
  };
  // A value begins: it counts in its array (for the pointer).
  bool value() noexcept {
    if (!levels_.empty()) ++levels_.back().count;
    return true;
  }

  H* target_ = nullptr;
  name_scopes names_;
  std::vector<level> levels_;
  std::string key_;  // a name arriving in parts; the duplicate name
  bool found_ = false;
};

}  // namespace jsonx::stream::detail
