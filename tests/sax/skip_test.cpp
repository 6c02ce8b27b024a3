// Skipping values (handler_with_skip): a skipped value gives no event, and the parse's verdict,
// error code and error offset are those of the full parse, however the input is cut.
//
// The full parse's log says where each value's events begin and end (a skip_recorder that
// never skips notes it), so the log expected when value k is skipped is the full log with
// that span taken out (or cut at its start, if the parse failed inside the value).
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

static_assert(handler_with_skip<skip_recorder<recorder_config{}>>);
static_assert(handler_with_skip_rest<skip_recorder<recorder_config{}>>);
static_assert(!handler_with_skip<text_recorder>);
// A handler answering bool skips values only.
struct bool_skipper : text_recorder {
  bool skip_next_value() { return false; }
};
static_assert(handler_with_skip<bool_skipper> && !handler_with_skip_rest<bool_skipper>);

/// How a parse is cut in these tests: whole, byte by byte, and (for inputs up to
/// `max_split_size` bytes) at every 2-way split.
std::vector<chunking> cuts_for(std::size_t size, std::size_t max_split_size) {
  std::vector<chunking> cuts = {chunking::whole(), chunking::fixed(1)};
  if (size <= max_split_size)
    for (std::size_t at = 1; at < size; ++at) cuts.push_back(chunking::split_at(at));
  return cuts;
}

template <recorder_config Config>
class skip_checker {
 public:
  using recorder = skip_recorder<Config>;
  using span = typename recorder::value_span;

  explicit skip_checker(const parse_options& options = {})
      : parser_(recorder_, options), plain_parser_(plain_, options) {}

  /// The full parse (never skipping), whole.
  parse_outcome full(std::string_view input) {
    recorder_.configure(0, recorder::never);
    parser_.reset();
    parse_outcome out = feed_all(parser_, recorder_, input, chunking::whole());
    full_spans_ = recorder_.spans();
    queries_ = recorder_.queries();
    // A handler with the hook that never skips sees what one without it sees.
    plain_.clear();
    plain_parser_.reset();
    const parse_outcome plain = feed_all(plain_parser_, plain_, input, chunking::whole());
    EXPECT_EQ(plain.log, out.log);
    EXPECT_EQ(verdict(plain), verdict(out));
    return out;
  }
  std::size_t queries() const { return queries_; }

  /// Skips the k-th value (from 1) or every value at `depth` (with `rest`, and the rest of its
  /// container), under `cut`, and checks the outcome against the full parse's.
  void check(std::string_view input, const parse_outcome& full, std::size_t k, std::size_t depth,
             chunking cut, bool rest = false) {
    if (k != 0) depth = recorder::never;  // (callers pass 0)
    recorder_.configure(k, depth, rest);
    parser_.reset();
    const parse_outcome out = feed_all(parser_, recorder_, input, cut);
    std::vector<const span*> skipped;
    if (k != 0) {
      skipped.push_back(&full_spans_[k - 1]);
    } else {
      // Every value at `depth` not inside another such value: spans at depth, in order.
      for (const span& s : full_spans_)
        if (s.depth == depth) skipped.push_back(&s);
    }
    std::vector<span> rest_cut;
    if (rest) {
      rest_cut = rest_spans(full_spans_, skipped);
      skipped.clear();
      for (const span& s : rest_cut) skipped.push_back(&s);
    }
    SCOPED_TRACE(cut.describe() +
                 (k != 0 ? ", skipping value " + std::to_string(k)
                         : ", skipping depth " + std::to_string(depth)) +
                 (rest ? " and the rest of its container" : ""));
    EXPECT_EQ(verdict(out), verdict(full));
    EXPECT_EQ(out.error.code, full.error.code);
    EXPECT_EQ(out.error.offset, full.error.offset);
    EXPECT_EQ(out.error.line, full.error.line);
    EXPECT_EQ(out.error.column, full.error.column);
    EXPECT_EQ(out.log, without_spans<span>(full.log, skipped));
    EXPECT_EQ(out.check_failures, "");
    EXPECT_EQ(recorder_.skips() == 0, skipped.empty());
  }

 private:
  recorder recorder_;
  push_parser<recorder> parser_;
  event_recorder<Config> plain_;
  push_parser<event_recorder<Config>> plain_parser_;
  std::vector<span> full_spans_;
  std::size_t queries_ = 0;
};

// Every conformance file: each value skipped in turn (the first values of the long ones), and
// every depth skipped, whole, byte by byte and at every split of the short files.
template <recorder_config Config>
void check_conformance_files() {
  const auto& files = conformance_files();
  if (files.empty()) GTEST_SKIP() << "no conformance files (JSONX_CONFORMANCE_DIR)";
  skip_checker<Config> checker;
  std::size_t checked_skips = 0;
  for (const named_input& file : files) {
    SCOPED_TRACE(file.name);
    const parse_outcome full = checker.full(file.bytes);
    const std::size_t values = checker.queries();
    // Long files (deep nesting, big numbers) cost splits × values: a few values, cut fewer ways.
    const bool is_short = file.bytes.size() <= 200;
    const std::vector<chunking> cuts = cuts_for(file.bytes.size(), 200);
    for (const bool rest : {false, true}) {
      for (std::size_t k = 1; k <= values; ++k) {
        if (!is_short && k > 4 && k + 4 < values) continue;
        for (const chunking& cut : is_short ? cuts : std::vector<chunking>{cuts[0], cuts[1]}) {
          checker.check(file.bytes, full, k, 0, cut, rest);
          ++checked_skips;
          if (testing::Test::HasFailure()) return;
        }
      }
      for (std::size_t depth = 0; depth <= 3; ++depth)
        for (const chunking& cut : is_short ? cuts : std::vector<chunking>{cuts[0], cuts[1]}) {
          checker.check(file.bytes, full, 0, depth, cut, rest);
          if (testing::Test::HasFailure()) return;
        }
    }
  }
  EXPECT_GT(checked_skips, files.size());
}

TEST(SkipValues, ConformanceVerdictsAndEventsMatchTheFullParse) {
  check_conformance_files<recorder_config{.log_number_text = true}>();
}

TEST(SkipValues, ConformanceWithStringParts) {
  check_conformance_files<recorder_config{.takes_parts = true, .log_number_text = true}>();
}

TEST(SkipValues, ConformanceWithNumbersAsText) {
  check_conformance_files<recorder_config{.numbers_as_text = true}>();
}

// Hand-written cases: skipping in arrays and objects, at every depth, with what a skipped
// value must still reject.
struct skip_case {
  const char* json;
};
const skip_case skip_cases[] = {
    {R"({"a":1,"b":[1,2,{"c":"d"}],"e":{"f":null,"g":[true,false]},"h":"i"})"},
    {R"([[],{},[[]],{"a":{}},"x\"y\u00e9\ud83d\ude00",-1.5e-3,123456789012345678901234])"},
    {R"({"a":"\ud800"})"},                          // a lone surrogate in a skipped string
    {R"({"a":"\x"})"},                              // a bad escape
    {R"({"a":[1,2}})"},                             // a mismatched close inside a skipped array
    {R"({"a":{"b" 1}})"},                           // a missing colon
    {R"([1,[2,3,],4])"},                            // a trailing comma
    {R"([01])"},                                    // a bad number
    {R"([1.])"},                                    // a number cut by ']'
    {R"([tru])"},                                   // a bad literal
    {R"({"a":[nul)"},                               // a literal cut by the end of input
    {R"({"a":[1,2)"},                               // a container open at the end
    {"{\"a\":\"\xC3\x28\"}"},                       // invalid UTF-8 in a skipped string
    {"{\"a\":[\"\xF0\x9F\x98\"]}"},                 // a truncated UTF-8 sequence
    {R"({"a":["x","y"],"b":[{"c":[{"d":[]}]}]})"},  // deep
    {R"(  [ 1 , "a" , { "b" : [ null ] } ]  )"},    // whitespace everywhere
    {"[1,2] 3"},                                    // trailing content
    {R"("top")"},
    {"-0.5e+7"},
    {"true"},
    {"[]"},
};

TEST(SkipValues, HandWrittenCasesAtEverySplit) {
  skip_checker<recorder_config{.log_number_text = true}> checker;
  for (const skip_case& c : skip_cases) {
    SCOPED_TRACE(c.json);
    const std::string_view input = c.json;
    const parse_outcome full = checker.full(input);
    const std::vector<chunking> cuts = cuts_for(input.size(), 1000);
    for (const bool rest : {false, true}) {
      for (std::size_t k = 1; k <= checker.queries(); ++k)
        for (const chunking& cut : cuts) checker.check(input, full, k, 0, cut, rest);
      for (std::size_t depth = 0; depth <= 4; ++depth)
        for (const chunking& cut : cuts) checker.check(input, full, 0, depth, cut, rest);
    }
  }
}

TEST(SkipValues, TheRestOfAContainerGivesNoEventsNotEvenItsEnd) {
  using recorder = skip_recorder<recorder_config{}>;
  recorder r;
  push_parser<recorder> parser(r);
  const std::string input = R"({"a":[1,2,3],"b":{"c":1,"d":[2]},"e":4})";
  // One whole parse skipping value k (or every value at `depth`) and the rest of its container.
  const auto parse_skipping = [&](std::size_t k, std::size_t depth) {
    r.configure(k, depth, /*rest=*/true);
    parser.reset();
    parser.feed(input);
    parser.finish();
    EXPECT_TRUE(parser.done());
    EXPECT_EQ(r.check_failures(), "");
    return r.log();
  };
  // Query 3 is the array's first element: it and the rest of the array go, "]" too.
  EXPECT_EQ(parse_skipping(3, recorder::never),
            "{\nk1:a\n[\nk1:b\n{\nk1:c\ni1\nk1:d\n[\ni2\n]1\n}2\nk1:e\ni4\n}3\n");
  // Every value at depth 2 (the first one in each container there) and its container's rest.
  EXPECT_EQ(parse_skipping(0, 2), "{\nk1:a\n[\nk1:b\n{\nk1:c\nk1:e\ni4\n}3\n");
  EXPECT_EQ(r.skips(), 2u);
  // The top-level object's member: the rest of the document goes, and the value is complete.
  EXPECT_EQ(parse_skipping(2, recorder::never), "{\nk1:a\n");
  EXPECT_EQ(parser.values_completed(), 1u);
  // The top-level value itself: no container to pass over, only the value is skipped.
  EXPECT_EQ(parse_skipping(1, recorder::never), "");
}

TEST(SkipValues, TheRestOfAContainerIsValidatedAsAFullParse) {
  using recorder = skip_recorder<recorder_config{}>;
  recorder r;
  const std::string input = R"({"a":[1,2,3],"b":{"c":1,"d":[2,]},"e":4})";  // ',' before ']'
  event_recorder<recorder_config{}> plain;
  push_parser<event_recorder<recorder_config{}>> plain_parser(plain);
  const parse_outcome full = feed_all(plain_parser, plain, input, chunking::whole());
  ASSERT_FALSE(full.accepted);
  for (const chunking& cut : cuts_for(input.size(), 1000)) {
    SCOPED_TRACE(cut.describe());
    push_parser<recorder> parser(r);
    r.configure(2, recorder::never, /*rest=*/true);  // from "a"'s value to the document's end
    const parse_outcome out = feed_all(parser, r, input, cut);
    EXPECT_EQ(verdict(out), verdict(full));
    EXPECT_EQ(out.error.offset, full.error.offset);
    EXPECT_EQ(out.log, "{\nk1:a\n");
  }
}

TEST(SkipValues, SkippedValuesGiveNoEvents) {
  using recorder = skip_recorder<recorder_config{}>;
  recorder r;
  push_parser<recorder> parser(r);
  // Skip every member value of the top object (depth 1): only its keys remain.
  r.configure(0, 1);
  parser.feed(R"({"a":[1,{"x":2}],"b":"str","c":{"d":[true]},"e":null})");
  parser.finish();
  EXPECT_EQ(r.log(), "{\nk1:a\nk1:b\nk1:c\nk1:e\n}4\n");
  EXPECT_EQ(r.skips(), 4u);
  // Skip the elements of an array: the end still counts them.
  r.configure(0, 1);
  parser.reset();
  parser.feed(R"([1,"two",[3],{"four":4}])");
  parser.finish();
  EXPECT_EQ(r.log(), "[\n]4\n");
  // Skip the whole document: no event at all, and the value counts as complete.
  r.configure(1, recorder::never);
  parser.reset();
  parser.feed(R"({"a":[1,2,3]})");
  parser.finish();
  EXPECT_EQ(r.log(), "");
  EXPECT_TRUE(parser.done());
  EXPECT_EQ(parser.values_completed(), 1u);
}

TEST(SkipValues, StopAfterValueAndMultipleValues) {
  using recorder = skip_recorder<recorder_config{}>;
  recorder r;
  parse_options options;
  options.stop_after_value = true;
  const std::string input = R"({"a":[1,2]} {"b":3})";
  for (const chunking& cut : cuts_for(input.size(), 1000)) {
    SCOPED_TRACE(cut.describe());
    push_parser<recorder> parser(r, options);
    r.configure(1, recorder::never);  // the first value, skipped whole
    const parse_outcome out = feed_all(parser, r, input, cut);
    EXPECT_TRUE(out.accepted) << verdict(out);
    EXPECT_EQ(out.log, "");
    EXPECT_TRUE(parser.done());
    EXPECT_EQ(parser.bytes_consumed(), 11u);  // up to the end of the first value
  }
  for (const chunking& cut : cuts_for(input.size(), 1000)) {
    SCOPED_TRACE(cut.describe() + ", the first value's member and the rest of it");
    push_parser<recorder> parser(r, options);
    r.configure(2, recorder::never, /*rest=*/true);
    const parse_outcome out = feed_all(parser, r, input, cut);
    EXPECT_TRUE(out.accepted) << verdict(out);
    EXPECT_EQ(out.log, "{\nk1:a\n");
    EXPECT_TRUE(parser.done());
    EXPECT_EQ(parser.bytes_consumed(), 11u);
  }
  parse_options several;
  several.multiple_values = true;
  for (const chunking& cut : cuts_for(input.size(), 1000)) {
    SCOPED_TRACE(cut.describe());
    push_parser<recorder> parser(r, several);
    r.configure(0, 0);  // every top-level value
    const parse_outcome out = feed_all(parser, r, input, cut);
    EXPECT_TRUE(out.accepted) << verdict(out);
    EXPECT_EQ(out.log, "");
    EXPECT_EQ(parser.values_completed(), 2u);
  }
}

TEST(SkipValues, LimitsApplyInsideSkippedValues) {
  using recorder = skip_recorder<recorder_config{}>;
  recorder r;
  parse_options options;
  options.max_depth = 3;
  options.max_token_size = 4;
  const std::string deep = R"({"a":[[[1]]]})";
  const std::string long_string = R"({"a":["12345"]})";
  const std::string long_number = R"({"a":[123456]})";
  for (const std::string* input : {&deep, &long_string, &long_number}) {
    SCOPED_TRACE(*input);
    r.configure(0, recorder::never);
    event_recorder<recorder_config{}>& plain = r;  // the same recorder, without the hook
    push_parser<event_recorder<recorder_config{}>> plain_parser(plain, options);
    const parse_outcome full = feed_all(plain_parser, plain, *input, chunking::whole());
    ASSERT_FALSE(full.accepted);
    for (const chunking& cut : cuts_for(input->size(), 1000)) {
      SCOPED_TRACE(cut.describe());
      for (const bool rest : {false, true}) {
        push_parser<recorder> parser(r, options);
        r.configure(0, 1, rest);  // the member's value (and the rest of the object)
        const parse_outcome out = feed_all(parser, r, *input, cut);
        EXPECT_EQ(verdict(out), verdict(full));
      }
    }
  }
}

// The corpus: every depth skipped, whole and in random chunks.
TEST(SkipValues, CorpusFilesAtEveryDepth) {
  const auto& files = corpus_files();
  if (files.empty()) GTEST_SKIP() << "no corpus files (JSONX_CORPUS_DIR)";
  skip_checker<recorder_config{.log_number_text = true}> checker;
  for (const named_input& file : files) {
    SCOPED_TRACE(file.name);
    const parse_outcome full = checker.full(file.bytes);
    ASSERT_TRUE(full.accepted) << verdict(full);
    for (std::size_t depth = 0; depth <= 4; ++depth) {
      for (const bool rest : {false, true}) {
        checker.check(file.bytes, full, 0, depth, chunking::whole(), rest);
        checker.check(file.bytes, full, 0, depth, chunking::random(depth + 1, 4096), rest);
        checker.check(file.bytes, full, 0, depth, chunking::random(depth + 7, 17), rest);
      }
    }
  }
}

}  // namespace
}  // namespace jsonx::test
