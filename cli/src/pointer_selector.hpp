// The handler behind `jsonx get`: finds the value at a JSON Pointer (RFC 6901) as the events
// stream by, and writes that value alone into a writer over a string. Memory: the value found,
// plus one small frame per pointer token; nothing else of the document is kept.
//
// Lookup agrees with the DOM's (jsonx::dom::element::at_pointer): of duplicate keys the last
// wins, at every level. So when a value on the pointer's path begins again (a later duplicate
// of a key on the path), whatever was found under the earlier one is dropped:
// {"a":{"b":1},"a":{"c":2}} has nothing at /a/b. Array tokens must be canonical indexes
// ("0", "17"; not "01" or "-").
//
// Every value off the pointer's path is skipped by the parser (skip_next_value()): validated,
// but neither converted nor unescaped, and no event reaches this handler.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::cli {

class pointer_selector {
 public:
  // Numbers reach the writer as their source text, unconverted.
  static constexpr bool numbers_as_text = true;

  pointer_selector(std::string_view pointer, const write_options& options);
  pointer_selector(const pointer_selector&) = delete;
  pointer_selector& operator=(const pointer_selector&) = delete;

  /// Ready for a new document.
  void reset();
  /// Whether the document had a value at the pointer; its JSON (with the writer's trailing
  /// newline) once the parse has finished.
  bool found() const noexcept { return found_; }
  const std::string& value_text();

  bool on_null() {
    return scalar([this] { return writer_.on_null(); });
  }
  bool on_bool(bool v) {
    return scalar([&] { return writer_.on_bool(v); });
  }
  bool on_int64(std::int64_t v, std::string_view t) {
    return scalar([&] { return writer_.on_int64(v, t); });
  }
  bool on_uint64(std::uint64_t v, std::string_view t) {
    return scalar([&] { return writer_.on_uint64(v, t); });
  }
  bool on_double(double v, std::string_view t) {
    return scalar([&] { return writer_.on_double(v, t); });
  }
  bool on_number_text(std::string_view t) {
    return scalar([&] { return writer_.on_number_text(t); });
  }
  bool on_string_part(std::string_view piece);
  bool on_string(std::string_view last_piece);
  bool on_key_part(std::string_view piece);
  bool on_key(std::string_view last_piece);
  bool on_object_begin() { return container_begin(false); }
  bool on_object_end(std::size_t count) { return container_end(false, count); }
  bool on_array_begin() { return container_begin(true); }
  bool on_array_end(std::size_t count) { return container_end(true, count); }
  /// Asked by the parser before each value (jsonx::handler_with_skip): true off the path.
  bool skip_next_value();

 private:
  // An open container on the pointer's path, and which of its children is selected.
  struct frame {
    bool is_array = false;
    std::uint64_t next_index = 0;  // arrays: the index of the next element
    bool key_matches = false;      // objects: the last key equals the next token
    // Objects, while a key arrives in parts: whether it matches the token so far, and how
    // many of its bytes have been compared.
    bool key_prefix_matches = true;
    std::size_t key_bytes = 0;
  };

  // A value begins: decides whether it is on the path, the target, or neither.
  enum class role { outside, on_path, target };
  role begin_value();
  void start_capture();

  template <class Write>
  bool scalar(Write write) {
    if (capture_depth_) return write();
    switch (begin_value()) {
      case role::target:
        start_capture();
        write();
        capture_depth_.reset();
        return true;
      case role::on_path:  // the pointer goes on through a scalar: no value there
      case role::outside:
        return true;
    }
    return true;
  }
  bool container_begin(bool is_array);
  bool container_end(bool is_array, std::size_t count);
  // The frame whose keys select a child: the innermost open container, if it is on the path.
  frame* selecting_frame() noexcept {
    return depth_ > 0 && depth_ == path_.size() ? &path_.back() : nullptr;
  }
  void match_key_piece(std::string_view piece);

  std::vector<std::string> tokens_;
  std::vector<std::optional<std::uint64_t>> token_indexes_;  // tokens that are array indexes
  std::vector<frame> path_;  // open containers on the path, outermost first
  std::size_t depth_ = 0;    // all open containers
  // While the target is being written: the depth outside it.
  std::optional<std::size_t> capture_depth_;
  bool in_string_ = false;         // between a string's first part and its end
  bool capturing_string_ = false;  // the target is the string arriving in parts
  bool found_ = false;
  std::string captured_;
  writer writer_;
};

}  // namespace jsonx::cli
