// The decoder: every target kind, framing, errors with their place, nothing lost between
// values, the same values however the source cuts the stream, would_block and resumption.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "io_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/dom/dom_builder.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/push_decoder.hpp"
#include "support/event_recorder.hpp"
#include "support/test_data.hpp"

namespace {

using jsonx::stream::decode_status;
using jsonx::stream::decoder;
using jsonx::stream::decoder_options;
using jsonx::stream::framing;
using jsonx::stream::memory_source;
using jsonx::stream::stream_error;

struct point {
  int x = 0;
  int y = 0;
};
JSONX_DESCRIBE(point, x, y)

// Every value of `input` as compact JSON, one per line; "!<message>" for an error.
std::string decode_all(jsonx::stream::source& in, decoder_options options = {}) {
  decoder d(in, options);
  jsonx::dom::document doc;
  std::string out;
  stream_error error;
  for (;;) {
    const decode_status s = d.decode(doc, error);
    if (s == decode_status::value) {
      out += jsonx::dom::to_string(doc) + "\n";
    } else if (s == decode_status::would_block) {
      continue;
    } else {
      if (s == decode_status::error) out += "!" + error.message() + "\n";
      if (s == decode_status::end_of_stream || d.failed()) return out;
    }
  }
}

std::string decode_all(std::string_view input, decoder_options options = {}) {
  memory_source in(input);
  return decode_all(in, options);
}

TEST(decoder_targets, document) {
  memory_source in(R"({"a": 1} [2, 3]"s"  4 null true)");
  decoder d(in);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(doc.root().at("a").get_int64(), 1);
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(doc.root().at(1).get_int64(), 3);
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(doc.root().get_string(), "s");
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(doc.root().get_int64(), 4);
  ASSERT_TRUE(d.decode(doc));
  EXPECT_TRUE(doc.root().is_null());
  ASSERT_TRUE(d.decode(doc));
  EXPECT_TRUE(doc.root().get_bool());
  EXPECT_FALSE(d.decode(doc));
  EXPECT_FALSE(d.would_block());
  EXPECT_EQ(d.values_decoded(), 6u);
}

TEST(decoder_targets, mutable_value_typed_and_handlers) {
  memory_source in(R"({"k": [1, {"z": null}]} {"x": 3, "y": -4} [true, "t"] {"n": 1.5})");
  decoder d(in);
  jsonx::dom::value v;
  ASSERT_TRUE(d.decode(v));
  EXPECT_TRUE(v.at("k").at(1).at("z").is_null());
  point p;
  ASSERT_TRUE(d.decode(p));
  EXPECT_EQ(p.x, 3);
  EXPECT_EQ(p.y, -4);
  jsonx::test::event_recorder<> recorder;
  ASSERT_TRUE(d.decode(recorder));
  EXPECT_EQ(recorder.log(), "[\nt\ns1:t\n]2\n");
  std::string rewritten;
  jsonx::writer w(rewritten);
  ASSERT_TRUE(d.decode(w));  // the writer is a handler: parse -> write
  w.flush();
  EXPECT_EQ(rewritten, R"({"n":1.5})");
  EXPECT_FALSE(d.decode(v));
}

TEST(decoder_targets, typed_error_has_path_and_place) {
  memory_source in("{\"x\": 1, \"y\": 2}\n{\"x\": 1, \"y\": \"two\"}");
  decoder d(in);
  point p;
  stream_error error;
  ASSERT_EQ(d.decode(p, error), decode_status::value);
  ASSERT_EQ(d.decode(p, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::bind_errc::type_mismatch);
  EXPECT_EQ(error.path, "/y");
  EXPECT_EQ(error.line, 2u);
  EXPECT_EQ(error.column, 15u);
  EXPECT_EQ(error.offset, 31u);
  EXPECT_EQ(error.value_index, 1u);
  EXPECT_EQ(error.expected_type, "std::int32_t");  // the C++ type that refused the value
  EXPECT_EQ(error.found_kind, jsonx::json_kind::string);
  EXPECT_NE(error.message().find("line 2, column 15"), std::string::npos) << error.message();
}

TEST(decoder_errors, end_of_input_inside_a_value) {
  memory_source in("[1] [2,\n 3");
  decoder d(in);
  jsonx::dom::document doc;
  stream_error error;
  ASSERT_EQ(d.decode(doc, error), decode_status::value);
  ASSERT_EQ(d.decode(doc, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  EXPECT_EQ(error.offset, 10u);
  EXPECT_EQ(error.line, 2u);
  EXPECT_EQ(error.column, 3u);
  EXPECT_TRUE(error.inside_value);
  EXPECT_TRUE(doc.empty());
  // Final: the same error again.
  stream_error again;
  EXPECT_EQ(d.decode(doc, again), decode_status::error);
  EXPECT_EQ(again.offset, 10u);
  EXPECT_TRUE(d.failed());
}

TEST(decoder_errors, io_error_inside_a_value) {
  jsonx::test::failing_source in(R"({"a": 1} {"b": [1, 2)");
  decoder d(in);
  jsonx::dom::document doc;
  stream_error error;
  ASSERT_EQ(d.decode(doc, error), decode_status::value);
  ASSERT_EQ(d.decode(doc, error), decode_status::error);
  EXPECT_EQ(error.code, std::error_code(EIO, std::system_category()));
  EXPECT_EQ(error.offset, 20u);
  EXPECT_TRUE(error.inside_value);
  EXPECT_NE(error.message().find("inside a value"), std::string::npos);
  EXPECT_THROW(d.decode(doc), jsonx::stream::stream_exception);
}

TEST(decoder_errors, syntax_error_located_in_the_stream) {
  memory_source in("{\"a\": 1}\n\n  {\"b\": 2 \"c\": 3}");
  decoder d(in);
  jsonx::dom::document doc;
  stream_error error;
  ASSERT_EQ(d.decode(doc, error), decode_status::value);
  ASSERT_EQ(d.decode(doc, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::parse_errc::expected_object_comma);
  EXPECT_EQ(error.line, 3u);
  EXPECT_EQ(error.column, 11u);
  EXPECT_EQ(error.offset, 20u);
  EXPECT_EQ(error.excerpt.substr(error.excerpt_caret, 3), "\"c\"");
}

TEST(decoder_state, bytes_after_a_value_stay_buffered) {
  memory_source in(R"({"a": [1]}  ["rest", 2])");
  decoder d(in);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(d.input_offset(), 10u);
  EXPECT_EQ(d.buffered(), R"(  ["rest", 2])");
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(jsonx::dom::to_string(doc), R"(["rest",2])");
  EXPECT_EQ(d.buffered(), "");
}

TEST(decoder_state, reads_no_more_than_the_chunk_size) {
  std::string input;
  for (int i = 0; i < 200; ++i) input += "[" + std::to_string(i) + "]\n";
  struct recording_source final : jsonx::stream::source {
    memory_source inner;
    std::size_t largest_request = 0;
    explicit recording_source(std::string_view s) : inner(s) {}
    jsonx::stream::read_result read_some(char* buffer, std::size_t size) override {
      largest_request = std::max(largest_request, size);
      return inner.read_some(buffer, size);
    }
  } in(input);
  decoder_options options;
  options.chunk_size = 100;
  EXPECT_EQ(decode_all(in, options).size(), input.size());
  EXPECT_EQ(in.largest_request, 100u);
}

// A source that copies, as sources of files and sockets do (memory_source lends its bytes).
class copying_source final : public jsonx::stream::source {
 public:
  copying_source(std::string_view bytes, std::size_t max_read) : inner_(bytes, max_read) {}
  jsonx::stream::read_result read_some(char* buffer, std::size_t size) override {
    return inner_.read_some(buffer, size);
  }

 private:
  memory_source inner_;
};

TEST(decoder_sources, memory_is_parsed_in_place) {
  const std::string input = R"({"a": [1]}  ["rest", 2])";
  memory_source in(input);
  decoder d(in);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  // No copy: what is left to read is the caller's own bytes.
  EXPECT_EQ(d.buffered().data(), input.data() + 10);
  std::string_view raw;
  std::string spill;
  ASSERT_TRUE(d.read_value(raw, spill));
  EXPECT_EQ(raw, R"(["rest", 2])");
  EXPECT_EQ(raw.data(), input.data() + 12);
}

TEST(decoder_sources, lent_pieces_decode_as_copied_reads) {
  // Every framing, with bad records among good ones: lent pieces of every size give the same
  // values and errors as the same pieces copied into the decoder's buffer.
  std::string stream;
  for (const auto& doc : jsonx::test::generated_documents(300, 5)) stream += doc.bytes + "\n";
  stream += "[1,\n{\"a\" 3}\n4 5\n\"six\"\n";
  for (framing f : {framing::whitespace, framing::ndjson}) {
    decoder_options options;
    options.separation = f;
    options.skip_bad_records = f == framing::ndjson;
    options.chunk_size = 512;
    for (std::size_t max_read : {1, 3, 64, 1000, 1 << 20}) {
      memory_source lent(stream, max_read);
      copying_source copied(stream, max_read);
      const std::string from_lent = decode_all(lent, options);
      ASSERT_EQ(from_lent, decode_all(copied, options))
          << "pieces of " << max_read << ", framing " << static_cast<int>(f);
      ASSERT_NE(from_lent.find('!'), std::string::npos);  // the bad records were reported
    }
  }
}

// The same values whatever the sizes of the reads: 1..N bytes per read, with small buffers.
TEST(decoder_chunks, same_values_however_the_source_cuts) {
  std::string stream;
  for (const auto& doc : jsonx::test::generated_documents(2000, 3)) stream += doc.bytes + "\n";
  for (const auto& doc : jsonx::test::conformance_files("y_")) stream += doc->bytes + " ";
  stream += "1 2 3 \"end\"";
  const std::string expected = decode_all(stream);
  ASSERT_EQ(expected.find('!'), std::string::npos) << expected.substr(expected.find('!'), 200);
  for (std::size_t max_read : {1, 2, 3, 7, 64, 1000}) {
    for (std::size_t chunk_size : {1, 5, 64, 4096}) {
      jsonx::test::trickle_source in(stream, max_read, max_read * 31 + chunk_size);
      decoder_options options;
      options.chunk_size = chunk_size;
      ASSERT_EQ(decode_all(in, options), expected)
          << "reads of 1.." << max_read << ", chunk size " << chunk_size;
    }
  }
}

TEST(decoder_chunks, would_block_resumes_the_value) {
  const std::string stream =
      R"({"long string": "abcdefghijklmnopqrstuvwxyz", "n": [1.5e300, -7, 123456789012345678901234]} "x" 12 [[]])";
  const std::string expected = decode_all(stream);
  jsonx::test::trickle_source in(stream, 3, 5, /*would_block_every=*/2);
  decoder d(in);
  jsonx::dom::document doc;
  stream_error error;
  std::string out;
  std::size_t would_blocks = 0;
  for (;;) {
    const decode_status s = d.decode(doc, error);
    if (s == decode_status::would_block) {
      ++would_blocks;
      EXPECT_TRUE(d.would_block());
      continue;
    }
    if (s != decode_status::value) break;
    out += jsonx::dom::to_string(doc) + "\n";
  }
  EXPECT_EQ(out, expected);
  EXPECT_GT(would_blocks, 10u);
}

TEST(decoder_chunks, a_half_decoded_value_belongs_to_its_target) {
  jsonx::test::trickle_source in(R"({"a": [1, 2, 3]})", 2, 1, 2);
  decoder d(in);
  jsonx::dom::document doc;
  jsonx::dom::document other;
  stream_error error;
  decode_status s = decode_status::would_block;
  while ((s = d.decode(doc, error)) == decode_status::would_block) {
    if (d.input_offset() > 0) {
      EXPECT_EQ(d.decode(other, error), decode_status::error);
      EXPECT_EQ(error.code, jsonx::stream::stream_errc::value_in_progress);
    }
  }
  ASSERT_EQ(s, decode_status::value);
  EXPECT_EQ(jsonx::dom::to_string(doc), R"({"a":[1,2,3]})");
}

TEST(decoder_framing, ndjson_one_value_per_line) {
  decoder_options options;
  options.separation = framing::ndjson;
  EXPECT_EQ(decode_all("{\"a\": 1}\n\n[2]  \r\n3\n", options), "{\"a\":1}\n[2]\n3\n");
  // Two values on a line, a value across lines: errors, at the line they are on.
  const std::string two = decode_all("1\n2 3\n4\n", options);
  EXPECT_EQ(two.substr(0, 4), "1\n2\n") << two;
  EXPECT_NE(two.find("!line 2, column 3"), std::string::npos) << two;
  const std::string across = decode_all("[1,\n2]\n", options);
  EXPECT_NE(across.find("!line 1, column 4"), std::string::npos) << across;
}

TEST(decoder_framing, ndjson_bad_lines_skipped_with_their_numbers) {
  decoder_options options;
  options.separation = framing::ndjson;
  options.skip_bad_records = true;
  const std::string out = decode_all("1\n[2,\n{\"a\" 3}\n4 5\n\"six\"\n", options);
  std::vector<std::string> lines;
  for (std::size_t at = 0, nl; (nl = out.find('\n', at)) != std::string::npos; at = nl + 1)
    lines.push_back(out.substr(at, nl - at));
  ASSERT_EQ(lines.size(), 6u) << out;
  EXPECT_EQ(lines[0], "1");
  EXPECT_EQ(lines[1].rfind("!line 2, column 4 (byte 5): ", 0), 0u) << lines[1];   // cut short
  EXPECT_EQ(lines[2].rfind("!line 3, column 6 (byte 11): ", 0), 0u) << lines[2];  // no ':'
  EXPECT_EQ(lines[3], "4");
  EXPECT_EQ(lines[4].rfind("!line 4, column 3 (byte 16): ", 0), 0u) << lines[4];  // 2 values
  EXPECT_EQ(lines[5], "\"six\"");
}

// Records decoded into documents are parsed before their end is known, and searched for a
// newline after (decoder::run_value()); a handler's events take the bounded way, each line's end
// found first. Both give the same values and errors: for records far longer than the previous
// ones (longer than the bytes parsed first), newlines inside records before and past those
// bytes, two values on a line, and records cut by the source's pieces, lent or copied.
TEST(decoder_framing, ndjson_records_parsed_before_their_end_is_found_decode_as_bounded_ones) {
  std::mt19937_64 random(7);
  std::string stream;
  for (int i = 0; i < 400; ++i) {
    std::string record = "{\"id\":" + std::to_string(i) + ",\"v\":[";
    const std::uint64_t elements = random() % 8 == 0 ? 300 + random() % 2000 : random() % 20;
    for (std::uint64_t k = 0; k < elements; ++k) {
      if (k != 0) record += ',';
      record += std::to_string(random() % 100000);
    }
    record += "],\"s\":\"text\"}";
    const auto break_line_at = [&record](std::size_t at) {
      record = record.substr(0, at) + "\n" + record.substr(at);
    };
    switch (random() % 10) {
      case 0:  // a line break between two tokens (the record's two lines are both bad)
        break_line_at(record.find(',', random() % record.size()) + 1);
        break;
      case 1:  // a line break anywhere: inside a number or string too
        break_line_at(random() % record.size());
        break;
      case 2:  // a second value on the line
        record += " 5";
        break;
      default:
        break;
    }
    stream += record + "\n";
  }
  decoder_options options;
  options.separation = framing::ndjson;
  options.skip_bad_records = true;
  for (const std::size_t piece : {std::size_t{64}, std::size_t{1000}, std::size_t{1} << 30}) {
    for (const bool lent : {true, false}) {
      SCOPED_TRACE(testing::Message() << "pieces of " << piece << (lent ? ", lent" : ", copied"));
      memory_source lent_a(stream, piece), lent_b(stream, piece);
      copying_source copied_a(stream, piece), copied_b(stream, piece);
      decoder_options small_buffer = options;
      small_buffer.chunk_size = 4096;
      decoder documents(lent ? static_cast<jsonx::stream::source&>(lent_a) : copied_a,
                        small_buffer);
      decoder events(lent ? static_cast<jsonx::stream::source&>(lent_b) : copied_b, small_buffer);
      memory_source lent_c(stream, piece);  // read_value(): validated, parsed first too
      copying_source copied_c(stream, piece);
      decoder raw_values(lent ? static_cast<jsonx::stream::source&>(lent_c) : copied_c,
                         small_buffer);
      jsonx::dom::document doc, built;
      jsonx::dom::dom_builder builder(built);
      std::size_t values = 0, errors = 0;
      for (;;) {
        stream_error from_documents, from_events, from_raw;
        const decode_status s = documents.decode(doc, from_documents);
        builder.reset();
        ASSERT_EQ(events.decode(builder, from_events), s) << "value " << values + errors;
        std::string_view raw;
        std::string spill;
        ASSERT_EQ(raw_values.read_value(raw, spill, from_raw), s) << "value " << values + errors;
        if (s == decode_status::end_of_stream) break;
        if (s == decode_status::value) {
          ++values;
          ASSERT_EQ(jsonx::dom::to_string(doc), jsonx::dom::to_string(built));
          ASSERT_EQ(raw, jsonx::dom::to_string(built));  // (the records hold no spaces)
        } else {
          ++errors;
          for (const stream_error* e : {&from_documents, &from_raw}) {
            ASSERT_EQ(e->code, from_events.code) << e->message();
            ASSERT_EQ(e->offset, from_events.offset) << e->message();
            ASSERT_EQ(e->line, from_events.line);
            ASSERT_EQ(e->column, from_events.column);
          }
        }
      }
      EXPECT_GT(values, 250u);
      EXPECT_GT(errors, 80u);
    }
  }
}

TEST(decoder_framing, ndjson_read_and_skip_value_pass_over_a_line_that_starts_badly) {
  // A record that starts with ',' or ']' is a bad record, skipped as decode() skips it (it was
  // an error that left the decoder where it was: a loop reading to the end never ended).
  const std::string input = "1\n,2\n]\n[3]\n";
  decoder_options options;
  options.separation = framing::ndjson;
  options.skip_bad_records = true;
  memory_source in(input);
  decoder d(in, options);
  std::string_view raw;
  std::string spill;
  stream_error error;
  ASSERT_EQ(d.read_value(raw, spill, error), decode_status::value);
  EXPECT_EQ(raw, "1");
  ASSERT_EQ(d.read_value(raw, spill, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::parse_errc::expected_value);
  EXPECT_EQ(error.line, 2u);
  ASSERT_EQ(d.skip_value(error), decode_status::error);
  EXPECT_EQ(error.line, 3u);
  ASSERT_EQ(d.read_value(raw, spill, error), decode_status::value);
  EXPECT_EQ(raw, "[3]");
  EXPECT_EQ(d.skip_value(error), decode_status::end_of_stream);
}

TEST(decoder_framing, ndjson_100000_lines_with_bad_lines) {
  std::string stream;
  std::vector<std::uint64_t> bad_lines;
  for (int i = 1; i <= 100000; ++i) {
    if (i % 9973 == 0) {
      stream += "{\"id\": " + std::to_string(i) + ", \"name\": \"broken\"\n";  // unterminated
      bad_lines.push_back(static_cast<std::uint64_t>(i));
    } else {
      stream += "{\"id\": " + std::to_string(i) + ", \"tags\": [\"x\", \"y\"], \"ok\": true}\n";
    }
  }
  jsonx::stream::memory_source in(stream, 65536);
  decoder_options options;
  options.separation = framing::ndjson;
  options.skip_bad_records = true;
  decoder d(in, options);
  jsonx::dom::document doc;
  stream_error error;
  std::vector<std::uint64_t> reported;
  std::int64_t expected_id = 1;
  std::size_t good = 0;
  bool in_order = true;
  for (decode_status s; (s = d.decode(doc, error)) != decode_status::end_of_stream;) {
    if (s == decode_status::error) {
      reported.push_back(error.line);
      EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
      expected_id = static_cast<std::int64_t>(error.line) + 1;
      continue;
    }
    ASSERT_EQ(s, decode_status::value);
    in_order = in_order && doc.root().at("id").get_int64() == expected_id;
    ++expected_id;
    ++good;
  }
  EXPECT_TRUE(in_order);
  EXPECT_EQ(reported, bad_lines);
  EXPECT_EQ(good, 100000 - bad_lines.size());
  EXPECT_EQ(d.line(), 100001u);
}

TEST(decoder_framing, json_seq_records) {
  decoder_options options;
  options.separation = framing::json_seq;
  EXPECT_EQ(decode_all("\x1E{\"a\": 1}\n\x1E[2]\n\x1E\x1E 3\n", options), "{\"a\":1}\n[2]\n3\n");
  const std::string missing = decode_all(
      "\x1E"
      "1\n2\n",
      options);
  EXPECT_NE(missing.find("record separator"), std::string::npos) << missing;
  // A truncated record is reported and skipped: the next RS starts the next value.
  options.skip_bad_records = true;
  const std::string truncated = decode_all(
      "\x1E[1, 2\n\x1E"
      "3\n\x1E{\"b\":\n\x1E"
      "4\n",
      options);
  EXPECT_EQ(truncated.substr(0, 1), "!") << truncated;
  EXPECT_NE(truncated.find("\n3\n!"), std::string::npos) << truncated;
  EXPECT_EQ(truncated.substr(truncated.size() - 2), "4\n") << truncated;
}

TEST(decoder_options, use_number_keeps_number_text) {
  memory_source in("[1.50, 10, 1e400, 123456789012345678901234] 2.0");
  decoder d(in);
  d.use_number();
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  EXPECT_EQ(doc.root().at(0).get_raw_number(), "1.50");
  EXPECT_EQ(doc.root().at(1).get_raw_number(), "10");
  jsonx::test::event_recorder<> recorder;
  ASSERT_TRUE(d.decode(recorder));
  EXPECT_EQ(recorder.log(), "x2.0\n");
}

TEST(decoder_options, disallow_unknown_fields) {
  memory_source in(R"({"x": 1, "y": 2, "z": 3} {"x": 1, "y": 2, "z": 3})");
  decoder d(in);
  point p;
  ASSERT_TRUE(d.decode(p));  // ignored by default
  d.disallow_unknown_fields();
  stream_error error;
  ASSERT_EQ(d.decode(p, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::bind_errc::unknown_field);
  EXPECT_EQ(error.path, "/z");
}

TEST(decoder_options, limits_apply_to_each_value) {
  decoder_options options;
  options.decoding.parse.max_depth = 3;
  const std::string out = decode_all("[[[1]]] [[[[2]]]]", options);
  EXPECT_EQ(out.substr(0, 8), "[[[1]]]\n");
  EXPECT_NE(out.find("!line 1, column 12"), std::string::npos) << out;
}

TEST(push_decoder, values_delivered_as_they_complete) {
  jsonx::stream::push_decoder d;
  jsonx::dom::document doc;
  std::vector<std::string> values;
  const std::string stream = R"({"a": "bc"} [1, 2] 345 "x" 67)";
  for (char c : stream) {
    d.feed(std::string_view(&c, 1));
    while (d.decode(doc)) values.push_back(jsonx::dom::to_string(doc));
    EXPECT_TRUE(d.would_block());
  }
  // 67 is complete only once the end (or something else) follows it.
  EXPECT_EQ(values, (std::vector<std::string>{R"({"a":"bc"})", "[1,2]", "345", "\"x\""}));
  d.close();
  while (d.decode(doc)) values.push_back(jsonx::dom::to_string(doc));
  EXPECT_EQ(values.back(), "67");
  EXPECT_FALSE(d.would_block());
  EXPECT_EQ(d.pending_bytes(), 0u);
}

TEST(push_decoder, closed_inside_a_value) {
  jsonx::stream::push_decoder d;
  d.feed("[1, 2");
  jsonx::dom::document doc;
  stream_error error;
  EXPECT_EQ(d.decode(doc, error), decode_status::would_block);
  d.close();
  EXPECT_EQ(d.decode(doc, error), decode_status::error);
  EXPECT_EQ(error.code, jsonx::parse_errc::incomplete_input);
  EXPECT_EQ(error.offset, 5u);
}

// ---- the parsers' kept index (jsonx/sax/lookahead.hpp) -------------------------------------

// Each record's outcome: its value as compact JSON, or its error's code and place.
std::string outcome_line(const jsonx::dom::document& doc) {
  return jsonx::dom::to_string(doc);
}
std::string outcome_line(const stream_error& e, std::uint64_t offset, std::uint64_t line) {
  return "!" + e.code.message() + " at " + std::to_string(offset) + " (" + std::to_string(line) +
         ":" + std::to_string(e.column) + ")";
}

std::vector<std::string> decode_records(jsonx::stream::source& in, decoder_options options) {
  options.separation = framing::ndjson;
  options.skip_bad_records = true;
  decoder d(in, options);
  jsonx::dom::document doc;
  stream_error error;
  std::vector<std::string> out;
  for (;;) {
    const decode_status s = d.decode(doc, error);
    if (s == decode_status::value) {
      out.push_back(outcome_line(doc));
    } else if (s == decode_status::error) {
      out.push_back(outcome_line(error, error.offset, error.line));
      if (d.failed()) return out;
    } else if (s == decode_status::end_of_stream) {
      return out;
    }
  }
}

// Records that end well and badly (cut strings, escapes and UTF-8 sequences at the line's end,
// bytes no value may hold), in a random order: each parser indexes ahead over the next ones.
std::string mixed_records(std::size_t count, std::uint64_t seed) {
  static const char* const records[] = {R"({"id":1,"tags":["a","b"],"ok":true,"x":-1.25e2})",
                                        "[1,2,{\"k\":null}]",
                                        "\"s\"",
                                        "42",
                                        "true",
                                        "{\"name\":\"\xc3\xa9t\xc3\xa9\",\"esc\":\"\\n\\u00e9\"}",
                                        "{\"a\":1",
                                        "\"cut \xe6\x97",
                                        "\"bad \\u12",
                                        "tru",
                                        "1 2",
                                        "\"\xff\"",
                                        "[1,,2]",
                                        "",
                                        "   ",
                                        "{\"a\":\"line\"}  ",
                                        "-0.0",
                                        "\"ctl \x01\"",
                                        "{\"deep\":[[[[]]]]}"};
  std::mt19937_64 random(seed);
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    text += records[random() % std::size(records)];
    text += '\n';
  }
  return text;
}

TEST(decoder_kept_index, records_come_out_as_each_line_decoded_alone) {
  const std::string text = mixed_records(400, 11);
  // The reference: a fresh decoder on each line by itself, its places moved to the line's.
  std::vector<std::string> expected;
  std::size_t line_start = 0;
  for (std::uint64_t line = 1; line_start < text.size(); ++line) {
    const std::size_t end = text.find('\n', line_start);
    const std::string_view record(text.data() + line_start, end - line_start);
    memory_source alone(record);
    decoder_options options;
    options.separation = framing::ndjson;
    decoder d(alone, options);
    jsonx::dom::document doc;
    stream_error error;
    const decode_status s = d.decode(doc, error);
    if (s == decode_status::value) {
      expected.push_back(outcome_line(doc));
      if (d.decode(doc, error) == decode_status::error)  // "1 2": the second value is the error
        expected.push_back(outcome_line(error, line_start + error.offset, line));
    } else if (s == decode_status::error) {
      expected.push_back(outcome_line(error, line_start + error.offset, line));
    }
    line_start = end + 1;
  }
  // From memory in place (one buffer, or pieces), and copied into the decoder's own buffer
  // by reads of random sizes: a refilled buffer must never be read through an old index.
  for (std::size_t max_read :
       {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{1000}, text.size()}) {
    memory_source in(text, max_read);
    EXPECT_EQ(decode_records(in, {}), expected) << "memory, reads of " << max_read;
    for (std::size_t chunk_size : {16, 100, 4096}) {
      jsonx::test::trickle_source trickle(text, max_read, max_read + chunk_size);
      decoder_options options;
      options.chunk_size = chunk_size;
      EXPECT_EQ(decode_records(trickle, options), expected)
          << "copied, reads of up to " << max_read << ", chunk size " << chunk_size;
    }
  }
}

TEST(decoder_kept_index, concatenated_values_are_the_same_however_read) {
  std::string text;
  for (int i = 0; i < 300; ++i)
    text += i % 3 == 0   ? "{\"n\":" + std::to_string(i) + ",\"s\":\"\xc3\xa9\"} "
            : i % 3 == 1 ? "[" + std::to_string(i) + ",\"x\"]\n"
                         : std::to_string(i) + " ";
  text += "[1,2";                       // cut by the end
  memory_source byte_by_byte(text, 1);  // a buffer a byte: nothing indexed ahead
  const std::string expected = decode_all(byte_by_byte);
  ASSERT_NE(expected.find("!"), std::string::npos);
  memory_source whole(text);
  EXPECT_EQ(decode_all(whole), expected);
  for (std::size_t max_read : {3, 50, 700}) {
    jsonx::test::trickle_source trickle(text, max_read, max_read);
    decoder_options options;
    options.chunk_size = 256;
    EXPECT_EQ(decode_all(trickle, options), expected) << "reads of up to " << max_read;
  }
}

}  // namespace
