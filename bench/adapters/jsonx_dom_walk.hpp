// The walk of a jsonx DOM element into a value_tally: the check of parse_dom, ndjson and the
// partial tasks (defined in jsonx_dom_adapter.cpp).
#pragma once

#include "jsonx/dom/element.hpp"
#include "value_tally.hpp"

namespace jsonx_bench {

/// Adds `element` and everything inside it to `tally`.
void tally_jsonx_element(jsonx::dom::element element, value_tally& tally);

}  // namespace jsonx_bench
