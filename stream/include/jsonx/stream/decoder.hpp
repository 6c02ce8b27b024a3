// decoder: a sequence of JSON values read from a source, one value per call (Go's
// json.Decoder).
//
//   jsonx::stream::fd_source in(0);                       // stdin: a file, a pipe, a socket
//   jsonx::stream::decoder decoder(in);                   // 64 KiB reads by default
//   jsonx::dom::document doc;
//   while (decoder.decode(doc)) use(doc.root());          // throws jsonx::stream::stream_exception
//
//   jsonx::stream::stream_error error;                    // or: the error-code flavour
//   while (decoder.decode(doc, error) == jsonx::stream::decode_status::value) ...
//
// Values are separated by whitespace (concatenated JSON, NDJSON), or by option one per line
// (framing::ndjson) or RS-prefixed (framing::json_seq, RFC 7464). decode() fills a
// dom::document, a dom::value, a typed value (jsonx/bind) or any SAX handler; token() walks
// the stream token by token; more(), buffered(), input_offset(), use_number() and
// disallow_unknown_fields() are Go's. Each value is parsed by the push parser as its bytes
// are read: nothing is re-scanned, the bytes after a value stay buffered for the next call,
// and memory is one chunk plus the value's own target (a DOM or struct holds the value; a
// SAX handler or token() nothing more than the longest token).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "jsonx/stream/detail/value_parsers.hpp"
#include "jsonx/stream/source.hpp"
#include "jsonx/stream/stream_error.hpp"
#include "jsonx/stream/token.hpp"

namespace jsonx::stream {

/// What a decode() or token() call came to.
enum class decode_status : unsigned char {
  value,          ///< a value (or token) was decoded
  end_of_stream,  ///< the input ended between values: nothing more
  would_block,    ///< a non-blocking source has nothing now; call again (the value resumes)
  error,          ///< see the stream_error
};

/// How values are separated in the stream.
enum class framing : unsigned char {
  whitespace,  ///< any whitespace, or none between values that need none ("[1][2]", "1 2")
  ndjson,      ///< one value per line (NDJSON, JSON Lines): a value may not span lines
  json_seq,    ///< RFC 7464 JSON text sequences: each value preceded by RS (0x1E)
};

struct decoder_options {
  /// Bytes asked of the source per read, and the size of the decoder's buffer.
  std::size_t chunk_size = 64 * 1024;
  framing separation = framing::whitespace;
  /// For framing::ndjson and json_seq: a bad line (record) is reported by decode() as an error
  /// with its line number, and the next call goes on with the next line (record). Otherwise
  /// an error is final: every later call reports it again.
  bool skip_bad_records = false;
  /// Go's UseNumber: numbers as their text (raw numbers in a DOM, number_text tokens, every
  /// number to a SAX handler's on_number_text). Typed targets keep their own types.
  bool use_number = false;
  /// How each value is decoded, the options of jsonx::decode() itself: in `decoding.parse`, the
  /// parser's limits, which apply to every value whatever its target (depth, token size;
  /// max_document_size is the largest value; multiple_values and stop_after_value are the
  /// decoder's business); for typed targets, unknown fields (Go's DisallowUnknownFields is
  /// unknown_field_policy::error), missing fields and the longest container.
  decode_options decoding;
};

class decoder {
 public:
  explicit decoder(source& in, const decoder_options& options = {});
  ~decoder();
  decoder(const decoder&) = delete;
  decoder& operator=(const decoder&) = delete;

  // ---- values ------------------------------------------------------------------------------

  /// Decodes the next value into `doc` (emptied first; empty again after an error).
  decode_status decode(dom::document& doc, stream_error& error);
  /// Decodes the next value into a mutable value (raw numbers with use_number()).
  decode_status decode(dom::value& value, stream_error& error);
  /// Sends the next value's events to a SAX handler (it sees exactly one top-level value).
  template <handler H>
  decode_status decode(H& handler, stream_error& error) {
    if (options_.use_number) return decode_into<detail::events_parser<H, true>>(handler, error);
    return decode_into<detail::events_parser<H, false>>(handler, error);
  }
  /// Decodes the next value into a typed value (jsonx/bind: described structs, containers...).
  template <class T>
  requires(!handler<T> && !std::is_const_v<T>) decode_status
      decode(T& target, stream_error& error) {
    return decode_into<detail::typed_parser<false>>(target, error, options_.decoding);
  }

  /// Throwing flavour of every decode(): true for a value; false at the end of the stream, or
  /// if a non-blocking source has nothing now (would_block() says which); throws
  /// stream_exception on error.
  template <class T>
  bool decode(T& target) {
    stream_error error;
    return check(decode(target, error), error);
  }

  // ---- tokens ------------------------------------------------------------------------------

  /// The next token: '{' '}' '[' ']' as delimiters, keys, scalars; ',' and ':' are checked and
  /// skipped. Mixes with decode(): after token() returned '[', decode() reads the next element
  /// (Go's pattern: Token, then Decode while More, then Token). Only scalars pass through the
  /// push parser, one at a time: no value is ever held whole.
  decode_status token(stream::token& out, stream_error& error);
  /// Throwing flavour: false at the end (or would_block()).
  bool token(stream::token& out) {
    stream_error error;
    return check(token(out, error), error);
  }
  /// Go's More: true if another element follows in the current array or object (or, at the
  /// top level, another value in the stream). Skips whitespace (reading if it must). With a
  /// non-blocking source that has nothing yet, true: the next call will say would_block.
  bool more();

  // ---- state -------------------------------------------------------------------------------

  /// Go's Buffered: the bytes read from the source and not yet consumed (valid until the
  /// next call).
  std::string_view buffered() const noexcept { return {buffer_.get() + begin_, end_ - begin_}; }
  /// Go's InputOffset: the stream offset of the decoder's position (after the last value or
  /// token returned; after the whitespace more() skipped).
  std::uint64_t input_offset() const noexcept { return buffer_offset_ + begin_; }
  /// Line (from 1) of the decoder's position.
  std::uint64_t line() const noexcept { return newlines_ + 1; }
  /// Top-level values decoded (not counting values whose decoding failed).
  std::uint64_t values_decoded() const noexcept { return values_decoded_; }

  void use_number(bool on = true) noexcept { options_.use_number = on; }
  void disallow_unknown_fields(bool on = true) noexcept {
    options_.decoding.unknown_fields =
        on ? unknown_field_policy::error : unknown_field_policy::ignore;
  }
  const decoder_options& options() const noexcept { return options_; }

  /// True if the last call stopped because the source would block.
  bool would_block() const noexcept { return would_block_; }
  /// True after a final error (every call then reports it again).
  bool failed() const noexcept { return failed_; }
  /// The final error (empty code if none).
  const stream_error& error() const noexcept { return final_error_; }

 private:
  // Where token() stands (Go's tokenState).
  enum class token_state : unsigned char {
    top_value,     // between top-level values
    array_start,   // after '[': a value or ']'
    array_value,   // after ',' in an array: a value
    array_comma,   // after an element: ',' or ']'
    object_start,  // after '{': a key or '}'
    object_key,    // after ',' in an object: a key
    object_colon,  // after a key: ':'
    object_value,  // after ':': a value
    object_comma,  // after a member: ',' or '}'
  };

  template <class P, class Target, class... StartArgs>
  decode_status decode_into(Target& target, stream_error& error, StartArgs&&... start_args) {
    P& parser = parser_of<P>(target);
    bool resume = false;
    decode_status s = begin_value(&target, &parser, resume, error);
    if (s != decode_status::value) return s;
    if (!resume) parser.start(target, std::forward<StartArgs>(start_args)...);
    return run_value(parser, error);
  }

  template <class P, class... Args>
  P& parser_of(Args&&... args) {
    for (auto& [key, parser] : parsers_)
      if (key == &detail::parser_key<P>) return static_cast<P&>(*parser);
    auto created = make_parser<P>(std::forward<Args>(args)...);
    P& result = *created;
    parsers_.emplace_back(&detail::parser_key<P>, std::move(created));
    return result;
  }
  template <class P, class Target>
  std::unique_ptr<P> make_parser(Target& target) {
    if constexpr (std::is_constructible_v<P, Target&, const parse_options&>) {
      return std::make_unique<P>(target, options_.decoding.parse);
    } else {
      return std::make_unique<P>(options_.decoding.parse);
    }
  }

  bool check(decode_status s, stream_error& error) const;

  decode_status begin_value(const void* target, detail::value_parser* parser, bool& resume,
                            stream_error& error);
  void start_value(const void* target, detail::value_parser* parser, bool is_key);
  decode_status run_value(detail::value_parser& parser, stream_error& error);
  decode_status complete_value();
  decode_status parse_failure(detail::value_parser& parser, stream_error& error);
  decode_status position_for_value(stream_error& error);
  decode_status skip_insignificant(stream_error& error);
  decode_status fill(stream_error& error);
  void consume(std::size_t n);
  void consume_counting_lines(std::size_t n);
  void after_value();
  bool value_allowed() const noexcept;
  // What report() does with the error it builds.
  enum class report_mode : unsigned char {
    returned,     // returned only: nothing consumed, the next call may do better
    final,        // the decoder has failed for good
    skip_record,  // the bad line (record) is skipped: the next call goes on after it
  };
  report_mode bad_record_mode() const noexcept {
    return options_.skip_bad_records ? report_mode::skip_record : report_mode::final;
  }
  decode_status report(std::error_code code, report_mode mode, stream_error& error);
  decode_status fail(stream_error& error, bool recoverable);
  void locate(stream_error& error) const;

  source* source_;
  decoder_options options_;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_;
  std::size_t begin_ = 0;            // next byte to consume
  std::size_t end_ = 0;              // end of the bytes read
  std::uint64_t buffer_offset_ = 0;  // stream offset of buffer_[0]
  // Lines: '\n' before the position, and the stream offset where the current line starts.
  std::uint64_t newlines_ = 0;
  std::uint64_t line_start_ = 0;
  std::uint64_t values_decoded_ = 0;

  // The value being decoded (across would_block returns).
  bool in_value_ = false;
  bool value_is_key_ = false;
  bool value_is_token_ = false;          // a key or scalar of token()
  std::size_t typical_value_bytes_ = 0;  // the last value's size, for the first slice fed
  const void* value_target_ = nullptr;
  detail::value_parser* value_parser_ = nullptr;
  std::uint64_t value_start_ = 0;
  std::uint64_t value_line_ = 0;
  std::uint64_t value_column_ = 0;

  // Framing.
  bool line_has_value_ = false;   // ndjson: a value ended on the current line
  bool record_open_ = false;      // json_seq: an RS came since the last value
  bool skipping_record_ = false;  // after a bad record: skip to the next line (RS)

  token_state state_ = token_state::top_value;
  std::vector<token_state> enclosing_;  // the states to return to as containers close

  bool would_block_ = false;
  bool failed_ = false;
  stream_error final_error_;

  std::vector<std::pair<const void*, std::unique_ptr<detail::value_parser>>> parsers_;
};

}  // namespace jsonx::stream
