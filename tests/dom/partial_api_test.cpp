// dom::parser's API around a snapshot: partial() before a feed, after reset(), several in a
// row, its document, feeding and parsing on afterwards, the error of input already invalid (both
// flavours); finish_partial() and truncated(); and, untimed, what a snapshot leaves behind (the
// nodes it holds, a deep document snapshotted at every byte).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "dom_test_support.hpp"
#include "jsonx/dom/dom.hpp"
#include "partial_test_support.hpp"
#include "support/event_log.hpp"

namespace jsonx::dom {
namespace {

using jsonx::test::close_prefix;
using jsonx::test::describe_document;
using jsonx::test::every_partial_mode;
using jsonx::test::mode_name;
using jsonx::test::prefix_closer;
using jsonx::test::printable;
using jsonx::test::snapshot_difference;

constexpr partial_mode strict = partial_mode::strict;
constexpr partial_mode trailing_strings = partial_mode::trailing_strings;
constexpr partial_mode trailing_numbers = partial_mode::trailing_numbers;
constexpr partial_mode trailing = partial_mode::trailing;

std::string text_of(const document& doc) {
  return doc.empty() ? "(empty)" : to_string(doc);
}

TEST(DomPartialApi, BeforeAnyFeedAndAfterResetTheSnapshotIsEmpty) {
  parser p;
  std::error_code ec;
  EXPECT_TRUE(p.partial(strict, ec).empty());
  EXPECT_FALSE(ec);
  EXPECT_TRUE(p.partial().empty());
  p.feed("[1,", ec);
  ASSERT_FALSE(ec);
  EXPECT_EQ(text_of(p.partial()), "[1]");
  p.reset();
  EXPECT_TRUE(p.partial(trailing, ec).empty());
  EXPECT_FALSE(ec);
}

TEST(DomPartialApi, TheDefaultModeIsStrict) {
  parser p;
  p.feed(R"({"a":[1,2,"xy)");
  EXPECT_EQ(text_of(p.partial()), R"({"a":[1,2]})");
  EXPECT_EQ(text_of(p.partial(trailing)), R"({"a":[1,2,"xy"]})");
}

TEST(DomPartialApi, SnapshotsInARowWithoutAFeedAreTheSame) {
  parser p;
  p.feed(R"({"a":[1,{"b":"xy)");
  const std::string first = text_of(p.partial(trailing_strings));
  EXPECT_EQ(first, R"({"a":[1,{"b":"xy"}]})");
  EXPECT_EQ(text_of(p.partial(trailing_strings)), first);
  EXPECT_EQ(text_of(p.partial(strict)), R"({"a":[1,{}]})");
  EXPECT_EQ(text_of(p.partial(trailing_strings)), first);
  EXPECT_EQ(text_of(p.partial(trailing_numbers)), R"({"a":[1,{}]})");
  EXPECT_EQ(text_of(p.partial(trailing)), first);
  p.feed("z\"");
  EXPECT_EQ(text_of(p.partial(strict)), R"({"a":[1,{"b":"xyz"}]})");
}

TEST(DomPartialApi, TheSnapshotIsTheParsersOwnDocument) {
  parser p;
  p.feed(R"([1,{"a":)");
  const document& snapshot = p.partial();
  EXPECT_EQ(&snapshot, &p.doc());
  EXPECT_TRUE(snapshot.utf8_validated());
}

TEST(DomPartialApi, FeedingGoesOnAsIfNoSnapshotHadBeenTaken) {
  const std::string text =
      R"({"a":[1,-2.5e3,"x\u00e9\ud83d\ude00y",true,null,{"b":{}}],"c":"\u20ac", "d": 12})";
  const document whole = parse(text);
  for (std::size_t chunk = 1; chunk <= 7; ++chunk) {
    parser p;
    std::size_t snapshots = 0;
    for (std::size_t at = 0; at < text.size(); at += chunk) {
      std::error_code ec;
      const std::string_view piece = std::string_view(text).substr(at, chunk);
      ASSERT_EQ(test::feed_copy(p, piece, ec), piece.size());
      ASSERT_FALSE(ec) << ec.message();
      p.partial(every_partial_mode[snapshots++ % 4], ec);
      ASSERT_FALSE(ec) << ec.message();
    }
    const document& done = p.finish();
    EXPECT_TRUE(identical(done.root(), whole.root())) << "chunks of " << chunk;
    EXPECT_EQ(done.node_count(), whole.node_count());
    EXPECT_EQ(done.string_bytes(), whole.string_bytes());
  }
}

TEST(DomPartialApi, ParseAfterASnapshotStartsAfresh) {
  parser p;
  p.feed("[1,[2,");
  EXPECT_EQ(text_of(p.partial()), "[1,[2]]");
  EXPECT_EQ(text_of(p.parse(R"({"x":3})")), R"({"x":3})");
  p.feed("[4");
  EXPECT_EQ(text_of(p.partial(trailing_numbers)), "[4]");
  EXPECT_EQ(text_of(p.finish_partial(strict)), "[]");
  EXPECT_TRUE(p.truncated());
  p.feed("[5]");  // a new document after the finish
  EXPECT_EQ(text_of(p.partial()), "[5]");
  EXPECT_EQ(text_of(p.finish()), "[5]");
}

// Input already found invalid: the snapshot is that error, in both flavours, and error() keeps
// the plain parse's code and offset.
TEST(DomPartialApi, InputAlreadyInvalidIsAnError) {
  for (std::string_view bad :
       {"[1,]", "{]", "[1 2", R"({"a" 1})", "[1]]", R"(["\x"])", "[tx]", "[01]", "[1.]", "[-]",
        R"({"a":1,})", "[\"\x80\"]", "[\"\x01\"]", R"(["\ud800"])", "12 x"}) {
    SCOPED_TRACE(printable(bad));
    parse_error plain;
    parse(bad, plain);
    ASSERT_TRUE(plain.code);
    for (partial_mode mode : every_partial_mode) {
      SCOPED_TRACE(mode_name(mode));
      parser p;
      std::error_code ec;
      p.feed(bad, ec);
      ASSERT_EQ(ec, plain.code) << "the feed, against the plain parse";
      std::error_code partial_ec;
      const document& doc = p.partial(mode, partial_ec);
      EXPECT_EQ(partial_ec, plain.code) << partial_ec.message();
      EXPECT_TRUE(doc.empty());
      EXPECT_EQ(p.error().code, plain.code);
      EXPECT_EQ(p.error().offset, plain.offset);
      try {
        p.partial(mode);
        ADD_FAILURE() << "partial() did not throw";
      } catch (const parse_exception& e) {
        EXPECT_EQ(e.code(), plain.code);
        EXPECT_EQ(e.where().offset, plain.offset);
      }
    }
  }
}

// partial.hpp: finish_partial() of invalid input "is an error, as for finish()"; after the feed
// that found the error too, where finish() fails (parser_failed's successor: finish() starts an
// empty parse and reports incomplete_input), never an empty snapshot that hides the error.
TEST(DomPartialApi, FinishPartialAfterTheFeedThatFailedIsAnError) {
  for (std::string_view bad : {"[1,]", "{]", R"(["\x"])", "12 x"}) {
    for (partial_mode mode : every_partial_mode) {
      SCOPED_TRACE(printable(bad) + ", " + std::string(mode_name(mode)));
      parser finished;
      parser p;
      std::error_code ec;
      finished.feed(bad, ec);
      ASSERT_TRUE(ec);
      finished.finish(ec);
      ASSERT_TRUE(ec) << "finish() after the failed feed";
      p.feed(bad, ec);
      ASSERT_TRUE(ec);
      const document& doc = p.finish_partial(mode, ec);
      EXPECT_TRUE(ec) << "finish_partial() after the failed feed gives " << describe_document(doc)
                      << ", truncated() " << p.truncated();
    }
  }
}

TEST(DomPartialApi, FinishPartialOfACompleteTextIsFinish) {
  for (std::string_view text : {"[1,2]", R"({"a":"b"})", "12", " 12 ", "-0.5", "1e3", R"("x")",
                                "true", "null", "[]", "{}", R"({"a":[1,{"b":2}]})"}) {
    SCOPED_TRACE(printable(text));
    const document whole = parse(text);
    for (partial_mode mode : every_partial_mode) {
      parser p;
      std::error_code ec;
      p.feed(text.substr(0, text.size() / 2), ec);
      p.feed(text.substr(text.size() / 2), ec);
      const document& done = p.finish_partial(mode, ec);
      ASSERT_FALSE(ec) << ec.message();
      EXPECT_FALSE(p.truncated()) << mode_name(mode);
      EXPECT_TRUE(identical(done.root(), whole.root())) << describe_document(done);
    }
  }
  // The top-level number the end of the input completes, in strict mode too.
  parser p;
  p.feed("12");
  EXPECT_EQ(text_of(p.finish_partial(strict)), "12");
  EXPECT_FALSE(p.truncated());
}

TEST(DomPartialApi, FinishPartialOfATruncatedTextIsItsSnapshot) {
  for (std::string_view cut : {"[1,2", R"({"a":"x)", R"({"a":1,"b)", "tr", R"("ab\u00)", "[[",
                               R"({"a":[1,{"b":2)", "-", "[1.", "", "  ", R"(["\ud83d)"}) {
    SCOPED_TRACE(printable(cut));
    for (partial_mode mode : every_partial_mode) {
      SCOPED_TRACE(mode_name(mode));
      parser snapshotted;
      std::error_code ec;
      if (!cut.empty()) snapshotted.feed(cut, ec);
      const std::string expected = text_of(snapshotted.partial(mode, ec));
      ASSERT_FALSE(ec);
      parser p;
      if (!cut.empty()) p.feed(cut, ec);
      const document& done = p.finish_partial(mode, ec);
      ASSERT_FALSE(ec) << ec.message();
      EXPECT_TRUE(p.truncated());
      EXPECT_EQ(text_of(done), expected);
      parser throwing;
      if (!cut.empty()) throwing.feed(cut);
      EXPECT_EQ(text_of(throwing.finish_partial(mode)), expected);
      EXPECT_TRUE(throwing.truncated());
    }
  }
}

TEST(DomPartialApi, FinishPartialOfInvalidInputIsFinishsError) {
  for (std::string_view bad : {"[1,]", "[1 2", "[1x", "[tx", "[01", "{\"a\" 1", "[1]]"}) {
    SCOPED_TRACE(printable(bad));
    parse_error plain;
    parse(bad, plain);
    ASSERT_TRUE(plain.code);
    ASSERT_NE(plain.code, parse_errc::incomplete_input);
    parser p;
    std::error_code ec;
    p.feed(bad, ec);
    if (!ec) p.finish_partial(strict, ec);
    EXPECT_EQ(ec, plain.code) << ec.message();
    EXPECT_EQ(p.error().offset, plain.offset);
    parser throwing;
    throwing.feed(bad, ec);
    if (ec) continue;
    EXPECT_THROW(throwing.finish_partial(trailing), parse_exception);
  }
}

// document.hpp: node_count() and string_bytes() are the nodes and string bytes "in use". A
// snapshot's are those of the values it holds: a key, or a string value dropped at the cut, is
// not in use (the node count is checked on every snapshot of the sweeps; the bytes here).
TEST(DomPartialApi, ASnapshotCountsTheStringBytesOfItsValuesOnly) {
  struct example {
    std::string_view input;
    partial_mode mode;
    std::string_view holds;  // the snapshot, whose own string bytes are counted
  };
  for (const example& e : {example{R"(["ab)", strict, "[]"},
                           {R"({"ab)", trailing, "{}"},
                           {R"({"a":"xy)", strict, "{}"},
                           {R"(["x","ab)", strict, R"(["x"])"},
                           {R"(["x","ab)", trailing_strings, R"(["x","ab"])"},
                           {R"(["\u00e9\ud83d)", trailing_strings, R"(["\u00e9"])"}}) {
    SCOPED_TRACE(printable(e.input) + ", " + std::string(mode_name(e.mode)));
    parser p;
    p.feed(e.input);
    const document& snapshot = p.partial(e.mode);
    const document values = parse(e.holds);
    ASSERT_TRUE(identical(snapshot.root(), values.root())) << describe_document(snapshot);
    EXPECT_EQ(snapshot.node_count(), values.node_count());
    EXPECT_EQ(snapshot.string_bytes(), values.string_bytes());
  }
}

// Untimed: a snapshot of a document nested 1000 deep, after every byte, is the reference's (so
// as deep as the containers open), and leaves the final document exactly as a whole parse's.
TEST(DomPartialApi, ADeepDocumentSnapshottedAtEveryByteParsesUnchanged) {
  std::string text;
  for (int i = 0; i < 500; ++i) text += i % 2 ? R"({"k":)" : "[";
  text += R"("deep")";
  for (int i = 499; i >= 0; --i) text += i % 2 ? "}" : "]";
  const document whole = parse(text);
  parser p;
  parser scratch;
  parser reference_parser;
  prefix_closer closer;
  std::size_t deepest = 0;  // a snapshot is as deep as the most containers open so far
  for (std::size_t at = 0; at < text.size(); ++at) {
    std::error_code ec;
    const std::string_view byte = std::string_view(text).substr(at, 1);
    test::feed_copy(p, byte, ec);
    ASSERT_FALSE(ec);
    closer.read(byte);
    const partial_mode mode = every_partial_mode[at % 4];
    const document& snapshot = p.partial(mode, ec);
    ASSERT_FALSE(ec);
    deepest = std::max(deepest, closer.depth());
    ASSERT_EQ(test::depth_of(snapshot.root()), deepest) << "after byte " << at;
    if (at % 97 == 0 || at + 1 == text.size()) {
      ASSERT_EQ(snapshot_difference(snapshot, closer.close(mode).text, scratch), "") << at;
    }
  }
  const document& done = p.finish();
  EXPECT_TRUE(identical(done.root(), whole.root()));
  EXPECT_EQ(done.node_count(), whole.node_count());
  EXPECT_EQ(done.string_bytes(), whole.string_bytes());
}

}  // namespace
}  // namespace jsonx::dom
