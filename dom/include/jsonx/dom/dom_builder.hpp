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
// reserve_for_more_input() sizes them so that the events of that much more input never make
// them grow.
//
// Two flavours (room_policy, document.hpp):
//  - dom_builder (room_policy::grow) checks for room before every node and string and grows
//    the buffers, so it builds from any event source (a parser, write_events(), hand calls),
//    and publishes each top-level value to the document as soon as it is complete.
//  - basic_dom_builder<room_policy::reserved> never checks: dom::parser uses it, calling
//    reserve_for_more_input() before each chunk with its length and the bytes the parser
//    holds, which bounds what the events can need, and publish() once the parse succeeded.
//    For a parser's events only. (twitter.json: 5.6M -> 4.8M instructions per parse.)
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "jsonx/dom/detail/node.hpp"
#include "jsonx/dom/document.hpp"

namespace jsonx::dom {

template <room_policy Room>
class basic_dom_builder {
  static constexpr bool checks_room = Room == room_policy::grow;

 public:
  /// Builds into `doc`, which it empties (keeping its buffers).
  explicit basic_dom_builder(document& doc) : doc_(&doc) { reset(); }

  basic_dom_builder(const basic_dom_builder&) = delete;
  basic_dom_builder& operator=(const basic_dom_builder&) = delete;

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

  /// The parser's depth limit (parse_options::max_depth), which reserve_for_more_input() needs.
  void set_max_depth(std::size_t max_depth) noexcept { max_depth_ = max_depth; }

  /// Sizes the buffers, keeping what is built, so that the events of `input_bytes` more bytes
  /// of a JSON text never need more room: the chunk about to be fed plus the bytes the parser
  /// holds from earlier ones (push_parser::bytes_held()). Every node of those events but one
  /// has its first byte among them (the one: a token cut by the last chunk end, such as a
  /// string whose quote and first parts came before). For n bytes:
  ///  - nodes: every node but the root is paid for by two bytes of its own, its first byte and
  ///    the ',', ':', ']' or '}' right after it; only the last node in each open container
  ///    (at most max_depth of them) may still lack the second. So at most
  ///    min(n, n/2 + max_depth + 2) nodes, and the cut token's.
  ///  - string bytes: unescaping never lengthens a string, so at most n, plus copy_block.
  /// A room_policy::reserved builder must be given this before each chunk. (Room for every
  /// byte fed so far, which it once reserved, is eight bytes of nodes per input byte: a new
  /// dom::parser fed canada.json in 64 KiB chunks grew to 35 MB of nodes for 2.7 MB used.)
  void reserve_for_more_input(std::uint64_t input_bytes) {
    const std::uint64_t half = input_bytes / 2;
    const auto nodes_in_use = static_cast<std::uint64_t>(node_next_ - node_base_);
    const auto bytes_in_use = static_cast<std::uint64_t>(string_next_ - string_base_);
    const std::uint64_t nodes =
        nodes_in_use + half +
        std::min<std::uint64_t>(input_bytes - half, std::uint64_t{max_depth_} + 2) + 1 + 4;
    const std::uint64_t bytes = bytes_in_use + input_bytes + copy_block;
    if (nodes <= doc_->nodes_.capacity() && bytes <= doc_->strings_.capacity()) return;
    publish_sizes();
    reserve_room(doc_->nodes_, nodes);
    reserve_room(doc_->strings_, bytes);
    rebase();
  }

  /// Declares that the bytes in [begin, end) stay readable while the next events arrive (the
  /// chunk being fed): strings the parser hands over as views into it are then copied with
  /// fixed-size moves, which may read past a string's end but never past `end`. Optional;
  /// without it every string is copied with memcpy. dom::parser calls it before each feed.
  void set_readable_input(const char* begin, const char* end) noexcept {
    const auto size = static_cast<std::uintptr_t>(end - begin);
    // One unsigned compare then tells whether [at, at + copy_block) lies inside: at - begin
    // <= size - copy_block (wrapping below begin). With less than a block readable nothing
    // passes: begin = ~0 and limit 0 let through only at = ~0, which no string has.
    readable_begin_ =
        size >= copy_block ? reinterpret_cast<std::uintptr_t>(begin) : nothing_readable;
    readable_block_limit_ = size >= copy_block ? size - copy_block : 0;
  }

  /// True once a complete top-level value has been built (room_policy::reserved: published).
  bool complete() const noexcept { return doc_->complete_; }
  document& target() noexcept { return *doc_; }

  /// room_policy::reserved: the parse succeeded, so the nodes built form one complete value:
  /// make them the document's.
  void publish() noexcept {
    if (node_next_ != node_base_ && innermost_open_ == no_container) commit();
  }

  // ---- snapshots of a value being built (dom::parser::partial()) ----
  // begin_snapshot(), then the events of parser_core::emit_partial_close() (the value cut by
  // the input's end, the ends of the open containers), then publish_snapshot() makes the
  // closed value the document's, and end_snapshot() takes it all back: the builder is then
  // exactly as before begin_snapshot() and the parse goes on. The nodes are closed in place,
  // so a snapshot costs the nesting depth, not the document.

  /// Starts a snapshot (not while one is taken).
  void begin_snapshot() {
    saved_ = {node_next_ - node_base_, string_next_ - string_base_, innermost_open_, part_start_,
              in_string_parts_};
    // The open containers' nodes hold the links of the stack of open containers, which their
    // end events overwrite: keep the chain, innermost first.
    discarded_text_ = ~std::uint64_t{0};
    open_chain_.clear();
    for (std::uint64_t at = innermost_open_; at != no_container; at = node_base_[at].payload)
      open_chain_.push_back(at);
    // The value cut by the end adds one node at most (room_policy::reserved: within
    // reserve_for_more_input()'s bound already, as its first byte was fed; checked all the
    // same).
    if (node_end_ - node_next_ < 1) grow_nodes();
  }
  /// The member begun last has a key and no value kept: the key (the last node) goes.
  void discard_key() noexcept {
    --node_next_;
    discarded_text_ = node_next_->payload;  // its text's offset: the kept strings end there
  }
  /// The closed value becomes the document's (an empty document if nothing was kept). Its
  /// string bytes are those of its values: a discarded key's text and the parts of a string
  /// or key still open (dropped) lie at the arena's end, past them.
  void publish_snapshot() noexcept {
    publish_sizes();
    std::uint64_t kept_text = in_string_parts_ ? part_start_ : doc_->strings_.size();
    kept_text = std::min(kept_text, discarded_text_);
    doc_->strings_.set_size(static_cast<std::size_t>(kept_text));
    doc_->complete_ = node_next_ != node_base_ && innermost_open_ == no_container;
  }
  /// Takes the snapshot back.
  void end_snapshot() noexcept {
    node_next_ = node_base_ + saved_.nodes;
    string_next_ = string_base_ + saved_.string_bytes;
    innermost_open_ = saved_.innermost_open;
    part_start_ = saved_.part_start;
    in_string_parts_ = saved_.in_string_parts;
    for (std::size_t i = 0; i < open_chain_.size(); ++i)
      node_base_[open_chain_[i]].payload =
          i + 1 < open_chain_.size() ? open_chain_[i + 1] : no_container;
    publish_sizes();
    doc_->complete_ = false;
  }

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
  // The parser's strings with no escape sequence: marked plain, so writing them is a copy.
  // They come whole (jsonx::handler: a string cut by a chunk end ends with on_string()), so
  // no string is arriving in parts: that test of text_node() is left out.
  bool on_string_verbatim(std::string_view value) {
    return whole_text_node(detail::tag::string, value, detail::plain_text_flag);
  }
  bool on_key_verbatim(std::string_view key) {
    return whole_text_node(detail::tag::key, key, detail::plain_text_flag);
  }
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
    if constexpr (checks_room) {
      if (node_next_ == node_end_) [[unlikely]]
        grow_nodes();
    }
    return node_next_++;
  }

  bool scalar(std::uint64_t head, std::uint64_t payload) {
    *next_node() = {head, payload};
    // A top-level scalar is a whole document (room_policy::reserved: publish() does this).
    if constexpr (checks_room) {
      if (innermost_open_ == no_container) [[unlikely]]
        commit();
    }
    return true;
  }

  // Room kept free after the last string, so that a short copy may move a whole block.
  static constexpr std::size_t copy_block = 32;

  // Appends `text` to the arena; returns its offset. Forced inline: GCC kept it a call, and
  // the walk saved and restored its registers around every string (jsonx_bench, AMD Zen 5,
  // avx512, two builds alternated: parse_dom small 0.93-0.94x the time, ndjson_memory
  // small_records 0.95x, twitter 0.99x, canada and citm_catalog within 0.5%).
  [[gnu::always_inline]] std::uint64_t append_text(std::string_view text) {
    if constexpr (checks_room) {
      if (static_cast<std::size_t>(string_end_ - string_next_) < text.size() + copy_block)
          [[unlikely]]
        grow_strings(text.size() + copy_block);
    }
    // The cursor in a local: the copy's stores may alias string_next_ itself, which would be
    // reloaded after each of them.
    char* const dst = string_next_;
    const auto offset = static_cast<std::uint64_t>(dst - string_base_);
    const char* src = text.data();
    // Most keys and many strings are short: one 32-byte move beats a memcpy call, and the
    // bytes written past the string are overwritten by the next one (or never read).
    if (text.size() <= copy_block &&
        reinterpret_cast<std::uintptr_t>(src) - readable_begin_ <= readable_block_limit_) {
      // Two fixed 16-byte moves (the buffers never overlap): plain vector loads and stores.
      std::memcpy(dst, src, 16);
      std::memcpy(dst + 16, src + 16, 16);
    } else if (!text.empty()) {
      std::memcpy(dst, src, text.size());
    }
    string_next_ = dst + text.size();
    return offset;
  }

  // Forced inline, as the parser's string delivery is (see parser_core's deliver_string).
  [[gnu::always_inline]] bool text_node(detail::tag t, std::string_view text,
                                        std::uint64_t flags = 0) {
    if (in_string_parts_) [[unlikely]]
      return last_text_part(t, text);
    return whole_text_node(t, text, flags);
  }

  [[gnu::always_inline]] bool whole_text_node(detail::tag t, std::string_view text,
                                              std::uint64_t flags) {
    const std::uint64_t offset = append_text(text);
    return scalar(detail::make_head(t, text.size()) | flags, offset);
  }

  [[gnu::noinline]] bool last_text_part(detail::tag t, std::string_view text) {
    append_text(text);
    in_string_parts_ = false;
    const auto length = static_cast<std::uint64_t>(string_next_ - string_base_) - part_start_;
    return scalar(detail::make_head(t, length), part_start_);
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
    if constexpr (checks_room) {
      if (innermost_open_ == no_container) commit();
    }
    return true;
  }

  // A top-level value is complete: publish the sizes to the document.
  void commit() noexcept {
    publish_sizes();
    doc_->complete_ = true;
  }
  void publish_sizes() noexcept {
    doc_->nodes_.set_size(static_cast<std::size_t>(node_next_ - node_base_));
    doc_->strings_.set_size(static_cast<std::size_t>(string_next_ - string_base_));
  }

  void rebase() noexcept {
    node_base_ = doc_->nodes_.data();
    node_next_ = node_base_ + doc_->nodes_.size();
    node_end_ = node_base_ + doc_->nodes_.capacity();
    string_base_ = doc_->strings_.data();
    string_next_ = string_base_ + doc_->strings_.size();
    string_end_ = string_base_ + doc_->strings_.capacity();
  }

  // At least `wanted`, and at least double the old capacity (feeding chunk after chunk then
  // reallocates O(log n) times); an empty buffer is replaced rather than copied.
  template <class Buffer>
  static void reserve_room(Buffer& buffer, std::uint64_t wanted) {
    if (wanted <= buffer.capacity()) return;
    if (buffer.size() == 0) {
      buffer.reserve_discarding(static_cast<std::size_t>(wanted));
    } else {
      buffer.reserve(
          std::max<std::size_t>(static_cast<std::size_t>(wanted), 2 * buffer.capacity()));
    }
  }

  [[gnu::noinline]] void grow_nodes() {
    auto& nodes = doc_->nodes_;
    publish_sizes();
    nodes.reserve(std::max<std::size_t>(256, nodes.capacity() * 2));
    rebase();
  }

  [[gnu::noinline]] void grow_strings(std::size_t more) {
    auto& strings = doc_->strings_;
    publish_sizes();
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
  static constexpr std::uintptr_t nothing_readable = ~std::uintptr_t{0};
  std::uintptr_t readable_begin_ = nothing_readable;  // see set_readable_input()
  std::uintptr_t readable_block_limit_ = 0;
  std::uint64_t part_start_ = 0;  // arena offset of a string arriving in parts
  std::size_t max_depth_ = 1024;  // see set_max_depth()
  bool in_string_parts_ = false;
  // A snapshot's undo record (begin_snapshot()).
  struct saved_state {
    std::ptrdiff_t nodes = 0;
    std::ptrdiff_t string_bytes = 0;
    std::uint64_t innermost_open = no_container;
    std::uint64_t part_start = 0;
    bool in_string_parts = false;
  };
  saved_state saved_;
  std::uint64_t discarded_text_ = ~std::uint64_t{0};  // a snapshot's discarded key's text
  std::vector<std::uint64_t> open_chain_;             // the open containers' nodes, innermost first
};

/// The builder for any event source (see the top of this file).
using dom_builder = basic_dom_builder<room_policy::grow>;

}  // namespace jsonx::dom
