// Helpers of the DOM tests: chunked parses through dom::parser, and walks that list every
// element of a document with its JSON Pointer.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <system_error>

#include "jsonx/dom/dom.hpp"
#include "support/feeding.hpp"

namespace jsonx::dom::test {

/// Feeds `input` to `p` cut as `cut` says (each chunk in a heap buffer of its exact size,
/// scribbled over after feed(), as support/feeding.hpp does), then finish().
const document& parse_in_chunks(parser& p, std::string_view input, jsonx::test::chunking cut,
                                std::error_code& ec);

/// Calls `visit(pointer, element)` for every element under `root`, root first, in document
/// order; pointers are RFC 6901 escaped.
void for_each_element(const element& root,
                      const std::function<void(const std::string&, const element&)>& visit);

/// The deepest nesting of arrays and objects (a scalar is 0).
std::size_t depth_of(const element& e);

/// True if a raw_number occurs anywhere under `e`.
bool contains_raw_number(const element& e);

}  // namespace jsonx::dom::test
