// dom::parser and dom_builder: what a parse builds, errors, reuse without reallocation.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dom_test_support.hpp"
#include "jsonx/corpus/corpus.hpp"
#include "jsonx/dom/dom.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "support/test_data.hpp"

namespace jsonx::dom {
namespace {

TEST(DomParser, BuildsEveryKindOfValue) {
  parser p;
  const document& doc = p.parse(
      R"({"a":[1,-2,3.5,true,false,null,"s\n\u00e9"],"b":{},"c":[],"d":18446744073709551615})");
  const element root = doc.root();
  ASSERT_TRUE(root.is_object());
  EXPECT_EQ(root.size(), 4u);
  const element a = root["a"];
  ASSERT_TRUE(a.is_array());
  ASSERT_EQ(a.size(), 7u);
  EXPECT_EQ(a[0].get_int64(), 1);
  EXPECT_EQ(a[1].get_int64(), -2);
  EXPECT_EQ(a[2].get_double(), 3.5);
  EXPECT_TRUE(a[3].get_bool());
  EXPECT_FALSE(a[4].get_bool());
  EXPECT_TRUE(a[5].is_null());
  EXPECT_EQ(a[6].get_string(), "s\n\xc3\xa9");
  EXPECT_TRUE(root["b"].is_object());
  EXPECT_EQ(root["b"].size(), 0u);
  EXPECT_TRUE(root["c"].is_array());
  EXPECT_EQ(root["c"].size(), 0u);
  EXPECT_TRUE(root["d"].is_uint64());
  EXPECT_EQ(root["d"].get_uint64(), 18446744073709551615u);
  // One node per value and per key: 1 + (1+1+7) + 2 + 2 + 2.
  EXPECT_EQ(doc.node_count(), 16u);
}

TEST(DomParser, TopLevelScalars) {
  parser p;
  EXPECT_EQ(p.parse("42").root().get_int64(), 42);
  EXPECT_EQ(p.parse(" \"x\" ").root().get_string(), "x");
  EXPECT_TRUE(p.parse("null").root().is_null());
  EXPECT_FALSE(p.parse("null").empty());
  EXPECT_EQ(p.parse("-0.25").root().get_double(), -0.25);
}

TEST(DomParser, NumbersBeyondSixtyFourBitsKeepTheirText) {
  parser p;
  const element root = p.parse(
                            "[9223372036854775807, 9223372036854775808, -9223372036854775808,"
                            " 18446744073709551616, -9223372036854775809, 1e400, -1e400,"
                            " 123456789012345678901234567890]")
                           .root();
  EXPECT_TRUE(root[0].is_int64());
  EXPECT_TRUE(root[1].is_uint64());
  EXPECT_EQ(root[1].get_uint64(), 9223372036854775808u);
  EXPECT_TRUE(root[2].is_int64());
  EXPECT_EQ(root[2].get_int64(), INT64_MIN);
  for (std::size_t i : {3u, 4u, 5u, 6u, 7u}) {
    SCOPED_TRACE(i);
    EXPECT_TRUE(root[i].is_raw_number());
    EXPECT_TRUE(root[i].is_number());
  }
  EXPECT_EQ(root[3].get_raw_number(), "18446744073709551616");
  EXPECT_EQ(root[4].get_raw_number(), "-9223372036854775809");
  EXPECT_EQ(root[5].get_raw_number(), "1e400");
  EXPECT_EQ(root[7].get_raw_number(), "123456789012345678901234567890");
}

TEST(DomParser, ErrorsLeaveAnEmptyDocumentAndAreReported) {
  parser p;
  std::error_code ec;
  const document& doc = p.parse(R"({"a":[1,2,}])", ec);
  EXPECT_EQ(ec, parse_errc::expected_value);
  EXPECT_TRUE(doc.empty());
  EXPECT_TRUE(doc.root().is_null());
  EXPECT_EQ(p.error().code, parse_errc::expected_value);
  EXPECT_EQ(p.error().offset, 10u);
  EXPECT_THROW(p.parse("[1,"), parse_exception);
  EXPECT_TRUE(p.doc().empty());
  // And the parser works again afterwards.
  EXPECT_EQ(p.parse("[7]").root()[0].get_int64(), 7);
  EXPECT_FALSE(p.error());
}

TEST(DomParser, MultipleValuesOptionIsIgnored) {
  parse_options options;
  options.multiple_values = true;
  parser p(options);
  std::error_code ec;
  p.parse("1 2", ec);
  EXPECT_EQ(ec, parse_errc::trailing_content);
}

TEST(DomParser, ReusedParserDoesNotReallocate) {
  const std::string big = jsonx::corpus::generate(jsonx::corpus::shape::twitter, 200 << 10, 7);
  const std::string small = R"({"k":[1,2,{"x":"y"}]})";
  parser p;
  p.parse(big);
  const std::size_t capacity = p.doc().capacity_bytes();
  const std::size_t nodes = p.doc().node_count();
  EXPECT_GT(capacity, 0u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(p.parse(small).root()["k"][2]["x"].get_string(), "y");
    EXPECT_EQ(p.doc().capacity_bytes(), capacity);
    p.parse(big);
    EXPECT_EQ(p.doc().capacity_bytes(), capacity);
    EXPECT_EQ(p.doc().node_count(), nodes);
  }
}

// dom::parser's builder never checks for room: it relies on reserve_for_more_input()'s bound
// (dom_builder.hpp). These inputs come closest to it: a node per byte while containers are
// open (up to the depth limit), two bytes per node otherwise, strings that unescape to as
// many bytes as they take. Whole and byte by byte; an overrun is caught by ASan.
TEST(DomParser, ReservedRoomHoldsForTheDensestInputs) {
  std::vector<std::string> inputs;
  inputs.push_back(std::string(5000, '['));  // open containers only
  inputs.push_back(std::string(5000, '[') + std::string(5000, ']'));
  inputs.push_back(std::string(3000, '[') + "1" + std::string(3000, ']'));
  std::string ones = "[";
  for (int i = 0; i < 2000; ++i) ones += "1,";
  inputs.push_back(ones + "1]");
  inputs.push_back(ones);  // incomplete
  std::string members = "{";
  for (int i = 0; i < 1000; ++i) members += "\"\":0,";
  inputs.push_back(members + "\"\":[]}");
  std::string nested;
  for (int i = 0; i < 1500; ++i) nested += "[{\"a\":";
  inputs.push_back(nested);  // incomplete: every container open
  inputs.push_back("\"" + std::string(100, 'x') + "\"");
  inputs.push_back("1");
  inputs.push_back("[\"\",\"\",{\"\":\"\"}]");
  // Long tokens cut by chunk ends, then dense nodes: the room for a chunk is reserved on top
  // of what is built, for the chunk and the bytes the parser holds.
  inputs.push_back("[\"" + std::string(3000, 'x') + "\"," + std::string(2000, '[') +
                   std::string(2000, ']') + "]");
  inputs.push_back("[" + std::string(1000, '1') + ".5e1," + ones.substr(1) + "1]");
  std::string escapes = "{\"";
  for (int i = 0; i < 500; ++i) escapes += "\\u00e9\\n";
  inputs.push_back(escapes + "\":[" + ones.substr(1) + "1]}");
  for (std::size_t max_depth : {std::size_t{1024}, std::size_t{100000}}) {
    parse_options options;
    options.max_depth = max_depth;
    parser whole(options);
    for (const std::size_t chunk_size : {1, 3, 64, 1000}) {
      parser chunked(options);
      for (const std::string& input : inputs) {
        SCOPED_TRACE(input.substr(0, 20) + "... (" + std::to_string(input.size()) +
                     " bytes) in chunks of " + std::to_string(chunk_size));
        std::error_code whole_ec, chunked_ec;
        const document& a = whole.parse(input, whole_ec);
        const document& b = test::parse_in_chunks(
            chunked, input, jsonx::test::chunking::fixed(chunk_size), chunked_ec);
        ASSERT_EQ(whole_ec, chunked_ec);
        EXPECT_EQ(a.empty(), static_cast<bool>(whole_ec));
        if (!whole_ec) {
          EXPECT_TRUE(identical(a.root(), b.root()));
          // Nodes never outnumber half the bytes by more than the open containers allow.
          EXPECT_LE(a.node_count(), input.size() / 2 + 1);
        }
      }
    }
  }
}

// Fed in chunks, a new parser's room follows what it builds: room for the next chunk on top
// of the nodes and string bytes in use, grown geometrically, not room for every byte fed so
// far (which is eight bytes of nodes per input byte). The document is the one parse() builds.
TEST(DomParser, ChunkedInputKeepsRoomNearWhatIsBuilt) {
  for (const auto shape : {jsonx::corpus::shape::canada, jsonx::corpus::shape::twitter}) {
    const std::string text = jsonx::corpus::generate(shape, 1 << 20, 11);
    SCOPED_TRACE(std::string(jsonx::corpus::shape_name(shape)));
    constexpr std::size_t chunk_size = 64 << 10;
    parser chunked;
    std::error_code ec;
    const document& doc =
        test::parse_in_chunks(chunked, text, jsonx::test::chunking::fixed(chunk_size), ec);
    ASSERT_FALSE(ec);
    parser whole;
    EXPECT_TRUE(identical(doc.root(), whole.parse(text).root()));
    const std::size_t in_use = doc.node_count() * sizeof(detail::node) + doc.string_bytes();
    // The room one chunk's events may need: half a node per byte, the open containers' last
    // nodes and a cut token's, and as many string bytes as the chunk has (plus slack).
    const std::size_t chunk_room =
        (chunk_size / 2 + parse_options{}.max_depth + 8) * sizeof(detail::node) + chunk_size + 64;
    EXPECT_LE(doc.capacity_bytes(), 2 * (in_use + chunk_room));
    // In one piece the room is that of the whole text, as before.
    EXPECT_GE(whole.doc().capacity_bytes(), text.size() / 2 * sizeof(detail::node));
  }
}

TEST(DomParser, FeedAndFinishBuildTheSameDocumentAsParse) {
  parser whole;
  parser chunked;
  const std::string text = R"({"name":"a long enough string","values":[1,2.5,-3,"x"]})";
  chunked.feed(std::string_view(text).substr(0, 13));
  chunked.feed(std::string_view(text).substr(13, 20));
  chunked.feed(std::string_view(text).substr(33));
  const document& doc = chunked.finish();
  EXPECT_TRUE(identical(doc.root(), whole.parse(text).root()));
  // A feed() after finish() starts a new document.
  chunked.feed("[1");
  chunked.feed("0]");
  EXPECT_EQ(chunked.finish().root()[0].get_int64(), 10);
}

TEST(DomParser, FinishWithIncompleteInputFails) {
  parser p;
  p.feed(R"({"a":)");
  std::error_code ec;
  const document& doc = p.finish(ec);
  EXPECT_EQ(ec, parse_errc::incomplete_input);
  EXPECT_TRUE(doc.empty());
  EXPECT_THROW(p.finish(), parse_exception);  // nothing fed: incomplete as well
}

TEST(DomParser, FeedErrorThrowsAndResetRecovers) {
  parser p;
  p.feed("[1,");
  EXPECT_THROW(p.feed("]"), parse_exception);
  EXPECT_TRUE(p.doc().empty());
  p.reset();
  p.feed("[true]");
  EXPECT_TRUE(p.finish().root()[0].get_bool());
}

TEST(DomParser, TakeDocumentMovesItOut) {
  parser p;
  p.parse(R"({"a":"b"})");
  document doc = p.take_document();
  EXPECT_EQ(doc.root()["a"].get_string(), "b");
  EXPECT_TRUE(p.doc().empty());
  EXPECT_EQ(p.parse("[1,2]").root().size(), 2u);
  EXPECT_EQ(doc.root()["a"].get_string(), "b");  // untouched by the parser's next parse
}

TEST(DomParser, OneShotParse) {
  document doc = parse(R"([{"a":1}])");
  EXPECT_EQ(doc.root()[0]["a"].get_int64(), 1);
  EXPECT_LE(doc.capacity_bytes(), doc.node_count() * sizeof(detail::node) + doc.string_bytes());
  parse_error error;
  document bad = parse("[", error);
  EXPECT_TRUE(bad.empty());
  EXPECT_EQ(error.code, parse_errc::incomplete_input);
  EXPECT_THROW(parse("{]"), parse_exception);
}

TEST(DomParser, DocumentCopiesAreIndependent) {
  document original = parse(R"({"k":["v",2]})");
  document copy = original;
  EXPECT_TRUE(identical(copy.root(), original.root()));
  original = parse("3");
  EXPECT_EQ(copy.root()["k"][0].get_string(), "v");
}

TEST(DomBuilder, IsAHandlerForAnyPushParser) {
  static_assert(jsonx::handler<dom_builder>);
  static_assert(jsonx::handler_with_parts<dom_builder>);
  document doc;
  dom_builder builder(doc);
  push_parser<dom_builder> push(builder);
  push.feed(R"({"s":"abc)");
  push.feed(R"(def","n":[1,)");
  push.feed("2]}");
  push.finish();
  ASSERT_TRUE(builder.complete());
  EXPECT_EQ(doc.root()["s"].get_string(), "abcdef");
  EXPECT_EQ(doc.root()["n"][1].get_int64(), 2);
}

TEST(DomBuilder, BuildsFromReplayedEvents) {
  // write_events() of one document into a builder copies it.
  document source = parse(R"({"a":[1,{"b":null}],"c":"d","e":1e999,"f":-0.0})");
  document copy;
  dom_builder builder(copy);
  ASSERT_TRUE(write_events(source.root(), builder));
  ASSERT_TRUE(builder.complete());
  EXPECT_TRUE(identical(copy.root(), source.root()));
}

TEST(DomParser, AcceptsEveryYFileAndRejectsEveryNFile) {
  const auto accepted = jsonx::test::conformance_files("y_");
  const auto rejected = jsonx::test::conformance_files("n_");
  if (accepted.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  parser p;
  for (const auto* file : accepted) {
    std::error_code ec;
    const document& doc = p.parse(file->bytes, ec);
    EXPECT_FALSE(ec) << file->name << ": " << p.error().message();
    EXPECT_FALSE(doc.empty()) << file->name;
  }
  for (const auto* file : rejected) {
    std::error_code ec;
    const document& doc = p.parse(file->bytes, ec);
    EXPECT_TRUE(ec) << file->name;
    EXPECT_TRUE(doc.empty()) << file->name;
  }
}

}  // namespace
}  // namespace jsonx::dom
