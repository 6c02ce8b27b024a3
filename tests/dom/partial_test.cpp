// dom::parser::partial(), rule by rule (jsonx/sax/partial.hpp): each rule's examples, those of
// the header's comment first, in every mode, against snapshots written by hand. Each prefix is
// fed whole and byte by byte, the four modes' snapshots are taken in a row, and the reference
// closer (tests/support/partial_reference.hpp) must agree with the hand-written snapshot too.
// finish_partial() and the API around the snapshot are partial_api_test.cpp; the sweeps over
// files, partial_sweep_test.cpp.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/dom/dom.hpp"
#include "partial_test_support.hpp"
#include "support/event_log.hpp"

namespace jsonx::dom {
namespace {

using jsonx::test::close_prefix;
using jsonx::test::closed_prefix;
using jsonx::test::every_partial_mode;
using jsonx::test::mode_name;
using jsonx::test::printable;
using jsonx::test::snapshot_difference;
using test::by_numbers;
using test::by_strings;
using test::expected_snapshots;
using test::expected_value;
using test::in_every_mode;
using test::nothing;

// The snapshots of `input` in every mode are `expected`: fed whole and byte by byte, and
// according to the reference closer.
void expect_snapshots(std::string_view input, const expected_snapshots& expected) {
  SCOPED_TRACE("input: " + printable(input));
  parser whole;
  parser bytes;
  parser scratch;
  std::error_code ec;
  if (!input.empty()) test::feed_copy(whole, input, ec);
  ASSERT_FALSE(ec) << ec.message();
  for (std::size_t i = 0; i < input.size(); ++i) {
    test::feed_copy(bytes, input.substr(i, 1), ec);
    ASSERT_FALSE(ec) << ec.message() << " at byte " << i;
  }
  for (partial_mode mode : every_partial_mode) {
    SCOPED_TRACE(std::string("mode ") + std::string(mode_name(mode)));
    const document& fed_whole = whole.partial(mode, ec);
    ASSERT_FALSE(ec) << ec.message();
    EXPECT_EQ(snapshot_difference(fed_whole, expected.in(mode), scratch), "") << "(fed whole)";
    const document& fed_bytes = bytes.partial(mode, ec);
    ASSERT_FALSE(ec) << ec.message();
    EXPECT_EQ(snapshot_difference(fed_bytes, expected.in(mode), scratch), "")
        << "(fed byte by byte)";

    const closed_prefix reference = close_prefix(input, mode);
    ASSERT_TRUE(reference.viable()) << "the reference finds it invalid at " << reference.invalid_at;
    parser reference_parser;
    const document& closed =
        reference.text ? reference_parser.parse(*reference.text, ec) : reference_parser.doc();
    ASSERT_FALSE(ec) << "the reference's text does not parse: " << *reference.text;
    EXPECT_EQ(snapshot_difference(closed, expected.in(mode), scratch), "") << "(the reference)";
  }
}

// Where a value cut at every byte sits: an element, a member, the top-level value.
struct wrapper {
  std::string open, close;
  expected_value empty;  // the snapshot without the value
};
const std::vector<wrapper>& wrappers() {
  static const std::vector<wrapper> all = {
      {"[", "]", "[]"}, {R"({"k":)", "}", "{}"}, {"", "", nothing}};
  return all;
}

// ["<units>"], {"k":"<units>"} and "<units>" cut at every byte: a string cut short keeps, with
// trailing_strings, the units wholly before the cut (each unit a character, written plain or
// as an escape: "a", "\n", "\u00e9", "\ud83d\ude00", UTF-8 bytes), and goes without it.
void expect_string_cut_at_every_byte(const std::vector<std::string>& units) {
  std::string content;
  for (const std::string& unit : units) content += unit;
  for (const wrapper& w : wrappers()) {
    const std::string text = w.open + '"' + content + '"' + w.close;
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
      const std::size_t string_begin = w.open.size() + 1;  // after the opening quote
      expected_snapshots expected;
      if (cut < string_begin) {
        // Before the string: "", "[", "{", {"k", ... (the key or the colon is not a value).
        expected = in_every_mode(cut == 0 ? nothing : w.empty);
      } else if (cut <= string_begin + content.size()) {
        std::string kept;
        std::size_t at = string_begin;
        for (const std::string& unit : units) {
          if (at + unit.size() > cut) break;
          kept += unit;
          at += unit.size();
        }
        expected = by_strings(w.empty, w.open + '"' + kept + '"' + w.close);
      } else {
        expected = in_every_mode(text);  // the string is whole (and a top-level one complete)
      }
      expect_snapshots(std::string_view(text).substr(0, cut), expected);
      if (testing::Test::HasFailure()) return;
    }
  }
}

// A number cut at every byte, at the top level, as an element and as a member: kept with
// trailing_numbers when the bytes so far are a number by themselves, by the grammar of RFC 8259.
void expect_number_cut_at_every_byte(const std::string& number) {
  static const std::regex json_number(R"(-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)");
  for (const wrapper& w : wrappers()) {
    const std::string text = w.open + number + w.close;
    for (std::size_t cut = w.open.size() + 1; cut <= w.open.size() + number.size(); ++cut) {
      const std::string so_far = number.substr(0, cut - w.open.size());
      const bool complete = std::regex_match(so_far, json_number);
      expect_snapshots(std::string_view(text).substr(0, cut),
                       by_numbers(w.empty, complete ? w.open + so_far + w.close : w.empty));
      if (testing::Test::HasFailure()) return;
    }
    // The delimiter after it makes it complete in every mode.
    expect_snapshots(w.open + number + " ", in_every_mode(w.open + number + w.close));
    if (!w.close.empty()) expect_snapshots(text, in_every_mode(text));
  }
}

TEST(DomPartial, OpenContainersAreClosedRecursively) {
  // partial.hpp: {"a":[1,{"b":2  ->  {"a":[1,{"b":2}]}  (2 kept only with trailing_numbers)
  expect_snapshots(R"({"a":[1,{"b":2)", by_numbers(R"({"a":[1,{}]})", R"({"a":[1,{"b":2}]})"));
  expect_snapshots("[", in_every_mode("[]"));
  expect_snapshots("{", in_every_mode("{}"));
  expect_snapshots("[[[", in_every_mode("[[[]]]"));
  expect_snapshots(R"({"a":{"b":{)", in_every_mode(R"({"a":{"b":{}}})"));
  expect_snapshots(R"([{"a":[{"b":[)", in_every_mode(R"([{"a":[{"b":[]}]}])"));
  expect_snapshots("[[1,2],[3", by_numbers("[[1,2],[]]", "[[1,2],[3]]"));
  expect_snapshots(R"({"a":[1,{"b":[true,{"c":"d"},[)",
                   in_every_mode(R"({"a":[1,{"b":[true,{"c":"d"},[]]}]})"));
  expect_snapshots(" \n[ \t[ ", in_every_mode("[[]]"));
}

TEST(DomPartial, CompleteMembersAndElementsAreKept) {
  expect_snapshots("[1,", in_every_mode("[1]"));
  expect_snapshots("[1, ", in_every_mode("[1]"));
  expect_snapshots(R"(["a",)", in_every_mode(R"(["a"])"));
  expect_snapshots(R"({"a":1,)", in_every_mode(R"({"a":1})"));
  expect_snapshots(R"({"a":1,"a":2,)", in_every_mode(R"({"a":1,"a":2})"));  // duplicates too
  expect_snapshots(
      R"([null,true,false,"x",{},[],-1.5)",
      by_numbers(R"([null,true,false,"x",{},[]])", R"([null,true,false,"x",{},[],-1.5])"));
  expect_snapshots("[1]", in_every_mode("[1]"));
  expect_snapshots(R"({"a":1} )", in_every_mode(R"({"a":1})"));
}

TEST(DomPartial, AnOpenContainerThatIsAMemberOrAnElementIsKept) {
  expect_snapshots(R"({"a":[)", in_every_mode(R"({"a":[]})"));
  expect_snapshots(R"({"a":{)", in_every_mode(R"({"a":{}})"));
  expect_snapshots("[1,{", in_every_mode("[1,{}]"));
  expect_snapshots("[1,[", in_every_mode("[1,[]]"));
  expect_snapshots(R"({"a":{"b)", in_every_mode(R"({"a":{}})"));
}

TEST(DomPartial, AMemberWithAnIncompleteKeyOrNoValueIsDropped) {
  // partial.hpp:  {"a":1,"b   {"a":1,"b"   {"a":1,"b":   ->  {"a":1}
  expect_snapshots(R"({"a":1,"b)", in_every_mode(R"({"a":1})"));
  expect_snapshots(R"({"a":1,"b")", in_every_mode(R"({"a":1})"));
  expect_snapshots(R"({"a":1,"b":)", in_every_mode(R"({"a":1})"));
  expect_snapshots(R"({"a":1,"b" : )", in_every_mode(R"({"a":1})"));
  expect_snapshots(R"({")", in_every_mode("{}"));
  expect_snapshots(R"({"a)", in_every_mode("{}"));
  expect_snapshots(R"({"a\)", in_every_mode("{}"));
  expect_snapshots(R"({"a\u00e9)", in_every_mode("{}"));  // a key is never kept as a prefix
  expect_snapshots(R"({"a")", in_every_mode("{}"));
  expect_snapshots(R"({"a":)", in_every_mode("{}"));
  expect_snapshots(R"({"a": )", in_every_mode("{}"));
  expect_snapshots(R"([{"a":1},{"b":)", in_every_mode(R"([{"a":1},{}])"));
}

TEST(DomPartial, AStringValueCutShortIsDroppedWithItsKeyOrKeptAsItsPrefix) {
  expect_snapshots(R"({"a":"x)", by_strings("{}", R"({"a":"x"})"));
  expect_snapshots(R"({"a":1,"b":")", by_strings(R"({"a":1})", R"({"a":1,"b":""})"));
  expect_snapshots(R"(["ab)", by_strings("[]", R"(["ab"])"));
  expect_snapshots(R"(["x","ab)", by_strings(R"(["x"])", R"(["x","ab"])"));
  expect_snapshots(R"([")", by_strings("[]", R"([""])"));
  expect_snapshots(R"(["ab")", in_every_mode(R"(["ab"])"));
  expect_snapshots(R"({"a":"b")", in_every_mode(R"({"a":"b"})"));
  expect_snapshots(R"({"a":"x y \" z)", by_strings("{}", R"({"a":"x y \" z"})"));
}

TEST(DomPartial, AnEscapeCutShortIsLeftOut) {
  // partial.hpp:  ["ab\u00   ->  ["ab"] with trailing_strings, [] without
  expect_snapshots(R"(["ab\u00)", by_strings("[]", R"(["ab"])"));
  expect_snapshots(R"(["ab\)", by_strings("[]", R"(["ab"])"));
  expect_snapshots(R"(["ab\u12)", by_strings("[]", R"(["ab"])"));
  expect_snapshots(R"(["ab\ud83d)", by_strings("[]", R"(["ab"])"));
  expect_snapshots(R"(["ab\ud83d\ude0)", by_strings("[]", R"(["ab"])"));
  expect_snapshots(R"(["ab\ud83d\ude00)", by_strings("[]", R"(["ab\ud83d\ude00"])"));
}

TEST(DomPartial, EveryEscapeCutAtEveryByte) {
  for (std::string escape :
       {R"(\")", R"(\\)", R"(\/)", R"(\b)", R"(\f)", R"(\n)", R"(\r)", R"(\t)", R"(\u0041)",
        R"(\u00e9)", R"(\u20AC)", R"(\uFFFF)", R"(\u0000)", R"(\u001f)"}) {
    SCOPED_TRACE("escape " + escape);
    expect_string_cut_at_every_byte({"x", escape, "y", escape});
    if (HasFailure()) return;
  }
}

TEST(DomPartial, SurrogatePairsCutAtEveryByte) {
  for (std::string pair :
       {R"(\ud83d\ude00)", R"(\uD800\uDC00)", R"(\uDBFF\uDFFF)", R"(\uD834\uDD1E)"}) {
    SCOPED_TRACE("pair " + pair);
    expect_string_cut_at_every_byte({"a", pair, "b"});
    expect_string_cut_at_every_byte({pair, pair});
    if (HasFailure()) return;
  }
}

TEST(DomPartial, Utf8SequencesCutAtEveryByte) {
  // 2, 3 and 4 bytes, with the edges of each length's range.
  for (std::string sequence : {"\xC3\xA9", "\xC2\x80", "\xDF\xBF", "\xE2\x82\xAC", "\xE0\xA0\x80",
                               "\xED\x9F\xBF", "\xEE\x80\x80", "\xEF\xBF\xBF", "\xF0\x9F\x98\x80",
                               "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF"}) {
    SCOPED_TRACE("UTF-8 " + printable(sequence));
    expect_string_cut_at_every_byte({"a", sequence, "b"});
    expect_string_cut_at_every_byte({sequence, sequence, R"(\n)", sequence});
    if (HasFailure()) return;
  }
}

TEST(DomPartial, ANumberAtTheEndIsDroppedOrKeptWhenCompleteByItself) {
  // partial.hpp: 12, -0.5, 1e3 yes; -, 1., 1e, 1e+ never.
  expect_snapshots("12", by_numbers(nothing, "12"));
  expect_snapshots("-0.5", by_numbers(nothing, "-0.5"));
  expect_snapshots("1e3", by_numbers(nothing, "1e3"));
  for (std::string_view never : {"-", "1.", "1e", "1e+", "-0.", "2E-"}) {
    expect_snapshots(never, in_every_mode(nothing));
    expect_snapshots(std::string("[").append(never), in_every_mode("[]"));
  }
  expect_snapshots("[1,2", by_numbers("[1]", "[1,2]"));
  expect_snapshots(R"({"a":12)", by_numbers("{}", R"({"a":12})"));
  for (std::string number : {"-12.5e+3", "0", "-0", "10", "0.25", "1E9", "2e-7", "-0.0e0",
                             "123456789012345678901234567890", "1.7976931348623157e308"}) {
    SCOPED_TRACE("number " + number);
    expect_number_cut_at_every_byte(number);
    if (HasFailure()) return;
  }
}

TEST(DomPartial, ANumberFollowedByADelimiterIsCompleteInEveryMode) {
  // The parser knows a number has ended only at the byte after it.
  expect_snapshots("[1,2 ", in_every_mode("[1,2]"));
  expect_snapshots("12 ", in_every_mode("12"));
  expect_snapshots("12\n", in_every_mode("12"));
  expect_snapshots("[12]", in_every_mode("[12]"));
  expect_snapshots("[12,", in_every_mode("[12]"));
  expect_snapshots(R"({"a":12 )", in_every_mode(R"({"a":12})"));
  expect_snapshots(R"({"a":12,)", in_every_mode(R"({"a":12})"));
  expect_snapshots(R"({"a":12})", in_every_mode(R"({"a":12})"));
}

TEST(DomPartial, ALiteralCutShortIsDropped) {
  for (std::string_view cut : {"t", "tr", "tru", "f", "fals", "n", "nu", "nul"}) {
    expect_snapshots(cut, in_every_mode(nothing));
    expect_snapshots(std::string("[").append(cut), in_every_mode("[]"));
    expect_snapshots(std::string(R"({"a":)").append(cut), in_every_mode("{}"));
    expect_snapshots(std::string("[true,").append(cut), in_every_mode("[true]"));
  }
}

TEST(DomPartial, AWholeLiteralAtTheEndIsKept) {
  for (std::string literal : {"true", "false", "null"}) {
    expect_snapshots(literal, in_every_mode(literal));
    expect_snapshots("[" + literal, in_every_mode("[" + literal + "]"));
    expect_snapshots(R"({"a":)" + literal, in_every_mode(R"({"a":)" + literal + "}"));
    expect_snapshots(" " + literal + " ", in_every_mode(literal));
  }
}

TEST(DomPartial, ATopLevelValueFollowsTheSameRules) {
  expect_snapshots(R"("abc)", by_strings(nothing, R"("abc")"));
  expect_snapshots(R"(")", by_strings(nothing, R"("")"));
  expect_snapshots(R"("abc")", in_every_mode(R"("abc")"));
  expect_snapshots(R"(  "a\u00)", by_strings(nothing, R"("a")"));
  expect_snapshots("7", by_numbers(nothing, "7"));
  expect_snapshots("7 ", in_every_mode("7"));
  expect_snapshots("[]", in_every_mode("[]"));
  expect_snapshots("{} ", in_every_mode("{}"));
}

TEST(DomPartial, NothingKeptIsAnEmptyDocument) {
  struct example {
    std::string_view input;
    partial_mode mode;
  };
  for (const example& e : {example{"", partial_mode::trailing},
                           {" ", partial_mode::trailing},
                           {" \n\t\r ", partial_mode::trailing},
                           {"tr", partial_mode::trailing},
                           {"-", partial_mode::trailing},
                           {"1.", partial_mode::trailing},
                           {R"("ab)", partial_mode::trailing_numbers},
                           {"12", partial_mode::trailing_strings}}) {
    SCOPED_TRACE(printable(e.input) + ", " + std::string(mode_name(e.mode)));
    parser p;
    std::error_code ec;
    if (!e.input.empty()) p.feed(e.input, ec);
    ASSERT_FALSE(ec);
    const document& doc = p.partial(e.mode, ec);
    ASSERT_FALSE(ec);
    EXPECT_TRUE(doc.empty());
    EXPECT_TRUE(doc.root().is_null());
    EXPECT_EQ(doc.node_count(), 0u);
    EXPECT_EQ(jsonx::test::close_prefix(e.input, e.mode).text, std::nullopt);
  }
}

}  // namespace
}  // namespace jsonx::dom
