// fuzz_write_tokens: stream::encoder::write_token over random token sequences (stream/).
//
// The input is read as a sequence of tokens (see next_token(); the first byte picks the layout
// and escaping options). Each token is written with write_token():
//   - refused: the error is a grammar or value error (a write_errc or invalid_argument, never
//     sticky), and the output did not change by one byte (output_offset() and the text);
//   - accepted: it is remembered.
// At the end, the open containers are closed (each close must be accepted), and the output
// must parse back, through the decoder's token() walk, to exactly the accepted tokens: the same
// kinds (a string written where a key belongs is that key), the same texts, the same numbers.
// The accepted tokens are then written again by a canonical encoder (RFC 8785): it fails only
// on a duplicate name or a number beyond double range, and otherwise each line it writes is a
// fixed point of jsonx::canonicalize.
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "jsonx/encode/canonical.hpp"
#include "jsonx/encode/write_error.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/encoder.hpp"

namespace {

using namespace jsonx::fuzz;
using jsonx::stream::token;
using jsonx::stream::token_kind;

class input_reader {
 public:
  input_reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool empty() const noexcept { return at_ >= size_; }
  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  std::uint64_t word() {
    std::uint64_t w = 0;
    for (int i = 0; i < 8; ++i) w = (w << 8) | byte();
    return w;
  }
  std::string text() {
    // The length byte first: the order of a call's arguments is unspecified.
    const std::size_t wanted = byte() % 16;
    const std::size_t n = std::min(wanted, size_ - std::min(at_, size_));
    std::string s(reinterpret_cast<const char*>(data_ + at_), n);
    at_ += n;
    return s;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

// Number texts, valid and not, for number_text tokens and for the text of number tokens.
const char* const number_texts[] = {
    "0", "-0",  "1.5", "1e400",  "-12e-3", "123456789012345678901234", "01", "1.", "+1",
    "",  "nan", "1e",  "0.0e+0", "-"};

token next_token(input_reader& in) {
  token t;
  const std::uint8_t op = in.byte();
  t.kind = static_cast<token_kind>(op % 13);  // 12: not a token kind (refused)
  switch (t.kind) {
    case token_kind::key:
    case token_kind::string:
      t.text = in.text();  // any bytes: invalid UTF-8 too
      break;
    case token_kind::int64:
      t.int64 = static_cast<std::int64_t>(in.word());
      break;
    case token_kind::uint64:
      t.uint64 = in.word();
      break;
    case token_kind::double_:
      t.number = std::bit_cast<double>(in.word());  // NaN and infinities too
      break;
    case token_kind::number_text:
      t.text = number_texts[in.byte() % std::size(number_texts)];
      break;
    case token_kind::boolean:
      t.boolean = (op & 0x80) != 0;
      break;
    default:
      break;
  }
  // Now and then, a number with a source text (written instead of its value).
  if ((t.kind == token_kind::int64 || t.kind == token_kind::double_) && (op & 0x40)) {
    t.text = number_texts[in.byte() % std::size(number_texts)];
  }
  return t;
}

// The number a token stands for, as a double (tokens are compared by value and by text).
bool same_number(const token& written, const token& read) {
  if (!written.text.empty() || written.kind == token_kind::number_text) {
    return read.text == written.text;
  }
  const auto value_of_read = [&]() -> double {
    switch (read.kind) {
      case token_kind::int64:
        return static_cast<double>(read.int64);
      case token_kind::uint64:
        return static_cast<double>(read.uint64);
      case token_kind::double_:
        return read.number;
      case token_kind::number_text:
        return std::strtod(read.text.c_str(), nullptr);  // > 64 bits
      default:
        return std::nan("");
    }
  };
  switch (written.kind) {
    case token_kind::int64:
      return read.kind == token_kind::int64 && read.int64 == written.int64;
    case token_kind::uint64:
      return (read.kind == token_kind::uint64 && read.uint64 == written.uint64) ||
             (read.kind == token_kind::int64 && read.int64 >= 0 &&
              static_cast<std::uint64_t>(read.int64) == written.uint64);
    default: {
      // Shortest round-trip digits: the same double comes back (or null for a non-finite
      // double under write_null, which this target does not use).
      const double v = value_of_read();
      return std::bit_cast<std::uint64_t>(v) == std::bit_cast<std::uint64_t>(written.number) ||
             (v == written.number && v != 0);
    }
  }
}

bool same_token(const token& written, const token& read) {
  if (written.is_number()) return read.is_number() && same_number(written, read);
  if (read.kind != written.kind) return false;
  switch (written.kind) {
    case token_kind::key:
    case token_kind::string:
      return read.text == written.text;
    case token_kind::boolean:
      return read.boolean == written.boolean;
    default:
      return true;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  input_reader in(data, size);
  const std::uint8_t layout = in.byte();
  jsonx::stream::encoder_options options;
  options.multiline = layout & 1;
  if (layout & 2) options.indent = (layout & 4) ? " " : "";
  if (layout & 8) options.indent_prefix = "\t";
  if (layout & 16) options.space_after_colon = (layout & 32) != 0;
  options.space_after_comma = layout & 64;
  options.escape_for_html = layout & 128;
  options.escape_for_js = layout & 4;

  std::string out;
  jsonx::stream::encoder encoder(out);
  encoder.set_options(options);
  std::vector<token> accepted;
  std::vector<bool> open_is_object;
  while (!in.empty() && accepted.size() < 4096) {
    token t = next_token(in);
    // The encoder reports a string written where a key belongs as that key.
    const bool key_expected = !open_is_object.empty() && open_is_object.back() &&
                              encoder.stack_index(encoder.stack_depth()).second % 2 == 0;
    const std::uint64_t offset = encoder.output_offset();
    const std::string before = out;
    std::error_code ec;
    if (!encoder.write_token(t, ec)) {
      check(ec.category() == jsonx::write_category() || ec == std::errc::invalid_argument,
            "a refused token's error is not a grammar or value error", ec.message());
      check(!encoder.failed(), "a refused token made the encoder fail");
      check(encoder.output_offset() == offset && out == before,
            "a refused token changed the output", out);
      continue;
    }
    if (t.kind == token_kind::object_begin) open_is_object.push_back(true);
    if (t.kind == token_kind::array_begin) open_is_object.push_back(false);
    if (t.kind == token_kind::object_end || t.kind == token_kind::array_end) {
      open_is_object.pop_back();
    }
    if (t.kind == token_kind::string && key_expected) t.kind = token_kind::key;
    accepted.push_back(std::move(t));
  }
  check(encoder.stack_depth() == open_is_object.size(), "stack_depth() differs", out);
  // Close what is open: a value for a dangling key first.
  if (!open_is_object.empty() && open_is_object.back() &&
      encoder.stack_index(encoder.stack_depth()).second % 2 == 1) {
    token null;
    encoder.write_token(null);
    accepted.push_back(null);
  }
  while (!open_is_object.empty()) {
    token end;
    end.kind = open_is_object.back() ? token_kind::object_end : token_kind::array_end;
    encoder.write_token(end);
    accepted.push_back(end);
    open_is_object.pop_back();
  }
  encoder.flush();
  check(encoder.output_offset() == out.size(), "output_offset() is not the output's size", out);

  jsonx::stream::memory_source source(out);
  jsonx::stream::decoder decoder(source);
  token read;
  std::size_t i = 0;
  for (;; ++i) {
    jsonx::stream::stream_error error;
    const auto status = decoder.token(read, error);
    if (status == jsonx::stream::decode_status::end_of_stream) break;
    check(status == jsonx::stream::decode_status::value, "the output does not parse back", out);
    check(i < accepted.size(), "the output has more tokens than were written", out);
    check(same_token(accepted[i], read), "a token reads back differently", out);
  }
  check(i == accepted.size(), "the output has fewer tokens than were written", out);

  std::string canonical_out;
  jsonx::stream::encoder canonical_encoder(canonical_out);
  jsonx::stream::encoder_options canonical;
  canonical.canonical = true;
  canonical_encoder.set_options(canonical);
  for (const token& t : accepted) {
    std::error_code ec;
    if (canonical_encoder.write_token(t, ec)) continue;
    check(ec == jsonx::write_errc::duplicate_key || ec == jsonx::write_errc::number_out_of_range,
          "the canonical encoder refused an accepted token", ec.message());
    return 0;
  }
  canonical_encoder.flush();
  for (std::size_t begin = 0; begin < canonical_out.size();) {
    const std::size_t end = canonical_out.find('\n', begin);
    check(end != std::string::npos, "canonical output without its newline", canonical_out);
    const std::string_view line(canonical_out.data() + begin, end - begin);
    check(jsonx::canonicalize(line) == line, "canonical output is not a fixed point", line);
    begin = end + 1;
  }
  return 0;
}
