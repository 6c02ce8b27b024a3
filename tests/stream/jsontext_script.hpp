// Helpers of the jsontext decoder tests: a script of decoder calls (peek_kind, read_token,
// read_value, skip_value, decode) run to the end of the stream, written as a transcript of
// everything observable after each call (status, result, offset, stack, pointer, error), and
// sources that cut the input in two at a given offset. Equal transcripts for every way of
// cutting the input are the chunk-split invariance of the new methods.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"

namespace jsonx::test {

/// The bytes in two reads: [0, cut) then the rest (an empty first part is skipped).
class two_piece_source final : public stream::source {
 public:
  two_piece_source(std::string_view bytes, std::size_t cut) : bytes_(bytes), cut_(cut) {}
  stream::read_result read_some(char* buffer, std::size_t size) override {
    if (position_ == bytes_.size()) return {0, stream::read_status::end, {}};
    const std::size_t limit = position_ < cut_ ? cut_ : bytes_.size();
    const std::size_t n = std::min(size, limit - position_);
    bytes_.copy(buffer, n, position_);
    position_ += n;
    return {n, stream::read_status::ok, {}};
  }

 private:
  std::string_view bytes_;
  std::size_t cut_;
  std::size_t position_ = 0;
};

inline std::string kind_name(stream::peeked_kind k) {
  return k == stream::peeked_kind::none ? std::string("none")
                                        : std::string(1, static_cast<char>(k));
}

inline std::string token_text(const stream::token& t) {
  if (t.is_delimiter()) return std::string(1, t.delimiter());
  switch (t.kind) {
    case stream::token_kind::key:
      return "key:" + t.text;
    case stream::token_kind::string:
      return "string:" + t.text;
    case stream::token_kind::boolean:
      return t.boolean ? "true" : "false";
    case stream::token_kind::null:
      return "null";
    default:
      return "number:" + t.text;
  }
}

inline std::string stack_text(const stream::decoder& d) {
  std::string out = "depth " + std::to_string(d.stack_depth()) + " [";
  for (std::size_t i = 0; i <= d.stack_depth(); ++i) {
    const stream::stack_level l = d.stack_index(i);
    out += kind_name(l.kind) + std::to_string(l.length) + ' ';
  }
  return out + "] pointer '" + d.stack_pointer() + "'";
}

/// Runs `ops` (cyclically) until the end of the stream or an error: 'p' peek_kind, 't'
/// read_token, 'v' read_value (a view, with a spill string), 'c' read_value (copied), 's'
/// skip_value, 'd' decode into a document. A call that returns would_block is made again.
/// Returns one line per call.
inline std::string run_script(stream::decoder& d, std::string_view ops,
                              std::size_t max_calls = 10000) {
  std::string transcript;
  stream::token t;
  std::string spill;
  std::string copied;
  jsonx::dom::document doc;
  for (std::size_t call = 0; call < max_calls; ++call) {
    const char op = ops[call % ops.size()];
    stream::stream_error error;
    stream::decode_status s;
    std::string result;
    do {
      switch (op) {
        case 'p': {
          stream::peeked_kind k;
          s = d.peek_kind(k, error);
          result = kind_name(k);
          break;
        }
        case 't':
          s = d.read_token(t, error);
          if (s == stream::decode_status::value) result = token_text(t);
          break;
        case 'v': {
          std::string_view bytes;
          s = d.read_value(bytes, spill, error);
          if (s == stream::decode_status::value) result = std::string(bytes);
          break;
        }
        case 'c':
          s = d.read_value(copied, error);
          if (s == stream::decode_status::value) result = copied;
          break;
        case 's':
          s = d.skip_value(error);
          break;
        default:
          s = d.decode(doc, error);
          if (s == stream::decode_status::value) result = jsonx::dom::to_string(doc);
          break;
      }
    } while (s == stream::decode_status::would_block);
    transcript += op;
    transcript += ' ';
    switch (s) {
      case stream::decode_status::value:
        transcript += result;
        break;
      case stream::decode_status::end_of_stream:
        transcript += "<end>";
        break;
      default:
        // Not message(): its excerpt shows what happens to be buffered.
        transcript += "<error " + error.code.message() + " @" + std::to_string(error.offset) +
                      " line " + std::to_string(error.line) + " column " +
                      std::to_string(error.column) + " " + error.path + ">";
        break;
    }
    // After a final error the position is wherever the parser stopped reading: not part of
    // the verdict (the error's own offset is).
    if (!d.failed()) transcript += " @" + std::to_string(d.input_offset());
    transcript += ' ' + stack_text(d) + '\n';
    if (s == stream::decode_status::end_of_stream) break;
    if (s == stream::decode_status::error && d.failed()) break;
  }
  return transcript;
}

}  // namespace jsonx::test
