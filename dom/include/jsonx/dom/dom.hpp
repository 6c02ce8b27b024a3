// Everything of the DOM: parser and document, element access, the mutable value, event replay
// and serialization.
#pragma once

#include "jsonx/dom/document.hpp"
#include "jsonx/dom/dom_builder.hpp"
#include "jsonx/dom/element.hpp"
#include "jsonx/dom/error.hpp"
#include "jsonx/dom/kind.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/dom/value.hpp"
#include "jsonx/dom/write_events.hpp"
