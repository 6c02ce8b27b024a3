// Everything of the encoder: the writer, its options and sinks, the resumable serializer and
// the minify/pretty conveniences. To encode your own types (jsonx::encode(value)), see
// <jsonx/bind/bind.hpp>, which documents encode() together with decode().
#pragma once

#include "jsonx/encode/output_sink.hpp"
#include "jsonx/encode/reformat.hpp"
#include "jsonx/encode/serializer.hpp"
#include "jsonx/encode/write_error.hpp"
#include "jsonx/encode/write_options.hpp"
#include "jsonx/encode/writer.hpp"
