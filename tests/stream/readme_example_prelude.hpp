// Included first by each example generated from stream/io/README.md: what the examples may use
// without including it themselves, and assert() turned into a test expectation.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/device/back_inserter.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>

#include "jsonx/bind/bind.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/encoder.hpp"
#include "jsonx/stream/gzip_source.hpp"
#include "jsonx/stream/iostreams.hpp"
#include "jsonx/stream/parallel_decoder.hpp"
#include "jsonx/stream/push_decoder.hpp"
#include "jsonx/stream/source.hpp"

#undef assert
#define assert(...) EXPECT_TRUE((__VA_ARGS__))
