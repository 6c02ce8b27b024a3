// The writer: prints JSON from events. It is itself a SAX handler, so
//
//   std::string out;
//   jsonx::writer w(out);                       // compact; or jsonx::write_options::pretty()
//   jsonx::parse(input, w);                     // minify (or pretty-print) the input
//   w.flush();                                  // `out` now holds the text
//
// reformats a document of any size in bounded memory when the sink is bounded (push_parser +
// fd_sink). Called directly, it builds JSON by hand:
//
//   w.on_object_begin(); w.on_key("n"); w.on_int64(1); w.on_key("x"); w.on_double(0.1);
//   w.on_object_end();  w.finish();             // {"n":1,"x":0.1}
//
// Every event returns false once an error has happened (error() says which; it sticks until
// reset()). Numbers given with their source text are written as that text (an exact round trip,
// and the fastest); without text, integers are formatted through a two-digit table and doubles
// in the shortest form that parses back to the same double ("1.0" rather than "1", so a double
// stays a double). Strings are escaped as write_options says, scanning with SIMD (the kernel
// the structural indexer uses: simd::default_kernel(), or write_options::kernel).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "jsonx/encode/output_sink.hpp"
#include "jsonx/encode/write_error.hpp"
#include "jsonx/encode/write_options.hpp"
#include "jsonx/simd/kernel.hpp"

namespace jsonx {

namespace detail {
class tree_output;
struct escape_result;
// The string escape loop chosen for the writer's kernel and options (encode/src/).
using escape_function = escape_result (*)(const write_options& options, const char* src,
                                          const char* src_end, char* dst, char* dst_end);
}  // namespace detail

class writer {
 public:
  /// The parser hands every number over as its source text (no conversion): the writer prints
  /// that text, so parse -> write is exact and skips number parsing altogether.
  static constexpr bool numbers_as_text = true;

  /// Appends to `out` (its exact size is set by flush(), finish() or the destructor).
  explicit writer(std::string& out, const write_options& options = {});
  /// Writes to `sink`, which must outlive the writer.
  explicit writer(output_sink& sink, const write_options& options = {});
  /// Gives the written bytes to the sink (without delivering them: a buffered sink writes them
  /// out in its own destructor).
  ~writer();
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;

  // Events: the jsonx::handler contract (sax/include/jsonx/sax/handler.hpp).
  bool on_null();
  bool on_bool(bool value);
  /// `text`, if not empty, must be a valid JSON number: it is written instead of `value`.
  bool on_int64(std::int64_t value, std::string_view text = {});
  bool on_uint64(std::uint64_t value, std::string_view text = {});
  /// NaN and infinities: an error, or null (write_options::non_finite).
  bool on_double(double value, std::string_view text = {});
  /// A JSON number as text (not checked: it must be valid JSON number syntax).
  bool on_number_text(std::string_view text);
  bool on_string(std::string_view value);
  bool on_key(std::string_view key);
  /// A string or key in pieces: parts, then on_string()/on_key() with the last piece. A piece
  /// may end inside a UTF-8 sequence; the sequence is completed by the next piece.
  bool on_string_part(std::string_view piece);
  bool on_key_part(std::string_view piece);
  bool on_object_begin();
  bool on_object_end(std::size_t member_count = 0);
  bool on_array_begin();
  bool on_array_end(std::size_t element_count = 0);

  /// Writes a complete JSON value given as text, verbatim (not checked), where a value belongs.
  /// Pretty output re-indents nothing inside it.
  bool write_raw_value(std::string_view json);

  /// Delivers everything written so far to the destination (string sized, fd written, FILE*
  /// and ostream flushed).
  bool flush();
  /// Checks that the output is complete JSON (at least one value, every container closed, no
  /// string cut), then flush().
  bool finish();

  /// Ready for a new document on the same sink (or a new one); buffers are kept.
  void reset();
  void reset(std::string& out);
  void reset(output_sink& sink);

  /// The first error, or an empty error_code. A sink's I/O error keeps its own category.
  const std::error_code& error() const noexcept { return error_; }
  bool failed() const noexcept { return static_cast<bool>(error_); }
  /// Open containers.
  std::size_t depth() const noexcept { return depth_; }
  /// Top-level values completed since the last reset.
  std::uint64_t values_written() const noexcept { return values_written_; }
  /// Bytes written since the last reset (delivered to the sink or not yet).
  std::uint64_t bytes_written() const noexcept {
    return bytes_before_region_ + static_cast<std::uint64_t>(pos_ - region_begin_);
  }
  const write_options& options() const noexcept { return options_; }
  simd::kernel_id kernel() const noexcept { return kernel_; }

 private:
  // Serializers of trees that know their own structure (dom::write) print through this
  // instead of events: see detail/tree_output.hpp.
  friend class detail::tree_output;

  // Where the next event goes; it decides the separator written before it.
  enum class position : std::uint8_t {
    top_first,        // nothing written yet, or after newline_after_value's '\n'
    top_next,         // after a complete top-level value: a next one gets a '\n' first
    array_first,      // right after '['
    array_next,       // after an element: ',' first
    object_first,     // right after '{': a key or '}'
    object_next,      // after a member: ',' then a key, or '}'
    object_value,     // after a key: its value
    in_string_parts,  // a string is being written in parts
    in_key_parts,     // a key is being written in parts
    failed,           // after an error: every event fails
  };
  static constexpr std::size_t position_count = 10;
  // Separator before a value or a key in each position: a byte, 0 for none, or a negative
  // write_errc (the event is misplaced). Compact layout; pretty_separator() does the rest.
  static const signed char value_separator[position_count];
  static const signed char key_separator[position_count];
  // Room the scalar events ask for: separator + the longest number or literal.
  static constexpr std::size_t scalar_room = output_sink::max_min_free;
  static constexpr std::size_t short_number_text = 48;

  bool begin_value();
  bool begin_key();
  bool write_key_slow(std::string_view key);
  bool write_string_slow(std::string_view value);
  bool misplaced(signed char code);
  bool pretty_separator(bool is_key);
  bool after_value() {
    position_ = after_value_position_;
    return position_ != position::top_next || complete_top_level_value();
  }
  bool complete_top_level_value();
  bool begin_container(bool is_object);
  void grow_container_stack();
  bool end_container(bool is_object);
  bool write_number_text(std::string_view text);
  bool write_bytes(const char* data, std::size_t size);
  bool write_newline_and_indent(std::size_t level);
  bool write_string(std::string_view text, const char* closing, std::size_t closing_size);
  // write_string() out of line, for tree_output's strings that miss its inline path.
  bool write_string_outlined(std::string_view text, bool is_key);
  bool continue_string(const char* src, const char* src_end, int status, bool is_last_piece);
  bool write_string_body(std::string_view text, bool is_last_piece);
  bool write_pending_utf8(std::string_view& piece, bool is_last_piece);
  int escape_span(const char*& src, const char* src_end);
  bool write_truncated_utf8();
  bool write_double_value(double value);
  bool fail(std::error_code ec);
  bool refill(std::size_t min_free);
  bool ensure(std::size_t min_free) {
    return static_cast<std::size_t>(end_ - pos_) >= min_free || refill(min_free);
  }
  void release_region() noexcept;
  void start(output_sink& sink);

  char* pos_ = nullptr;  // next byte to write, inside the region the sink lent
  char* end_ = nullptr;  // end of that region
  // For bytes_written(): where the current region starts (pos_ when the region is handed
  // back: both null without one), and the bytes of the regions handed back before it.
  char* region_begin_ = nullptr;
  std::uint64_t bytes_before_region_ = 0;
  output_sink* sink_ = nullptr;
  std::optional<string_sink> own_string_sink_;
  write_options options_;
  simd::kernel_id kernel_;
  detail::escape_function escape_ = nullptr;
  position position_ = position::top_first;
  position after_value_position_ = position::top_next;
  // Not the compact layout: separators go through pretty_separator(). `multiline_`: newlines
  // and indentation; `colon_space_`, `comma_space_`: Go's SpaceAfterColon / SpaceAfterComma.
  bool pretty_ = false;
  bool multiline_ = false;
  bool colon_space_ = false;
  bool comma_space_ = false;
  // For the inline path of short strings: which bytes besides " \ and controls need work.
  bool escape_html_ = false;
  bool inspect_non_ascii_ = false;
  // For each open container, the after-value position of the one around it: what
  // after_value_position_ becomes when it closes. A byte per level (a std::vector<bool> costs
  // more to push and pop than the rest of an event). The first levels live in the writer
  // itself, so that a writer made for one small document allocates nothing.
  static constexpr std::size_t inline_levels = 64;
  position enclosing_inline_[inline_levels];
  std::vector<position> enclosing_heap_;  // deeper documents: all levels, grown by doubling
  position* enclosing_ = enclosing_inline_;
  std::size_t enclosing_capacity_ = inline_levels;
  std::size_t depth_ = 0;
  std::uint64_t values_written_ = 0;
  std::error_code error_;
  std::string indent_line_;  // "\n" + prefix + indent * k, cut to what a level needs
  // A UTF-8 sequence cut by the end of a string part, completed by the next part.
  char pending_utf8_[4] = {};
  std::uint8_t pending_utf8_size_ = 0;
};

}  // namespace jsonx

#include "jsonx/encode/detail/writer_inline.hpp"

// After the inline events, which it uses.
#include "jsonx/encode/detail/tree_output.hpp"
