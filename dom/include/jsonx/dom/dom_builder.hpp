// dom_builder: the SAX handler that builds a document from parser events.
//
//   jsonx::dom::document doc;
//   jsonx::dom::dom_builder builder(doc);
//   jsonx::push_parser parser(builder);
//   for (auto chunk : chunks) parser.feed(chunk);   // any chunking builds the same document
//   parser.finish();                                 // doc.root() is the value
//
// Each event appends one node (two for a member: key, value) at the end of a contiguous array;
// a container's node is reserved at its begin event and filled in at its end event, when its
// count and span are known. Strings are copied into the document's arena (the parser's views
// are transient); strings cut by a chunk end arrive in parts and are appended in place, so
// nothing is copied twice. No allocation per node: the buffers grow geometrically, and
// reserve_for_input() sizes them so that a whole input of that length never makes them grow.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "jsonx/dom/detail/node.hpp"
#include "jsonx/dom/document.hpp"

namespace jsonx::dom {

class dom_builder {
 public:
  /// Builds into `doc`, which it empties (keeping its buffers).
  explicit dom_builder(document& doc) : doc_(&doc) { reset(); }

  dom_builder(const dom_builder&) = delete;
  dom_builder& operator=(const dom_builder&) = delete;

  /// Starts a new document (the target is emptied, its buffers kept).
  void reset() noexcept {
    doc_->clear();
    innermost_open_ = no_container;
    in_string_parts_ = false;
    rebase();
  }
  /// Starts a new document in another target.
  void reset(document& doc) noexcept {
    doc_ = &doc;
    reset();
  }

  /// Sizes the buffers so that building any JSON text of `input_bytes` bytes never grows
  /// them: a text of n bytes has at most n/2 + 1 values and keys (each takes a byte and a
  /// separator), and its strings and numbers unescape to at most n bytes. Call after reset().
  void reserve_for_input(std::size_t input_bytes) {
    doc_->nodes_.reserve_discarding(input_bytes / 2 + 4);
    doc_->strings_.reserve_discarding(input_bytes + copy_block);
    rebase();
  }

  /// Declares that the bytes in [begin, end) stay readable while the next events arrive (the
  /// chunk being fed): strings the parser hands over as views into it are then copied with
  /// fixed-size moves, which may read past a string's end but never past `end`. Optional;
  /// without it every string is copied with memcpy. dom::parser calls it before each feed.
  void set_readable_input(const char* begin, const char* end) noexcept {
    readable_begin_ = begin;
    readable_end_ = end;
  }

  /// True once a complete top-level value has been built.
  bool complete() const noexcept { return doc_->complete_; }
  document& target() noexcept { return *doc_; }

  // ---- the handler contract (jsonx::handler) ----
  bool on_null() { return scalar(detail::make_head(detail::tag::null), 0); }
  bool on_bool(bool value) {
    return scalar(detail::make_head(value ? detail::tag::true_ : detail::tag::false_), 0);
  }
  bool on_int64(std::int64_t value, std::string_view) {
    return scalar(detail::make_head(detail::tag::int64), static_cast<std::uint64_t>(value));
  }
  bool on_uint64(std::uint64_t value, std::string_view) {
    return scalar(detail::make_head(detail::tag::uint64), value);
  }
  bool on_double(double value, std::string_view) {
    return scalar(detail::make_head(detail::tag::double_), std::bit_cast<std::uint64_t>(value));
  }
  bool on_number_text(std::string_view text) { return text_node(detail::tag::raw_number, text); }
  bool on_string(std::string_view value) { return text_node(detail::tag::string, value); }
  bool on_key(std::string_view key) { return text_node(detail::tag::key, key); }
  bool on_string_part(std::string_view piece) { return text_part(piece); }
  bool on_key_part(std::string_view piece) { return text_part(piece); }

  bool on_object_begin() { return container_begin(); }
  bool on_array_begin() { return container_begin(); }
  bool on_object_end(std::size_t member_count) {
    return container_end(detail::tag::object, member_count);
  }
  bool on_array_end(std::size_t element_count) {
    return container_end(detail::tag::array, element_count);
  }

 private:
  detail::node* next_node() {
    if (node_next_ == node_end_) [[unlikely]]
      grow_nodes();
    return node_next_++;
  }

  bool scalar(std::uint64_t head, std::uint64_t payload) {
    *next_node() = {head, payload};
    if (innermost_open_ == no_container) [[unlikely]]
      commit();
    return true;
  }

  // Room kept free after the last string, so that a short copy may move a whole block.
  static constexpr std::size_t copy_block = 32;

  std::uint64_t append_text(std::string_view text) {
    if (static_cast<std::size_t>(string_end_ - string_next_) < text.size() + copy_block)
        [[unlikely]]
      grow_strings(text.size() + copy_block);
    const auto offset = static_cast<std::uint64_t>(string_next_ - string_base_);
    const char* src = text.data();
    // Most keys and many strings are short: one 32-byte move beats a memcpy call, and the
    // bytes written past the string are overwritten by the next one (or never read).
    const auto at = reinterpret_cast<std::uintptr_t>(src);
    if (text.size() <= copy_block && at >= reinterpret_cast<std::uintptr_t>(readable_begin_) &&
        at + copy_block <= reinterpret_cast<std::uintptr_t>(readable_end_)) {
      // Two fixed 16-byte moves (the buffers never overlap): plain vector loads and stores.
      std::memcpy(string_next_, src, 16);
      std::memcpy(string_next_ + 16, src + 16, 16);
    } else if (!text.empty()) {
      std::memcpy(string_next_, src, text.size());
    }
    string_next_ += text.size();
    return offset;
  }

  bool text_node(detail::tag t, std::string_view text) {
    std::uint64_t offset;
    if (in_string_parts_) [[unlikely]] {
      append_text(text);
      offset = part_start_;
      in_string_parts_ = false;
    } else {
      offset = append_text(text);
    }
    const auto length = static_cast<std::uint64_t>(string_next_ - string_base_) - offset;
    return scalar(detail::make_head(t, length), offset);
  }

  bool text_part(std::string_view piece) {
    const std::uint64_t offset = append_text(piece);
    if (!in_string_parts_) {
      part_start_ = offset;
      in_string_parts_ = true;
    }
    return true;
  }

  // The open containers form a stack threaded through their own nodes: until its end event,
  // an open container's payload holds the index of the container around it. No separate
  // stack to grow, and one load to find the parent at the end.
  bool container_begin() {
    const auto index = static_cast<std::uint64_t>(node_next_ - node_base_);
    next_node()->payload = innermost_open_;
    innermost_open_ = index;
    return true;
  }

  bool container_end(detail::tag t, std::size_t count) {
    const std::uint64_t index = innermost_open_;
    detail::node& container = node_base_[index];
    innermost_open_ = container.payload;
    const auto span = static_cast<std::uint64_t>(node_next_ - node_base_) - index;
    container = {detail::make_head(t, count), span};
    if (innermost_open_ == no_container) commit();
    return true;
  }

  // A top-level value is complete: publish the sizes to the document.
  void commit() noexcept {
    doc_->nodes_.set_size(static_cast<std::size_t>(node_next_ - node_base_));
    doc_->strings_.set_size(static_cast<std::size_t>(string_next_ - string_base_));
    doc_->complete_ = true;
  }

  void rebase() noexcept {
    node_base_ = doc_->nodes_.data();
    node_next_ = node_base_ + doc_->nodes_.size();
    node_end_ = node_base_ + doc_->nodes_.capacity();
    string_base_ = doc_->strings_.data();
    string_next_ = string_base_ + doc_->strings_.size();
    string_end_ = string_base_ + doc_->strings_.capacity();
  }

  [[gnu::noinline]] void grow_nodes() {
    auto& nodes = doc_->nodes_;
    nodes.set_size(static_cast<std::size_t>(node_next_ - node_base_));
    doc_->strings_.set_size(static_cast<std::size_t>(string_next_ - string_base_));
    nodes.reserve(std::max<std::size_t>(256, nodes.capacity() * 2));
    rebase();
  }

  [[gnu::noinline]] void grow_strings(std::size_t more) {
    auto& strings = doc_->strings_;
    doc_->nodes_.set_size(static_cast<std::size_t>(node_next_ - node_base_));
    strings.set_size(static_cast<std::size_t>(string_next_ - string_base_));
    strings.reserve(std::max<std::size_t>({4096, strings.capacity() * 2, strings.size() + more}));
    rebase();
  }

  document* doc_;
  detail::node* node_base_ = nullptr;
  detail::node* node_next_ = nullptr;
  detail::node* node_end_ = nullptr;
  char* string_base_ = nullptr;
  char* string_next_ = nullptr;
  char* string_end_ = nullptr;
  static constexpr std::uint64_t no_container = ~std::uint64_t{0};
  std::uint64_t innermost_open_ = no_container;  // node index of the innermost open container
  const char* readable_begin_ = nullptr;         // see set_readable_input()
  const char* readable_end_ = nullptr;
  std::uint64_t part_start_ = 0;  // arena offset of a string arriving in parts
  bool in_string_parts_ = false;
};

}  // namespace jsonx::dom
