// The errors of RFC 7464 JSON text sequences (--seq) that are not parse errors: the framing
// around the values. Their own category ("jsonx.cli.seq"), so that the report prints them
// like any parse error (code message, line, column, byte, excerpt).
#pragma once

#include <system_error>

namespace jsonx::cli {

enum class sequence_errc {
  ok = 0,
  /// Bytes other than whitespace before the first RS: every JSON text must follow an RS.
  missing_record_separator,
  /// A record whose value is a number, true, false or null and which ends right after it,
  /// with no whitespace: RFC 7464 section 2.4 has it treated as possibly truncated ("12"
  /// may be what is left of "123").
  possibly_truncated,
};

const std::error_category& sequence_category() noexcept;

inline std::error_code make_error_code(sequence_errc e) noexcept {
  return {static_cast<int>(e), sequence_category()};
}

}  // namespace jsonx::cli

template <>
struct std::is_error_code_enum<jsonx::cli::sequence_errc> : std::true_type {};
