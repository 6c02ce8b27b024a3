// document: a parsed JSON text, stored flat (see detail/node.hpp) with its own string arena.
//
// A document is built by a dom_builder (usually through dom::parser) and read through
// elements: doc.root(). It owns two contiguous buffers, the nodes and the string bytes; a
// parser reuses them from one parse to the next, so a warm parser does not allocate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

#include "jsonx/dom/detail/node.hpp"
#include "jsonx/dom/element.hpp"

namespace jsonx::dom {

/// How a dom builder finds room for nodes and string bytes (see dom_builder.hpp).
enum class room_policy : std::uint8_t {
  grow,      ///< checks before each node and string and grows the buffers: any event source
  reserved,  ///< never checks: its owner reserves room for every input byte before feeding it
};
template <room_policy Room>
class basic_dom_builder;

namespace detail {

class document_batch;

/// A growable malloc-backed array of a trivially copyable type: growth is a realloc (an
/// mremap for large blocks), and new capacity is left uninitialised.
template <class T>
class raw_buffer {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  raw_buffer() noexcept = default;
  raw_buffer(const raw_buffer& other) { assign(other); }
  raw_buffer(raw_buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  raw_buffer& operator=(const raw_buffer& other) {
    if (this != &other) assign(other);
    return *this;
  }
  raw_buffer& operator=(raw_buffer&& other) noexcept {
    if (this != &other) {
      std::free(data_);
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
  }
  ~raw_buffer() { std::free(data_); }

  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return capacity_; }
  void set_size(std::size_t n) noexcept { size_ = n; }

  /// Capacity for at least n elements, keeping the first size() of them.
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    if (size_ < capacity_ / 2) {
      move_to_new_block(n);
    } else {
      resize_block(n);
    }
  }
  /// Capacity for at least n elements; the contents may be dropped (size() becomes 0).
  void reserve_discarding(std::size_t n) {
    if (n <= capacity_) return;
    std::free(data_);
    data_ = nullptr;
    size_ = capacity_ = 0;
    resize_block(n);
  }
  // By a copy into a new block, not realloc: a large block is an mmap, which realloc shrinks
  // in place (mremap); freed later, it raises glibc's mmap threshold (mallopt(3): the dynamic
  // threshold follows the size of freed mmapped blocks) only to its shrunk size, so the next
  // parse's room, larger again, is a fresh mmap whose every page written is a fault. Freeing
  // the large block here raises the threshold to its size, and later ones come from the heap,
  // pages already there. jsonx::dom::parse() of twitter.json, one after another: 2.04 ms with
  // realloc, 0.18 ms with this (0.17 ms with a reused dom::parser); canada.json 9.3 -> 2.0 ms
  // (AMD Zen 5 VM, about 5 us a page fault).
  void shrink_to_fit() {
    if (size_ == capacity_) return;
    if (size_ == 0) {
      std::free(data_);
      data_ = nullptr;
      capacity_ = 0;
      return;
    }
    move_to_new_block(size_);
  }

 private:
  void assign(const raw_buffer& other) {
    size_ = 0;
    reserve(other.size_);
    if (other.size_ != 0) std::memcpy(data_, other.data_, other.size_ * sizeof(T));
    size_ = other.size_;
  }
  // A block less than half in use moves by a copy of what is in use: realloc copies the
  // whole block, and the room a builder reserves (dom_builder.hpp) is mostly never written, so
  // copying it faults in pages nobody needs. (A new dom::parser fed canada.json in 64 KiB
  // chunks, with room then reserved for every byte fed: 64 ms with realloc, 9.8 ms with this,
  // 2.0 ms in one piece; AMD Zen 5.)
  void move_to_new_block(std::size_t n) {
    void* block = std::malloc(n * sizeof(T));
    if (block == nullptr) throw std::bad_alloc();
    if (size_ != 0) std::memcpy(block, data_, size_ * sizeof(T));
    std::free(data_);
    data_ = static_cast<T*>(block);
    capacity_ = n;
  }
  void resize_block(std::size_t n) {
    void* block = std::realloc(data_, n * sizeof(T));
    if (block == nullptr) throw std::bad_alloc();
    data_ = static_cast<T*>(block);
    capacity_ = n;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace detail

class document {
 public:
  document() noexcept = default;

  /// The top-level value; a null element if the document is empty (nothing parsed, or the
  /// last parse failed).
  element root() const noexcept {
    return complete_ ? element(nodes_.data(), strings_.data()) : element();
  }
  /// True if no value has been built (check the parser's error to know why).
  bool empty() const noexcept { return !complete_; }

  /// Nodes in use (one per value and per object key) and string bytes in use.
  std::size_t node_count() const noexcept { return complete_ ? nodes_.size() : 0; }
  std::size_t string_bytes() const noexcept { return complete_ ? strings_.size() : 0; }
  /// Bytes held, used or not.
  std::size_t capacity_bytes() const noexcept {
    return nodes_.capacity() * sizeof(detail::node) + strings_.capacity();
  }

  /// True if every string was checked to be UTF-8 while the document was built: so for
  /// documents of dom::parser (whose input is validated); false for documents a dom_builder
  /// built from events of unknown origin. Serialization then skips re-validating.
  bool utf8_validated() const noexcept { return complete_ && utf8_validated_; }

  /// Empties the document; its buffers are kept for the next build.
  void clear() noexcept {
    nodes_.set_size(0);
    strings_.set_size(0);
    complete_ = false;
    utf8_validated_ = false;
  }
  /// Gives back the capacity not in use.
  void shrink_to_fit() {
    nodes_.shrink_to_fit();
    strings_.shrink_to_fit();
  }

  /// JSON value equality of the roots (see element's operator==).
  friend bool operator==(const document& a, const document& b) noexcept {
    return a.root() == b.root();
  }

 private:
  template <room_policy>
  friend class basic_dom_builder;
  friend class parser;
  friend class detail::document_batch;
  detail::raw_buffer<detail::node> nodes_;
  detail::raw_buffer<char> strings_;
  bool complete_ = false;
  bool utf8_validated_ = false;
};

}  // namespace jsonx::dom
