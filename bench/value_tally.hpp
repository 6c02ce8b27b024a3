// What a benchmark handler does with the values it receives: it counts them and sums them.
//
// Every SAX/traversal benchmark feeds the same tally, so that each library is made to deliver
// every number converted and every string unescaped (the sums depend on them, so nothing can be
// optimised away), and so that the tallies can be compared with a reference: a library that
// skipped or misread values shows up as a mismatch instead of as a fast figure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace jsonx_bench {

struct value_tally {
  std::uint64_t nulls = 0;
  std::uint64_t trues = 0;
  std::uint64_t falses = 0;
  std::uint64_t integers = 0;     ///< int64 and uint64 values
  std::uint64_t integer_sum = 0;  ///< their wrapping sum (two's complement for negatives)
  std::uint64_t doubles = 0;
  double double_sum = 0;
  std::uint64_t number_texts = 0;  ///< numbers delivered as text only (beyond 64 bits)
  std::uint64_t strings = 0;
  std::uint64_t string_bytes = 0;  ///< unescaped bytes of all string values
  std::uint64_t keys = 0;
  std::uint64_t key_bytes = 0;  ///< unescaped bytes of all keys
  std::uint64_t objects = 0;
  std::uint64_t arrays = 0;

  void add_null() noexcept { ++nulls; }
  void add_bool(bool value) noexcept { value ? ++trues : ++falses; }
  void add_int64(std::int64_t value) noexcept {
    ++integers;
    integer_sum += static_cast<std::uint64_t>(value);
  }
  void add_uint64(std::uint64_t value) noexcept {
    ++integers;
    integer_sum += value;
  }
  void add_double(double value) noexcept {
    ++doubles;
    double_sum += value;
  }
  void add_number_text(std::string_view) noexcept { ++number_texts; }
  void add_string(std::size_t length) noexcept {
    ++strings;
    string_bytes += length;
  }
  // For libraries that deliver a string in pieces: the pieces add bytes, the last one counts.
  void add_string_piece(std::size_t length) noexcept { string_bytes += length; }
  void add_key(std::size_t length) noexcept {
    ++keys;
    key_bytes += length;
  }
  void add_key_piece(std::size_t length) noexcept { key_bytes += length; }
  void add_object() noexcept { ++objects; }
  void add_array() noexcept { ++arrays; }

  /// Adds the counts and sums of `other` (the tally of a stream is the sum of its values').
  void add(const value_tally& other) noexcept;
};

/// Empty if `got` matches `expected`; otherwise which fields differ, for a benchmark label.
/// Counts and integer sums must match exactly; the sum of doubles within 1e-9 relative, since
/// some peers convert decimals imprecisely by default (Boost.JSON, RapidJSON).
std::string tally_difference(const value_tally& got, const value_tally& expected);

/// The reference tally of a JSON text, from a walk of simdjson's DOM (the project's oracle).
/// Returns false and leaves `tally` unspecified if simdjson rejects the text.
bool reference_tally(std::string_view json, value_tally& tally, std::string& error);

}  // namespace jsonx_bench
