#include "kernel_index_check.hpp"

#include <cstdint>
#include <cstring>
#include <memory>

#include "jsonx/index/structural_indexer.hpp"
#include "reference_indexer.hpp"

namespace jsonx::test {
namespace {

std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::string error_name(index::index_error e) {
  switch (e) {
    case index::index_error::none:
      return "none";
    case index::index_error::invalid_utf8:
      return "invalid_utf8";
    case index::index_error::control_char_in_string:
      return "control_char_in_string";
  }
  return "?";
}

// What a kernel reported over all the pieces, in whole-input offsets.
struct kernel_output {
  std::vector<std::uint32_t> positions;
  std::vector<std::uint32_t> escaped_string_ends;
  index::index_error error = index::index_error::none;
  std::size_t error_offset = 0;
  std::uint64_t newline_count = 0;
  std::int64_t last_newline = -1;
  std::vector<index::indexer_state> states_at_cuts;  ///< after each piece, the last included
};

kernel_output run_kernel(simd::kernel_id kernel, std::string_view input,
                         const std::vector<std::size_t>& cuts) {
  kernel_output out;
  index::indexer_state state;
  std::size_t begin = 0;
  for (std::size_t piece = 0; piece <= cuts.size(); ++piece) {
    const std::size_t end = piece < cuts.size() ? cuts[piece] : input.size();
    const std::size_t length = end - begin;
    // An exact-size copy: AddressSanitizer catches any read past the piece.
    auto bytes = std::make_unique<char[]>(length);
    if (length != 0) std::memcpy(bytes.get(), input.data() + begin, length);
    std::vector<std::uint32_t> positions(index::positions_capacity(length), 0xDEADBEEF);
    // All ones: a word the kernel forgets to write shows up as spurious bits.
    std::vector<std::uint64_t> words(index::escape_bits_capacity(length), ~0ULL);
    index::index_result result = index::index_structurals(kernel, bytes.get(), length, state,
                                                          positions.data(), words.data());

    for (std::size_t i = 0; i < result.structural_count; ++i)
      out.positions.push_back(static_cast<std::uint32_t>(begin + positions[i]));
    const std::size_t checked =
        result.error != index::index_error::none ? result.error_offset : length;
    for (std::size_t i = 0; i < checked; ++i)
      if ((words[i / 64] >> (i % 64)) & 1)
        out.escaped_string_ends.push_back(static_cast<std::uint32_t>(begin + i));
    out.newline_count += result.newline_count;
    if (result.last_newline >= 0)
      out.last_newline = static_cast<std::int64_t>(begin) + result.last_newline;
    if (result.error != index::index_error::none) {
      out.error = result.error;
      out.error_offset = begin + result.error_offset;
      return out;
    }
    out.states_at_cuts.push_back(state);
    begin = end;
  }
  return out;
}

std::string compare_offsets(const char* what, const std::vector<std::uint32_t>& expected,
                            const std::vector<std::uint32_t>& actual) {
  std::size_t i = 0;
  while (i < expected.size() && i < actual.size() && expected[i] == actual[i]) ++i;
  if (i == expected.size() && i == actual.size()) return {};
  auto at = [&](const std::vector<std::uint32_t>& v) {
    return i < v.size() ? std::to_string(v[i]) : std::string("(none)");
  };
  return std::string(what) + " differ at entry #" + std::to_string(i) + ": expected " +
         at(expected) + ", kernel gave " + at(actual) + " (" + std::to_string(expected.size()) +
         " vs " + std::to_string(actual.size()) + " entries)";
}

std::string compare_carries(std::size_t cut, const reference_carries& expected,
                            const index::indexer_state& actual) {
  std::string where = "carries after " + std::to_string(cut) + " bytes: ";
  if (actual.next_is_escaped != (expected.next_is_escaped ? 1u : 0u))
    return where + "next_is_escaped " + std::to_string(actual.next_is_escaped);
  if (actual.in_string != (expected.in_string ? ~0ULL : 0ULL))
    return where + "in_string " + std::to_string(actual.in_string);
  if (actual.last_was_scalar != (expected.last_was_scalar ? 1u : 0u))
    return where + "last_was_scalar " + std::to_string(actual.last_was_scalar);
  if (actual.escape_in_string != (expected.escape_in_string ? 1u : 0u))
    return where + "escape_in_string " + std::to_string(actual.escape_in_string);
  if (std::memcmp(actual.utf8_tail, expected.utf8_tail, 3) != 0) return where + "utf8_tail";
  if (actual.utf8_incomplete() != expected.utf8_incomplete)
    return where + "utf8_incomplete " + std::to_string(actual.utf8_incomplete());
  return {};
}

}  // namespace

std::string check_kernel_against_reference(simd::kernel_id kernel, std::string_view input,
                                           const std::vector<std::size_t>& cuts) {
  // Carries are compared at every cut and at the end of the input.
  std::vector<std::size_t> boundaries = cuts;
  boundaries.push_back(input.size());
  const reference_index expected = reference_index_of(input, boundaries);
  const kernel_output actual = run_kernel(kernel, input, cuts);
  if (expected.error != actual.error || expected.error_offset != actual.error_offset)
    return "error: expected " + error_name(expected.error) + " at " +
           std::to_string(expected.error_offset) + ", kernel gave " + error_name(actual.error) +
           " at " + std::to_string(actual.error_offset);
  if (auto d = compare_offsets("positions", expected.positions, actual.positions); !d.empty())
    return d;
  if (auto d = compare_offsets("escaped string ends", expected.escaped_string_ends,
                               actual.escaped_string_ends);
      !d.empty())
    return d;
  if (expected.newline_count != actual.newline_count ||
      expected.last_newline != actual.last_newline)
    return "newlines: expected " + std::to_string(expected.newline_count) + " (last at " +
           std::to_string(expected.last_newline) + "), kernel gave " +
           std::to_string(actual.newline_count) + " (last at " +
           std::to_string(actual.last_newline) + ")";
  if (actual.states_at_cuts.size() != expected.carries_at.size())
    return "carries recorded at " + std::to_string(actual.states_at_cuts.size()) +
           " piece ends, the reference has " + std::to_string(expected.carries_at.size());
  for (std::size_t k = 0; k < actual.states_at_cuts.size(); ++k)
    if (auto d = compare_carries(boundaries[k], expected.carries_at[k], actual.states_at_cuts[k]);
        !d.empty())
      return d;
  return {};
}

std::string byte_soup(std::uint64_t seed, std::size_t length, bool dirty) {
  static constexpr std::string_view punctuation = "{}[]:,\"\"\"\\\\ \t\n\r";
  static constexpr std::string_view scalar_bytes = "0123456789-+.eEtrufalsn";
  static constexpr std::string_view multibyte[] = {"\xc3\xa9",         "\xe2\x82\xac",
                                                   "\xf0\x9f\x98\x80", "\xed\x9f\xbf",
                                                   "\xf4\x8f\xbf\xbf", "\xe0\xa0\x80"};
  static constexpr std::string_view invalid[] = {
      "\xff", "\x80",     "\xc0\x80",     "\xed\xa0\x80", "\xe0\x80", "\xf4\x90", "\xf5\x80",
      "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\x01",         "\x1f",     "\x0c",     "\x1a"};
  std::uint64_t state = seed;
  std::string soup;
  soup.reserve(length + 4);
  while (soup.size() < length) {
    std::uint64_t r = next_random(state);
    unsigned pick = static_cast<unsigned>(r % 1000);
    if (dirty && pick < 3) {
      soup += invalid[(r >> 10) % std::size(invalid)];
    } else if (pick < 400) {
      soup += punctuation[(r >> 10) % punctuation.size()];
    } else if (pick < 650) {
      soup += scalar_bytes[(r >> 10) % scalar_bytes.size()];
    } else if (pick < 700) {
      soup += multibyte[(r >> 10) % std::size(multibyte)];
    } else if (pick < 720) {
      soup.append(1 + (r >> 10) % 6, '\\');  // backslash runs of every parity
    } else {
      soup += static_cast<char>('a' + (r >> 10) % 26);
    }
  }
  return soup;
}

std::vector<std::size_t> random_cuts(std::uint64_t seed, std::size_t length,
                                     std::size_t mean_piece) {
  std::vector<std::size_t> cuts;
  std::uint64_t state = seed;
  for (std::size_t at = 0;;) {
    at += 1 + next_random(state) % (2 * mean_piece);
    if (at >= length) break;
    cuts.push_back(at);
  }
  return cuts;
}

}  // namespace jsonx::test
