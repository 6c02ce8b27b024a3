// The walk of a simdjson DOM element into a value_tally: the reference tally of every corpus
// file (value_tally.cpp) and the check of parse_dom/simdjson use the same walk.
#pragma once

#include <simdjson.h>

#include "value_tally.hpp"

namespace jsonx_bench {

/// Adds `element` and everything inside it to `tally`.
void tally_simdjson_element(simdjson::dom::element element, value_tally& tally);

}  // namespace jsonx_bench
