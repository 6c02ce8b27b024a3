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
//
// Go's encoding/json/jsontext Decoder, name for name (all mix with decode(), and all work over
// a non-blocking source: would_block, then the next call resumes with nothing lost):
//   PeekKind      peek_kind()        the kind of the next token, not consumed
//   ReadToken     read_token()       = token()
//   ReadValue     read_value()       the raw bytes of the next value, validated
//   SkipValue     skip_value()       the next value validated, no events, no conversion
//   InputOffset   input_offset()
//   UnreadBuffer  unread_buffer()    = buffered()
//   StackDepth    stack_depth()
//   StackIndex    stack_index(i)     the kind and length of the i-th open container
//   StackPointer  stack_pointer()    RFC 6901 JSON Pointer of the last token or value read
//   Reset         reset(source, options)
//   AllowDuplicateNames, AllowInvalidUTF8: decoder_options::allow_duplicate_names,
//   allow_invalid_utf8.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "jsonx/sax/partial.hpp"
#include "jsonx/stream/detail/duplicate_names.hpp"
#include "jsonx/stream/detail/utf8_repair.hpp"
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
  /// Bytes asked of the source per read, and the size of the decoder's buffer (a source that
  /// lends its bytes, as memory_source does, is asked for all it will lend: they are parsed in
  /// place, in slices of at most this many bytes).
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
  /// decoder's business; skipped_values applies to the unknown members typed targets skip, not
  /// to skip_value() and read_value(), which always validate in full); for typed targets,
  /// unknown fields (Go's DisallowUnknownFields is unknown_field_policy::error), missing fields
  /// and the longest container.
  decode_options decoding;
  /// Go's jsontext AllowDuplicateNames. False: an object member name that its object has
  /// already (compared after unescaping) is an error, stream_errc::duplicate_name, whose path
  /// is the JSON Pointer of the second member and whose offset is its opening quote, in
  /// everything the decoder reads (tokens, documents, values, typed targets, SAX handlers,
  /// read_value(), skip_value()); RFC 7493 §2.3. True: names are not compared (RFC 8259
  /// leaves duplicates to the reader: a DOM keeps both members, a typed target the last).
  /// The default is true, unlike Go v2's: the check costs 38% of the NDJSON-to-DOM
  /// throughput on twitter.json's statuses (1.2 GB/s to 0.74 GB/s, AMD EPYC, AVX-512
  /// kernel), far more than the parse itself can spare. Turn it on for untrusted input
  /// where two readers might take different members.
  bool allow_duplicate_names = true;
  /// Go's jsontext AllowInvalidUTF8. False: invalid UTF-8 is an error (parse_errc::
  /// invalid_utf8). True: each byte that does not begin a valid UTF-8 sequence is read as
  /// U+FFFD (EF BF BD), in strings and keys (outside strings such a byte stays a syntax
  /// error). The replacement is done as the bytes are read, so offsets, lines, columns,
  /// buffered() and read_value() count the bytes after replacement (Go's ReadValue returns
  /// the invalid bytes as they were).
  bool allow_invalid_utf8 = false;

  // ---- parallel decoding (read by parallel_decoder and parallel_sax_decoder, see
  // parallel_decoder.hpp; the decoder itself is the sequential engine and ignores them) -------

  /// Worker threads parsing values: 1 (the default) decodes on the calling thread exactly as
  /// the decoder does, with no thread and no extra memory; 0 means
  /// std::thread::hardware_concurrency(). With more than one, framing::ndjson and json_seq
  /// run the parallel pipeline (framing::whitespace stays sequential: a value may span lines,
  /// so there is no cheap cut between values).
  unsigned threads = 1;
  /// The most chunks (batches of whole records, each about parallel_chunk_size bytes, or one
  /// record if it is longer) read but not yet delivered: the bound on memory, and the
  /// back-pressure on the reader when the consumer is slow. 0: 2 per worker, plus 2.
  std::size_t max_chunks_in_flight = 0;
  /// Bytes of whole records the reader gathers into one chunk for a worker (cut at the last
  /// newline, or before the last RS for json_seq, after this many bytes are read).
  std::size_t parallel_chunk_size = 256 * 1024;
  /// framing::ndjson: a chunk also ends after this many lines, so that the values decoded
  /// ahead of you stay few when they are tiny (a typed value is an object of its own; 0: no
  /// limit). Each chunk costs wake-ups between threads: 190-byte records on 2 cores ran 25%
  /// faster with 256 KiB chunks than with 256-line (48 KiB) ones. The default,
  /// default_chunk_lines, is 4096 lines for every target but dom::document, and no limit for
  /// documents: a chunk's documents take memory in proportion to its bytes, whatever their
  /// number, and the limit costs the reader a count of every byte's newlines (parallel
  /// documents from memory on 2 cores took 1.05-1.10x the time with it).
  std::size_t parallel_chunk_lines = default_chunk_lines;
  /// parallel_chunk_lines' default (see there): 4096 lines, or none for documents.
  static constexpr std::size_t default_chunk_lines = ~std::size_t{0};
  /// What default_chunk_lines means for targets other than dom::document.
  static constexpr std::size_t default_chunk_lines_for_values = 4096;
  /// The line limit parallel_chunk_lines sets for chunks of dom::document values
  /// (`documents`) or of other values: itself, or what its default means for them.
  std::size_t effective_chunk_lines(bool documents) const noexcept {
    if (parallel_chunk_lines != default_chunk_lines) return parallel_chunk_lines;
    return documents ? 0 : default_chunk_lines_for_values;
  }
  /// The calling thread decodes too: when the chunk it is to hand out next has been read and
  /// no worker has taken it, decode() decodes its values itself, straight into your target
  /// (threads counts it: threads - 1 workers). false: `threads` workers decode and decode()
  /// only hands their values out (for a caller busy with each value, whose own work the
  /// workers should not wait for).
  bool parallel_caller_decodes = true;
};

/// One level of the decoder's stack (Go's StackIndex): the kind of container ('{' or '[';
/// peeked_kind::none for level 0, the top level) and its length: the tokens read in it, where
/// a name and a value count as two (level 0: the top-level values begun).
struct stack_level {
  peeked_kind kind = peeked_kind::none;
  std::uint64_t length = 0;
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
  /// Snapshots of a document still arriving (jsonx/sax/partial.hpp: what is kept, by `mode`):
  /// after decode(doc) returned would_block in the middle of a value, closes the value read
  /// so far in `doc`, in place, in time proportional to its nesting depth; the next
  /// decode(doc) goes on as if no snapshot had been taken. False, with `doc` unchanged, if no
  /// read of `doc` is in progress (the value ended, or another target is being read) or the
  /// input so far is invalid (the next decode() reports it). For a stream shown as it comes:
  ///   while (d.decode(doc, error) == decode_status::would_block) {
  ///     if (d.partial(doc, partial_mode::trailing)) show(doc);   // then wait for input
  ///   }
  bool partial(dom::document& doc, partial_mode mode = partial_mode::strict);
  /// Decodes the next value into a mutable value (raw numbers with use_number()).
  decode_status decode(dom::value& value, stream_error& error);
  /// Sends the next value's events to a SAX handler (it sees exactly one top-level value).
  template <handler H>
  decode_status decode(H& handler, stream_error& error) {
    if (options_.allow_duplicate_names) {
      if (options_.use_number)
        return decode_into<detail::events_parser<H, true, false>>(handler, error);
      return decode_into<detail::events_parser<H, false, false>>(handler, error);
    }
    if (options_.use_number)
      return decode_into<detail::events_parser<H, true, true>>(handler, error);
    return decode_into<detail::events_parser<H, false, true>>(handler, error);
  }
  /// Decodes the next value into a typed value (jsonx/bind: described structs, containers...).
  template <class T>
  requires(!handler<T> && !std::is_const_v<T>) decode_status
      decode(T& target, stream_error& error) {
    if (options_.allow_duplicate_names)
      return decode_into<detail::typed_parser<false, false>>(target, error, options_.decoding);
    return decode_into<detail::typed_parser<false, true>>(target, error, options_.decoding);
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

  /// The next token (Go's Token, and jsontext's ReadToken: read_token()): '{' '}' '[' ']' as
  /// delimiters, keys, scalars; ',' and ':' are checked and
  /// skipped. Mixes with decode(): after token() returned '[', decode() reads the next element
  /// (Go's pattern: Token, then Decode while More, then Token). Only scalars pass through the
  /// push parser, one at a time: no value is ever held whole.
  decode_status token(stream::token& out, stream_error& error);
  /// Throwing flavour: false at the end (or would_block()).
  bool token(stream::token& out) {
    stream_error error;
    return check(token(out, error), error);
  }
  /// Go's jsontext ReadToken: the same as token().
  decode_status read_token(stream::token& out, stream_error& error) { return token(out, error); }
  bool read_token(stream::token& out) { return token(out); }

  /// Go's PeekKind: the kind of the next token, which is not consumed (the whitespace and a
  /// ',' or ':' before it are: input_offset() moves past them). `out` is peeked_kind::none
  /// unless the status is `value`: end_of_stream, would_block (nothing to look at yet: call
  /// again), or error (what comes next cannot be a token there; the error is returned, not
  /// final, and the next read reports it). While a token or value is half read (after
  /// would_block), value_in_progress.
  decode_status peek_kind(peeked_kind& out, stream_error& error);
  /// Throwing flavour: peeked_kind::none at the end of the stream or if the source would block
  /// (would_block() says which).
  peeked_kind peek_kind() {
    peeked_kind k = peeked_kind::none;
    stream_error error;
    check(peek_kind(k, error), error);
    return k;
  }

  /// Go's ReadValue: the exact bytes of the next value, without the whitespace around it,
  /// validated by the push parser (and checked for duplicate names unless allowed). `out` is
  /// a view into the decoder's buffer when the value lies whole in it (valid until the next
  /// call), else into `spill`, where the value's bytes were copied as they were read. Mixes
  /// with read_token() and decode(): after '[' it reads one element; where an object member
  /// name comes, it reads the name (quoted, as in the input). Where '}' or ']' comes, an
  /// error (parse_errc::expected_value) that leaves the decoder as it was. After would_block,
  /// call again with the same `spill`.
  decode_status read_value(std::string_view& out, std::string& spill, stream_error& error);
  bool read_value(std::string_view& out, std::string& spill) {
    stream_error error;
    return check(read_value(out, spill, error), error);
  }
  /// The same, always copied into `out`.
  decode_status read_value(std::string& out, stream_error& error);
  bool read_value(std::string& out) {
    stream_error error;
    return check(read_value(out, error), error);
  }

  /// Go's SkipValue: passes over the next value (or, where a member name comes, the name),
  /// validating it as read_value() does, delivering no event and converting nothing. Memory:
  /// none for the value, whatever its size (but its member names while duplicates are
  /// checked). The usual pattern: read_token() returned an
  /// unwanted key, skip_value() skips its value. The push parser's skip path validates it
  /// (no events, no number conversion, no unescaping); with the duplicate-name check on
  /// (allow_duplicate_names false) the keys inside still reach the check.
  decode_status skip_value(stream_error& error);
  bool skip_value() {
    stream_error error;
    return check(skip_value(error), error);
  }

  /// Go's More: true if another element follows in the current array or object (or, at the
  /// top level, another value in the stream). Skips whitespace (reading if it must). With a
  /// non-blocking source that has nothing yet, true: the next call will say would_block.
  bool more();

  // ---- state -------------------------------------------------------------------------------

  /// Go's Buffered: the bytes read from the source and not yet consumed (valid until the
  /// next call).
  std::string_view buffered() const noexcept { return {data_ + begin_, end_ - begin_}; }
  /// Go's UnreadBuffer: the same as buffered().
  std::string_view unread_buffer() const noexcept { return buffered(); }
  /// Go's InputOffset: the stream offset of the decoder's position (after the last value or
  /// token returned; after the whitespace more() skipped).
  std::uint64_t input_offset() const noexcept { return buffer_offset_ + begin_; }
  /// Line (from 1) of the decoder's position.
  std::uint64_t line() const noexcept { return newlines_ + 1; }
  /// Top-level values decoded (not counting values whose decoding failed).
  std::uint64_t values_decoded() const noexcept { return values_decoded_; }

  /// Go's StackDepth: the containers open around the position, counting those read_token()
  /// entered (a value decoded whole is never "open"). 0 at the top level.
  std::size_t stack_depth() const noexcept { return levels_.size() - 1; }
  /// Go's StackIndex: level `i` (0 to stack_depth()); level 0 is the top level, peeked_kind::
  /// none with the number of top-level values begun. Past stack_depth(): {none, 0}.
  stack_level stack_index(std::size_t i) const noexcept {
    return i < levels_.size() ? levels_[i] : stack_level{};
  }
  /// Go's StackPointer: the RFC 6901 JSON Pointer of the token or value read last, within
  /// its top-level value ("" at the top level or right after a top-level '{' or '['; "/a"
  /// after the name "a" and after its value; "/a/0" after the first element of its array).
  /// Object members are named by their names, '~' and '/' escaped (Go names them by index
  /// when duplicates are allowed; jsonx keeps the current name whatever the option).
  std::string stack_pointer() const;

  /// Go's Reset: reads `in` (a new source or the same one) from the start with fresh state:
  /// offsets, lines, the stack, an error, a half-read value are all forgotten. The options are
  /// kept, or replaced by `options`.
  void reset(source& in);
  void reset(source& in, const decoder_options& options);

  void use_number(bool on = true) noexcept { options_.use_number = on; }
  /// Go's AllowDuplicateNames (between values; see decoder_options).
  void allow_duplicate_names(bool on = true) noexcept { options_.allow_duplicate_names = on; }
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

  decode_status advance_to_token(report_mode mode, stream_error& error);
  bool token_allowed(char c) const noexcept;
  bool key_expected() const noexcept {
    return state_ == token_state::object_start || state_ == token_state::object_key;
  }
  parse_errc expected_here() const noexcept;
  decode_status finish_token(detail::token_parser& parser, stream::token& out, bool is_key,
                             decode_status s, stream_error& error);
  decode_status record_name(std::string_view name, stream_error& error);
  decode_status whole_value(std::string* capture, bool copy_always, std::string_view* out,
                            stream_error& error);
  detail::value_parser& validating_parser();
  void finish_capture(std::string_view* out);
  std::string walk_pointer(bool value_in_progress) const;
  void clear_walk();
  void clear_state();
  void use_source(source& in);

  source* source_;  // what fill() reads: the user's source, or repairing_ in front of it
  std::unique_ptr<detail::utf8_repairing_source> repairing_;
  decoder_options options_;
  std::unique_ptr<char[]> buffer_;
  // The bytes being decoded: buffer_, or bytes the source lent (source::lend_some()).
  const char* data_ = nullptr;
  std::size_t capacity_;
  std::size_t begin_ = 0;            // next byte to consume
  std::size_t end_ = 0;              // end of the bytes read
  std::uint64_t buffer_offset_ = 0;  // stream offset of data_[0]
  // Lines: '\n' before the position, and the stream offset where the current line starts.
  std::uint64_t newlines_ = 0;
  std::uint64_t line_start_ = 0;
  std::uint64_t values_decoded_ = 0;

  // The value being decoded (across would_block returns).
  bool in_value_ = false;
  bool value_is_key_ = false;
  bool value_is_token_ = false;  // a key or scalar of token()
  std::uint64_t buffer_id_ = 1;  // changes with the buffer's bytes (a parser's lookahead; 0: none)
  const void* value_target_ = nullptr;
  detail::value_parser* value_parser_ = nullptr;
  detail::value_parser* snapshot_parser_ = nullptr;  // holds a snapshot (partial()) to take back
  std::uint64_t value_start_ = 0;
  std::uint64_t value_line_ = 0;
  std::uint64_t value_column_ = 0;

  // Framing.
  // NDJSON and json-seq: the bytes of the next record to parse before its end is known
  // (run_value()), 0 for none. Twice the last record's length, at least 1 KiB (a DOM target
  // reserves room for them); none after a record longer than 2 KiB: a record that goes on past
  // those bytes is cut there, which costs what the search for its end saves, and on longer
  // records that search is a small part of the time. (NDJSON into a reused document, Xeon,
  // avx512, jsonx_bench, parsing first against searching first: 190-byte records 0.964x the
  // time from memory, 0.972x through a pipe; twitter.json's 4.7 KB statuses within 1%, where
  // parsing first with no limit was 1.01x from memory and 0.99x copied.)
  static std::size_t next_record_guess(std::uint64_t record_bytes) noexcept {
    constexpr std::size_t longest = 2048, least_guess = 1024;
    if (record_bytes > longest) return 0;
    return std::max<std::size_t>(least_guess, 2 * static_cast<std::size_t>(record_bytes));
  }
  std::size_t record_bytes_guess_ = next_record_guess(0);
  bool line_has_value_ = false;   // ndjson: a value ended on the current line
  bool record_open_ = false;      // json_seq: an RS came since the last value
  bool skipping_record_ = false;  // after a bad record: skip to the next line (RS)

  token_state state_ = token_state::top_value;
  std::vector<token_state> enclosing_;  // the states to return to as containers close
  // Go's state stack, at token granularity: levels_[0] is the top level, then one per
  // container read_token() entered; the names of the objects among them (all of them when
  // duplicates are checked, else only the current one).
  std::vector<stack_level> levels_{stack_level{}};
  detail::name_scopes walk_names_;
  stream::token key_scratch_;  // a member name read by read_value() or skip_value()

  // read_value(): the value's bytes not yet copied start at buffer_[capture_from_]; fill()
  // copies them into *capture_ before it reuses the buffer.
  std::string* capture_ = nullptr;
  std::size_t capture_from_ = 0;
  bool capture_spilled_ = false;
  bool capture_copy_always_ = false;

  bool would_block_ = false;
  bool failed_ = false;
  stream_error final_error_;

  std::vector<std::pair<const void*, std::unique_ptr<detail::value_parser>>> parsers_;
};

}  // namespace jsonx::stream
