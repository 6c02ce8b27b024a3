// The oracle side of the differential tests and fuzz targets: simdjson's DOM, walked into the
// event log format. Library jsonx_test_support_simdjson (simdjson, no GoogleTest); this header
// does not include simdjson's.
#pragma once

#include <string>
#include <string_view>

namespace jsonx::test {

/// What simdjson made of an input.
struct simdjson_verdict {
  bool accepted = false;
  int code = 0;       ///< simdjson::error_code as an int: 0 (SUCCESS) if accepted
  std::string error;  ///< simdjson's error message if rejected
  std::string log;    ///< the walk of its tree, in event_log.hpp format, if accepted
  /// "" unless simdjson's tree contradicted itself during the walk (an element whose type()
  /// its get() then refused); such an event is marked '!' in the log, as event_recorder does.
  std::string check_failures;

  /// Rejected with DEPTH_ERROR: nesting beyond simdjson's depth limit (1024, like jsonx's).
  bool depth_error() const;
  /// Rejected with NUMBER_ERROR: simdjson 3.0.1 gives it for integers beyond 64 bits and for
  /// numbers beyond double range (both of which jsonx delivers as on_number_text), and for
  /// malformed numbers.
  bool number_error() const;
};

/// Parses `input` with simdjson's DOM parser (padded copy, default depth 1024) and walks the
/// tree depth-first into the events a jsonx handler would see (without number texts).
simdjson_verdict simdjson_events(std::string_view input);

}  // namespace jsonx::test
