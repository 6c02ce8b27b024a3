// The reference closer of the partial tests (tests/support/partial_reference.hpp) on hand
// examples: the closed text it builds byte for byte, where it finds a prefix no JSON text can
// have, and that reading in pieces changes nothing. The partial snapshots are compared with it
// in partial_sweep_test.cpp; here it is checked against the rules alone.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "jsonx/dom/dom.hpp"
#include "support/event_log.hpp"
#include "support/partial_reference.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

using verdict = closed_prefix::verdict;
constexpr partial_mode strict = partial_mode::strict;
constexpr partial_mode strings = partial_mode::trailing_strings;
constexpr partial_mode numbers = partial_mode::trailing_numbers;
constexpr partial_mode trailing = partial_mode::trailing;

// The closed text ("<nothing>" if nothing is kept, "<invalid at N>", "<too deep at N>").
std::string closed(std::string_view prefix, partial_mode mode, std::size_t max_depth = 1024) {
  const closed_prefix result = close_prefix(prefix, mode, max_depth);
  switch (result.status) {
    case verdict::invalid:
      return "<invalid at " + std::to_string(result.invalid_at) + ">";
    case verdict::too_deep:
      return "<too deep at " + std::to_string(result.invalid_at) + ">";
    case verdict::viable:
      break;
  }
  return result.text ? *result.text : "<nothing>";
}

TEST(PartialReference, ClosesTheExamplesOfPartialHpp) {
  EXPECT_EQ(closed(R"({"a":[1,{"b":2)", strict), R"({"a":[1,{}]})");
  EXPECT_EQ(closed(R"({"a":[1,{"b":2)", numbers), R"({"a":[1,{"b":2}]})");
  for (partial_mode mode : every_partial_mode) {
    EXPECT_EQ(closed(R"({"a":1,"b)", mode), R"({"a":1})");
    EXPECT_EQ(closed(R"({"a":1,"b")", mode), R"({"a":1})");
    EXPECT_EQ(closed(R"({"a":1,"b":)", mode), R"({"a":1})");
  }
  EXPECT_EQ(closed(R"(["ab\u00)", strings), R"(["ab"])");
  EXPECT_EQ(closed(R"(["ab\u00)", strict), "[]");
  EXPECT_EQ(closed("12", numbers), "12");
  EXPECT_EQ(closed("-0.5", numbers), "-0.5");
  EXPECT_EQ(closed("1e3", numbers), "1e3");
  for (std::string_view never : {"-", "1.", "1e", "1e+"}) {
    for (partial_mode mode : every_partial_mode) EXPECT_EQ(closed(never, mode), "<nothing>");
  }
  for (std::string_view cut : {"tr", "fals", "nu"})
    EXPECT_EQ(closed(cut, trailing), "<nothing>") << cut;
  EXPECT_EQ(closed("true", strict), "true");
}

TEST(PartialReference, KeepsTheCutBackTextAndClosesWhatIsOpen) {
  EXPECT_EQ(closed("", strict), "<nothing>");
  EXPECT_EQ(closed(" \n\t\r", strict), "<nothing>");
  EXPECT_EQ(closed("[", strict), "[]");
  EXPECT_EQ(closed("{", strict), "{}");
  EXPECT_EQ(closed(R"({"a":)", trailing), "{}");
  EXPECT_EQ(closed(R"({"a":[)", strict), R"({"a":[]})");
  EXPECT_EQ(closed("[1,2", strict), "[1]");
  EXPECT_EQ(closed("[1,2", numbers), "[1,2]");
  EXPECT_EQ(closed("[1,2 ", strict), "[1,2]");
  EXPECT_EQ(closed("[1, ", strict), "[1]");
  EXPECT_EQ(closed(" [[1],[", strict), " [[1],[]]");
  EXPECT_EQ(closed(R"([{"a":"x)", strings), R"([{"a":"x"}])");
  EXPECT_EQ(closed(R"([{"a":"x)", numbers), "[{}]");
  EXPECT_EQ(closed(R"({"a":tru)", trailing), "{}");
  EXPECT_EQ(closed(R"({"a":null)", strict), R"({"a":null})");
  EXPECT_EQ(closed("12 ", strict), "12");
  EXPECT_EQ(closed("\"ab", strings), "\"ab\"");
  EXPECT_EQ(closed("\"ab", strict), "<nothing>");
  EXPECT_EQ(closed("\"", strings), "\"\"");
  EXPECT_EQ(closed("[1]", strict), "[1]");
  EXPECT_EQ(closed("[1] \n", strict), "[1]");
}

TEST(PartialReference, LeavesOutCutEscapesAndUtf8) {
  EXPECT_EQ(closed(R"(["a\)", strings), R"(["a"])");
  EXPECT_EQ(closed(R"(["a\u)", strings), R"(["a"])");
  EXPECT_EQ(closed(R"(["a\u004)", strings), R"(["a"])");
  EXPECT_EQ(closed(R"(["a\u0041)", strings), R"(["a\u0041"])");
  EXPECT_EQ(closed(R"(["a\n)", strings), R"(["a\n"])");
  EXPECT_EQ(closed(R"(["a\ud83d)", strings), R"(["a"])");
  EXPECT_EQ(closed(R"(["a\ud83d\)", strings), R"(["a"])");
  EXPECT_EQ(closed(R"(["a\ud83d\ude0)", strings), R"(["a"])");
  EXPECT_EQ(closed(R"(["a\ud83d\ude00)", strings), R"(["a\ud83d\ude00"])");
  EXPECT_EQ(closed("[\"a\xC3", strings), "[\"a\"]");
  EXPECT_EQ(closed("[\"a\xC3\xA9", strings), "[\"a\xC3\xA9\"]");
  EXPECT_EQ(closed("[\"\xE2\x82", strings), "[\"\"]");
  EXPECT_EQ(closed("[\"\xF0\x9F\x98", strings), "[\"\"]");
  EXPECT_EQ(closed("[\"\xF0\x9F\x98\x80", strings), "[\"\xF0\x9F\x98\x80\"]");
  // A key is never kept, however much of it is there.
  EXPECT_EQ(closed(R"({"abc)", strings), "{}");
}

TEST(PartialReference, FindsTheFirstByteNoJsonTextCanHave) {
  EXPECT_EQ(closed("[1x", strict), "<invalid at 2>");
  EXPECT_EQ(closed("01", strict), "<invalid at 1>");
  EXPECT_EQ(closed("-a", strict), "<invalid at 1>");
  EXPECT_EQ(closed("1.e", strict), "<invalid at 2>");
  EXPECT_EQ(closed("1e+-", strict), "<invalid at 3>");
  EXPECT_EQ(closed("[1.5.", strict), "<invalid at 4>");
  EXPECT_EQ(closed("tx", strict), "<invalid at 1>");
  EXPECT_EQ(closed("truee", strict), "<invalid at 4>");
  EXPECT_EQ(closed("[1,]", strict), "<invalid at 3>");
  EXPECT_EQ(closed("[,", strict), "<invalid at 1>");
  EXPECT_EQ(closed(R"({"a" 1)", strict), "<invalid at 5>");
  EXPECT_EQ(closed("{1", strict), "<invalid at 1>");
  EXPECT_EQ(closed(R"({"a":1,})", strict), "<invalid at 7>");
  EXPECT_EQ(closed("[1] 2", strict), "<invalid at 4>");
  EXPECT_EQ(closed("[}", strict), "<invalid at 1>");
  EXPECT_EQ(closed("\xEF\xBB\xBF[]", strict), "<invalid at 0>");  // no byte order mark
  // Escapes: a lone low half shows at its second digit, a high half without its low half at the
  // first byte that is not "\uDC".."\uDF".
  EXPECT_EQ(closed(R"("\x)", strict), "<invalid at 2>");
  EXPECT_EQ(closed(R"("\u12g)", strict), "<invalid at 5>");
  EXPECT_EQ(closed(R"("\udc)", strict), "<invalid at 4>");
  EXPECT_EQ(closed(R"("\ud83d")", strict), "<invalid at 7>");
  EXPECT_EQ(closed(R"("\ud83dx)", strict), "<invalid at 7>");
  EXPECT_EQ(closed(R"("\ud83d\n)", strict), "<invalid at 8>");
  EXPECT_EQ(closed(R"("\ud83d\u0)", strict), "<invalid at 9>");
  EXPECT_EQ(closed(R"("\ud83d\ud8)", strict), "<invalid at 10>");
  EXPECT_EQ(closed(R"("\ud83d\udc)", strings), "\"\"");  // a pair still arriving: not kept
  // UTF-8: overlong forms, surrogates, beyond U+10FFFF, stray continuation bytes, control bytes.
  EXPECT_EQ(closed("\"\xC0\x80", strict), "<invalid at 1>");
  EXPECT_EQ(closed("\"\xE0\x80", strict), "<invalid at 2>");
  EXPECT_EQ(closed("\"\xED\xA0", strict), "<invalid at 2>");
  EXPECT_EQ(closed("\"\xF0\x80", strict), "<invalid at 2>");
  EXPECT_EQ(closed("\"\xF4\x90", strict), "<invalid at 2>");
  EXPECT_EQ(closed("\"\xF5", strict), "<invalid at 1>");
  EXPECT_EQ(closed("\"\x80", strict), "<invalid at 1>");
  EXPECT_EQ(closed("\"\xC3x", strict), "<invalid at 2>");
  EXPECT_EQ(closed("\"\x1F", strict), "<invalid at 1>");
  EXPECT_EQ(closed("[\x80", strict), "<invalid at 1>");
}

TEST(PartialReference, NestingBeyondTheLimitIsTooDeep) {
  EXPECT_EQ(closed("[[[", strict, 3), "[[[]]]");
  EXPECT_EQ(closed("[[[[", strict, 3), "<too deep at 3>");
  EXPECT_EQ(closed(R"([{"a":[{)", strict, 3), "<too deep at 7>");
  EXPECT_EQ(closed(std::string(1024, '['), strict).size(), 2048u);
  EXPECT_EQ(closed(std::string(1025, '['), strict), "<too deep at 1024>");
}

TEST(PartialReference, ReadingInPiecesIsReadingWhole) {
  const std::string text = R"({"a":[1,-2.5e+3,"x\u00e9\ud83d\ude00)"
                           "\xE2\x82\xAC"
                           R"(",true,{}],"b":null})";
  for (std::size_t end = 0; end <= text.size(); ++end) {
    for (std::size_t split = 0; split <= end; ++split) {
      prefix_closer closer;
      closer.read(std::string_view(text).substr(0, split));
      closer.read(std::string_view(text).substr(split, end - split));
      for (partial_mode mode : every_partial_mode) {
        const closed_prefix whole = close_prefix(std::string_view(text).substr(0, end), mode);
        const closed_prefix pieces = closer.close(mode);
        ASSERT_TRUE(whole.viable() && pieces.viable()) << end;
        ASSERT_EQ(whole.text, pieces.text) << "end " << end << ", split " << split;
      }
    }
  }
}

// Every prefix of every valid text is viable, closes to a text that parses, and the whole text
// closes to itself.
TEST(PartialReference, EveryPrefixOfAValidTextClosesToJson) {
  auto files = conformance_files("y_");
  std::vector<named_input> generated = generated_documents(2 << 10, 1);
  std::vector<const named_input*> inputs(files.begin(), files.end());
  for (const auto& g : generated) inputs.push_back(&g);
  if (files.empty()) std::fprintf(stderr, "JSONTestSuite absent: generated documents only\n");
  dom::parser parser;
  for (const named_input* input : inputs) {
    prefix_closer closer;
    for (std::size_t end = 0; end <= input->bytes.size(); ++end) {
      if (end > 0) closer.read(std::string_view(input->bytes).substr(end - 1, 1));
      for (partial_mode mode : every_partial_mode) {
        const closed_prefix result = closer.close(mode);
        ASSERT_TRUE(result.viable())
            << input->name << " at " << end << ": invalid at " << result.invalid_at;
        if (!result.text) continue;
        std::error_code ec;
        parser.parse(*result.text, ec);
        ASSERT_FALSE(ec) << input->name << " cut at " << end << ", " << mode_name(mode) << ": "
                         << printable(*result.text);
      }
    }
    // The whole text closes to itself, but for the whitespace after its value.
    const std::string& bytes = input->bytes;
    EXPECT_EQ(closer.close(partial_mode::trailing).text,
              bytes.substr(0, bytes.find_last_not_of(" \t\r\n") + 1))
        << input->name;
  }
}

}  // namespace
}  // namespace jsonx::test
