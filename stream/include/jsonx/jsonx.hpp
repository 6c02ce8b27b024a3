// Everything of jsonx in one include (the Boost.Iostreams adapters excepted: include
// <jsonx/stream/iostreams.hpp> and <jsonx/stream/gzip_source.hpp> for those). Each layer's own
// header is lighter:
//
//   <jsonx/sax/push_parser.hpp>   the push parser and jsonx::parse() with your handler
//   <jsonx/encode/encode.hpp>     the writer, sinks, the resumable serializer, minify/pretty
//   <jsonx/dom/dom.hpp>           documents: parse, look up, mutate, serialize
//   <jsonx/bind/bind.hpp>         typed binding: jsonx::decode<T>(), jsonx::encode(value)
//   <jsonx/stream/decoder.hpp>    a sequence of values from a file, pipe or socket (and encoder,
//                                 push_decoder, source)
//   <jsonx/simd/kernel.hpp>       which SIMD kernel runs, and forcing one
//
// It lives in stream/, the top of the data flow, which links every layer below it.
#pragma once

#include "jsonx/bind/bind.hpp"
#include "jsonx/bind/dom.hpp"
#include "jsonx/dom/dom.hpp"
#include "jsonx/encode/encode.hpp"
#include "jsonx/sax/error.hpp"
#include "jsonx/sax/handler.hpp"
#include "jsonx/sax/parse_options.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "jsonx/simd/kernel.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/encoder.hpp"
#include "jsonx/stream/push_decoder.hpp"
#include "jsonx/stream/source.hpp"
#include "jsonx/stream/stream_error.hpp"
#include "jsonx/stream/token.hpp"
