// Unescaping of JSON strings (the bytes between the quotes; UTF-8 already validated).
//
//   escape = '\' ( '"' / '\' / '/' / 'b' / 'f' / 'n' / 'r' / 't' / 'u' 4HEXDIG )
//   A \u escape of a high surrogate (D800-DBFF) must be followed by one of a low surrogate
//   (DC00-DFFF); a lone surrogate is rejected (it has no UTF-8 form).
#pragma once

#include <cstddef>
#include <string>

#include "jsonx/sax/error.hpp"

namespace jsonx::detail {

struct unescape_result {
  parse_errc error = parse_errc::ok;
  std::size_t consumed = 0;  ///< input bytes used (all of them unless stopped early)
  std::size_t error_at = 0;  ///< offset of the offending backslash, if error
};

/// Appends the unescaped form of [begin, end) to `out`. If `more_may_follow`, an escape cut
/// by `end` is not an error: it stops there, and `consumed` tells where.
unescape_result unescape_string(const char* begin, const char* end, std::string& out,
                                bool more_may_follow);

/// The same checks as unescape_string(), with the same result, and no output: for values a
/// handler skips.
unescape_result validate_escapes(const char* begin, const char* end, bool more_may_follow) noexcept;

/// Bytes at the end of [begin, end) that start a UTF-8 sequence not complete yet (0 to 3).
std::size_t incomplete_utf8_suffix(const char* begin, const char* end) noexcept;

/// Of [begin, end), the start of a UTF-8 sequence cut short (incomplete_utf8_suffix()'s bytes),
/// how many bytes can still begin a valid sequence: all of them, or fewer where it already
/// cannot (a lead outside C2-F4: 0; a second byte outside its lead's range, which keeps out
/// overlong forms, surrogates and what lies past U+10FFFF: 1; a third byte that is no
/// continuation byte: 2).
std::size_t utf8_viable_prefix(const char* begin, const char* end) noexcept;

}  // namespace jsonx::detail
