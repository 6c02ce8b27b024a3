// skip_check::brackets_and_utf8, simdjson On-Demand's guarantee for skipped values: inside a
// skipped array or object only UTF-8, control bytes in strings, the depth limit and matching
// brackets are checked. What it accepts and what it still rejects, the same verdict (code,
// offset, line, column) and events at every cut of the input, and exactly a full parse's events
// wherever a full parse accepts.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/sax/push_parser.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/skip_recorder.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

using recorder = skip_recorder<recorder_config{.log_number_text = true}>;
constexpr std::size_t never = recorder::never;

parse_options brackets_only(parse_options options = {}) {
  options.skipped_values = skip_check::brackets_and_utf8;
  return options;
}

/// One parse skipping the k-th value asked about (from 1), or every value at `depth` (with
/// `rest`, and the rest of the container it is in).
class skipping_parse {
 public:
  explicit skipping_parse(const parse_options& options) : parser_(recorder_, options) {}
  parse_outcome run(std::string_view input, std::size_t k, std::size_t depth, chunking cut,
                    bool rest = false) {
    recorder_.configure(k, depth, rest);
    parser_.reset();
    return feed_all(parser_, recorder_, input, cut);
  }
  std::size_t queries() const { return recorder_.queries(); }
  std::size_t skips() const { return recorder_.skips(); }

 private:
  recorder recorder_;
  push_parser<recorder> parser_;
};

// The verdict, the events and, for an accepted input, the bytes consumed (after an error the
// parser may have taken more of the last chunk, by design).
std::string described(const parse_outcome& o) {
  return verdict(o) + " | " + o.log +
         (o.accepted ? " | consumed " + std::to_string(o.bytes_consumed) : "");
}

std::vector<chunking> every_cut(std::size_t size) {
  std::vector<chunking> cuts = {chunking::whole(), chunking::fixed(1), chunking::fixed(3)};
  for (std::size_t at = 1; at < size; ++at) cuts.push_back(chunking::split_at(at));
  return cuts;
}

/// The outcome of skipping every value at `depth` with the guarantee, identical at every cut.
parse_outcome same_at_every_cut(std::string_view input, std::size_t depth,
                                const parse_options& options = brackets_only(), bool rest = false) {
  skipping_parse parse(options);
  const parse_outcome whole = parse.run(input, 0, depth, chunking::whole(), rest);
  for (const chunking& cut : every_cut(input.size())) {
    SCOPED_TRACE(cut.describe());
    const parse_outcome out = parse.run(input, 0, depth, cut, rest);
    EXPECT_EQ(described(out), described(whole));
    EXPECT_EQ(out.error.code, whole.error.code);
    EXPECT_EQ(out.check_failures, "");
  }
  return whole;
}

TEST(SkipBrackets, DefaultIsFullValidation) {
  EXPECT_EQ(parse_options{}.skipped_values, skip_check::full);
}

// What a full parse rejects inside a skipped container and the guarantee does not look at.
TEST(SkipBrackets, AcceptsWhatItDoesNotLookAt) {
  const char* const inside_skipped[] = {
      R"({"a":[01, 1., -, 1e],"z":1})",           // numbers
      R"({"a":[tru, nul, fals, truex],"z":1})",   // literals
      R"({"a":{"b" 1, "c"},"z":1})",              // colons and values
      R"({"a":[1 2,,3,],"z":1})",                 // commas
      R"({"a":{1:2, [3]: "x"},"z":1})",           // keys that are not strings
      R"({"a":["\x", "\u12", "\ud800"],"z":1})",  // escapes
      R"({"a":{"b":[{"c":1 "d"}]}  ,  "z":1})",   // deeper
      R"({"a":01,"z":1})",                        // a skipped member's number
      R"({"a":tru,"z":1})",                       // or literal
  };
  for (const char* json : inside_skipped) {
    SCOPED_TRACE(json);
    // The full parse rejects it; skipping "a" with the guarantee accepts it, "z" still read.
    skipping_parse full({});
    EXPECT_FALSE(full.run(json, 0, 1, chunking::whole()).accepted);
    skipping_parse light(brackets_only());
    const parse_outcome whole = light.run(json, 2, never, chunking::whole());  // "a"'s value
    EXPECT_TRUE(whole.accepted) << verdict(whole);
    EXPECT_EQ(whole.log, "{\nk1:a\nk1:z\ni1=1\n}2\n");
    EXPECT_EQ(light.skips(), 1u);
    for (const chunking& cut : every_cut(std::string_view(json).size())) {
      SCOPED_TRACE(cut.describe());
      EXPECT_EQ(described(light.run(json, 2, never, cut)), described(whole));
    }
    // "a"'s value and the rest of the object (skip_rest_of_container): "z" is not read either.
    const parse_outcome rest = light.run(json, 2, never, chunking::whole(), /*rest=*/true);
    EXPECT_TRUE(rest.accepted) << verdict(rest);
    EXPECT_EQ(rest.log, "{\nk1:a\n");
    for (const chunking& cut : every_cut(std::string_view(json).size())) {
      SCOPED_TRACE(cut.describe() + ", with the rest");
      EXPECT_EQ(described(light.run(json, 2, never, cut, true)), described(rest));
    }
  }
}

struct rejected_case {
  const char* json;
  std::size_t skip_depth;
  parse_errc code;
  std::uint64_t offset;
};

// What the guarantee still checks, and where it reports it.
TEST(SkipBrackets, RejectsWhatItChecks) {
  const rejected_case cases[] = {
      {R"({"a":[1,2}})", 1, parse_errc::expected_array_comma, 9},       // ']' expected
      {R"({"a":{"b":[]]})", 1, parse_errc::expected_object_comma, 12},  // '}' expected
      {R"([[1,[2]]]])", 0, parse_errc::trailing_content, 9},            // one ']' too many
      {R"({"a":[1,2)", 1, parse_errc::incomplete_input, 9},             // open at the end
      {R"({"a":[[[]]]})", 1, parse_errc::depth_limit, 7},               // max_depth 3 below
      {"{\"a\":[\"\xC3\x28\"]}", 1, parse_errc::invalid_utf8, 8},       // bad UTF-8
      {"{\"a\":[\"x\x01\"]}", 1, parse_errc::control_char_in_string, 8},
      {"{\"a\":[\"\xF0\x9F\x98\"]}", 1, parse_errc::invalid_utf8, 10},  // truncated sequence
      // A skipped member's or element's string is checked whole, as is a skipped top-level
      // number or literal.
      {R"({"a":"\x"})", 1, parse_errc::invalid_escape, 6},
      {R"(["\u12"])", 1, parse_errc::invalid_unicode_escape, 2},
      {R"({"a":})", 1, parse_errc::expected_value, 5},
      {"tru", 0, parse_errc::incomplete_input, 3},
      {"trux", 0, parse_errc::invalid_literal, 0},
      {"-", 0, parse_errc::incomplete_input, 1},
      // The grammar around the skipped value is the full parse's.
      {R"({"a":[1] "b":2})", 1, parse_errc::expected_object_comma, 9},
  };
  for (const rejected_case& c : cases) {
    SCOPED_TRACE(c.json);
    parse_options options;
    options.max_depth = 3;
    const parse_outcome out = same_at_every_cut(c.json, c.skip_depth, brackets_only(options));
    EXPECT_FALSE(out.accepted);
    EXPECT_EQ(out.error.code, make_error_code(c.code)) << verdict(out);
    EXPECT_EQ(out.error.offset, c.offset) << verdict(out);
  }
  // The rest of a container passed over with the first skipped value in it is checked alike.
  const rejected_case rest_cases[] = {
      {R"({"a":1,"b":[1,2}})", 1, parse_errc::expected_array_comma, 15},
      {R"({"a":1,"b":{"c":[]]})", 1, parse_errc::expected_object_comma, 18},
      {R"({"a":1,"b":[[[]]]})", 1, parse_errc::depth_limit, 13},
      {"{\"a\":1,\"b\":\"\xC3\x28\"}", 1, parse_errc::invalid_utf8, 13},
      {R"({"a":1,"b":[1)", 1, parse_errc::incomplete_input, 13},
      {R"([1,2,3]])", 1, parse_errc::trailing_content, 7},
  };
  for (const rejected_case& c : rest_cases) {
    SCOPED_TRACE(std::string(c.json) + ", with the rest");
    parse_options options;
    options.max_depth = 3;
    const parse_outcome out =
        same_at_every_cut(c.json, c.skip_depth, brackets_only(options), /*rest=*/true);
    EXPECT_FALSE(out.accepted);
    EXPECT_EQ(out.error.code, make_error_code(c.code)) << verdict(out);
    EXPECT_EQ(out.error.offset, c.offset) << verdict(out);
  }
}

// Wherever the full parse accepts, the guarantee gives the same events, skipping any value:
// every conformance file (every value of the short ones, and every depth) and the corpus.
TEST(SkipBrackets, SameEventsAsAFullParseOnValidInput) {
  const auto& files = conformance_files();
  if (files.empty()) GTEST_SKIP() << "no conformance files (JSONX_CONFORMANCE_DIR)";
  skipping_parse full({});
  skipping_parse light(brackets_only());
  std::size_t compared = 0;
  for (const named_input& file : files) {
    SCOPED_TRACE(file.name);
    if (!full.run(file.bytes, 0, never, chunking::whole()).accepted) continue;
    const std::size_t values = full.queries();
    const bool is_short = file.bytes.size() <= 200;
    const std::vector<chunking> cuts =
        is_short ? every_cut(file.bytes.size())
                 : std::vector<chunking>{chunking::whole(), chunking::fixed(1)};
    for (const bool rest : {false, true}) {
      for (std::size_t k = 1; k <= values; ++k) {
        if (!is_short && k > 4 && k + 4 < values) continue;
        const parse_outcome expected = full.run(file.bytes, k, never, chunking::whole(), rest);
        for (const chunking& cut : cuts) {
          EXPECT_EQ(described(light.run(file.bytes, k, never, cut, rest)), described(expected))
              << "skipping value " << k << (rest ? " and the rest" : "") << ", " << cut.describe();
          ++compared;
        }
      }
      for (std::size_t depth = 0; depth <= 3; ++depth) {
        const parse_outcome expected = full.run(file.bytes, 0, depth, chunking::whole(), rest);
        for (const chunking& cut : cuts)
          EXPECT_EQ(described(light.run(file.bytes, 0, depth, cut, rest)), described(expected))
              << "skipping depth " << depth << (rest ? " and the rest" : "") << ", "
              << cut.describe();
      }
    }
    if (testing::Test::HasFailure()) return;
  }
  EXPECT_GT(compared, files.size());
}

TEST(SkipBrackets, CorpusFilesAtEveryDepth) {
  const auto& files = corpus_files();
  if (files.empty()) GTEST_SKIP() << "no corpus files (JSONX_CORPUS_DIR)";
  skipping_parse full({});
  skipping_parse light(brackets_only());
  for (const named_input& file : files) {
    SCOPED_TRACE(file.name);
    for (std::size_t depth = 0; depth <= 4; ++depth) {
      for (const bool rest : {false, true}) {
        const parse_outcome expected = full.run(file.bytes, 0, depth, chunking::whole(), rest);
        ASSERT_TRUE(expected.accepted) << verdict(expected);
        for (const chunking& cut : {chunking::whole(), chunking::random(depth + 1, 4096),
                                    chunking::random(depth + 7, 17)})
          EXPECT_EQ(described(light.run(file.bytes, 0, depth, cut, rest)), described(expected))
              << "skipping depth " << depth << (rest ? " and the rest" : "") << ", "
              << cut.describe();
      }
    }
  }
}

// Every conformance file, valid or not, gets one verdict at every cut with the guarantee, and
// a file the full parse accepts is accepted.
TEST(SkipBrackets, ConformanceVerdictsDoNotDependOnTheCut) {
  const auto& files = conformance_files();
  if (files.empty()) GTEST_SKIP() << "no conformance files (JSONX_CONFORMANCE_DIR)";
  for (const named_input& file : files) {
    if (file.bytes.size() > 300) continue;  // every cut of the short ones
    SCOPED_TRACE(file.name);
    for (std::size_t depth = 0; depth <= 2; ++depth) {
      for (const bool rest : {false, true}) {
        const parse_outcome light = same_at_every_cut(file.bytes, depth, brackets_only(), rest);
        skipping_parse full({});
        if (full.run(file.bytes, 0, depth, chunking::whole(), rest).accepted) {
          EXPECT_TRUE(light.accepted) << verdict(light);
        }
      }
    }
    if (testing::Test::HasFailure()) return;
  }
}

TEST(SkipBrackets, StopAfterValueAndMultipleValues) {
  parse_options options = brackets_only();
  options.stop_after_value = true;
  const std::string input = R"({"a":[1,x]} {"b":3})";
  skipping_parse first(options);
  for (const chunking& cut : every_cut(input.size())) {
    SCOPED_TRACE(cut.describe());
    const parse_outcome out = first.run(input, 1, never, cut);  // the first value, skipped
    EXPECT_TRUE(out.accepted) << verdict(out);
    EXPECT_EQ(out.log, "");
    EXPECT_EQ(out.bytes_consumed, 11u);  // up to the end of the first value
  }
  parse_options several = brackets_only();
  several.multiple_values = true;
  skipping_parse all(several);
  for (const chunking& cut : every_cut(input.size())) {
    SCOPED_TRACE(cut.describe());
    const parse_outcome out = all.run(input, 0, 1, cut);  // the members' values
    EXPECT_TRUE(out.accepted) << verdict(out);
    EXPECT_EQ(out.log, "{\nk1:a\n}1\n{\nk1:b\n}1\n");
  }
}

}  // namespace
}  // namespace jsonx::test
