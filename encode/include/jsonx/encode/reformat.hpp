// Conveniences over parse -> writer: minify and pretty-print a JSON text.
//
//   std::string small = jsonx::minify(R"({ "a" : [1, 2] })");     // {"a":[1,2]}
//   std::string nice = jsonx::pretty(small);                       // two-space indent
//   std::string go = jsonx::pretty(small, jsonx::write_options{}.set_indent("", "\t"));
//
// The input is validated as it is parsed; the throwing flavours throw parse_exception.
#pragma once

#include <string>
#include <string_view>

#include "jsonx/encode/write_options.hpp"
#include "jsonx/sax/error.hpp"
#include "jsonx/sax/parse_options.hpp"

namespace jsonx {

/// Rewrites `json` with the layout and escaping of `options` (compact by default), appending to
/// `out`. Returns false and fills `error` if the input is not JSON (or a write option rejects
/// it: the error code is then a write_errc).
bool reformat(std::string_view json, std::string& out, parse_error& error,
              const write_options& options = {}, const parse_options& parsing = {});

/// Compact output; throws parse_exception (or write_exception).
std::string minify(std::string_view json, const parse_options& parsing = {});
/// Pretty output (two-space indent unless `options` says otherwise); throws parse_exception.
std::string pretty(std::string_view json, const write_options& options = write_options::pretty(),
                   const parse_options& parsing = {});

}  // namespace jsonx
