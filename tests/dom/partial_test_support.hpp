// Helpers of the partial snapshot tests (partial_test.cpp, partial_sweep_test.cpp): feeding a
// dom::parser from copies that die with feed(), and the snapshots a prefix must give, mode by
// mode. The reference closer and the document checks are in tests/support (partial_reference,
// partial_checks), shared with fuzz/fuzz_partial.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <system_error>

#include "jsonx/dom/dom.hpp"
#include "support/partial_checks.hpp"
#include "support/partial_reference.hpp"

namespace jsonx::dom::test {

/// Feeds `chunk` to `p` from a heap copy of its exact size, scribbled over and freed once
/// feed() returns: a snapshot taken next that still points into it reads quotes (and
/// AddressSanitizer reports it).
std::size_t feed_copy(parser& p, std::string_view chunk, std::error_code& ec);

/// A snapshot as it must be: the JSON text it holds, or nullopt for an empty document.
using expected_value = std::optional<std::string>;
inline const expected_value nothing = std::nullopt;

/// What the snapshots of one prefix must be, in each mode.
struct expected_snapshots {
  expected_value strict;
  expected_value trailing_strings;
  expected_value trailing_numbers;
  expected_value trailing;

  const expected_value& in(partial_mode mode) const noexcept;
};

/// The same in every mode.
expected_snapshots in_every_mode(const expected_value& value);
/// `with` where trailing_strings is set, `without` elsewhere.
expected_snapshots by_strings(const expected_value& without, const expected_value& with);
/// `with` where trailing_numbers is set, `without` elsewhere.
expected_snapshots by_numbers(const expected_value& without, const expected_value& with);

}  // namespace jsonx::dom::test

namespace jsonx {
/// Prints a mode by name in test messages.
inline void PrintTo(partial_mode mode, std::ostream* out) {
  *out << test::mode_name(mode);
}
}  // namespace jsonx
