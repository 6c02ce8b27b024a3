// The resumable fixed-buffer serializer: every buffer size gives the writer's exact output.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "jsonx/encode/reformat.hpp"
#include "jsonx/encode/serializer.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

const char* const sample_json =
    R"({"statuses": [{"id": 505874924095815681, "text": "caf\u00e9 <b>\n",
  "user": {"name": "\ud83d\ude00 x", "followers": 1234, "ratio": 0.125, "tags": []}},
  {"id": -1, "nested": [[[]], {}, [1.5e300, -0.0, true, false, null]],
   "long": "0123456789012345678901234567890123456789012345678901234567890123456789"}],
  "meta": {"count": 2, "big": 123456789012345678901234567890}})";

// Reads everything through buffers of `size` bytes.
std::string serialize_with_buffers(std::string_view json, const write_options& options,
                                   std::size_t size, std::size_t slice = 4096) {
  parsed_source source(json, {}, slice);
  serializer s(options);
  s.reset(source);
  std::string out;
  std::vector<char> buffer(size);
  std::size_t calls = 0;
  while (!s.done()) {
    std::error_code ec;
    const std::size_t n = s.read(buffer.data(), buffer.size(), ec);
    EXPECT_FALSE(ec) << ec.message();
    if (ec) break;
    // A read fills the whole buffer unless the output ends inside it.
    if (!s.done()) {
      EXPECT_EQ(n, size) << "buffer of " << size;
    }
    out.append(buffer.data(), n);
    if (++calls > 100 * json.size() + 100) {
      ADD_FAILURE() << "no progress";
      break;
    }
  }
  return out;
}

TEST(serializer, every_buffer_size_gives_the_writer_output) {
  for (const write_options& options : {write_options{}, write_options::pretty(3)}) {
    const std::string want =
        options.is_pretty() ? pretty(sample_json, options) : minify(sample_json);
    for (std::size_t size = 1; size <= want.size() + 1; ++size) {
      ASSERT_EQ(serialize_with_buffers(sample_json, options, size), want) << "buffer " << size;
    }
    // Small parse slices too: the parser's steps are cut inside tokens.
    for (std::size_t slice : {1, 2, 7, 64}) {
      for (std::size_t size : {1, 5, 63, 64, 65, 1000}) {
        ASSERT_EQ(serialize_with_buffers(sample_json, options, size, slice), want)
            << "buffer " << size << " slice " << slice;
      }
    }
  }
}

// A caller's buffers need not be all the same size: the output is cut at every offset by a
// first read of that many bytes, then read on in buffers of another size.
TEST(serializer, every_split_of_the_output_resumes_where_it_stopped) {
  for (const write_options& options : {write_options{}, write_options::pretty(2)}) {
    const std::string want =
        options.is_pretty() ? pretty(sample_json, options) : minify(sample_json);
    for (std::size_t first = 0; first <= want.size(); ++first) {
      for (std::size_t rest : {std::size_t{3}, std::size_t{64}, want.size()}) {
        parsed_source source(sample_json);
        serializer s(options);
        s.reset(source);
        std::string out;
        std::vector<char> buffer(std::max(first, rest));
        std::error_code ec;
        std::size_t size = first;
        while (!s.done()) {
          const std::size_t n = s.read(buffer.data(), size, ec);
          ASSERT_FALSE(ec) << ec.message();
          ASSERT_TRUE(n == size || s.done()) << "a read filled " << n << " of " << size;
          out.append(buffer.data(), n);
          size = rest;
        }
        ASSERT_EQ(out, want) << "first read " << first << ", then " << rest;
      }
    }
  }
}

TEST(serializer, corpus_files_through_small_and_odd_buffers) {
  if (corpus_files().empty()) GTEST_SKIP() << "the corpus is absent: skipped";
  for (const named_input& file : corpus_files()) {
    const std::string want = minify(file.bytes);
    for (std::size_t size : {1, 3, 64, 4095, 65536}) {
      ASSERT_EQ(serialize_with_buffers(file.bytes, {}, size), want) << file.name << " " << size;
    }
  }
}

// A source of its own: a document with one huge string, and a step per event.
struct big_string_source {
  std::string big;
  int step = 0;
  bool write_next(writer& w, std::error_code&) {
    switch (step++) {
      case 0:
        return w.on_array_begin();
      case 1:
        return w.on_string(big);
      case 2:
        return w.on_int64(42);
      case 3:
        return w.on_array_end();
      default:
        return false;
    }
  }
};

TEST(serializer, an_event_source_of_our_own_with_a_huge_string) {
  big_string_source source;
  for (int i = 0; i < 100000; ++i) source.big += "text \"with\" escapes\n ";
  std::string want;
  {
    writer w(want);
    w.on_array_begin();
    w.on_string(source.big);
    w.on_int64(42);
    w.on_array_end();
    ASSERT_TRUE(w.finish());
  }
  for (std::size_t size : {1, 100, 4096}) {
    source.step = 0;
    serializer s;
    s.reset(source);
    std::string out;
    std::vector<char> buffer(size);
    while (!s.done()) out += s.read(std::span<char>(buffer));
    ASSERT_EQ(out, want) << size;
  }
}

TEST(serializer, parse_errors_are_reported_with_their_details) {
  parsed_source source(R"({"a": [1, 2,]})", {}, 3);
  serializer s;
  s.reset(source);
  char buffer[4];
  std::error_code ec;
  std::string out;
  for (int i = 0; i < 100 && !ec && !s.done(); ++i) out.append(buffer, s.read(buffer, 4, ec));
  EXPECT_EQ(ec, parse_errc::expected_value);
  EXPECT_EQ(source.parse_error().offset, 12u);
  EXPECT_FALSE(s.done());
  EXPECT_EQ(s.read(buffer, 4, ec), 0u) << "the error sticks";
  EXPECT_EQ(out.substr(0, 9), R"({"a":[1,2)");
}

struct nan_source {
  int step = 0;
  bool write_next(writer& w, std::error_code&) {
    if (step++ == 0) return w.on_double(std::nan(""));
    return false;
  }
};

TEST(serializer, writer_errors_end_the_serialization) {
  nan_source source;
  serializer s;
  s.reset(source);
  char buffer[16];
  EXPECT_THROW(s.read(std::span<char>(buffer)), write_exception);
  EXPECT_EQ(s.error(), write_errc::non_finite_number);
}

TEST(serializer, is_reusable) {
  serializer s(write_options::pretty());
  for (int round = 0; round < 3; ++round) {
    parsed_source source(sample_json);
    s.reset(source);
    std::string out;
    char buffer[17];
    while (!s.done()) out += s.read(std::span<char>(buffer));
    EXPECT_EQ(out, pretty(sample_json));
  }
}

}  // namespace
}  // namespace jsonx::test
