// The oracle: a document element compared, value by value and in order, with simdjson's DOM.
#pragma once

#include <string>
#include <string_view>

#include "jsonx/dom/element.hpp"

namespace jsonx::dom::test {

/// What simdjson (dom::parser, padded copy) made of `json`, compared with `ours`: "" if it
/// accepted it and every value is equal (same kinds, same numbers bit for bit, same strings,
/// members in the same order), else the first difference with its JSON Pointer.
/// `accepted` tells whether simdjson accepted the text at all.
std::string compare_with_simdjson(const element& ours, std::string_view json, bool& accepted);

}  // namespace jsonx::dom::test
