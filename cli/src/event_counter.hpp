// The handlers behind `jsonx validate` and `jsonx stats`.
//
// Both take strings and keys in parts, so that no string, however long, is ever buffered:
// memory stays bounded by the nesting depth whatever the input.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace jsonx::cli {

/// Accepts every event: the parser alone decides validity. Counts the top-level values
/// (--multiple-values may find any number, none included).
class validating_handler {
 public:
  bool on_null() { return value(); }
  bool on_bool(bool) { return value(); }
  bool on_int64(std::int64_t, std::string_view) { return value(); }
  bool on_uint64(std::uint64_t, std::string_view) { return value(); }
  bool on_double(double, std::string_view) { return value(); }
  bool on_number_text(std::string_view) { return value(); }
  bool on_string(std::string_view) { return value(); }
  bool on_key(std::string_view) { return true; }
  bool on_object_begin() { return value(), ++depth_, true; }
  bool on_object_end(std::size_t) { return --depth_, true; }
  bool on_array_begin() { return value(), ++depth_, true; }
  bool on_array_end(std::size_t) { return --depth_, true; }
  bool on_string_part(std::string_view) { return true; }
  bool on_key_part(std::string_view) { return true; }

  /// Top-level values since the last reset.
  std::uint64_t values() const noexcept { return values_; }
  void reset() noexcept {
    values_ = 0;
    depth_ = 0;
  }

 private:
  bool value() {
    if (depth_ == 0) ++values_;
    return true;
  }
  std::uint64_t values_ = 0;
  std::uint64_t depth_ = 0;
};

/// How many events of each kind a parse produced.
struct event_counts {
  std::uint64_t nulls = 0;
  std::uint64_t bools = 0;
  std::uint64_t int64s = 0;
  std::uint64_t uint64s = 0;  ///< integers above INT64_MAX
  std::uint64_t doubles = 0;
  std::uint64_t big_numbers = 0;  ///< beyond 64-bit integers or double range: on_number_text
  std::uint64_t strings = 0;
  std::uint64_t keys = 0;
  std::uint64_t objects = 0;
  std::uint64_t arrays = 0;
  std::uint64_t max_depth = 0;  ///< deepest nesting of objects and arrays; 0 for a scalar
};

/// Counts every event. A string cut into parts counts once, at its last part (on_string).
class counting_handler {
 public:
  bool on_null() { return ++counts_.nulls, true; }
  bool on_bool(bool) { return ++counts_.bools, true; }
  bool on_int64(std::int64_t, std::string_view) { return ++counts_.int64s, true; }
  bool on_uint64(std::uint64_t, std::string_view) { return ++counts_.uint64s, true; }
  bool on_double(double, std::string_view) { return ++counts_.doubles, true; }
  bool on_number_text(std::string_view) { return ++counts_.big_numbers, true; }
  bool on_string(std::string_view) { return ++counts_.strings, true; }
  bool on_key(std::string_view) { return ++counts_.keys, true; }
  bool on_string_part(std::string_view) { return true; }
  bool on_key_part(std::string_view) { return true; }
  bool on_object_begin() { return ++counts_.objects, enter(); }
  bool on_object_end(std::size_t) { return leave(); }
  bool on_array_begin() { return ++counts_.arrays, enter(); }
  bool on_array_end(std::size_t) { return leave(); }

  const event_counts& counts() const noexcept { return counts_; }
  /// Adds the counts of another part of the input (--threads: a chunk of lines counted by
  /// another handler).
  void add(const event_counts& other) noexcept {
    counts_.nulls += other.nulls;
    counts_.bools += other.bools;
    counts_.int64s += other.int64s;
    counts_.uint64s += other.uint64s;
    counts_.doubles += other.doubles;
    counts_.big_numbers += other.big_numbers;
    counts_.strings += other.strings;
    counts_.keys += other.keys;
    counts_.objects += other.objects;
    counts_.arrays += other.arrays;
    counts_.max_depth = std::max(counts_.max_depth, other.max_depth);
  }
  /// Goes back to `earlier` counts, outside any container (a bad --lines line is taken back).
  void restore(const event_counts& earlier) noexcept {
    counts_ = earlier;
    depth_ = 0;
  }

 private:
  bool enter() {
    counts_.max_depth = std::max(counts_.max_depth, ++depth_);
    return true;
  }
  bool leave() {
    --depth_;
    return true;
  }

  event_counts counts_;
  std::uint64_t depth_ = 0;
};

}  // namespace jsonx::cli
