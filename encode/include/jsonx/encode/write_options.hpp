// Options of the writer: layout (compact or pretty) and escaping.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "jsonx/simd/kernel.hpp"

namespace jsonx {

/// What the writer does with bytes of a string that are not UTF-8.
enum class invalid_utf8_policy : std::uint8_t {
  error,         ///< fail with write_errc::invalid_utf8 (the default)
  replace,       ///< write U+FFFD for each maximal invalid subsequence (as the WHATWG decoder)
  assume_valid,  ///< no check: the caller vouches for the strings (jsonx's parser validated them)
};

/// What the writer does with NaN and infinities, which JSON cannot express.
enum class non_finite_policy : std::uint8_t {
  error,       ///< fail with write_errc::non_finite_number (the default)
  write_null,  ///< write null instead
};

struct write_options {
  /// Pretty printing, as Go's SetIndent(prefix, indent): every element of an array or object
  /// starts a new line made of `prefix` then one copy of `indent` per level of nesting; the
  /// first line gets no prefix. Both empty (the default): compact output, no whitespace at all.
  std::string prefix;
  std::string indent;
  /// Every element on its own line even when `prefix` and `indent` are both empty (Go's
  /// Multiline with WithIndent("")): a newline and the prefix, no indentation.
  bool multiline = false;
  /// A space after the colon of each member (Go's SpaceAfterColon). Empty: only when pretty.
  std::optional<bool> space_after_colon;
  /// A space after each comma (Go's SpaceAfterComma): "[1, 2]"; pretty output, which starts a
  /// new line after the comma, then has the space before that newline, as Go's does.
  bool space_after_comma = false;
  /// Escape <, > and & as \u003c, \u003e and \u0026, so the output is safe inside HTML
  /// <script> (Go's default).
  bool escape_html = false;
  /// Escape U+2028 and U+2029 as \u2028 and \u2029 (JavaScript before ES2019 rejects them raw).
  bool escape_line_separators = false;
  /// Escape every non-ASCII character as \uXXXX (surrogate pairs beyond the BMP).
  bool ascii_only = false;
  invalid_utf8_policy invalid_utf8 = invalid_utf8_policy::error;
  non_finite_policy non_finite = non_finite_policy::error;
  /// Write '\n' after each complete top-level value (as Go's Encoder does). Without it, several
  /// top-level values (NDJSON) are still separated by '\n', but the last gets none.
  bool newline_after_value = false;
  /// The string-scanning kernel; empty: simd::default_kernel().
  std::optional<simd::kernel_id> kernel;

  /// Compact output (the default-constructed options).
  static write_options compact() { return {}; }
  /// Pretty output indented by `width` spaces per level.
  static write_options pretty(std::size_t width = 2) {
    write_options options;
    options.indent.assign(width, ' ');
    return options;
  }
  /// Go's SetIndent(prefix, indent).
  write_options& set_indent(std::string_view new_prefix, std::string_view new_indent) {
    prefix.assign(new_prefix);
    indent.assign(new_indent);
    return *this;
  }
  /// SetIndent with `width` spaces as the indent.
  write_options& set_indent(std::string_view new_prefix, std::size_t width) {
    prefix.assign(new_prefix);
    indent.assign(width, ' ');
    return *this;
  }
  /// Elements on their own lines.
  bool is_pretty() const noexcept { return multiline || !prefix.empty() || !indent.empty(); }
  /// Any whitespace between tokens at all (pretty, or a space after colons or commas).
  bool has_whitespace() const noexcept {
    return is_pretty() || space_after_colon.value_or(false) || space_after_comma;
  }
};

}  // namespace jsonx
