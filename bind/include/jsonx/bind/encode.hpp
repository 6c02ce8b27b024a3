// Encoding typed values as JSON, through jsonx::writer (compact or pretty, with its escaping
// options in encode_options::write).
//
//   std::string json = jsonx::encode(config);                 // throws jsonx::encode_exception
//   jsonx::encode_error error;
//   if (!jsonx::encode(config, json, error, {.write = jsonx::write_options::pretty()})) ...
//
//   jsonx::writer w(out);                                      // inside a larger document
//   w.on_array_begin();
//   jsonx::encode(config, w, error);                           // one value where it belongs
//   w.on_array_end();
#pragma once

#include <string>
#include <system_error>
#include <type_traits>

#include "jsonx/bind/detail/encode_rules.hpp"
#include "jsonx/bind/detail/encode_tree.hpp"
#include "jsonx/bind/encode_context.hpp"
#include "jsonx/bind/error.hpp"
#include "jsonx/bind/options.hpp"
#include "jsonx/encode/output_sink.hpp"
#include "jsonx/encode/writer.hpp"

namespace jsonx {

template <class T>
concept encode_source = !std::is_same_v<T, encode_options> && !std::is_same_v<T, encode_error>;

/// Writes `value` as one JSON value into `out`, wherever its state says a value goes. The
/// writer keeps its own write_options (options.write is not used). False with `error` set on
/// failure (the writer is then failed too, or left mid-value).
template <encode_source T>
bool encode(const T& value, writer& out, encode_error& error, const encode_options& options = {}) {
  encode_context context(out, options);
  detail::tree_output tree(out);
  // Compact output: printed straight into the writer's buffer (detail/encode_tree.hpp);
  // pretty output: through the writer's events (detail/encode_rules.hpp). The same bytes.
  const bool written = tree.usable() ? (tree.begin_value() || context.writer_failed()) &&
                                           detail::typed_printer(tree, context).print(value) &&
                                           (tree.end_value() || context.writer_failed())
                                     : detail::encode_value(context, value);
  if (written) return true;
  error = context.error();
  return false;
}

namespace detail {
// `value` as a complete document through a writer of its own over `destination` (a sink or
// a string), finished (flushed) at the end.
template <class T, class Destination>
bool encode_document(const T& value, Destination& destination, encode_error& error,
                     const encode_options& options) {
  writer out(destination, options.write);
  if (!encode(value, out, error, options)) return false;
  if (out.finish()) return true;
  error = encode_error{};
  error.code = out.error();
  return false;
}
}  // namespace detail

/// Writes `value` to `sink` (a file, a stream, a socket) as a complete JSON document.
template <encode_source T>
bool encode(const T& value, output_sink& sink, encode_error& error,
            const encode_options& options = {}) {
  return detail::encode_document(value, sink, error, options);
}

/// Appends `value` as JSON to `json` (as every jsonx API that writes into a caller's string
/// does: the writer, dom::to_string, minify and pretty). False with `error` set on failure;
/// what was appended before the failure is left in place.
template <encode_source T>
bool encode(const T& value, std::string& json, encode_error& error,
            const encode_options& options = {}) {
  return detail::encode_document(value, json, error, options);
}

/// The same, with an error code only.
template <encode_source T>
bool encode(const T& value, std::string& json, std::error_code& ec,
            const encode_options& options = {}) {
  encode_error error;
  const bool ok = encode(value, json, error, options);
  ec = error.code;
  return ok;
}

/// Appends `value` as JSON to `json`; throws encode_exception on failure.
template <encode_source T>
void encode(const T& value, std::string& json, const encode_options& options = {}) {
  encode_error error;
  if (!encode(value, json, error, options)) throw encode_exception(std::move(error));
}

/// `value` as JSON; throws encode_exception on failure.
template <encode_source T>
std::string encode(const T& value, const encode_options& options = {}) {
  std::string json;
  encode(value, json, options);
  return json;
}

}  // namespace jsonx
