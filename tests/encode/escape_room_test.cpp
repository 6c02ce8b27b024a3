// The escaper never writes past the room it is given, on any kernel: every escape, at every
// offset in a string, written into output regions of every size, each region followed by guard
// bytes that must come back untouched. A room check that holds for one vector width and not for
// another (a 64-byte step followed by an 8-byte escape store) fails here on every machine,
// through the emulated 64-byte kernel, not only under a sanitizer or on an AVX-512 CPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "jsonx/encode/serializer.hpp"
#include "jsonx/encode/writer.hpp"
#include "reference_escaper.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

constexpr unsigned char guard_byte = 0xA5;
constexpr std::size_t guard_size = 64;

// Lends regions of exactly `size` bytes (or min_free if the writer asks for more), each followed
// by guard bytes; counts the regions whose guard was overwritten.
class guarded_region_sink final : public output_sink {
 public:
  explicit guarded_region_sink(std::size_t size) : size_(size) {}

  std::span<char> next_region(char* written_end, std::size_t min_free, std::error_code&) override {
    take(written_end);
    const std::size_t lent = std::max(size_, min_free);
    buffer_.assign(lent + guard_size, static_cast<char>(guard_byte));
    lent_ = lent;
    return {buffer_.data(), lent};
  }
  void commit(char* written_end, bool, std::error_code&) override {
    take(written_end);
    buffer_.clear();
    lent_ = 0;
  }

  std::string text;
  int overflowed_regions = 0;

 private:
  void take(char* written_end) {
    if (lent_ == 0) return;
    for (std::size_t i = lent_; i < buffer_.size(); ++i) {
      if (static_cast<unsigned char>(buffer_[i]) != guard_byte) {
        ++overflowed_regions;
        break;
      }
    }
    if (written_end)
      text.append(buffer_.data(), static_cast<std::size_t>(written_end - buffer_.data()));
  }
  std::size_t size_;
  std::size_t lent_ = 0;
  std::vector<char> buffer_;
};

struct escape_case {
  std::string name;
  std::string text;  // the bytes that need work
  write_options options;
};

// Every ASCII byte that is escaped (the five short forms, the other controls as \u00XX, quote,
// backslash, and <>& under escape_html), and each kind of non-ASCII work: a sequence copied as
// it is, one written as \uXXXX, one as a surrogate pair (the longest: 12 bytes), U+2028 escaped,
// and an invalid byte replaced by U+FFFD as text or as \ufffd.
std::vector<escape_case> every_escape() {
  std::vector<escape_case> cases;
  write_options plain;
  plain.invalid_utf8 = invalid_utf8_policy::replace;
  for (int c = 0; c < 0x20; ++c)
    cases.push_back({"control " + std::to_string(c), std::string(1, static_cast<char>(c)), plain});
  cases.push_back({"quote", "\"", plain});
  cases.push_back({"backslash", "\\", plain});
  write_options html = plain;
  html.escape_html = true;
  for (const char* c : {"<", ">", "&"}) cases.push_back({std::string("html ") + c, c, html});
  cases.push_back({"2-byte sequence copied", "\xC3\xA9", plain});
  cases.push_back({"4-byte sequence copied", "\xF0\x9F\x98\x80", plain});
  write_options ascii = plain;
  ascii.ascii_only = true;
  cases.push_back({"3-byte sequence as \\u", "\xE2\x82\xAC", ascii});
  cases.push_back({"4-byte sequence as a surrogate pair", "\xF0\x9F\x98\x80", ascii});
  write_options separators = plain;
  separators.escape_line_separators = true;
  cases.push_back({"U+2028 escaped", "\xE2\x80\xA8", separators});
  cases.push_back({"invalid byte replaced", "\xFF", plain});
  cases.push_back({"invalid byte replaced as \\ufffd", "\xFF", ascii});
  return cases;
}

class escape_room_test : public kernel_test {};

// Past two 64-byte vectors: the escape lands at every position of a vector step of every width.
constexpr std::size_t max_offset = 130;

TEST_P(escape_room_test, every_escape_at_every_offset_into_regions_of_every_size) {
  int checked = 0;
  for (escape_case c : every_escape()) {
    c.options.kernel = kernel();
    for (std::size_t offset = 0; offset <= max_offset; ++offset) {
      // Clean bytes before the escape, then the escape, then clean bytes long enough for more
      // vector steps after it.
      const std::string text = std::string(offset, 'a') + c.text + std::string(70, 'z');
      const std::optional<std::string> body = reference_escape(text, c.options);
      ASSERT_TRUE(body) << c.name;
      const std::string want = '"' + *body + '"';
      for (std::size_t size = 1; size <= 200; ++size) {
        guarded_region_sink sink(size);
        {
          writer w(sink, c.options);
          ASSERT_TRUE(w.on_string(text) && w.finish()) << c.name << " at " << offset;
        }
        ASSERT_EQ(sink.overflowed_regions, 0)
            << c.name << " at offset " << offset << ", regions of " << size << " bytes";
        ASSERT_EQ(sink.text, want) << c.name << " at offset " << offset << ", regions of " << size;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, static_cast<int>(every_escape().size() * (max_offset + 1) * 200));
}

// The fixed-buffer serializer, into caller buffers of every size from 1 to 200 bytes, each
// followed by guard bytes: a document holding every escape at many offsets.
TEST_P(escape_room_test, serializer_into_guarded_buffers_of_every_size) {
  std::string json = "[";
  write_options options;
  options.kernel = kernel();
  options.invalid_utf8 = invalid_utf8_policy::replace;
  options.escape_html = true;
  options.ascii_only = true;
  options.escape_line_separators = true;
  std::size_t offset = 0;
  for (const escape_case& c : every_escape()) {
    if (c.text == "\xFF") continue;  // not valid JSON input: the parser would refuse it
    std::string escaped_input;
    for (unsigned char b : c.text) {
      if (b < 0x20 || b == '"' || b == '\\') {
        char u[8];
        std::snprintf(u, sizeof u, "\\u%04x", b);
        escaped_input += u;
      } else {
        escaped_input += static_cast<char>(b);
      }
    }
    json += '"' + std::string(offset, 'a') + escaped_input + std::string(70, 'z') + "\",";
    offset = (offset + 37) % max_offset;
  }
  json += "0]";

  std::string want;
  {
    writer w(want, options);
    parse_error error;
    ASSERT_TRUE(parse(json, w, error)) << "the test document must parse: " << error.message();
  }
  for (std::size_t size = 1; size <= 200; ++size) {
    parsed_source source(json);
    serializer s(options);
    s.reset(source);
    std::vector<char> buffer(size + guard_size, static_cast<char>(guard_byte));
    std::string got;
    for (int reads = 0; !s.done(); ++reads) {
      ASSERT_LT(reads, 1'000'000) << "no progress";
      std::error_code ec;
      const std::size_t n = s.read(buffer.data(), size, ec);
      ASSERT_FALSE(ec) << ec.message();
      for (std::size_t i = size; i < buffer.size(); ++i) {
        ASSERT_EQ(static_cast<unsigned char>(buffer[i]), guard_byte)
            << "buffers of " << size << " bytes: written " << (i - size) << " past the end";
      }
      got.append(buffer.data(), n);
    }
    ASSERT_EQ(got, want) << "buffers of " << size << " bytes";
  }
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(escape_room_test);

}  // namespace
}  // namespace jsonx::test
