// The parser's cold paths: error records and their excerpts.
#include <algorithm>
#include <cstring>

#include "jsonx/sax/detail/parser_core.hpp"

namespace jsonx::detail {
namespace {

constexpr std::uint64_t excerpt_before = 24;
constexpr std::uint64_t excerpt_after = 24;

// The excerpt from `bytes` (which start at absolute `origin`) around `offset`, if it lies in
// them (or just past their end, for an error at the end of input).
bool take_excerpt(std::string_view bytes, std::uint64_t origin, std::uint64_t offset,
                  parse_error& error) {
  if (offset < origin || offset > origin + bytes.size()) return false;
  const std::uint64_t at = offset - origin;
  std::uint64_t from = at > excerpt_before ? at - excerpt_before : 0;
  // Start after the last newline before the offset: the excerpt is one line.
  for (std::uint64_t i = at; i > from; --i) {
    if (bytes[i - 1] == '\n') {
      from = i;
      break;
    }
  }
  std::uint64_t to = std::min<std::uint64_t>(bytes.size(), at + excerpt_after);
  for (std::uint64_t i = at; i < to; ++i) {
    if (bytes[i] == '\n') {
      to = i;
      break;
    }
  }
  error.excerpt.clear();
  for (std::uint64_t i = from; i < to; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    // Control bytes would break the terminal line; UTF-8 is kept as it is.
    error.excerpt.push_back(c < 0x20 || c == 0x7F ? '.' : static_cast<char>(c));
  }
  error.excerpt_caret = static_cast<std::size_t>(at - from);
  return true;
}

}  // namespace

parse_error make_parse_error(parse_errc code, std::uint64_t offset, line_and_column where,
                             std::string_view chunk, std::uint64_t chunk_offset,
                             std::string_view token, std::uint64_t token_offset) {
  parse_error error;
  error.code = make_error_code(code);
  error.offset = offset;
  error.line = where.line;
  error.column = where.column;
  if (!take_excerpt(chunk, chunk_offset, offset, error) && !token.empty())
    take_excerpt(token, token_offset, offset, error);
  return error;
}

parse_errc to_parse_errc(index::index_error e) noexcept {
  switch (e) {
    case index::index_error::invalid_utf8:
      return parse_errc::invalid_utf8;
    case index::index_error::control_char_in_string:
      return parse_errc::control_char_in_string;
    case index::index_error::none:
      break;
  }
  return parse_errc::ok;
}

void count_newlines(const char* begin, const char* end, std::uint64_t& count,
                    std::int64_t& last) noexcept {
  for (const char* p = begin; p < end; ++p) {
    p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (p == nullptr) break;
    ++count;
    last = p - begin;
  }
}

}  // namespace jsonx::detail
