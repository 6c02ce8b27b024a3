#include "partial_test_support.hpp"

#include <cstring>
#include <memory>

namespace jsonx::dom::test {

std::size_t feed_copy(parser& p, std::string_view chunk, std::error_code& ec) {
  auto copy = std::make_unique<char[]>(chunk.size());
  if (!chunk.empty()) std::memcpy(copy.get(), chunk.data(), chunk.size());
  const std::size_t used = p.feed(std::string_view(copy.get(), chunk.size()), ec);
  if (!chunk.empty()) std::memset(copy.get(), '"', chunk.size());
  return used;
}

const expected_value& expected_snapshots::in(partial_mode mode) const noexcept {
  switch (mode) {
    case partial_mode::strict:
      return strict;
    case partial_mode::trailing_strings:
      return trailing_strings;
    case partial_mode::trailing_numbers:
      return trailing_numbers;
    case partial_mode::trailing:
      break;
  }
  return trailing;
}

expected_snapshots in_every_mode(const expected_value& value) {
  return {value, value, value, value};
}

expected_snapshots by_strings(const expected_value& without, const expected_value& with) {
  return {without, with, without, with};
}

expected_snapshots by_numbers(const expected_value& without, const expected_value& with) {
  return {without, without, with, with};
}

}  // namespace jsonx::dom::test
