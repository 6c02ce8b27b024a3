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
//
// Partial values: the value of a document still arriving (streamed tool-call arguments, a
// model's structured output), after any feed, without finishing:
//
//   struct weather_args { std::string city; std::vector<std::string> days; int limit = 10; };
//   weather_args args;
//   jsonx::typed_decoder<weather_args> decoder(args);
//   decoder.feed(R"({"city": "Par)");
//   decoder.partial(jsonx::partial_mode::trailing_strings);  // args.city == "Par"
//   decoder.feed(R"(is", "days": ["mon", "tu)");
//   decoder.partial();          // strict: city "Paris", days {"mon"}, limit still 10
//   decoder.feed(R"(e"]})");
//   decoder.finish();           // the value a decode without snapshots gives
//
// A snapshot is made in the target itself, by the rules of jsonx/sax/partial.hpp, and taken
// back when the decoder goes on (feed(), finish(), partial()). What the target then holds:
//  - members whose keys have not come yet keep the values they had before the decode (their
//    defaults in a new target); so does a member whose key came with no value yet;
//  - an array, map or object still open holds the elements and members completed so far, and
//    the one being filled if it is itself an array or object (closed where it is); never the
//    elements a reused vector kept from a previous decode. A std::array or tuple still open
//    keeps, beyond the elements completed, the values it had;
//  - the value cut by the end: a string member holds its prefix in trailing_strings mode (an
//    escape or UTF-8 sequence cut short left out), else keeps its value; a number only in
//    trailing_numbers mode when it is complete by itself; a whole literal (true, null) is
//    kept. A cut value its member refuses as it is so far (an enumerator's name cut short, a
//    number out of the member's range, a string for a struct) is left out: not an error, the
//    input is incomplete. A value left out in a map leaves out its key; in an array, its slot;
//  - missing_fields = error and required fields are checked when an object ends in the input,
//    never in a snapshot: an object still open may yet get them;
//  - a value bound through a codec appears once complete (a codec converts whole values); a
//    raw_json still being captured is empty (null); a dom::value holds its tree so far;
//  - input already found invalid is an error, as feed() reported it.
// Feeding after a snapshot goes on exactly as if none had been taken: the same final value,
// the same errors. The snapshot is the target's value until the decoder goes on: read it,
// copy it, encode it, but do not modify it. reset(), decode() and the decoder's destruction
// leave it as the target's value; finish_partial() ends a decode with it.
//
// Cost: T is not copied. A snapshot costs the nesting depth (a look at each open container)
// plus the token cut by the end (a string's prefix is assigned to its member, whose old value
// is moved aside, then back); a map whose last key has no value yet takes that entry out and
// back (a lookup). A reused vector still open moves the elements it kept from a previous
// decode to a spare of its own at the first snapshot, and takes its next elements from there:
// each of those moves twice in the whole decode, however many snapshots are taken.
#pragma once

#include <cstddef>
#include <string_view>
#include <system_error>
#include <type_traits>

#include "jsonx/bind/decode_handler.hpp"
#include "jsonx/bind/detail/decode_rules.hpp"
#include "jsonx/bind/error.hpp"
#include "jsonx/bind/options.hpp"
#include "jsonx/sax/partial.hpp"
#include "jsonx/sax/push_parser.hpp"

namespace jsonx {

/// Decodes into `target` from chunks fed one after the other; reusable (reset) without
/// reallocating its buffers.
template <class T>
class typed_decoder {
 public:
  explicit typed_decoder(T& target, const decode_options& options = {})
      : options_(options), parser_(handler_, options_.parse), target_(&target) {
    handler_.start(target, options_);
  }

  /// Decodes the next piece of input. Returns false, with `error` set, once the input is found
  /// not to be JSON or not to fit T; later calls then fail the same way until reset().
  bool feed(std::string_view chunk, decode_error& error) {
    std::error_code ec;
    handler_.set_readable_input(chunk.data(), chunk.data() + chunk.size());
    try {
      handler_.take_back_snapshot();
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
    truncated_ = false;
    try {
      handler_.take_back_snapshot();
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

  /// The value of the input fed so far (see "Partial values" above), made in the target by
  /// the rules of `mode` (jsonx/sax/partial.hpp), between feeds. It stays the target's value
  /// until the decoder goes on, which takes it back first. False, with `error` set, if the
  /// input is already found invalid (the error feed() reported; an invalid escape sequence
  /// at the cut is found here). After finish(), the finished value.
  bool partial(partial_mode mode, decode_error& error) {
    bool ok = false;
    try {
      ok = handler_.take_snapshot(parser_, mode);
    } catch (...) {  // bad_alloc
      handler_.abandon_after_failure();
      throw;
    }
    return ok || fail(error);
  }
  /// Throwing flavour of partial(): the target, holding the snapshot.
  const T& partial(partial_mode mode = partial_mode::strict) {
    decode_error error;
    if (!partial(mode, error)) throw decode_exception(std::move(error));
    return *target_;
  }
  /// Ends a decode whose input may have been cut short (a truncated response or log line): a
  /// complete value is finish()ed (truncated() false); a valid beginning of one leaves the
  /// target holding its snapshot, as partial(mode) makes it, for good (truncated() true).
  /// Invalid input is an error, as for finish(). reset() or decode() start the next input.
  bool finish_partial(partial_mode mode, decode_error& error) {
    handler_.take_back_snapshot();
    truncated_ = false;
    if (parser_.failed() || parser_.complete_if_finished()) return finish(error);
    if (!partial(mode, error)) return false;
    parser_.reset();
    handler_.restart();  // the snapshot stays
    truncated_ = true;
    return true;
  }
  void finish_partial(partial_mode mode = partial_mode::strict) {
    decode_error error;
    if (!finish_partial(mode, error)) throw decode_exception(std::move(error));
  }
  /// True if the last finish_partial() found the input cut short.
  bool truncated() const noexcept { return truncated_; }

  /// Decodes the whole of `json` into the target, from a fresh start (what was fed before is
  /// dropped): decode() again and again reuses the buffers.
  bool decode(std::string_view json, decode_error& error) {
    parser_.reset();
    handler_.restart();
    truncated_ = false;
    return feed(json, error) && finish(error);
  }

  /// Ready to decode another input into `target` (the same object or another).
  void reset(T& target) {
    parser_.reset();
    handler_.start(target, options_);
    target_ = &target;
    truncated_ = false;
  }
  /// Frees what the decoder keeps for the values of later decodes: what reused targets
  /// emptied (std::optional and std::unique_ptr values, vector elements, std::map nodes),
  /// from which it makes the next values, so that decoding documents of one shape into one
  /// target allocates nothing once warm. It holds at most what the targets held before; call
  /// this between decodes when a large document will not be followed by others like it.
  void release_memory() noexcept { handler_.recycler().clear(); }
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
  T* target_;
  bool truncated_ = false;
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
