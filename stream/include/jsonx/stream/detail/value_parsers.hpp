// The parsers a decoder keeps, one per kind of target: each owns a push_parser over the
// handler that fills its target. The decoder drives them through value_parser (one virtual
// call per chunk, none per event) and keeps each one it has used, so that alternating targets
// (token() and decode(), a document then a struct) never reallocates a parser.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

#include "jsonx/bind/bind.hpp"
#include "jsonx/bind/dom.hpp"
#include "jsonx/dom/document.hpp"
#include "jsonx/dom/dom_builder.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "jsonx/stream/detail/duplicate_names.hpp"
#include "jsonx/stream/stream_error.hpp"
#include "jsonx/stream/token.hpp"

namespace jsonx::stream::detail {

/// A push_parser over some handler, reset for each value (parse_options::stop_after_value).
class value_parser {
 public:
  virtual ~value_parser() = default;
  /// Feeds [begin, end); the bytes up to `readable_end` may be read (by fixed-size copies).
  /// A `buffer_id` other than 0 names the decoder's buffer (jsonx/sax/lookahead.hpp): the
  /// parser may then index ahead up to `readable_end` and keep that index for the next values.
  virtual std::size_t feed(const char* begin, const char* end, const char* readable_end,
                           std::uint64_t buffer_id, std::error_code& ec) = 0;
  virtual void finish(std::error_code& ec) = 0;
  virtual bool done() const noexcept = 0;
  virtual const parse_error& error() const noexcept = 0;
  /// Sets out.code (and, for typed targets, path/expected/found) for a failure at `located`.
  virtual void describe_failure(const parse_error& located, stream_error& out) const {
    out.code = located.code;
  }
  /// The decoder's buffer, whose bytes stay as they are until input_moving(): names in it are
  /// kept as views by the duplicate-name check.
  virtual void set_stable_input(const char* begin, const char* end) noexcept {
    (void)begin;
    (void)end;
  }
  /// The buffer is about to be reused: copy what is viewed in it.
  virtual void input_moving() {}
  /// A snapshot of the value so far (jsonx/sax/partial.hpp), closed in its target in place;
  /// false if this kind of target takes none (only documents do) or the input so far is
  /// invalid (`ec` set). take_back_snapshot() undoes it before the parse goes on.
  virtual bool take_snapshot(partial_mode mode, std::error_code& ec) {
    (void)mode;
    ec = {};
    return false;
  }
  virtual void take_back_snapshot() noexcept {}
  /// The stream decoder may parse an NDJSON or json-seq record before it knows where the
  /// record ends, and parse it again, bounded, if the end turns out to be inside what was
  /// parsed (decoder::run_value()). This says how many of the record's first bytes this parser
  /// takes so, of the `wanted`: 0 if it cannot start a value over (its handler sees events
  /// that cannot be taken back), or if taking them would cost memory the bounded way does not.
  virtual std::size_t bytes_to_parse_unbounded(std::size_t wanted) const noexcept {
    (void)wanted;
    return 0;
  }
  /// Starts the current value over, into the same target as start() left it, so that its
  /// bytes can be fed again (only where bytes_to_parse_unbounded() is not 0).
  virtual void restart() {}
  /// True if the parse stopped at a duplicate object member name; `pointer` is then its JSON
  /// Pointer relative to the value.
  virtual bool duplicate_name(std::string& pointer) const {
    (void)pointer;
    return false;
  }
};

/// Identifies a value_parser type (the address of a variable per type).
template <class P>
inline constexpr char parser_key = 0;

/// Every number as text (Go's UseNumber), forwarded to another handler.
template <class H>
struct text_numbers {
  static constexpr bool numbers_as_text = true;
  H* target = nullptr;
  bool on_null() { return target->on_null(); }
  bool on_bool(bool v) { return target->on_bool(v); }
  bool on_int64(std::int64_t, std::string_view t) { return target->on_number_text(t); }
  bool on_uint64(std::uint64_t, std::string_view t) { return target->on_number_text(t); }
  bool on_double(double, std::string_view t) { return target->on_number_text(t); }
  bool on_number_text(std::string_view t) { return target->on_number_text(t); }
  bool on_string(std::string_view s) { return target->on_string(s); }
  bool on_key(std::string_view k) { return target->on_key(k); }
  bool on_string_part(std::string_view p) requires handler_with_parts<H> {
    return target->on_string_part(p);
  }
  bool on_key_part(std::string_view p) requires handler_with_parts<H> {
    return target->on_key_part(p);
  }
  bool on_object_begin() { return target->on_object_begin(); }
  bool on_object_end(std::size_t n) { return target->on_object_end(n); }
  bool on_array_begin() { return target->on_array_begin(); }
  bool on_array_end(std::size_t n) { return target->on_array_end(n); }
  void discard_key() requires requires(H& h) { h.discard_key(); }
  { target->discard_key(); }
};

inline parse_options one_value(parse_options options) {
  options.multiple_values = false;
  options.stop_after_value = true;
  return options;
}

/// The handler a parser drives: `Inner`, behind a duplicate_name_checker if CheckNames.
template <class Inner, bool CheckNames>
struct name_check_layer {
  using handler_type = std::conditional_t<CheckNames, duplicate_name_checker<Inner>, Inner>;
  [[no_unique_address]] std::conditional_t<CheckNames, duplicate_name_checker<Inner>, char>
      checker{};
  handler_type& outer(Inner& inner) {
    if constexpr (CheckNames) {
      checker.set_target(inner);
      return checker;
    } else {
      return inner;
    }
  }
  void start() noexcept {
    if constexpr (CheckNames) checker.start();
  }
  void set_stable_input(const char* begin, const char* end) noexcept {
    if constexpr (CheckNames) checker.set_stable_input(begin, end);
    (void)begin;
    (void)end;
  }
  void input_moving() {
    if constexpr (CheckNames) checker.materialize();
  }
  bool duplicate(std::string& pointer) const {
    if constexpr (CheckNames) {
      if (checker.found_duplicate()) {
        pointer = checker.pointer();
        return true;
      }
    }
    (void)pointer;
    return false;
  }
};

/// Common part: the push_parser over handler type H (owned by the derived class).
template <class H>
class parser_over : public value_parser {
 public:
  parser_over(H& handler, const parse_options& options) : parser_(handler, one_value(options)) {}
  std::size_t feed(const char* begin, const char* end, const char* readable_end,
                   std::uint64_t buffer_id, std::error_code& ec) override {
    const std::string_view chunk(begin, static_cast<std::size_t>(end - begin));
    if (buffer_id == 0) return parser_.feed(chunk, ec);
    return parser_.feed(chunk, lookahead{readable_end, buffer_id}, ec);
  }
  void finish(std::error_code& ec) override { parser_.finish(ec); }
  bool done() const noexcept override { return parser_.done(); }
  const parse_error& error() const noexcept override { return parser_.error(); }

 protected:
  push_parser<H> parser_;
};

// The handlers are held in a base class constructed before the parser that points to them.
// Each parser takes CheckNames: with it, a duplicate_name_checker stands in front of the
// handler (decoder_options::allow_duplicate_names false).

/// The handlers of document_parser: the DOM builder, behind text_numbers for use_number().
/// The builder is dom::parser's (room_policy::reserved): document_parser reserves room for
/// the bytes it feeds, so no event checks for room, and publishes the value once it is
/// complete. (NDJSON of twitter statuses to documents: the room-checking dom_builder's
/// out-of-line string appends took 15% of the instructions.)
using reserved_dom_builder = dom::basic_dom_builder<dom::room_policy::reserved>;
template <bool TextNumbers, bool CheckNames>
struct document_handlers {
  using inner_type =
      std::conditional_t<TextNumbers, text_numbers<reserved_dom_builder>, reserved_dom_builder>;
  using handler_type = typename name_check_layer<inner_type, CheckNames>::handler_type;
  document_handlers() {
    if constexpr (TextNumbers) adapter.target = &builder;
  }
  inner_type& inner() {
    if constexpr (TextNumbers) {
      return adapter;
    } else {
      return builder;
    }
  }
  handler_type& handler() { return names.outer(inner()); }
  dom::document unused;  // the builder's target until start()
  reserved_dom_builder builder{unused};
  [[no_unique_address]] std::conditional_t<TextNumbers, text_numbers<reserved_dom_builder>, char>
      adapter{};
  name_check_layer<inner_type, CheckNames> names;
};

/// Into a dom::document, through dom_builder.
template <bool TextNumbers, bool CheckNames>
class document_parser final
    : private document_handlers<TextNumbers, CheckNames>,
      public parser_over<typename document_handlers<TextNumbers, CheckNames>::handler_type> {
  using handlers = document_handlers<TextNumbers, CheckNames>;
  using base = parser_over<typename handlers::handler_type>;

 public:
  explicit document_parser(const parse_options& options) : base(handlers::handler(), options) {
    this->builder.set_max_depth(options.max_depth);  // reserve_for_more_input() needs it
  }
  void start(dom::document& doc) {
    snapshot_taken_ = false;  // (a snapshot of the last value stays in that value's document)
    target_ = &doc;
    this->builder.reset(doc);
    this->names.start();
    this->parser_.reset();
  }
  std::size_t feed(const char* begin, const char* end, const char* readable_end,
                   std::uint64_t buffer_id, std::error_code& ec) override {
    // Room for the events of this piece and of the bytes the parser holds from earlier ones:
    // they never need more (a piece is fed again only after the previous one was consumed
    // whole).
    this->builder.reserve_for_more_input(static_cast<std::uint64_t>(end - begin) +
                                         this->parser_.bytes_held());
    // Short strings are then copied with fixed-size moves that stay inside the buffer.
    this->builder.set_readable_input(begin, readable_end);
    const std::size_t used = base::feed(begin, end, readable_end, buffer_id, ec);
    this->builder.set_readable_input(nullptr, nullptr);
    if (!ec && this->parser_.done()) this->builder.publish();
    return used;
  }
  void finish(std::error_code& ec) override {
    base::finish(ec);
    if (!ec) this->builder.publish();
  }
  // A document reserves room for the events of every byte of a piece (eight bytes of nodes a
  // byte): a document that is decoded into again and again (decode_in_place(), a reused one)
  // grows once to the bytes wanted, but one new for each record would keep that room, so
  // those are fed only up to their record's end.
  std::size_t bytes_to_parse_unbounded(std::size_t wanted) const noexcept override {
    return target_->capacity_bytes() != 0 ? wanted : 0;
  }
  // The document is emptied again (as after an error): nothing of the first try shows.
  void restart() override {
    take_back_snapshot();
    start(*target_);
  }
  bool duplicate_name(std::string& pointer) const override {
    return this->names.duplicate(pointer);
  }
  void set_stable_input(const char* begin, const char* end) noexcept override {
    this->names.set_stable_input(begin, end);
  }
  void input_moving() override { this->names.input_moving(); }
  // The events that close the value go to the builder (behind text_numbers for use_number()),
  // not through the duplicate-name check, which must not see them.
  bool take_snapshot(partial_mode mode, std::error_code& ec) override {
    take_back_snapshot();
    ec = {};
    this->builder.begin_snapshot();
    snapshot_taken_ = true;
    if (!this->parser_.emit_partial_close(this->inner(), mode)) {
      take_back_snapshot();
      ec = this->parser_.error().code;
      return false;
    }
    this->builder.publish_snapshot();
    return true;
  }
  void take_back_snapshot() noexcept override {
    if (!snapshot_taken_) return;
    this->builder.end_snapshot();
    snapshot_taken_ = false;
  }

 private:
  dom::document* target_ = nullptr;
  bool snapshot_taken_ = false;  // the target holds a snapshot, to take back before feeding
};

/// The handlers of typed_parser: decode_handler, behind text_numbers for use_number().
template <bool TextNumbers, bool CheckNames>
struct typed_handlers {
  using inner_type = std::conditional_t<TextNumbers, text_numbers<decode_handler>, decode_handler>;
  using handler_type = typename name_check_layer<inner_type, CheckNames>::handler_type;
  typed_handlers() {
    if constexpr (TextNumbers) adapter.target = &decoding;
  }
  inner_type& inner() {
    if constexpr (TextNumbers) {
      return adapter;
    } else {
      return decoding;
    }
  }
  handler_type& handler() { return names.outer(inner()); }
  decode_handler decoding;
  [[no_unique_address]] std::conditional_t<TextNumbers, text_numbers<decode_handler>, char>
      adapter{};
  name_check_layer<inner_type, CheckNames> names;
};

/// Into a typed value (jsonx/bind), through decode_handler.
template <bool TextNumbers, bool CheckNames>
class typed_parser final
    : private typed_handlers<TextNumbers, CheckNames>,
      public parser_over<typename typed_handlers<TextNumbers, CheckNames>::handler_type> {
  using handlers = typed_handlers<TextNumbers, CheckNames>;
  using base = parser_over<typename handlers::handler_type>;

 public:
  explicit typed_parser(const parse_options& options) : base(handlers::handler(), options) {}
  template <class T>
  void start(T& target, const decode_options& options) {
    this->decoding.start(target, options);
    this->names.start();
    this->parser_.reset();
  }
  std::size_t feed(const char* begin, const char* end, const char* readable_end,
                   std::uint64_t buffer_id, std::error_code& ec) override {
    this->decoding.set_readable_input(begin, readable_end);
    const std::size_t used = base::feed(begin, end, readable_end, buffer_id, ec);
    this->decoding.set_readable_input(nullptr, nullptr);
    return used;
  }
  void describe_failure(const parse_error& located, stream_error& out) const override {
    decode_error e = this->decoding.make_error(located);
    out.code = e.code;
    out.path = std::move(e.path);
    out.expected = std::move(e.expected);
    out.found = std::move(e.found);
    out.expected_type = std::move(e.expected_type);
    out.found_kind = e.found_kind;
  }
  bool duplicate_name(std::string& pointer) const override {
    return this->names.duplicate(pointer);
  }
  void set_stable_input(const char* begin, const char* end) noexcept override {
    this->names.set_stable_input(begin, end);
  }
  void input_moving() override { this->names.input_moving(); }
};

/// The handler of events_parser: the caller's, behind text_numbers for use_number().
template <class H, bool TextNumbers, bool CheckNames>
struct events_handlers {
  using inner_type = std::conditional_t<TextNumbers, text_numbers<H>, H>;
  using handler_type = typename name_check_layer<inner_type, CheckNames>::handler_type;
  explicit events_handlers(H& first) : first_target(&first) {
    if constexpr (TextNumbers) adapter.target = &first;
  }
  inner_type& inner() {
    if constexpr (TextNumbers) {
      return adapter;
    } else {
      return *first_target;
    }
  }
  handler_type& handler() { return names.outer(inner()); }
  H* first_target;
  [[no_unique_address]] std::conditional_t<TextNumbers, text_numbers<H>, char> adapter{};
  name_check_layer<inner_type, CheckNames> names;
};

/// Into a SAX handler of the caller's.
template <handler H, bool TextNumbers, bool CheckNames>
class events_parser final
    : private events_handlers<H, TextNumbers, CheckNames>,
      public parser_over<typename events_handlers<H, TextNumbers, CheckNames>::handler_type> {
  using handlers = events_handlers<H, TextNumbers, CheckNames>;
  using base = parser_over<typename handlers::handler_type>;

 public:
  events_parser(H& first, const parse_options& options)
      : handlers(first), base(handlers::handler(), options) {}
  void start(H& target) {
    this->names.start();
    if constexpr (TextNumbers) {
      this->adapter.target = &target;
      this->parser_.reset();
    } else if constexpr (CheckNames) {
      this->names.checker.set_target(target);
      this->parser_.reset();
    } else {
      this->parser_.reset(target);
    }
  }
  bool duplicate_name(std::string& pointer) const override {
    return this->names.duplicate(pointer);
  }
  void set_stable_input(const char* begin, const char* end) noexcept override {
    this->names.set_stable_input(begin, end);
  }
  void input_moving() override { this->names.input_moving(); }
};

/// The handler read_value() and skip_value() validate with: it asks the parser to skip every
/// value (handler_with_skip), so a value is validated with no event, no number conversion and
/// no unescaping. Under the duplicate-name check (duplicate_name_checker, which does not pass
/// the question on) keys still come as events, and everything else as events it ignores.
struct null_handler {
  bool skip_next_value() { return true; }
  bool on_null() { return true; }
  bool on_bool(bool) { return true; }
  bool on_int64(std::int64_t, std::string_view) { return true; }
  bool on_uint64(std::uint64_t, std::string_view) { return true; }
  bool on_double(double, std::string_view) { return true; }
  bool on_number_text(std::string_view) { return true; }
  bool on_string(std::string_view) { return true; }
  bool on_key(std::string_view) { return true; }
  // Parts: no string is ever buffered whole, whatever its length.
  bool on_string_part(std::string_view) { return true; }
  bool on_key_part(std::string_view) { return true; }
  bool on_object_begin() { return true; }
  bool on_object_end(std::size_t) { return true; }
  bool on_array_begin() { return true; }
  bool on_array_end(std::size_t) { return true; }
  // No number is converted: only validated.
  static constexpr bool numbers_as_text = true;
};

/// Validation only, for read_value() and skip_value(): always full validation, whatever
/// options.skipped_values says for the values typed decoding skips (read_value() hands out the
/// bytes as JSON).
template <bool CheckNames>
class validating_parser final
    : private name_check_layer<null_handler, CheckNames>,
      public parser_over<typename name_check_layer<null_handler, CheckNames>::handler_type> {
  using names = name_check_layer<null_handler, CheckNames>;
  using base = parser_over<typename names::handler_type>;

 public:
  explicit validating_parser(const parse_options& options)
      : base(names::outer(nothing_), fully_validating(options)) {}
  void start() {
    names::start();
    this->parser_.reset();
  }
  std::size_t bytes_to_parse_unbounded(std::size_t wanted) const noexcept override {
    return wanted;  // (no events to take back, no memory)
  }
  void restart() override { start(); }
  bool duplicate_name(std::string& pointer) const override { return names::duplicate(pointer); }
  void set_stable_input(const char* begin, const char* end) noexcept override {
    names::set_stable_input(begin, end);
  }
  void input_moving() override { names::input_moving(); }

 private:
  static parse_options fully_validating(parse_options options) {
    options.skipped_values = skip_check::full;
    return options;
  }
  static inline null_handler nothing_;  // stateless
};

/// One scalar, key or string for token(): copied into a token.
class token_collector {
 public:
  void start(bool use_number) {
    use_number_ = use_number;
    in_parts_ = false;
    token_.text.clear();
  }
  token& result() noexcept { return token_; }

  bool on_null() { return set(token_kind::null); }
  bool on_bool(bool v) {
    token_.boolean = v;
    return set(token_kind::boolean);
  }
  bool on_int64(std::int64_t v, std::string_view text) {
    token_.int64 = v;
    return number(token_kind::int64, text);
  }
  bool on_uint64(std::uint64_t v, std::string_view text) {
    token_.uint64 = v;
    return number(token_kind::uint64, text);
  }
  bool on_double(double v, std::string_view text) {
    token_.number = v;
    return number(token_kind::double_, text);
  }
  bool on_number_text(std::string_view text) { return number(token_kind::number_text, text); }
  bool on_string(std::string_view s) { return text(token_kind::string, s); }
  bool on_key(std::string_view s) { return text(token_kind::key, s); }
  // Parts: a long string cut by a chunk end is appended piece by piece (no second buffer).
  bool on_string_part(std::string_view piece) { return part(piece); }
  bool on_key_part(std::string_view piece) { return part(piece); }
  // token() hands the parser only scalars: a container here is a bug of the walk.
  bool on_object_begin() { return false; }
  bool on_object_end(std::size_t) { return false; }
  bool on_array_begin() { return false; }
  bool on_array_end(std::size_t) { return false; }

 private:
  bool set(token_kind kind) {
    token_.kind = kind;
    return true;
  }
  bool number(token_kind kind, std::string_view text) {
    token_.kind = use_number_ ? token_kind::number_text : kind;
    token_.text.assign(text);
    return true;
  }
  bool text(token_kind kind, std::string_view s) {
    if (in_parts_) {
      token_.text.append(s);
      in_parts_ = false;
    } else {
      token_.text.assign(s);
    }
    token_.kind = kind;
    return true;
  }
  bool part(std::string_view piece) {
    if (!in_parts_) token_.text.clear();
    in_parts_ = true;
    token_.text.append(piece);
    return true;
  }

  token token_;
  bool use_number_ = false;
  bool in_parts_ = false;
};

class token_parser final : public parser_over<token_collector> {
 public:
  explicit token_parser(const parse_options& options) : parser_over(collector_, options) {}
  void start(bool use_number) {
    collector_.start(use_number);
    parser_.reset();
  }
  /// Moves the token out (its kind `key` if `is_key`).
  void take(token& out, bool is_key) {
    token& t = collector_.result();
    if (is_key) t.kind = token_kind::key;
    std::swap(out, t);
  }

 private:
  token_collector collector_;
};

}  // namespace jsonx::stream::detail
