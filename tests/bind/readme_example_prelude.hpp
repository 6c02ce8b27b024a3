// Included first by each example generated from bind/README.md: what the examples may use
// without including it themselves, and assert() turned into a test expectation.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "jsonx/bind/bind.hpp"
#if JSONX_BIND_BOOST_DESCRIBE
#include <boost/describe.hpp>
#endif
#include "jsonx/sax/push_parser.hpp"

#undef assert
#define assert(...) EXPECT_TRUE((__VA_ARGS__))
