// Decoding JSON into typed values: from a whole buffer, or from chunks.
//
//   auto config = jsonx::decode<app_config>(text);          // throws jsonx::decode_exception
//   jsonx::decode(text, config);                             // into an existing value
//   jsonx::decode_error error;
//   if (!jsonx::decode(text, config, error)) std::cerr << error.message() << '\n';
//
//   jsonx::typed_decoder<app_config> chunks(config);        // from chunks of any size
//   while (read(chunk)) chunks.feed(chunk);
//   chunks.finish();
//
// Members whose keys are absent are left as they are (unless decode_options::missing_fields
// says otherwise); arrays, maps and strings that appear replace the target's contents.
// Exceptions thrown by a custom codec propagate.
#pragma once

#include <cstddef>
#include <string_view>
#include <system_error>
#include <type_traits>

#include "jsonx/bind/decode_handler.hpp"
#include "jsonx/bind/detail/decode_rules.hpp"
#include "jsonx/bind/error.hpp"
#include "jsonx/bind/options.hpp"
#include "jsonx/sax/push_parser.hpp"

namespace jsonx {

/// Decodes into `target` from chunks fed one after the other; reusable (reset) without
/// reallocating its buffers.
template <class T>
class typed_decoder {
 public:
  explicit typed_decoder(T& target, const decode_options& options = {})
      : options_(options), parser_(handler_, options_.parse) {
    handler_.start(target, options_);
  }

  /// Decodes the next piece of input. Returns false, with `error` set, once the input is found
  /// not to be JSON or not to fit T; later calls then fail the same way until reset().
  bool feed(std::string_view chunk, decode_error& error) {
    std::error_code ec;
    handler_.set_readable_input(chunk.data(), chunk.data() + chunk.size());
    try {
      parser_.feed(chunk, ec);
    } catch (...) {  // from a custom codec, or bad_alloc
      handler_.set_readable_input(nullptr, nullptr);
      handler_.abandon_after_failure();
      throw;
    }
    handler_.set_readable_input(nullptr, nullptr);
    return !ec || fail(error);
  }
  /// Throwing flavour of feed().
  void feed(std::string_view chunk) {
    decode_error error;
    if (!feed(chunk, error)) throw decode_exception(std::move(error));
  }
  /// Declares the end of the input: it must have been one complete value.
  bool finish(decode_error& error) {
    std::error_code ec;
    try {
      parser_.finish(ec);
    } catch (...) {
      handler_.abandon_after_failure();
      throw;
    }
    return !ec || fail(error);
  }
  void finish() {
    decode_error error;
    if (!finish(error)) throw decode_exception(std::move(error));
  }

  /// Decodes the whole of `json` into the target, from a fresh start (what was fed before is
  /// dropped): decode() again and again reuses the buffers.
  bool decode(std::string_view json, decode_error& error) {
    parser_.reset();
    handler_.restart();
    return feed(json, error) && finish(error);
  }

  /// Ready to decode another input into `target` (the same object or another).
  void reset(T& target) {
    parser_.reset();
    handler_.start(target, options_);
  }
  bool failed() const noexcept { return parser_.failed(); }
  const decode_options& options() const noexcept { return options_; }
  /// The bytes decoded so far.
  std::uint64_t bytes_consumed() const noexcept { return parser_.bytes_consumed(); }

 private:
  bool fail(decode_error& error) {
    handler_.abandon_after_failure();
    error = handler_.make_error(parser_.error());
    return false;
  }

  decode_options options_;
  decode_handler handler_;
  push_parser<decode_handler> parser_;
};

template <class T>
concept decode_target = !std::is_const_v<T> && !std::is_same_v<T, decode_options> &&
                        !std::is_same_v<T, decode_error> && !std::is_same_v<T, std::error_code>;

/// Decodes `json` into `target`; false with `error` set on failure.
template <decode_target T>
bool decode(std::string_view json, T& target, decode_error& error,
            const decode_options& options = {}) {
  decode_handler handler;
  handler.start(target, options);
  handler.set_readable_input(json.data(), json.data() + json.size());
  parse_error parse_failure;
  bool ok = false;
  try {
    ok = parse(json, handler, parse_failure, options.parse);
  } catch (...) {  // from a custom codec, or bad_alloc
    handler.abandon_after_failure();
    throw;
  }
  if (ok) return true;
  handler.abandon_after_failure();
  error = handler.make_error(parse_failure);
  return false;
}

/// Decodes `json` into `target`; `ec` set on failure (decode_error has the details).
template <decode_target T>
bool decode(std::string_view json, T& target, std::error_code& ec,
            const decode_options& options = {}) {
  decode_error error;
  const bool ok = decode(json, target, error, options);
  ec = error.code;
  return ok;
}

/// Decodes `json` into `target`; throws decode_exception on failure.
template <decode_target T>
void decode(std::string_view json, T& target, const decode_options& options = {}) {
  decode_error error;
  if (!decode(json, target, error, options)) throw decode_exception(std::move(error));
}

/// Decodes `json` into a new T (value-initialized first); throws decode_exception on failure.
template <decode_target T>
T decode(std::string_view json, const decode_options& options = {}) {
  T value{};
  decode(json, value, options);
  return value;
}

}  // namespace jsonx
