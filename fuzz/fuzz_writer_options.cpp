// fuzz_writer_options: the writer's escaping options and its resumable serializer.
//
// For one input (see fuzz_input for the layout):
//   - the text is parsed into the writer with each escaping option (HTML-safe, U+2028/U+2029,
//     ASCII-only, all of them pretty-printed): if the text is valid, the output must hold no
//     byte the option forbids and parse back to the same events (strings, keys, numbers as
//     their text) as the text; if not, the parse must fail with the same error as a parse
//     without the writer. The serializer over the same text (parsed_source, fuzzer-chosen
//     slice size), read into a caller's small buffers of fuzzer-chosen sizes, must give the
//     same bytes (or the same parse error);
//   - the bytes of the text, cut into pieces by the chunk plan, are written as strings and
//     keys that may be invalid UTF-8: with invalid_utf8_policy::replace the output must parse
//     back to each piece with every maximal invalid subsequence replaced by U+FFFD (checked
//     against our own decoder, written from the WHATWG / Unicode "maximal subpart" rule),
//     the same bytes whether a string comes whole or in parts cut anywhere (even inside a
//     UTF-8 sequence), and through the serializer in small buffers; with the default policy
//     (error) the writer must fail exactly when a piece is not valid UTF-8. Every escape
//     kernel the CPU runs (the emulated wide ones included) writes the same bytes. The
//     default kernel (JSONX_KERNEL) runs every other check.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "fuzz_support.hpp"
#include "jsonx/encode/encode.hpp"
#include "jsonx/simd/kernel.hpp"

namespace {

using namespace jsonx::fuzz;

void append_utf8(std::string& out, std::uint32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xC0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xE0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

// `bytes` decoded as UTF-8 with each maximal subpart of an ill-formed sequence replaced by
// U+FFFD: the decoder of the WHATWG Encoding standard (and Unicode's recommended practice).
// A byte that cannot continue the sequence in progress ends it (one U+FFFD) and is then
// looked at again as the start of a new one.
std::string replace_invalid_utf8(std::string_view bytes) {
  constexpr std::uint32_t replacement = 0xFFFD;
  std::string out;
  std::uint32_t code_point = 0;
  int needed = 0;
  int seen = 0;
  unsigned lower = 0x80;
  unsigned upper = 0xBF;
  for (std::size_t i = 0; i < bytes.size();) {
    const unsigned byte = static_cast<unsigned char>(bytes[i]);
    if (needed == 0) {
      ++i;
      if (byte <= 0x7F) {
        out += static_cast<char>(byte);
      } else if (byte >= 0xC2 && byte <= 0xDF) {
        needed = 1, code_point = byte & 0x1F;
      } else if (byte >= 0xE0 && byte <= 0xEF) {
        if (byte == 0xE0) lower = 0xA0;  // no overlongs
        if (byte == 0xED) upper = 0x9F;  // no surrogates
        needed = 2, code_point = byte & 0x0F;
      } else if (byte >= 0xF0 && byte <= 0xF4) {
        if (byte == 0xF0) lower = 0x90;  // no overlongs
        if (byte == 0xF4) upper = 0x8F;  // nothing past U+10FFFF
        needed = 3, code_point = byte & 0x07;
      } else {
        append_utf8(out, replacement);
      }
      continue;
    }
    if (byte < lower || byte > upper) {
      // The sequence so far is a maximal subpart: one U+FFFD; this byte starts afresh.
      code_point = 0, needed = 0, seen = 0, lower = 0x80, upper = 0xBF;
      append_utf8(out, replacement);
      continue;
    }
    ++i;
    lower = 0x80, upper = 0xBF;
    code_point = (code_point << 6) | (byte & 0x3F);
    if (++seen == needed) {
      append_utf8(out, code_point);
      code_point = 0, needed = 0, seen = 0;
    }
  }
  if (needed != 0) append_utf8(out, replacement);  // cut by the end
  return out;
}

struct escaping_case {
  const char* name;
  jsonx::write_options options;
};

std::vector<escaping_case> escaping_cases() {
  std::vector<escaping_case> cases;
  cases.push_back({"compact", {}});
  jsonx::write_options html;
  html.escape_html = true;
  cases.push_back({"escape_html", html});
  jsonx::write_options separators;
  separators.escape_line_separators = true;
  cases.push_back({"escape_line_separators", separators});
  jsonx::write_options ascii;
  ascii.ascii_only = true;
  cases.push_back({"ascii_only", ascii});
  jsonx::write_options all = jsonx::write_options::pretty(2);
  all.escape_html = all.escape_line_separators = all.ascii_only = true;
  cases.push_back({"all escapes, pretty", all});
  jsonx::write_options prefixed;
  prefixed.set_indent(" ", "\t");  // a prefix of whitespace keeps the output JSON
  prefixed.escape_line_separators = true;
  cases.push_back({"U+2028/9, prefix and tab", prefixed});
  return cases;
}

// The output may hold none of the bytes the options say to escape.
void check_escaped(const jsonx::write_options& options, std::string_view out, const char* name) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(out[i]);
    if (options.escape_html && (c == '<' || c == '>' || c == '&')) {
      std::fprintf(stderr, "%s\n", name);
      fail("escape_html output holds a raw <, > or &", out);
    }
    if (options.ascii_only && c >= 0x80) {
      std::fprintf(stderr, "%s\n", name);
      fail("ascii_only output holds a non-ASCII byte", out);
    }
    if (options.escape_line_separators && c == 0xE2 && out.substr(i, 2) == "\xE2\x80" &&
        i + 2 < out.size() && (out[i + 2] == '\xA8' || out[i + 2] == '\xA9')) {
      std::fprintf(stderr, "%s\n", name);
      fail("escape_line_separators output holds a raw U+2028 or U+2029", out);
    }
  }
}

// Reads the serializer's whole output through buffers of the planned sizes (0 counts as 1).
std::string read_all(jsonx::serializer& s, const std::vector<std::uint8_t>& sizes,
                     std::error_code& ec) {
  std::string out;
  char buffer[256];
  for (std::size_t i = 0; !s.done(); i = (i + 1) % sizes.size()) {
    const std::size_t size = sizes[i] == 0 ? 1 : sizes[i];
    const std::size_t n = s.read(buffer, size, ec);
    out.append(buffer, n);
    if (ec) break;
    check(n == size || s.done(), "serializer::read() filled less than the buffer, not done");
  }
  return out;
}

// The text through the writer with each escaping option, and through the serializer.
void check_escaping_options(const fuzz_input& input, const parse_outcome& reference) {
  const std::string_view text = input.text;
  for (const escaping_case& c : escaping_cases()) {
    std::string out;
    jsonx::writer w(out, c.options);
    jsonx::parse_error error;
    const bool parsed = jsonx::parse(text, w, error);
    if (parsed != reference.accepted) {
      std::fprintf(stderr, "%s: writer parse %s, reference %s\n", c.name, error.message().c_str(),
                   verdict(reference).c_str());
      fail("the writer changes the parse verdict", text);
    }
    if (!parsed) {
      if (error.code != reference.error.code || error.offset != reference.error.offset)
        fail("the writer changes the parse error", text);
    } else {
      check(w.finish(), "writer::finish() fails after a valid text", text);
      check_escaped(c.options, out, c.name);
      text_recorder again;
      jsonx::parse_error again_error;
      if (!jsonx::parse(out, again, again_error)) {
        std::fprintf(stderr, "%s: %s\n", c.name, again_error.message().c_str());
        fail("the writer's output does not parse", out);
      }
      check_recorder(again, "the writer's output: a recorder check failed", out);
      const std::string difference = describe_difference(reference.log, again.log());
      if (!difference.empty()) {
        std::fprintf(stderr, "%s\n%s\n", c.name, difference.c_str());
        fail("the writer's output parses to other events than the text", out);
      }
    }

    // The same through the serializer, a slice of the text and a small buffer at a time.
    const std::size_t slice = 1 + input.chunk_lengths[0] % 97;
    jsonx::parsed_source source(text, {}, slice);
    jsonx::serializer s(c.options);
    s.reset(source);
    std::error_code ec;
    const std::string resumed = read_all(s, input.chunk_lengths, ec);
    if (parsed) {
      if (ec) fail("the serializer fails on a valid text", ec.message());
      if (resumed != out) {
        std::fprintf(stderr, "%s, slice %zu\n", c.name, slice);
        fail("the serializer's bytes differ from the writer's", out + "\n---\n" + resumed);
      }
    } else {
      if (ec != reference.error.code) {
        std::fprintf(stderr, "%s: serializer %s, reference %s\n", c.name, ec.message().c_str(),
                     verdict(reference).c_str());
        fail("the serializer reports another error than the parser", text);
      }
      check(source.parse_error().offset == reference.error.offset,
            "the serializer's parse error is at another offset", text);
    }
  }
}

// Writes `pieces` as an array of strings, then an object with them as keys (values null);
// each string in parts cut at `cuts` positions when `in_parts`.
bool write_strings(jsonx::writer& w, const std::vector<std::string_view>& pieces, bool in_parts,
                   std::uint64_t cut_seed) {
  auto write_one = [&](std::string_view piece, bool is_key) {
    if (in_parts && !piece.empty()) {
      // Two cuts anywhere, even inside a UTF-8 sequence: three parts (some may be empty).
      std::uint64_t h = mix64(cut_seed ^ piece.size());
      std::size_t first = h % (piece.size() + 1);
      std::size_t second = first + mix64(h) % (piece.size() - first + 1);
      auto part = is_key ? &jsonx::writer::on_key_part : &jsonx::writer::on_string_part;
      if (!(w.*part)(piece.substr(0, first))) return false;
      if (!(w.*part)(piece.substr(first, second - first))) return false;
      piece = piece.substr(second);
    }
    return is_key ? w.on_key(piece) : w.on_string(piece);
  };
  if (!w.on_array_begin()) return false;
  for (std::string_view piece : pieces)
    if (!write_one(piece, false)) return false;
  if (!w.on_object_begin()) return false;
  for (std::string_view piece : pieces)
    if (!write_one(piece, true) || !w.on_null()) return false;
  return w.on_object_end(pieces.size()) && w.on_array_end(pieces.size() + 1) && w.finish();
}

// The strings of write_strings(), one event per step, for the serializer.
class strings_source {
 public:
  explicit strings_source(const std::vector<std::string_view>& pieces) : pieces_(pieces) {}
  bool write_next(jsonx::writer& w, std::error_code&) {
    const std::size_t n = pieces_.size();
    bool ok;
    if (step_ == 0) {
      ok = w.on_array_begin();
    } else if (step_ <= n) {
      ok = w.on_string(pieces_[step_ - 1]);
    } else if (step_ == n + 1) {
      ok = w.on_object_begin();
    } else if (step_ <= 2 * n + 1) {
      ok = w.on_key(pieces_[step_ - n - 2]) && w.on_null();
    } else if (step_ == 2 * n + 2) {
      ok = w.on_object_end(n);
    } else {
      ok = w.on_array_end(n + 1);
      return false;  // the last step (or a failure, which w.error() reports)
    }
    ++step_;
    return ok;
  }

 private:
  const std::vector<std::string_view>& pieces_;
  std::size_t step_ = 0;
};

// The expected event log of write_strings() output, with each piece's bytes as given.
std::string expected_string_events(const std::vector<std::string>& strings) {
  using jsonx::test::append_end;
  using jsonx::test::append_sized;
  std::string log = "[\n";
  for (const std::string& s : strings) {
    append_sized(log, 's', s);
    log += '\n';
  }
  log += "{\n";
  for (const std::string& s : strings) {
    append_sized(log, 'k', s);
    log += "\nn\n";
  }
  append_end(log, '}', strings.size());
  log += '\n';
  append_end(log, ']', strings.size() + 1);
  log += '\n';
  return log;
}

void check_invalid_utf8_policies(const fuzz_input& input) {
  const std::vector<std::string_view> pieces = plan_chunks(input.text, input.chunk_lengths);
  bool all_valid = true;
  std::vector<std::string> replaced;
  for (std::string_view piece : pieces) {
    all_valid &= is_valid_utf8(piece);
    replaced.push_back(replace_invalid_utf8(piece));
  }
  const std::string expected = expected_string_events(replaced);
  const std::uint64_t cut_seed = hash_bytes(input.text);

  for (bool ascii_only : {false, true}) {
    jsonx::write_options options;
    options.invalid_utf8 = jsonx::invalid_utf8_policy::replace;
    options.ascii_only = ascii_only;
    std::string whole;
    {
      jsonx::writer w(whole, options);
      if (!write_strings(w, pieces, false, cut_seed))
        fail("invalid_utf8 replace: the writer failed", w.error().message());
    }
    check_escaped(options, whole, ascii_only ? "replace, ascii_only" : "replace");
    // Every escape kernel this CPU runs (the emulations of the wide ones included) writes the
    // same bytes as the default one.
    for (jsonx::simd::kernel_id kernel : jsonx::simd::all_kernels) {
      if (!jsonx::simd::kernel_supported(kernel)) continue;
      jsonx::write_options with_kernel = options;
      with_kernel.kernel = kernel;
      std::string out;
      jsonx::writer w(out, with_kernel);
      if (!write_strings(w, pieces, false, cut_seed) || out != whole) {
        std::fprintf(stderr, "kernel %s\n", std::string(jsonx::simd::kernel_name(kernel)).c_str());
        fail("invalid_utf8 replace: the escape kernels disagree", whole + "\n---\n" + out);
      }
    }
    text_recorder again;
    jsonx::parse_error error;
    if (!jsonx::parse(whole, again, error))
      fail("invalid_utf8 replace: output does not parse", whole);
    check_recorder(again, "invalid_utf8 replace: a recorder check failed", whole);
    const std::string difference = describe_difference(expected, again.log());
    if (!difference.empty()) {
      std::fprintf(stderr, "%s\n", difference.c_str());
      fail("invalid_utf8 replace: the strings are not the input with U+FFFD replacements",
           input.text);
    }

    std::string parts;
    {
      jsonx::writer w(parts, options);
      if (!write_strings(w, pieces, true, cut_seed))
        fail("invalid_utf8 replace, in parts: the writer failed", w.error().message());
    }
    if (parts != whole) {
      fail("invalid_utf8 replace: strings in parts give other bytes than whole strings",
           whole + "\n---\n" + parts);
    }

    strings_source source(pieces);
    jsonx::serializer s(options);
    s.reset(source);
    std::error_code ec;
    const std::string resumed = read_all(s, input.chunk_lengths, ec);
    if (ec) fail("invalid_utf8 replace: the serializer failed", ec.message());
    if (resumed != whole)
      fail("invalid_utf8 replace: the serializer's bytes differ", whole + "\n---\n" + resumed);
  }

  // The default policy fails on exactly the invalid pieces.
  for (bool in_parts : {false, true}) {
    std::string out;
    jsonx::writer w(out);
    const bool written = write_strings(w, pieces, in_parts, cut_seed);
    if (written != all_valid) {
      std::fprintf(stderr, "written %d, valid UTF-8 %d, in parts %d: %s\n", written, all_valid,
                   in_parts, w.error().message().c_str());
      fail("invalid_utf8 error: the writer's verdict differs from UTF-8 validity", input.text);
    }
    if (!written) {
      check(w.error() == jsonx::write_errc::invalid_utf8,
            "invalid_utf8 error: the writer failed with another error", w.error().message());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz_input input = decode_fuzz_input(data, size);
  const parse_outcome reference = parse_chunks<text_recorder>({input.text});
  check_outcome(reference, "the reference parse: a check failed", input.text);
  check_escaping_options(input, reference);
  check_invalid_utf8_policies(input);
  return 0;
}
