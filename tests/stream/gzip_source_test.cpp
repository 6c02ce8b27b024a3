// gzip_source: gzip made in the test with Boost.Iostreams' gzip_compressor, read back through
// the source whatever the sizes of the reads below it and above it; several members; the
// plain input of gzip_or_plain; the header's optional fields; would_block; each kind of bad
// stream and the source's own errors, with their messages.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <boost/iostreams/device/back_inserter.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>

#include "gzip_compress.hpp"
#include "io_test_support.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/gzip_source.hpp"
#include "support/test_data.hpp"

namespace {

using jsonx::stream::gzip_errc;
using jsonx::stream::gzip_mode;
using jsonx::stream::gzip_source;
using jsonx::stream::read_result;
using jsonx::stream::read_status;

using jsonx::test::gzip;

// NDJSON of generated documents: large enough to take several of the decompressor's buffers.
const std::string& sample_text() {
  static const std::string text = [] {
    std::string out;
    for (const auto& doc : jsonx::test::generated_documents(3000, 7)) out += doc.bytes + "\n";
    return out;
  }();
  return text;
}

// Everything `in` gives, asked for `read_size` bytes at a time; would_block is retried (the
// test sources make bytes available at once). Stops at the first error, returned in `error`.
std::string read_all(jsonx::stream::source& in, std::size_t read_size,
                     read_result* error = nullptr) {
  std::string out;
  std::vector<char> buffer(read_size);
  for (;;) {
    const read_result r = in.read_some(buffer.data(), buffer.size());
    if (r.status == read_status::ok) {
      EXPECT_GE(r.bytes, 1u);
      EXPECT_LE(r.bytes, read_size);
      out.append(buffer.data(), r.bytes);
    } else if (r.status == read_status::end) {
      return out;
    } else if (r.status == read_status::error) {
      if (error != nullptr) *error = r;
      return out;
    }
  }
}

// The error a read of the whole of `compressed` ends with.
std::error_code error_of(const std::string& compressed) {
  jsonx::stream::memory_source bytes(compressed);
  gzip_source in(bytes);
  read_result error;
  read_all(in, 4096, &error);
  EXPECT_EQ(error.status, read_status::error);
  return error.error;
}

TEST(gzip_source, reads_of_one_byte_and_larger_below_and_above) {
  const std::string compressed = gzip(sample_text());
  ASSERT_LT(compressed.size(), sample_text().size() / 2);
  for (std::size_t below : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, compressed.size()}) {
    for (std::size_t above :
         {std::size_t{1}, std::size_t{3}, std::size_t{1000}, std::size_t{1} << 20}) {
      jsonx::stream::memory_source bytes(compressed, below);
      gzip_source in(bytes);
      EXPECT_TRUE(in.decompressing());
      EXPECT_EQ(read_all(in, above), sample_text())
          << "reads below " << below << ", above " << above;
    }
  }
}

TEST(gzip_source, small_buffers_and_random_cuts) {
  const std::string compressed = gzip(sample_text());
  for (std::size_t buffer_size : {std::size_t{1}, std::size_t{2}, std::size_t{100}}) {
    jsonx::test::trickle_source bytes(compressed, 50, buffer_size);
    gzip_source in(bytes, gzip_mode::gzip_only, buffer_size);
    EXPECT_EQ(read_all(in, 777), sample_text()) << "buffer size " << buffer_size;
  }
}

TEST(gzip_source, feeds_the_decoder) {
  const std::string compressed = gzip(sample_text());
  jsonx::stream::memory_source plain_bytes(sample_text());
  std::string expected;
  {
    jsonx::stream::decoder d(plain_bytes);
    for (jsonx::dom::document doc; d.decode(doc);) expected += jsonx::dom::to_string(doc) + "\n";
  }
  for (std::size_t chunk_size : {std::size_t{1}, std::size_t{100}, std::size_t{65536}}) {
    jsonx::stream::memory_source bytes(compressed, 1000);
    gzip_source in(bytes);
    jsonx::stream::decoder_options options;
    options.chunk_size = chunk_size;
    jsonx::stream::decoder d(in, options);
    std::string values;
    for (jsonx::dom::document doc; d.decode(doc);) values += jsonx::dom::to_string(doc) + "\n";
    EXPECT_EQ(values, expected) << "chunk size " << chunk_size;
  }
}

// `cat a.gz b.gz`: one stream of both members' bytes (gzip -d does the same).
TEST(gzip_source, several_members) {
  const std::string compressed = gzip("[1, 2]\n") + gzip("") + gzip(sample_text());
  for (std::size_t below : {std::size_t{1}, std::size_t{5}, compressed.size()}) {
    jsonx::stream::memory_source bytes(compressed, below);
    gzip_source in(bytes);
    EXPECT_EQ(read_all(in, 100), "[1, 2]\n" + sample_text()) << "reads below " << below;
  }
}

// The header's optional fields (RFC 1952, 2.3.1), which gzip_compressor does not all write:
// FEXTRA (empty or not), FNAME, FCOMMENT and FHCRC, read a byte at a time or all at once.
TEST(gzip_source, optional_header_fields) {
  const std::string compressed = gzip(sample_text());
  const std::string body = compressed.substr(10);  // deflate data and footer
  std::string all_fields = compressed.substr(0, 10);
  all_fields[3] = 0x02 | 0x04 | 0x08 | 0x10;
  all_fields += std::string(
      "\x08\x00"
      "AB\x04\x00"
      "data",
      10);  // XLEN 8: one subfield
  all_fields += std::string("name.json\0a comment\0\x12\x34", 22);
  std::string empty_extra = compressed.substr(0, 10);
  empty_extra[3] = 0x04;
  empty_extra += std::string("\x00\x00", 2);
  for (const std::string& header : {all_fields, empty_extra}) {
    const std::string stream = header + body;
    for (std::size_t below : {std::size_t{1}, std::size_t{4096}}) {
      jsonx::stream::memory_source bytes(stream, below);
      gzip_source in(bytes);
      EXPECT_EQ(read_all(in, 5000), sample_text()) << "reads below " << below;
    }
  }
}

// would_block from below comes up as would_block, and the next read resumes where it left off,
// wherever it happens: in a header, in the data, in a footer, between two members.
TEST(gzip_source, would_block_resumes) {
  const std::string compressed = gzip("[1, 2]\n") + gzip(sample_text()) + gzip("3\n");
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    jsonx::test::trickle_source bytes(compressed, 1 + seed % 9, seed, 3);
    gzip_source in(bytes, gzip_mode::gzip_only, 1 + seed % 5);
    std::string out;
    char buffer[333];
    std::size_t would_blocks = 0;
    for (;;) {
      const read_result r = in.read_some(buffer, sizeof buffer);
      if (r.status == read_status::ok) {
        out.append(buffer, r.bytes);
      } else if (r.status == read_status::would_block) {
        ++would_blocks;
      } else {
        EXPECT_EQ(r.status, read_status::end) << r.error.message();
        break;
      }
    }
    EXPECT_GT(would_blocks, 0u);
    EXPECT_EQ(out, "[1, 2]\n" + sample_text() + "3\n") << "seed " << seed;
  }
}

// A read returns what one read below gave, without asking again (which, on a pipe or a socket,
// would wait for bytes that may come much later).
TEST(gzip_source, returns_without_reading_again) {
  const std::string compressed = gzip(sample_text());
  const std::string_view first_half = std::string_view(compressed).substr(0, compressed.size() / 2);
  jsonx::test::failing_source bytes(first_half);  // EIO when asked again
  gzip_source in(bytes);
  std::vector<char> buffer(sample_text().size());
  const read_result r = in.read_some(buffer.data(), buffer.size());
  ASSERT_EQ(r.status, read_status::ok) << r.error.message();
  EXPECT_GT(r.bytes, 0u);
  EXPECT_EQ(std::string_view(buffer.data(), r.bytes), sample_text().substr(0, r.bytes));
}

TEST(gzip_source, gzip_or_plain_takes_plain_bytes_as_they_are) {
  for (std::string text : {std::string(), std::string("7"), std::string("\x1f"),
                           std::string("\x1f\x8a rest"), sample_text()}) {
    for (std::size_t below : {std::size_t{1}, std::size_t{4096}}) {
      jsonx::stream::memory_source bytes(text, below);
      gzip_source in(bytes, gzip_mode::gzip_or_plain);
      EXPECT_FALSE(in.decompressing());
      EXPECT_EQ(read_all(in, 1), text.substr(0, 1 << 20)) << text.substr(0, 10);
      EXPECT_FALSE(in.decompressing());
    }
  }
}

TEST(gzip_source, gzip_or_plain_decompresses_gzip) {
  const std::string compressed = gzip(sample_text());
  for (std::size_t below : {std::size_t{1}, std::size_t{4096}}) {
    jsonx::stream::memory_source bytes(compressed, below);
    gzip_source in(bytes, gzip_mode::gzip_or_plain);
    EXPECT_EQ(read_all(in, 1), sample_text());
    EXPECT_TRUE(in.decompressing());
  }
}

TEST(gzip_source, would_block_while_looking_for_the_magic) {
  const std::string compressed = gzip("[true]");
  jsonx::test::trickle_source bytes(compressed, 1, 5, 2);
  gzip_source in(bytes, gzip_mode::gzip_or_plain);
  std::string out;
  char buffer[64];
  for (;;) {
    const read_result r = in.read_some(buffer, sizeof buffer);
    if (r.status == read_status::ok) out.append(buffer, r.bytes);
    if (r.status == read_status::end || r.status == read_status::error) break;
  }
  EXPECT_EQ(out, "[true]");
  EXPECT_TRUE(in.decompressing());
}

TEST(gzip_source, not_gzip) {
  const std::error_code error = error_of("[1, 2, 3]");
  EXPECT_EQ(error, gzip_errc::bad_header);
  EXPECT_EQ(error.message(), "gzip header malformed");
  EXPECT_EQ(error, jsonx::condition::io_error);
  EXPECT_STREQ(error.category().name(), "jsonx.gzip");
  EXPECT_EQ(error_of(""), gzip_errc::bad_header);
}

TEST(gzip_source, truncated) {
  const std::string compressed = gzip(sample_text());
  // Cut inside the compressed data: the deflate stream never ends.
  const std::error_code cut_in_data = error_of(compressed.substr(0, compressed.size() / 2));
  EXPECT_EQ(cut_in_data, gzip_errc::truncated);
  EXPECT_EQ(cut_in_data.message(), "gzip data truncated");
  // Cut inside the 8-byte footer.
  const std::error_code cut_in_footer = error_of(compressed.substr(0, compressed.size() - 3));
  EXPECT_EQ(cut_in_footer, gzip_errc::bad_footer);
  EXPECT_EQ(cut_in_footer.message(), "gzip data truncated or its footer malformed");
}

TEST(gzip_source, corrupt) {
  std::string bad_crc = gzip(sample_text());
  bad_crc[bad_crc.size() - 6] ^= 0x40;  // in the footer's CRC-32
  EXPECT_EQ(error_of(bad_crc), gzip_errc::bad_crc);
  EXPECT_EQ(error_of(bad_crc).message(), "gzip data corrupt (CRC mismatch)");

  std::string bad_length = gzip(sample_text());
  bad_length[bad_length.size() - 2] ^= 0x01;  // in the footer's length (ISIZE)
  EXPECT_EQ(error_of(bad_length), gzip_errc::bad_length);
  EXPECT_EQ(error_of(bad_length).message(), "gzip data corrupt (length mismatch)");

  std::string reserved_flags = gzip("[1]");
  reserved_flags[3] = static_cast<char>(0x20);  // FLG bits 5 to 7 are reserved
  EXPECT_EQ(error_of(reserved_flags), gzip_errc::bad_header);

  std::string bad_method = gzip("[1]");
  bad_method[2] = 7;  // CM: 8 is deflate
  EXPECT_EQ(error_of(bad_method), gzip_errc::bad_method);

  // A deflate block of the reserved type 3 (the first byte after the 10-byte header).
  std::string bad_data = gzip(sample_text());
  bad_data[10] = static_cast<char>(0x07);
  const std::error_code error = error_of(bad_data);
  EXPECT_EQ(error, gzip_errc::corrupt_data);
  EXPECT_EQ(error.message(), "gzip data corrupt (zlib error -3)");
  EXPECT_EQ(error, jsonx::condition::io_error);
}

TEST(gzip_source, errors_of_the_source_below_pass_through_and_stick) {
  const std::string compressed = gzip(sample_text());
  jsonx::test::failing_source bytes(std::string_view(compressed).substr(0, 500));
  gzip_source in(bytes);
  read_result error;
  const std::string out = read_all(in, 100, &error);
  EXPECT_FALSE(out.empty());
  EXPECT_EQ(out, sample_text().substr(0, out.size()));
  EXPECT_EQ(error.error, std::error_code(EIO, std::system_category()));
  char buffer[8];
  EXPECT_EQ(in.read_some(buffer, sizeof buffer).error, error.error);

  // The same before the magic is known.
  jsonx::test::failing_source nothing("");
  gzip_source detecting(nothing, gzip_mode::gzip_or_plain);
  EXPECT_EQ(detecting.read_some(buffer, sizeof buffer).error,
            std::error_code(EIO, std::system_category()));
  EXPECT_EQ(detecting.read_some(buffer, sizeof buffer).status, read_status::error);
}

TEST(gzip_source, a_bad_stream_is_an_io_error_of_the_decoder) {
  std::string compressed = gzip("[1, 2, 3] [4, 5]");
  compressed.resize(compressed.size() - 4);
  jsonx::stream::memory_source bytes(compressed);
  gzip_source in(bytes);
  jsonx::stream::decoder d(in);
  jsonx::dom::document doc;
  jsonx::stream::stream_error error;
  jsonx::stream::decode_status status;
  while ((status = d.decode(doc, error)) == jsonx::stream::decode_status::value) {
  }
  EXPECT_EQ(status, jsonx::stream::decode_status::error);
  EXPECT_EQ(error.code, gzip_errc::bad_footer);
  EXPECT_EQ(error.code, jsonx::condition::io_error);
}

}  // namespace
