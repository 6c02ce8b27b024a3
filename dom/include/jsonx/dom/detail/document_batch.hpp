// document_batch: the contents of many documents kept back to back in two shared buffers.
//
// The parallel decoder's workers decode value after value into one scratch document each
// (reused, so it stays in cache) and append a copy of it here, to the batch of the chunk they
// decode; the consumer copies each value out into the caller's document. Two copies of a few
// hundred bytes per value are cheaper than what they replace: a document of its own for each
// value in flight (thousands of them, each sized for its input, every one cold in cache when a
// worker builds into it). NDJSON of 190-byte records on 2 workers, 20 MiB from memory, AMD
// EPYC (AVX-512 kernel): the workers' parse time, both together, went from 52-65 ms a pass to
// 31-33 ms (the sequential decoder's whole pass: 21-33 ms on this noisy machine).
//
// A document's string offsets are relative to its own string arena, and a container's payload
// is a span in nodes, so a value's nodes and strings move as two blocks, unchanged, and a
// document in the batch is read where it lies from its two starts (root(): the parallel
// decoder's decode_in_place(), which copies nothing).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "jsonx/dom/document.hpp"

namespace jsonx::dom::detail {

class document_batch {
 public:
  /// Documents held.
  std::size_t size() const noexcept { return entries_.size(); }
  /// Empties the batch, keeping its buffers.
  void clear() noexcept {
    nodes_.set_size(0);
    strings_.set_size(0);
    entries_.clear();
  }

  /// Appends a copy of `doc` (empty or not).
  void append(const document& doc) {
    entry e{nodes_.size(),       doc.nodes_.size(), strings_.size(),
            doc.strings_.size(), doc.complete_,     doc.utf8_validated_};
    if (!e.complete) e.node_count = e.string_count = 0;
    append_block(nodes_, doc.nodes_.data(), e.node_count);
    append_block(strings_, doc.strings_.data(), e.string_count);
    entries_.push_back(e);
  }

  /// The root of document `i` where it lies (a null element if it is empty): valid until the
  /// batch is cleared or appended to.
  element root(std::size_t i) const noexcept {
    const entry& e = entries_[i];
    if (!e.complete) return element();
    return detail_element_access::make(nodes_.data() + e.node_begin,
                                       strings_.data() + e.string_begin);
  }

  /// Replaces the contents of `target` with a copy of document `i` (its buffers are reused:
  /// no allocation once they are large enough).
  void copy_to(std::size_t i, document& target) const {
    const entry& e = entries_[i];
    target.clear();
    target.nodes_.reserve_discarding(e.node_count);
    target.strings_.reserve_discarding(e.string_count);
    if (e.node_count != 0)
      std::memcpy(target.nodes_.data(), nodes_.data() + e.node_begin, e.node_count * sizeof(node));
    if (e.string_count != 0)
      std::memcpy(target.strings_.data(), strings_.data() + e.string_begin, e.string_count);
    target.nodes_.set_size(e.node_count);
    target.strings_.set_size(e.string_count);
    target.complete_ = e.complete;
    target.utf8_validated_ = e.utf8_validated;
  }

 private:
  struct entry {
    std::size_t node_begin;
    std::size_t node_count;
    std::size_t string_begin;
    std::size_t string_count;
    bool complete;
    bool utf8_validated;
  };

  // Geometric growth: a batch grows value by value.
  template <class T>
  static void append_block(raw_buffer<T>& buffer, const T* data, std::size_t count) {
    if (count == 0) return;
    const std::size_t size = buffer.size();
    if (size + count > buffer.capacity())
      buffer.reserve(std::max<std::size_t>({size + count, 2 * buffer.capacity(), 1024}));
    std::memcpy(buffer.data() + size, data, count * sizeof(T));
    buffer.set_size(size + count);
  }

  raw_buffer<node> nodes_;
  raw_buffer<char> strings_;
  std::vector<entry> entries_;
};

}  // namespace jsonx::dom::detail
