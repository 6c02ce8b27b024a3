// decode_handler: the SAX handler that decodes into typed targets as the events come.
//
//   my_config config;
//   jsonx::decode_handler handler;
//   handler.start(config);                       // or start(config, options)
//   jsonx::push_parser parser(handler);
//   for (auto chunk : chunks) parser.feed(chunk);
//   parser.finish();                             // a binding error stops the parser;
//   if (handler.failed()) ...                    // handler.make_error(parser.error())
//
// Between feeds, take_snapshot(parser, mode) makes the target show the value of the input so
// far (jsonx/sax/partial.hpp), and take_back_snapshot() undoes that before the parse goes on
// (typed_decoder<T>::partial() says what a snapshot holds and costs).
//
// (jsonx::typed_decoder<T> in decode.hpp wraps exactly this.) There is no intermediate tree and no
// key string is built: each value event goes straight to the member or element it fills,
// through the table of functions of that member's type (its value_ops); each key is matched
// against the struct's precomputed field names. Open containers sit on a stack of frames;
// a frame says what keys and the end event do at its level. One handler type serves every
// target type, so push_parser<decode_handler> is instantiated once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/bind/detail/decode_types.hpp"
#include "jsonx/bind/detail/recycler.hpp"
#include "jsonx/bind/error.hpp"
#include "jsonx/bind/options.hpp"
#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/error.hpp"
#include "jsonx/sax/handler.hpp"
#include "jsonx/sax/partial.hpp"

namespace jsonx {

namespace detail {
// The value_ops of T (defined in detail/decode_rules.hpp).
template <class T>
constexpr const value_ops* ops_for() noexcept;

/// The value a snapshot's cut value event carries (one of the value events).
struct cut_value {
  enum class kind : std::uint8_t { null, boolean, int64, uint64, float64, number_text, string };
  kind what;
  bool boolean = false;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string_view text;  // the number's text, or the string
};
class snapshot_sink;
}  // namespace detail

class decode_handler {
 public:
  decode_handler() = default;
  ~decode_handler() {
    keep_snapshot();
    abandon_frames();
  }
  decode_handler(const decode_handler&) = delete;
  decode_handler& operator=(const decode_handler&) = delete;

  /// Starts decoding a document into `target` (which must outlive the parse). Members whose
  /// keys do not appear are left as they are; containers that appear are replaced.
  template <class T>
  void start(T& target, const decode_options& options = {}) {
    start_erased({&target, detail::ops_for<T>()}, options);
  }
  void start_erased(detail::value_target root, const decode_options& options);
  /// Starts decoding another document into the same target, with the same options.
  void restart() { start_erased(root_, options_); }

  /// Declares that the bytes in [begin, end) stay readable while the next events arrive (the
  /// chunk being fed): keys inside it are then compared with whole 8-byte loads, which may
  /// read past a key's end but never past `end`. Optional (typed_decoder<T> and decode() do it);
  /// without it keys are loaded byte-exactly. Cleared by start_erased().
  void set_readable_input(const char* begin, const char* end) noexcept {
    readable_begin_ = reinterpret_cast<std::uintptr_t>(begin);
    readable_end_ = reinterpret_cast<std::uintptr_t>(end);
  }
  /// True if the 8 bytes at `p` are inside the readable input.
  bool can_load_8(const char* p) const noexcept {
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    return at >= readable_begin_ && at + 8 <= readable_end_;
  }

  /// After a failed parse (an error, or an exception from a codec), while the target is
  /// still alive: leaves the containers that were being filled consistent (a vector drops
  /// the elements it kept from before the decode and did not reach). typed_decoder<T> and
  /// decode() call it; call it yourself when you drive the parser. Once per start.
  void abandon_after_failure() noexcept;

  // ---- snapshots of the value so far (jsonx/sax/partial.hpp) ----

  /// Between feeds of `parser` (the push_parser driving this handler): makes the target show
  /// the value of everything fed so far, by the rules of `mode`, in place (what a snapshot
  /// holds: typed_decoder<T>::partial()). A snapshot taken before is taken back first. False if
  /// the input is already invalid (parser.error() says why; as after a failed feed).
  /// Call take_back_snapshot() before feeding the parser again.
  template <class Parser>
  bool take_snapshot(Parser& parser, partial_mode mode);
  /// Takes the snapshot back: the target is as before it (but for the elements a reused vector
  /// kept from a previous decode, which stay aside, where the parse takes them from), and the
  /// parse goes on as if none had been taken. Nothing to do without a snapshot. (start(),
  /// restart() and the destructor keep the snapshot instead: it stays the target's value.)
  void take_back_snapshot();
  /// True while a snapshot is shown (taken and not taken back).
  bool snapshot_taken() const noexcept { return snapshot_taken_; }

  /// True if a binding error stopped the parse.
  bool failed() const noexcept { return static_cast<bool>(error_code_); }
  /// The decode error for the parser's verdict: the binding error if there was one (with the
  /// parser's location), else the parse error (with the path where it happened).
  decode_error make_error(const parse_error& parse) const;
  /// The JSON Pointer of the innermost open container.
  std::string current_path() const;
  const decode_options& options() const noexcept { return options_; }

  // ---- the handler contract (jsonx::handler) ----
  bool on_null() { return next_.ops->on_null(*this, next_.object); }
  bool on_bool(bool v) { return next_.ops->on_bool(*this, next_.object, v); }
  bool on_int64(std::int64_t v, std::string_view text) {
    return next_.ops->on_int64(*this, next_.object, v, text);
  }
  bool on_uint64(std::uint64_t v, std::string_view text) {
    return next_.ops->on_uint64(*this, next_.object, v, text);
  }
  bool on_double(double v, std::string_view text) {
    if (row_next_ != row_end_) {  // the next number of a row (both null outside rows)
      *row_next_++ = v;
      return true;
    }
    return next_.ops->on_double(*this, next_.object, v, text);
  }
  bool on_number_text(std::string_view text) {
    return next_.ops->on_number_text(*this, next_.object, text);
  }
  bool on_string(std::string_view v) { return next_.ops->on_string(*this, next_.object, v); }
  bool on_key(std::string_view key) {
    detail::frame& f = frames_.back();
    return f.ops->on_key(*this, f, key);
  }
  bool on_object_begin() { return next_.ops->on_object_begin(*this, next_.object); }
  bool on_array_begin() { return next_.ops->on_array_begin(*this, next_.object); }
  /// "[]" at once, where the target's rule takes it so (a sequence: no frame); else the
  /// parser sends its two events.
  empty_container on_empty_array() {
    const auto whole = next_.ops->on_empty_array;
    if (whole == nullptr) return empty_container::as_events;
    return whole(*this, next_.object) ? empty_container::taken : empty_container::stopped;
  }
  /// A flat object at once (jsonx/sax/flat_object.hpp), where the target's rule takes one
  /// (detail/decode_flat.hpp: a described struct's members stored with no event each).
  std::size_t flat_object_members() const noexcept { return next_.ops->flat_object_members; }
  flat_object_result on_flat_object(const flat_object& object) {
    const flat_object_result result = next_.ops->on_flat_object(*this, next_.object, object);
    if (result == flat_object_result::taken) resume_after_end();  // as after its end event
    return result;
  }
  bool on_object_end(std::size_t) { return end_container(); }
  bool on_array_end(std::size_t) { return end_container(); }
  /// The parser asks before each value (jsonx::handler_with_skip): the value of an unknown
  /// key is passed over by the parser, validated but neither converted nor unescaped, with
  /// no event. (Through a parser that does not ask, its events go to a skipping target.)
  /// skip_answer::value_and_rest once an object has every field it wants
  /// (skip_rest_of_object): the frame standing for the rest of the object goes now, since
  /// its end event will not come.
  skip_answer skip_next_value() noexcept {
    if (skip_next_ == skip_answer::read) return skip_answer::read;
    const skip_answer answer = skip_next_;
    skip_next_ = skip_answer::read;
    if (answer == skip_answer::value_and_rest) {
      frames_.pop();
      resume_after_end();
    }
    return answer;
  }

  // ---- for the type rules (detail/decode_*.hpp) ----

  /// A struct whose every field has a value, at its next key, with
  /// remaining_member_policy::skip: its frame ends here, as at the object's end event, and a
  /// frame that skips every value stands for the rest of the object until its end event; a
  /// parser that skips values passes over the rest at once instead (skip_next_value). An
  /// error in the rest reports the object's path.
  bool skip_rest_of_object();

  /// Begins a row of numbers (detail::number_row_size): `size` doubles from `first`, in the
  /// element `row` (a std::array) whose frame is `frame` when it needs one. The handler fills
  /// it from the number events until it ends, with no frame and no call per number.
  void begin_row(void* row, double* first, std::uint32_t size, const detail::frame_ops* frame) {
    row_ = first;
    row_next_ = first;
    row_end_ = first + size;
    row_object_ = row;
    row_frame_ = frame;
    row_container_next_ = next_;
    next_ = {row, &row_events_ops};
  }
  /// A row of numbers filled by the handler (begin_row) gets its frame and goes on
  /// through the rules: for any event but a number with a fraction, a wrong count, a
  /// snapshot. Nothing to do outside such a row.
  void leave_fast_row() {
    if (row_ != nullptr) [[unlikely]]
      push_row_frame();
  }

  /// Opens a container: its frame becomes the innermost; values go to its element_ops.
  [[gnu::always_inline]] detail::frame& push_frame(const detail::frame_ops* ops, void* object,
                                                   void* aux = nullptr) {
    detail::frame& f = frames_.push({ops, object, aux, 0, detail::not_tracking});
    next_ = {object, ops->element_ops};
    return f;
  }
  detail::frame& top() noexcept { return frames_.back(); }
  const detail::frame_stack& frames() const noexcept { return frames_; }
  void set_next(detail::value_target target) noexcept { next_ = target; }

  /// What reused targets would free, kept for the values the decode makes next
  /// (detail/recycler.hpp). Kept from one document to the next.
  detail::recycler& recycler() noexcept { return recycler_; }

  /// Bits of "field seen" for structs that check for missing fields: `words` zeroed words,
  /// returned by their index; released (with those of frames opened later) by release_seen.
  std::size_t reserve_seen(std::size_t words) {
    std::size_t base = seen_words_.size();
    seen_words_.resize(base + words, 0);
    return base;
  }
  std::uint64_t* seen_words(std::size_t base) noexcept { return seen_words_.data() + base; }
  void release_seen(std::size_t base) { seen_words_.resize(base); }

  /// Where a flat object's escaped strings are unescaped (detail/decode_flat.hpp).
  std::string& flat_unescape_buffer() noexcept { return flat_unescaped_; }

  /// A writer over `target` (emptied), for capturing raw_json; one at a time.
  writer& start_raw_capture(std::string& target);
  writer& raw_writer() noexcept { return *raw_writer_; }
  /// Ends the capture's writer (it commits into its target string, which must be alive).
  void release_raw_writer() noexcept;

  /// For the snapshot rules (detail/decode_snapshot.hpp): the record of the next change a
  /// snapshot makes, to fill and then commit_change(); null if none is left (the change is
  /// then not made).
  detail::snapshot_change* next_change() noexcept {
    return changes_count_ < max_snapshot_changes ? &changes_[changes_count_] : nullptr;
  }
  void commit_change() noexcept { ++changes_count_; }

  /// Where an error is, relative to the frames.
  enum class error_at : std::uint8_t {
    child,      // the current child of the innermost container (a value event)
    container,  // the innermost container itself (its end: sizes, missing fields)
    key,        // the key `key` of the innermost object
  };
  /// Records a binding error and returns false (stopping the parser). Cold. `type` names the
  /// C++ type that refused the value (decode_error::expected_type).
  bool fail(bind_errc code, error_at where, detail::type_name_function type,
            detail::describe_function expected, detail::found_value found,
            std::string_view key = {});
  /// The same with a literal "expected".
  bool fail(bind_errc code, error_at where, detail::type_name_function type,
            std::string_view expected, detail::found_value found, std::string_view key = {});

  /// A struct skips the value of a key none of its fields has: the key is kept (the one
  /// struct frame whose index is detail::skipped_member says so), so that an error inside
  /// the skipped value reports its path ("/y", not the previous field's). Cold: unknown keys.
  /// Hot when a model wants few of a document's members: a short key is copied with one
  /// fixed-size copy when the bytes after it are readable (set_readable_input).
  void note_skipped_key(std::string_view key) {
    skip_next_ = skip_answer::value;
    if (key.size() <= short_key_capacity) [[likely]] {
      const auto at = reinterpret_cast<std::uintptr_t>(key.data());
      if (at >= readable_begin_ && at + short_key_capacity <= readable_end_)
        std::memcpy(short_key_, key.data(), short_key_capacity);
      else
        std::memcpy(short_key_, key.data(), key.size());
      short_key_size_ = static_cast<std::uint8_t>(key.size());
      key_is_short_ = true;
    } else {
      skipped_key_.assign(key);
      key_is_short_ = false;
    }
  }
  std::string_view skipped_key() const noexcept {
    return key_is_short_ ? std::string_view(short_key_, short_key_size_) : skipped_key_;
  }

 private:
  friend class detail::snapshot_sink;
  // ---- snapshots (decode_handler.cpp) ----
  /// The value cut by the end, as a snapshot sends it: to the next target, if it takes it.
  void deliver_cut_value(const detail::cut_value& value);
  /// After the parser's close events (`ends` container ends; `key_dropped`: the innermost
  /// member's key has no value kept): closes the frames for the snapshot.
  void close_for_snapshot(std::size_t ends, bool key_dropped);
  void undo_changes_to(std::size_t count);
  /// The snapshot stays the target's value: the records are freed (no event may follow
  /// before start_erased()).
  void keep_snapshot() noexcept;
  void clear_error() noexcept;

  // Rows of numbers (begin_row): filled by on_double, ended here when complete; row_events
  // (the next target meanwhile) and the rest of the handler push the row's frame when it
  // needs the rules.
  bool end_row() {
    if (row_next_ == row_end_) [[likely]] {
      row_ = row_next_ = row_end_ = nullptr;
      next_ = row_container_next_;
      return true;
    }
    push_row_frame();
    return end_container();  // the row's rule reports the count
  }
  [[gnu::noinline]] void push_row_frame();
  /// The row's segment of a JSON Pointer, as its frame would append it.
  void append_row_path(std::string& out) const;

  // (Not in the parser's walk: end_container is a call of its own, and the check of a row
  // there, inline in the walk, made citm_catalog's typed decode 1% slower.)
  bool end_container() {
    if (row_ != nullptr) [[unlikely]]
      return end_row();
    detail::frame& f = frames_.back();
    if (f.ops->on_end != nullptr && !f.ops->on_end(*this, f)) return false;
    frames_.pop();
    return frames_.empty() || !frames_.back().ops->is_wrapper ? resume_after_end() : end_wrappers();
  }
  bool resume_after_end() {
    if (frames_.empty()) {
      next_ = root_;
    } else {
      const detail::frame& f = frames_.back();
      next_ = {f.object, f.ops->element_ops};
    }
    return true;
  }
  bool end_wrappers();
  void abandon_frames() noexcept;
  void record_error(bind_errc code, error_at where, detail::type_name_function type,
                    std::string expected, detail::found_value found, std::string_view key);

  detail::value_target next_{};
  // The row of numbers being filled (its first double), or null; where its next number goes
  // and its end (both null outside rows); its element (the std::array) and its frame for
  // when it needs one.
  double* row_ = nullptr;
  double* row_next_ = nullptr;
  double* row_end_ = nullptr;
  void* row_object_ = nullptr;
  const detail::frame_ops* row_frame_ = nullptr;
  detail::value_target row_container_next_{};     // the next target after the row
  static const detail::value_ops row_events_ops;  // the next target in a row
  detail::value_target root_{};
  detail::frame_stack frames_;
  std::vector<std::uint64_t> seen_words_;
  detail::recycler recycler_;
  decode_options options_;
  std::optional<writer> raw_writer_;
  std::uintptr_t readable_begin_ = 0;
  std::uintptr_t readable_end_ = 0;
  bool abandoned_ = false;

  std::error_code error_code_;
  std::string error_path_;
  std::string error_expected_;
  std::string error_found_;
  std::string_view error_expected_type_;  // a type_name(): lives as long as the program
  json_kind error_found_kind_ = json_kind::none;
  static constexpr std::size_t short_key_capacity = 32;
  char short_key_[short_key_capacity];  // the skipped key, if it is this short
  std::uint8_t short_key_size_ = 0;
  bool key_is_short_ = true;
  std::string skipped_key_;  // else here
  // The next value is an unknown key's (and with it the rest of its object, once the object
  // has every field): skip_next_value() says so.
  skip_answer skip_next_ = skip_answer::read;
  std::string flat_unescaped_;

  // A snapshot's changes to the target, in the order made (at most four: see
  // snapshot_change), and whether the cut value was left out by its target.
  static constexpr std::size_t max_snapshot_changes = 6;
  detail::snapshot_change changes_[max_snapshot_changes];
  std::size_t changes_count_ = 0;
  bool snapshot_taken_ = false;
  bool cut_value_dropped_ = false;
};

namespace detail {

/// What push_parser::emit_partial_close() sends a snapshot: the cut value goes to the
/// handler's next target; the key drop and the container ends are counted, then applied to
/// the frames by close_for_snapshot() (the parser's innermost containers may be values it
/// skips, of which the handler has no frame).
class snapshot_sink {
 public:
  explicit snapshot_sink(decode_handler& h) noexcept : h_(h) {}
  bool on_null() { return deliver({cut_value::kind::null, false, 0, 0, 0, {}}); }
  bool on_bool(bool v) { return deliver({cut_value::kind::boolean, v, 0, 0, 0, {}}); }
  bool on_int64(std::int64_t v, std::string_view text) {
    return deliver({cut_value::kind::int64, false, v, 0, 0, text});
  }
  bool on_uint64(std::uint64_t v, std::string_view text) {
    return deliver({cut_value::kind::uint64, false, 0, v, 0, text});
  }
  bool on_double(double v, std::string_view text) {
    return deliver({cut_value::kind::float64, false, 0, 0, v, text});
  }
  bool on_number_text(std::string_view text) {
    return deliver({cut_value::kind::number_text, false, 0, 0, 0, text});
  }
  bool on_string(std::string_view v) {
    return deliver({cut_value::kind::string, false, 0, 0, 0, v});
  }
  void discard_key() noexcept { key_dropped_ = true; }
  bool on_object_end(std::size_t) noexcept { return ++ends_ != 0; }
  bool on_array_end(std::size_t) noexcept { return ++ends_ != 0; }

  std::size_t ends() const noexcept { return ends_; }
  bool key_dropped() const noexcept { return key_dropped_; }

 private:
  bool deliver(const cut_value& v) {
    h_.deliver_cut_value(v);
    return true;
  }
  decode_handler& h_;
  std::size_t ends_ = 0;
  bool key_dropped_ = false;
};

}  // namespace detail

template <class Parser>
bool decode_handler::take_snapshot(Parser& parser, partial_mode mode) {
  take_back_snapshot();
  leave_fast_row();
  cut_value_dropped_ = false;
  snapshot_taken_ = true;
  detail::snapshot_sink sink(*this);
  if (!parser.emit_partial_close(sink, mode)) {
    take_back_snapshot();
    return false;
  }
  close_for_snapshot(sink.ends(), sink.key_dropped());
  return true;
}

}  // namespace jsonx
