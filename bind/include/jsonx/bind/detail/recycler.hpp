// The memory a decode into a reused target would free and then allocate again, kept for reuse.
//
// Bringing a reused value back to a new value's state (element_reuse.hpp) destroys what it
// holds: an optional's or a unique_ptr's value, a vector's elements, a map's nodes. Each of
// those, with every string and container inside it, goes to the decoder's recycler instead, in
// a bin of its type; where the decode makes a new one (an optional or a pointer given a value,
// an element appended, a map entry added) it takes one back from the bin, brought to a new
// value's state, before it allocates. Decoding documents of the same shape into one target
// through one decoder thus allocates nothing once warm (the allocation tests check it on the
// corpus models), and documents of another shape reuse what fits.
//
// A vector whose elements are worth keeping goes in whole, its elements in it (one move for
// all of them), and comes back whole at the next array decoded into an empty vector of its
// type, whose elements that decode then reuses in place (element_reuse.hpp).
//
// A bin is a LIFO stack; the values of a container go in last first, so that they come back
// in their old order and each new element gets the one that held its place (the same shape
// in a stream of similar documents: its strings and vectors have the capacity it needs).
// What a recycler keeps is bounded by what the targets held before (it lives as long as the
// decoder: typed_decoder::release_memory() empties it).
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <vector>

namespace jsonx::detail {

class recycler {
 public:
  /// The bin of values of type U (made on first use).
  template <class U>
  std::vector<U>& bin() {
    const std::size_t slot = slot_of<U>();
    if (slot >= bins_.size()) [[unlikely]]
      bins_.resize(slot + 1);
    if (bins_[slot] == nullptr) [[unlikely]]
      bins_[slot] = std::make_unique<typed_bin<U>>();
    return static_cast<typed_bin<U>&>(*bins_[slot]).items;
  }
  /// Frees everything kept.
  void clear() noexcept { bins_.clear(); }

 private:
  struct bin_base {
    virtual ~bin_base() = default;
  };
  template <class U>
  struct typed_bin final : bin_base {
    std::vector<U> items;
  };
  // Each type's bin has a slot, the same in every recycler, numbered in the order the types
  // are first asked for.
  static std::size_t new_slot() noexcept {
    static std::atomic<std::size_t> next{0};
    return next.fetch_add(1, std::memory_order_relaxed);
  }
  template <class U>
  static std::size_t slot_of() noexcept {
    static const std::size_t slot = new_slot();
    return slot;
  }

  std::vector<std::unique_ptr<bin_base>> bins_;
};

}  // namespace jsonx::detail
