// The reference of partial snapshots (the rules of jsonx/sax/partial.hpp), the way the
// re-parsing partial parsers work: a prefix of a JSON text is read by a byte-at-a-time scanner
// of its own, cut back to the last point where it can be closed, and closed with the brackets
// still open. The tests and fuzz_partial parse that text (dom::parse) and compare it with
// dom::parser::partial().
//
//   jsonx::test::prefix_closer closer;
//   closer.read(R"({"a":[1,{"b":2)");
//   *closer.close(jsonx::partial_mode::strict).text;            // {"a":[1,{}]}
//   *closer.close(jsonx::partial_mode::trailing_numbers).text;  // {"a":[1,{"b":2}]}
//
// It knows nothing of the parser: RFC 8259 read one byte at a time, a stack of open
// containers, and two positions in the bytes read: the last one after which the text can be
// closed (after an opening bracket or a complete value), and, inside a string, the last one
// after a whole character (so that a cut escape or UTF-8 sequence is never kept).
//
// A prefix is "viable" if some JSON text begins with it; the first byte after which none can is
// reported (`invalid_at`), as early as the grammar allows: "[1x" at the x, "\udc" (a lone low
// surrogate) at the c, "\ud83d\u00" at the first 0. Nesting deeper than `max_depth` (the
// parser's limit, parse_options::max_depth) is reported as too_deep.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/sax/partial.hpp"

namespace jsonx::test {

/// What the reference makes of a prefix.
struct closed_prefix {
  enum class verdict : std::uint8_t {
    viable,    ///< some JSON text begins with the prefix
    invalid,   ///< none does: the byte at invalid_at cannot be there
    too_deep,  ///< the bracket at invalid_at nests deeper than max_depth
  };
  verdict status = verdict::viable;
  std::uint64_t invalid_at = 0;
  /// The closed text of a viable prefix; nullopt when nothing is kept (an empty document).
  std::optional<std::string> text;

  bool viable() const noexcept { return status == verdict::viable; }
};

/// Reads a text in pieces and closes what it has read so far, as often as asked.
class prefix_closer {
 public:
  explicit prefix_closer(std::size_t max_depth = 1024) : max_depth_(max_depth) {}

  /// Reads the next bytes of the text.
  void read(std::string_view bytes);
  /// The snapshot of everything read so far, closed by the rules of `mode`.
  closed_prefix close(partial_mode mode) const;

  bool viable() const noexcept { return status_ == closed_prefix::verdict::viable; }
  std::size_t bytes_read() const noexcept { return text_.size(); }
  /// Containers open at the end of what was read.
  std::size_t depth() const noexcept { return open_.size(); }

 private:
  // Where the scanner is in the grammar.
  enum class place : std::uint8_t {
    value,         // a value: at the top level, after ':', after ',' in an array
    array_first,   // after '[': a value or ']'
    object_first,  // after '{': a key or '}'
    object_key,    // after ',' in an object: a key
    object_colon,  // after a key: ':'
    after_value,   // after a value: ',' or the closer; at the top level only whitespace
    in_string,     // inside a string (a key if string_is_key_)
    in_number,
    in_literal,
  };
  // Inside a string.
  enum class string_step : std::uint8_t {
    plain,                 // characters (utf8_left_ continuation bytes still due)
    escape,                // after '\'
    hex,                   // after "\u", hex_digits_ of 4 read
    after_high,            // after a high surrogate "\ud83d": its low half must follow
    after_high_backslash,  // after "\ud83d\"
  };
  // Inside a number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  enum class number_step : std::uint8_t {
    minus,
    zero,
    integer,
    dot,
    fraction,
    exponent,
    exponent_sign,
    exponent_digits,
  };

  void read_byte(unsigned char c);
  void read_string_byte(unsigned char c);
  // False if `c` ends the number (and is read as what follows it).
  bool read_number_byte(unsigned char c);
  void read_structural_byte(unsigned char c);
  bool number_is_complete() const noexcept;
  bool expects_value() const noexcept {
    return place_ == place::value || place_ == place::array_first;
  }
  void open(bool is_object);
  void close_container(bool is_object);
  void value_done(std::size_t end);
  void fail(closed_prefix::verdict why);

  std::size_t max_depth_;
  std::string text_;  // every byte read; the closed text is a prefix of it plus closers
  closed_prefix::verdict status_ = closed_prefix::verdict::viable;
  std::uint64_t invalid_at_ = 0;

  std::vector<bool> open_;  // the open containers, outermost first: true for an object
  place place_ = place::value;
  // The end of the last opening bracket or complete value: the text can be closed there.
  // Nothing (npos) until the top-level value has begun a container or ended.
  std::size_t closable_end_ = npos;

  // The token being read.
  bool string_is_key_ = false;
  string_step string_step_ = string_step::plain;
  std::size_t string_whole_end_ = 0;  // after the last whole character of the string
  int utf8_left_ = 0;                 // continuation bytes still due
  unsigned char utf8_low_ = 0x80;     // the range of the next continuation byte
  unsigned char utf8_high_ = 0xBF;
  int hex_digits_ = 0;
  std::uint32_t hex_value_ = 0;
  bool hex_is_low_half_ = false;
  number_step number_step_ = number_step::minus;
  std::string_view literal_;  // "true", "false" or "null"
  std::size_t literal_matched_ = 0;

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
};

/// The prefix closed in one call.
closed_prefix close_prefix(std::string_view prefix, partial_mode mode,
                           std::size_t max_depth = 1024);

/// "strict", "trailing_strings", "trailing_numbers", "trailing".
std::string_view mode_name(partial_mode mode) noexcept;

/// The four modes.
inline constexpr partial_mode every_partial_mode[] = {
    partial_mode::strict, partial_mode::trailing_strings, partial_mode::trailing_numbers,
    partial_mode::trailing};

}  // namespace jsonx::test
