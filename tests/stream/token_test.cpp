// token(): the walk token by token gives exactly the parser's events (written in the same
// event-log form), on the conformance files, the corpus and generated documents, whatever
// the source's cuts; and the same verdict as the parser on invalid input.
#include <gtest/gtest.h>

#include <string>

#include "io_test_support.hpp"
#include "jsonx/stream/decoder.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace {

using jsonx::stream::decode_status;
using jsonx::stream::decoder;
using jsonx::stream::stream_error;

// The parser's events for a stream of values (multiple_values), and whether it accepts.
jsonx::test::parse_outcome parser_events(std::string_view input) {
  jsonx::parse_options options;
  options.multiple_values = true;
  return jsonx::test::parse_chunked_fresh<jsonx::test::event_recorder<>>(
      input, jsonx::test::chunking::whole(), options);
}

struct walk_result {
  bool accepted = false;
  std::string log;
  stream_error error;
};

walk_result token_walk(jsonx::stream::source& in, std::size_t chunk_size) {
  jsonx::stream::decoder_options options;
  options.chunk_size = chunk_size;
  decoder d(in, options);
  walk_result r;
  r.accepted = jsonx::test::token_log(d, r.log, r.error);
  return r;
}

walk_result token_walk(std::string_view input, std::size_t chunk_size = 65536) {
  jsonx::stream::memory_source in(input);
  return token_walk(in, chunk_size);
}

void expect_same_walk(const std::string& name, std::string_view bytes) {
  const auto expected = parser_events(bytes);
  ASSERT_TRUE(expected.accepted) << name;
  const walk_result whole = token_walk(bytes);
  ASSERT_TRUE(whole.accepted) << name << ": " << whole.error.message();
  EXPECT_EQ(jsonx::test::describe_difference(expected.log, whole.log), "") << name;
  // Cut into reads of 1..13 bytes, in a 16-byte buffer: tokens cut everywhere.
  jsonx::test::trickle_source in(bytes, 13, bytes.size());
  const walk_result cut = token_walk(in, 16);
  ASSERT_TRUE(cut.accepted) << name << " (cut): " << cut.error.message();
  EXPECT_EQ(jsonx::test::describe_difference(expected.log, cut.log), "") << name << " (cut)";
}

TEST(token_walk, equals_the_parser_events_on_conformance_y_files) {
  const auto files = jsonx::test::conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite not found (JSONX_CONFORMANCE_DIR)";
  for (const auto* file : files) expect_same_walk(file->name, file->bytes);
}

TEST(token_walk, equals_the_parser_events_on_the_corpus) {
  const auto& files = jsonx::test::corpus_files();
  if (files.empty()) GTEST_SKIP() << "corpus not found (JSONX_CORPUS_DIR)";
  for (const auto& file : files) {
    const auto expected = parser_events(file.bytes);
    const walk_result walk = token_walk(file.bytes, 4096);
    ASSERT_TRUE(walk.accepted) << file.name << ": " << walk.error.message();
    EXPECT_EQ(jsonx::test::describe_difference(expected.log, walk.log), "") << file.name;
  }
}

TEST(token_walk, equals_the_parser_events_on_generated_streams) {
  std::string stream;
  for (const auto& doc : jsonx::test::generated_documents(3000, 2)) {
    expect_same_walk(doc.name, doc.bytes);
    stream += doc.bytes + "\n";
  }
  expect_same_walk("all, concatenated", stream);
}

// Invalid input: the walk fails wherever the parser does (and accepts what it accepts, as a
// stream of values), on every n_ and i_ file.
TEST(token_walk, same_verdict_as_the_parser_on_n_and_i_files) {
  auto files = jsonx::test::conformance_files("n_");
  const auto implementation_defined = jsonx::test::conformance_files("i_");
  files.insert(files.end(), implementation_defined.begin(), implementation_defined.end());
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite not found (JSONX_CONFORMANCE_DIR)";
  for (const auto* file : files) {
    const auto expected = parser_events(file->bytes);
    const walk_result walk = token_walk(file->bytes);
    EXPECT_EQ(walk.accepted, expected.accepted)
        << file->name << ": " << jsonx::test::verdict(expected) << " / " << walk.error.message();
    if (walk.accepted && expected.accepted) {
      EXPECT_EQ(walk.log, expected.log) << file->name;
    }
  }
}

TEST(token_walk, errors_are_located) {
  walk_result r = token_walk("[1, 2 3]");
  EXPECT_FALSE(r.accepted);
  EXPECT_EQ(r.error.code, jsonx::parse_errc::expected_array_comma);
  EXPECT_EQ(r.error.offset, 6u);
  r = token_walk("{\"a\": 1,\n 2: 3}");
  EXPECT_EQ(r.error.code, jsonx::parse_errc::expected_key_after_comma);
  EXPECT_EQ(r.error.line, 2u);
  EXPECT_EQ(r.error.column, 2u);
  r = token_walk("[\"abc\\x\"]");
  EXPECT_EQ(r.error.code, jsonx::parse_errc::invalid_escape);
  r = token_walk("[[1]");
  EXPECT_EQ(r.error.code, jsonx::parse_errc::incomplete_input);
  EXPECT_EQ(r.error.offset, 4u);
}

TEST(token_walk, a_long_string_arrives_whole_from_small_reads) {
  const std::string text(100000, 'q');
  const std::string input = "[\"" + text + "\", 1]";
  jsonx::test::trickle_source in(input, 700);
  jsonx::stream::decoder_options options;
  options.chunk_size = 512;  // the string passes through a buffer 200 times smaller
  decoder d(in, options);
  jsonx::stream::token t;
  ASSERT_TRUE(d.token(t));
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.kind, jsonx::stream::token_kind::string);
  EXPECT_EQ(t.text, text);
  ASSERT_TRUE(d.token(t));
  EXPECT_EQ(t.int64, 1);
  EXPECT_LE(d.buffered().size(), 512u);
}

}  // namespace
