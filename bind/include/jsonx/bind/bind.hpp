// Typed binding: decode JSON straight into user types, and encode them back.
//
//   struct user { std::uint64_t id; std::string name; std::optional<std::string> url; };
//   JSONX_DESCRIBE(user, id, name, url)
//
//   user u = jsonx::decode<user>(R"({"id": 7, "name": "ann", "url": null})");
//   std::string json = jsonx::encode(u);       // {"id":7,"name":"ann","url":null}
//
// decode() and encode() are the two directions of one description, so both live here, in
// bind/ (the writer they encode through is encode/'s). From chunks: jsonx::typed_decoder<T>.
//
// describe.hpp: describing types; codec.hpp: the customization point; decode.hpp and
// encode.hpp: the entry points; decode_handler.hpp: the SAX handler itself.
#pragma once

#include "jsonx/bind/codec.hpp"
#include "jsonx/bind/decode.hpp"
#include "jsonx/bind/decode_handler.hpp"
#include "jsonx/bind/describe.hpp"
#include "jsonx/bind/encode.hpp"
#include "jsonx/bind/error.hpp"
#include "jsonx/bind/options.hpp"
#include "jsonx/bind/raw_json.hpp"
