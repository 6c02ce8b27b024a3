// fuzz_stream_decoder: the stream decoder (stream/io) over a sequence of values whose bytes
// arrive in reads of fuzzer-chosen sizes (a 0-byte read is a would_block), with a buffer
// (decoder_options::chunk_size) of a size chosen from the input.
//
// The reference is the push parser over the whole text with parse_options::multiple_values
// (the events of every value, and the verdict). For one input:
//   - decode() into a dom::document, value after value: each document is identical() to the
//     one dom::parser builds from that value's bytes alone (from the end of the previous
//     value, as input_offset() says, to the end of this one), and a push_decoder fed the same
//     reads decodes the same documents;
//   - decode() into a SAX handler, value after value: the events, joined, are the reference's;
//     the stream ends (end_of_stream) iff the reference accepts, else the decoder reports the
//     reference's error code at the reference's offset;
//   - token(): the tokens are the reference's events (without container counts) while the
//     text is valid; on an invalid text the walk fails, and the tokens it gave before are
//     the start of the reference's events;
//   - NDJSON and JSON text sequences (RFC 7464: each record after an RS byte) with bad records
//     skipped: a reused document and read_value() (which parse a short record before they
//     search for its end) give the values and errors of a SAX handler's events (which bound
//     each record first).
// Texts of only whitespace are an empty stream (no value, end_of_stream).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "jsonx/dom/dom.hpp"
#include "jsonx/dom/dom_builder.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/push_decoder.hpp"

namespace {

using namespace jsonx::fuzz;
using jsonx::stream::decode_status;

// Hands the text out in reads of the planned sizes, cycled; a 0 size is one would_block.
class planned_source final : public jsonx::stream::source {
 public:
  planned_source(std::string_view text, const std::vector<std::uint8_t>& sizes)
      : text_(text), sizes_(sizes) {
    for (std::uint8_t size : sizes_) any_nonzero_ |= size != 0;
  }
  jsonx::stream::read_result read_some(char* buffer, std::size_t size) override {
    check(size > 0, "source::read_some() called with size 0");
    if (position_ == text_.size()) return {0, jsonx::stream::read_status::end, {}};
    std::size_t planned = sizes_[next_];
    next_ = (next_ + 1) % sizes_.size();
    if (planned == 0) {
      if (any_nonzero_) return {0, jsonx::stream::read_status::would_block, {}};
      planned = text_.size();
    }
    const std::size_t n = std::min({planned, size, text_.size() - position_});
    std::memcpy(buffer, text_.data() + position_, n);
    position_ += n;
    return {n, jsonx::stream::read_status::ok, {}};
  }

 private:
  std::string_view text_;
  const std::vector<std::uint8_t>& sizes_;
  std::size_t position_ = 0;
  std::size_t next_ = 0;
  bool any_nonzero_ = false;
};

// Events as token() can see them: no container counts; numbers by kind and value.
class token_log_handler {
 public:
  bool on_null() { return add('n'); }
  bool on_bool(bool value) { return add(value ? 't' : 'f'); }
  bool on_int64(std::int64_t value, std::string_view = {}) { return add_bits('i', value); }
  bool on_uint64(std::uint64_t value, std::string_view = {}) { return add_bits('u', value); }
  bool on_double(double value, std::string_view = {}) { return add_bits('d', value); }
  bool on_number_text(std::string_view text) { return add('N', text); }
  bool on_string(std::string_view value) { return add('s', value); }
  bool on_key(std::string_view key) { return add('k', key); }
  bool on_object_begin() { return add('{'); }
  bool on_object_end(std::size_t) { return add('}'); }
  bool on_array_begin() { return add('['); }
  bool on_array_end(std::size_t) { return add(']'); }

  std::string log;

  bool add(char tag, std::string_view payload = {}) {
    log += tag;
    log += std::to_string(payload.size());
    log += ':';
    log += payload;
    return true;
  }
  template <class T>
  bool add_bits(char tag, T value) {
    return add(tag, std::string_view(reinterpret_cast<const char*>(&value), sizeof value));
  }
};

void add_token(token_log_handler& log, const jsonx::stream::token& t) {
  using jsonx::stream::token_kind;
  switch (t.kind) {
    case token_kind::object_begin:
      log.on_object_begin();
      break;
    case token_kind::object_end:
      log.on_object_end(0);
      break;
    case token_kind::array_begin:
      log.on_array_begin();
      break;
    case token_kind::array_end:
      log.on_array_end(0);
      break;
    case token_kind::key:
      log.on_key(t.text);
      break;
    case token_kind::string:
      log.on_string(t.text);
      break;
    case token_kind::int64:
      log.on_int64(t.int64);
      break;
    case token_kind::uint64:
      log.on_uint64(t.uint64);
      break;
    case token_kind::double_:
      log.on_double(t.number);
      break;
    case token_kind::number_text:
      log.on_number_text(t.text);
      break;
    case token_kind::boolean:
      log.on_bool(t.boolean);
      break;
    case token_kind::null:
      log.on_null();
      break;
  }
}

bool only_whitespace(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

void describe_mismatch(const parse_outcome& reference, decode_status status,
                       const jsonx::stream::stream_error& error) {
  std::fprintf(stderr, "reference: %s\ndecoder: status %d, %s (byte %llu)\n",
               verdict(reference).c_str(), static_cast<int>(status),
               error.code ? error.code.message().c_str() : "no error",
               static_cast<unsigned long long>(error.offset));
}

// Calls `step` until it returns something other than would_block (a 0-byte read in the plan).
template <class Step>
decode_status until_not_blocked(Step step) {
  decode_status status;
  for (int tries = 0; (status = step()) == decode_status::would_block; ++tries)
    check(tries < (1 << 20), "the decoder keeps reporting would_block");
  return status;
}

// Documents, one per value, checked against each value's bytes parsed alone; returned as
// mutable copies for the push_decoder's comparison.
std::vector<jsonx::dom::value> check_documents(const fuzz_input& input,
                                               const jsonx::stream::decoder_options& options,
                                               const parse_outcome& reference) {
  const std::string_view text = input.text;
  planned_source in(text, input.chunk_lengths);
  jsonx::stream::decoder decoder(in, options);
  jsonx::dom::document doc;
  jsonx::dom::parser alone;
  std::vector<jsonx::dom::value> values;
  jsonx::stream::stream_error error;
  std::uint64_t value_start = 0;
  decode_status status;
  while ((status = until_not_blocked([&] { return decoder.decode(doc, error); })) ==
         decode_status::value) {
    const std::uint64_t value_end = decoder.input_offset();
    check(value_end > value_start && value_end <= text.size(),
          "input_offset() after a value is not past the previous one", text);
    std::error_code ec;
    const std::string_view bytes = text.substr(value_start, value_end - value_start);
    const jsonx::dom::document& expected = alone.parse(bytes, ec);
    if (ec) fail("a decoded value's bytes do not parse alone", bytes);
    if (!identical(expected.root(), doc.root()))
      fail("a decoded document differs from its bytes parsed alone", bytes);
    values.emplace_back(doc.root());
    value_start = value_end;
  }
  if (reference.accepted && status != decode_status::end_of_stream) {
    describe_mismatch(reference, status, error);
    fail("decode(document) does not reach the end of a valid stream", text);
  }
  if (!reference.accepted && status != decode_status::error) {
    describe_mismatch(reference, status, error);
    fail("decode(document) does not fail on an invalid stream", text);
  }
  return values;
}

// NDJSON or JSON text sequences with bad records skipped: a reused document and read_value()
// parse a short record before they search for its end (decoder::run_value()), a SAX handler's
// events take the bounded way; the three give the same values and the same errors, value
// after value.
void check_records(const fuzz_input& input, jsonx::stream::decoder_options options,
                   jsonx::stream::framing separation) {
  options.separation = separation;
  options.skip_bad_records = true;
  const std::string name = separation == jsonx::stream::framing::ndjson ? "ndjson: " : "json_seq: ";
  const std::string_view text = input.text;
  planned_source for_documents(text, input.chunk_lengths), for_events(text, input.chunk_lengths),
      for_raw(text, input.chunk_lengths);
  jsonx::stream::decoder documents(for_documents, options), events(for_events, options),
      raw_values(for_raw, options);
  jsonx::dom::document doc, built;
  jsonx::dom::dom_builder builder(built);
  for (std::size_t values = 0;; ++values) {
    check(values <= text.size() + 1, (name + "more values and errors than bytes").c_str(), text);
    jsonx::stream::stream_error from_documents, from_events, from_raw;
    const decode_status s =
        until_not_blocked([&] { return documents.decode(doc, from_documents); });
    builder.reset();  // (once a value: a value cut by would_block goes on in the builder)
    const decode_status e = until_not_blocked([&] { return events.decode(builder, from_events); });
    std::string_view bytes;
    std::string spill;
    const decode_status r =
        until_not_blocked([&] { return raw_values.read_value(bytes, spill, from_raw); });
    if (s != e || r != e) fail((name + "documents, events and read_value disagree").c_str(), text);
    if (s == decode_status::end_of_stream || (s == decode_status::error && events.failed())) return;
    if (s == decode_status::value) {
      if (!identical(doc.root(), built.root()))
        fail((name + "a document differs from the events' document").c_str(), text);
      continue;
    }
    for (const jsonx::stream::stream_error* other : {&from_documents, &from_raw}) {
      if (other->code != from_events.code || other->offset != from_events.offset ||
          other->line != from_events.line || other->column != from_events.column)
        fail((name + "an error differs from the events' error").c_str(), text);
    }
  }
}

// The same documents from a push_decoder fed the planned pieces.
void check_push_decoder(const fuzz_input& input, const jsonx::stream::decoder_options& options,
                        const std::vector<jsonx::dom::value>& expected) {
  jsonx::stream::push_decoder decoder(options);
  jsonx::dom::document doc;
  jsonx::stream::stream_error error;
  std::size_t index = 0;
  decode_status status = decode_status::would_block;
  auto drain = [&] {
    while ((status = decoder.decode(doc, error)) == decode_status::value) {
      if (index >= expected.size() || !identical(jsonx::dom::value(doc.root()), expected[index]))
        fail("push_decoder decodes another value than decoder", input.text);
      ++index;
    }
  };
  for (std::string_view piece : plan_chunks(input.text, input.chunk_lengths)) {
    decoder.feed(piece);
    drain();
    if (status == decode_status::error) break;
  }
  if (status != decode_status::error) {
    decoder.close();
    drain();
  }
  check(index == expected.size(), "push_decoder decodes fewer values than decoder", input.text);
}

// Every value's events through decode(handler), and the final verdict.
void check_events(const fuzz_input& input, const jsonx::stream::decoder_options& options,
                  const parse_outcome& reference) {
  const std::string_view text = input.text;
  planned_source in(text, input.chunk_lengths);
  jsonx::stream::decoder decoder(in, options);
  text_recorder events;
  jsonx::stream::stream_error error;
  decode_status status;
  while ((status = until_not_blocked([&] { return decoder.decode(events, error); })) ==
         decode_status::value) {
  }
  check_recorder(events, "decode(handler): a recorder check failed", text);
  if (reference.accepted) {
    if (status != decode_status::end_of_stream) {
      describe_mismatch(reference, status, error);
      fail("decode(handler) does not reach the end of a valid stream", text);
    }
    const std::string difference = describe_difference(reference.log, events.log());
    if (!difference.empty()) {
      std::fprintf(stderr, "%s\n", difference.c_str());
      fail("decode(handler) gives other events than the push parser", text);
    }
    return;
  }
  if (status != decode_status::error || error.code != reference.error.code ||
      error.offset != reference.error.offset) {
    describe_mismatch(reference, status, error);
    fail("decode(handler) reports another error than the push parser", text);
  }
  check(reference.log.starts_with(events.log()),
        "decode(handler) gives events the push parser does not", text);
}

// The token() walk.
void check_tokens(const fuzz_input& input, const jsonx::stream::decoder_options& options,
                  const parse_outcome& reference, const std::string& reference_tokens) {
  const std::string_view text = input.text;
  planned_source in(text, input.chunk_lengths);
  jsonx::stream::decoder decoder(in, options);
  token_log_handler tokens;
  jsonx::stream::token t;
  jsonx::stream::stream_error error;
  decode_status status;
  while ((status = until_not_blocked([&] { return decoder.token(t, error); })) ==
         decode_status::value) {
    add_token(tokens, t);
  }
  if (reference.accepted) {
    if (status != decode_status::end_of_stream) {
      describe_mismatch(reference, status, error);
      fail("token() does not reach the end of a valid stream", text);
    }
    if (tokens.log != reference_tokens) fail("token() gives other tokens than the events", text);
    return;
  }
  if (status != decode_status::error) {
    describe_mismatch(reference, status, error);
    fail("token() does not fail on an invalid stream", text);
  }
  check(reference_tokens.starts_with(tokens.log),
        "token() gives tokens the push parser has no events for", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz_input input = decode_fuzz_input(data, size);
  const std::string_view text = input.text;

  jsonx::stream::decoder_options options;
  static constexpr std::size_t chunk_sizes[] = {1, 3, 16, 64, 4096};
  options.chunk_size = chunk_sizes[hash_bytes(text) % std::size(chunk_sizes)];

  jsonx::parse_options multiple;
  multiple.multiple_values = true;
  parse_outcome reference;
  std::string reference_tokens;
  if (only_whitespace(text)) {
    reference.accepted = true;  // an empty stream: accepted, no event
  } else {
    reference = parse_chunks<text_recorder>({text}, multiple);
    check_outcome(reference, "the reference parse: a check failed", text);
    token_log_handler token_events;
    jsonx::parse_error ignored;
    jsonx::parse(text, token_events, ignored, multiple);
    reference_tokens = token_events.log;
  }

  const std::vector<jsonx::dom::value> values = check_documents(input, options, reference);
  check_push_decoder(input, options, values);
  check_events(input, options, reference);
  check_tokens(input, options, reference, reference_tokens);
  check_records(input, options, jsonx::stream::framing::ndjson);
  check_records(input, options, jsonx::stream::framing::json_seq);
  return 0;
}
