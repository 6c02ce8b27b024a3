// Comparing two parses: the verdict (accepted, or the same error code at the same offset, line
// and column) and the events seen.
#pragma once

#include <string>

#include "event_log.hpp"
#include "feeding.hpp"

namespace jsonx::test {

/// "" if `actual` has the verdict and the event log of `expected`; else what differs.
inline std::string compare_outcomes(const parse_outcome& expected, const parse_outcome& actual) {
  if (expected.accepted != actual.accepted || expected.error.code != actual.error.code ||
      expected.error.offset != actual.error.offset || expected.error.line != actual.error.line ||
      expected.error.column != actual.error.column)
    return "verdict differs: expected " + verdict(expected) + ", got " + verdict(actual);
  return describe_difference(expected.log, actual.log);
}

}  // namespace jsonx::test
