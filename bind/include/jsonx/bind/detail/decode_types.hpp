// The pieces the typed decoder is made of: where the next value goes (a value_target: an
// object and the table of functions that fill it from events), the stack of open
// containers (frames: what a key or an end event does at each level), and the changes a
// snapshot makes to the target (snapshot_change: typed_decoder<T>::partial()).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "jsonx/bind/detail/type_name.hpp"
#include "jsonx/bind/error.hpp"
#include "jsonx/sax/flat_object.hpp"

namespace jsonx {

class decode_handler;

namespace detail {

/// Appends a description of what a target type accepts ("an integer in [0, 255]").
using describe_function = void (*)(std::string& out);

/// The field of each member of a flat object, as a struct's first pass over it found them
/// (the struct's field count: a key skipped). detail/decode_flat.hpp.
using flat_fields = std::array<std::uint8_t, flat_object::max_members>;

/// How one target type takes each value event. `object` is the target (a T*, erased).
/// Every function returns false after recording an error in the handler.
struct value_ops {
  bool (*on_null)(decode_handler&, void* object);
  bool (*on_bool)(decode_handler&, void* object, bool value);
  bool (*on_int64)(decode_handler&, void* object, std::int64_t value, std::string_view text);
  bool (*on_uint64)(decode_handler&, void* object, std::uint64_t value, std::string_view text);
  bool (*on_double)(decode_handler&, void* object, double value, std::string_view text);
  bool (*on_number_text)(decode_handler&, void* object, std::string_view text);
  bool (*on_string)(decode_handler&, void* object, std::string_view value);
  bool (*on_object_begin)(decode_handler&, void* object);
  bool (*on_array_begin)(decode_handler&, void* object);
  /// A snapshot (typed_decoder<T>::partial()) is about to send this target the value cut by
  /// the end of the input, of kind `kind`: records in the handler how to take back what that
  /// event will change (detail/decode_snapshot.hpp). False: the target leaves the cut value
  /// out (it would refuse it, or cannot take it back), and the snapshot drops it.
  bool (*prepare_cut_value)(decode_handler&, void* object, json_kind kind);
  /// An empty array, begin and end at once (the parser's handler_with_empty_arrays); null
  /// where the rule takes it as its two events.
  bool (*on_empty_array)(decode_handler&, void* object) = nullptr;
  /// A flat object at once (the parser's handler_with_flat_objects, detail/decode_flat.hpp);
  /// null where the rule takes objects as events only.
  flat_object_result (*on_flat_object)(decode_handler&, void* object,
                                       const flat_object& value) = nullptr;
  /// The most members a flat object for it may have (its struct's field count).
  std::uint8_t flat_object_members = 0;
};

/// Where the next value event goes.
struct value_target {
  void* object;
  const value_ops* ops;
};

struct frame;

/// How one kind of open container takes the events at its level.
struct frame_ops {
  /// Where values go while the container is the innermost: for arrays, the table of their
  /// elements (taking the container as object: it appends, or counts); for objects, the
  /// skipping table (a key says where each value goes).
  const value_ops* element_ops;
  /// An object's key: sets the handler's next target (objects only).
  bool (*on_key)(decode_handler&, frame&, std::string_view key);
  /// The container's end, before the frame is popped (checks, conversions); may be null.
  bool (*on_end)(decode_handler&, frame&);
  /// Appends "/<segment>" of the current child to a JSON Pointer; false: the path is not
  /// known below this frame (skipped or captured values). Null for wrappers (no segment).
  bool (*append_path)(const decode_handler&, const frame&, std::string& out);
  /// Frees what the frame owns when it is abandoned (an error, a reset); may be null.
  void (*discard)(frame&) noexcept;
  /// A wrapper frame holds no events of its own: it sits under the frame of the container
  /// that stands for its value, and its on_end runs right after that frame's end.
  bool is_wrapper;
  /// When a failure abandons the container, while its target is still alive: leaves it a
  /// consistent value (a vector drops the elements kept from before); may be null.
  void (*on_failure)(frame&) = nullptr;
  /// A snapshot closes the container where it is: makes the target show the value so far (a
  /// reused vector puts the elements kept from before out of sight), recording in the handler
  /// what must be taken back before the parse goes on; may be null (nothing to do).
  void (*on_snapshot)(decode_handler&, frame&) = nullptr;
  /// A snapshot drops the member whose key came last, which has no value yet: a map puts
  /// that key out of sight (recording how to bring it back); null where a key alone changes
  /// nothing in the target (a struct).
  void (*on_snapshot_drop_key)(decode_handler&, frame&) = nullptr;
};

inline constexpr std::size_t not_tracking = static_cast<std::size_t>(-1);

/// One open container.
struct frame {
  const frame_ops* ops;
  void* object;       // the container or struct being filled
  void* aux;          // per kind: the current map key, a wrapper's temporary
  std::size_t index;  // per kind: the current field, or the elements begun
  std::size_t seen;   // structs checking for missing fields: first word of their bits
};

/// The open containers, innermost last. (A plain array: std::vector's emplace_back is not
/// inlined into the events, and pushing a frame is on the path of every container.)
class frame_stack {
 public:
  bool empty() const noexcept { return size_ == 0; }
  std::size_t size() const noexcept { return size_; }
  frame& back() noexcept { return frames_[size_ - 1]; }
  const frame& back() const noexcept { return frames_[size_ - 1]; }
  frame& operator[](std::size_t i) noexcept { return frames_[i]; }
  const frame& operator[](std::size_t i) const noexcept { return frames_[i]; }
  frame* begin() noexcept { return frames_.get(); }
  frame* end() noexcept { return frames_.get() + size_; }
  const frame* begin() const noexcept { return frames_.get(); }
  const frame* end() const noexcept { return frames_.get() + size_; }

  [[gnu::always_inline]] frame& push(const frame& f) {
    if (size_ == capacity_) [[unlikely]]
      grow();
    frames_[size_] = f;
    return frames_[size_++];
  }
  void pop() noexcept { --size_; }
  void clear() noexcept { size_ = 0; }

 private:
  [[gnu::noinline]] void grow() {
    const std::size_t capacity = std::max<std::size_t>(32, capacity_ * 2);
    std::unique_ptr<frame[]> bigger(new frame[capacity]);
    std::copy(frames_.get(), frames_.get() + size_, bigger.get());
    frames_ = std::move(bigger);
    capacity_ = capacity;
  }
  std::unique_ptr<frame[]> frames_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

/// One change a snapshot made to the target, and how to take it back. The handler holds a few,
/// in place (a snapshot makes at most four: two for the cut value, a std::array's count and
/// its element's old value; one for a map's key without a value; one for a raw_json being
/// captured); `saved` points into `storage` when what is saved fits there.
struct snapshot_change {
  /// Takes the change back: the parse goes on as if no snapshot had been taken.
  void (*undo)(decode_handler&, snapshot_change&);
  /// The snapshot stays the target's value (a restart, the handler's end): frees what the
  /// record holds; may be null.
  void (*keep)(decode_handler&, snapshot_change&) noexcept;
  void* object;       // what was changed
  std::size_t value;  // per kind: a size, an index, a frame's position
  void* saved;        // per kind: what was saved (in storage, or on the heap)
  alignas(std::max_align_t) unsigned char storage[48];

  template <class U>
  static constexpr bool fits_in_storage = sizeof(U) <= sizeof(storage) &&
                                          alignof(U) <= alignof(std::max_align_t);
};

/// What an event brought, for the "found" part of an error message.
struct found_value {
  enum class kind : std::uint8_t { null, boolean, number, string, object, array, description };
  kind what;
  // The number's or string's text; "true"/"false"; for description, the words to print.
  std::string_view text;
  // The kind of JSON value at fault (decode_error::found_kind).
  json_kind json;
};

inline found_value found_null() {
  return {found_value::kind::null, "null", json_kind::null};
}
inline found_value found_bool(bool v) {
  return {found_value::kind::boolean, v ? "true" : "false", json_kind::boolean};
}
inline found_value found_number(std::string_view text) {
  return {found_value::kind::number, text, json_kind::number};
}
inline found_value found_string(std::string_view text) {
  return {found_value::kind::string, text, json_kind::string};
}
inline found_value found_object() {
  return {found_value::kind::object, {}, json_kind::object};
}
inline found_value found_array() {
  return {found_value::kind::array, {}, json_kind::array};
}
/// `words` describe a value of kind `json` ("an object without it").
inline found_value found_description(std::string_view words, json_kind json) {
  return {found_value::kind::description, words, json};
}

}  // namespace detail
}  // namespace jsonx
