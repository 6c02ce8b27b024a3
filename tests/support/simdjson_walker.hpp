// The oracle side of the differential tests: simdjson's DOM, walked into the event log format.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace jsonx::test {

/// What simdjson made of an input.
struct simdjson_verdict {
  bool accepted = false;
  std::string error;  ///< simdjson's error message if rejected
  std::string log;    ///< the walk of its tree, in event_log.hpp format, if accepted
};

/// Parses `input` with simdjson's DOM parser (padded copy, default depth 1024) and walks the
/// tree depth-first into the events a jsonx handler would see.
simdjson_verdict simdjson_events(std::string_view input);

}  // namespace jsonx::test
