// Indexing ahead (jsonx/sax/lookahead.hpp): a stream decoder feeds value after value out of one
// buffer, each value its own chunk (up to its record's end, or the buffer's), with the buffer
// as the lookahead. The events and verdicts must be exactly those of the same chunks fed with
// no lookahead, wherever the values, the records and the feeds are cut; and the kept index must
// really be reused (one window for a buffer of small values, not one per value).
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/sax/push_parser.hpp"
#include "support/event_recorder.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

enum class records { lines, whitespace };

// What one value came to.
struct value_outcome {
  std::string log;
  std::error_code code;
  std::uint64_t offset = 0, line = 0, column = 0;
  std::uint64_t consumed = 0;
  bool operator==(const value_outcome&) const = default;
};

std::string describe(const value_outcome& v) {
  return "log [" + v.log + "] code " + v.code.message() + " at " + std::to_string(v.offset) + " (" +
         std::to_string(v.line) + ":" + std::to_string(v.column) + ") consumed " +
         std::to_string(v.consumed);
}

// A stream decoder's loop over `text`: each value gets a fresh start (reset()) and the bytes up
// to its record's end, fed in two pieces cut `cut` bytes in (when shorter, in one). After an
// error, lines go on at the next line; whitespace framing stops.
class simulated_decoder {
 public:
  simulated_decoder(simd::kernel_id kernel, bool lookahead) : lookahead_(lookahead) {
    parse_options options;
    options.kernel = kernel;
    options.stop_after_value = true;
    parser_ = std::make_unique<push_parser<text_recorder>>(recorder_, options);
  }

  std::vector<value_outcome> run(std::string_view text, records framing, std::size_t cut,
                                 std::uint64_t buffer_id = 1) {
    std::vector<value_outcome> out;
    std::size_t at = 0;
    const char* buffer_end = text.data() + text.size();
    for (;;) {
      while (at < text.size() && std::strchr(" \t\r\n", text[at]) != nullptr) ++at;
      if (at == text.size()) return out;
      std::size_t bound = text.size();
      if (framing == records::lines) {
        const std::size_t newline = text.find('\n', at);
        if (newline != std::string_view::npos) bound = newline;
      }
      parser_->reset();
      recorder_.clear();
      value_outcome v;
      std::error_code ec;
      std::size_t fed = at;
      while (fed < bound && !ec && !parser_->done()) {
        const std::size_t piece = fed == at && cut != 0 && cut < bound - at ? cut : bound - fed;
        const std::string_view chunk = text.substr(fed, piece);
        const std::size_t used = lookahead_ ? parser_->feed(chunk, {buffer_end, buffer_id}, ec)
                                            : parser_->feed(chunk, ec);
        v.consumed += used;
        fed += piece;
      }
      if (!ec && !parser_->done()) parser_->finish(ec);
      v.log = recorder_.log();
      v.code = ec;
      if (ec) {
        v.offset = parser_->error().offset;
        v.line = parser_->error().line;
        v.column = parser_->error().column;
      }
      out.push_back(v);
      if (ec) {
        if (framing == records::whitespace || bound == text.size()) return out;
        at = bound + 1;
      } else {
        at += v.consumed;
      }
    }
  }

  std::uint64_t windows_indexed() const { return parser_->windows_indexed(); }

 private:
  bool lookahead_;
  text_recorder recorder_;
  std::unique_ptr<push_parser<text_recorder>> parser_;
};

class lookahead : public kernel_test {
 protected:
  // The same outcomes with and without the lookahead, for every cut of the first piece.
  void expect_same_outcomes(std::string_view text, records framing) {
    simulated_decoder plain(kernel(), false);
    simulated_decoder ahead(kernel(), true);  // one parser for every cut: its kept index too
    for (std::size_t cut = 0; cut < 40; ++cut) {
      const std::vector<value_outcome> expected = plain.run(text, framing, cut);
      const std::vector<value_outcome> got = ahead.run(text, framing, cut, cut + 1);
      ASSERT_EQ(got.size(), expected.size()) << "cut " << cut << " of " << text;
      for (std::size_t i = 0; i < got.size(); ++i)
        ASSERT_EQ(got[i], expected[i])
            << "value " << i << ", cut " << cut << " of " << text << "\n expected "
            << describe(expected[i]) << "\n got      " << describe(got[i]);
    }
  }
};

// Lines whose values are fine, then ones whose errors lie at, around or past the record end.
const std::vector<std::string> good_lines = {
    R"({"a":1,"b":[true,false,null],"c":"x\u00e9\n","d":-2.5e3})",
    "[1,2,[3,{}],\"four\"]",
    "\"a string with \\\"escapes\\\" and \xc3\xa9\"",
    "123",
    "-0.5",
    "true",
    "null",
    "{}",
    "  [ ]  ",
    "{\"k\":\"\xe6\x97\xa5\xe6\x9c\xac\"}",
};
const std::vector<std::string> bad_lines = {
    "{\"a\":1",          // cut by the record end
    "[1,2",              //
    "\"abc",             // a string cut by the record end
    "\"ab\xc3",          // ... inside a UTF-8 sequence
    "\"ab\\u12",         // ... inside an escape
    "\"ab\\",            //
    "tru",               // a literal cut
    "12e",               // a number cut
    "\"\xff\"",          // invalid UTF-8
    "\"a\x01\"",         // a control character in a string
    "1 2",               // trailing content in the record
    "{\"a\":1}}",        //
    "[1,,2]",            //
    "\xc3\xa9",          // UTF-8 outside a string
    "{\"a\":\"\xf5\"}",  // an impossible lead byte
};

TEST_P(lookahead, ndjson_records_come_out_as_without_it) {
  std::string text;
  for (const std::string& line : good_lines) text += line + "\n";
  expect_same_outcomes(text, records::lines);
  for (const std::string& bad : bad_lines) {
    // The bad record between good ones, at the end, and with no newline after it.
    expect_same_outcomes(good_lines[0] + "\n" + bad + "\n" + good_lines[1] + "\n", records::lines);
    expect_same_outcomes(good_lines[2] + "\n" + bad + "\n", records::lines);
    expect_same_outcomes(good_lines[3] + "\n" + bad, records::lines);
    // A bad record's bytes right after the end of a good one (what the window indexes ahead).
    expect_same_outcomes(good_lines[4] + "\n" + bad + "\"\n" + good_lines[0] + "\n",
                         records::lines);
  }
}

TEST_P(lookahead, values_after_values_come_out_as_without_it) {
  expect_same_outcomes("{\"a\":1} [2,3]\"s\" 4 null true {\"b\":\"\xc3\xa9\"}\n[]",
                       records::whitespace);
  expect_same_outcomes("1 2 3 -4.5e1 \"x\" \"y\"", records::whitespace);
  expect_same_outcomes("{\"a\":\n1}\n[\"multi\nline\"]", records::whitespace);
  for (const std::string& bad : bad_lines)
    expect_same_outcomes("[1] {\"x\":true} " + bad + " [2]", records::whitespace);
}

TEST_P(lookahead, a_value_spanning_a_line_is_cut_by_its_record_as_without_it) {
  // In lines framing a value may not go on past its line: the window indexes the next line,
  // the walk must not.
  expect_same_outcomes("{\"a\":\n1}\n[1]\n", records::lines);
  expect_same_outcomes("\"abc\n\"\n[1]\n", records::lines);
  expect_same_outcomes("[\"x\xc3\n\xa9\"]\n2\n", records::lines);
}

TEST_P(lookahead, a_string_open_at_the_window_end_goes_on_with_its_carries) {
  // The first value's window reaches into the second line and ends inside its string, after
  // an escape: the second value walks the kept window, then indexes on from its end with the
  // carries kept there (inside a string, an escape seen, a UTF-8 sequence open or not).
  const std::size_t window = jsonx::lookahead_window_bytes;
  const std::string escaped =
      "[\"" + std::string(100, 'a') + "\\n" + std::string(window, 'b') + "\"]";
  expect_same_outcomes("1\n" + escaped + "\n[2]\n", records::lines);
  // A two-byte character cut by the window's end: its first byte is the window's last.
  const std::string cut_character = "[\"\\t" + std::string(window - 7, 'c') + "\xc3\xa9" + "d\"]";
  expect_same_outcomes("1\n" + cut_character + "\n3\n", records::lines);
}

TEST_P(lookahead, a_value_cut_inside_its_window_goes_on_in_other_bytes) {
  // The first piece is fed with the whole text as its lookahead: its window reaches past the
  // cut, and the parser works out the carries at the cut (inside a string or not, after an
  // escape, after a scalar byte, inside a UTF-8 sequence). The rest then comes in other bytes
  // (a copy: no lookahead, nothing of the window can serve), which start from those carries.
  // Every cut of every value, as the same two pieces fed with no lookahead at all.
  std::vector<std::string> texts = good_lines;
  texts.insert(texts.end(), bad_lines.begin(), bad_lines.end());
  texts.push_back(R"({"a,b":"[\"]{}:,","c":[12,345,"x\\\"y"],"d":{"e":tru)");
  texts.push_back("[\"\xe6\x97\xa5\",\"\xf0\x9f\x98\x80\",{\"\\u00e9\":-1.25e+3},\"a\\\\\"]");
  texts.push_back("{\"a\":1,\"b\":\"x\xc3\"}");
  for (const std::string& text : texts) {
    for (std::size_t cut = 1; cut < text.size(); ++cut) {
      value_outcome outcome[2];
      for (const bool ahead : {false, true}) {
        parse_options options;
        options.kernel = kernel();
        text_recorder recorder;
        push_parser<text_recorder> parser(recorder, options);
        const std::string rest(text.substr(cut));
        std::error_code ec;
        const std::string_view first(text.data(), cut);
        if (ahead) {
          parser.feed(first, {text.data() + text.size(), 1}, ec);
        } else {
          parser.feed(first, ec);
        }
        if (!ec) parser.feed(rest, ec);
        if (!ec) parser.finish(ec);
        value_outcome& v = outcome[ahead ? 1 : 0];
        v.log = recorder.log();
        v.code = ec;
        if (ec) v.offset = parser.error().offset;
      }
      ASSERT_EQ(outcome[1], outcome[0])
          << "cut " << cut << " of " << text << "\n expected " << describe(outcome[0])
          << "\n got      " << describe(outcome[1]);
    }
  }
}

TEST_P(lookahead, one_window_serves_a_buffer_of_small_values) {
  // As many values as one lookahead window holds.
  std::string text;
  std::uint64_t values = 0;
  for (std::size_t i = 0;; ++i, ++values) {
    const std::string& line = good_lines[i % good_lines.size()];
    if (text.size() + line.size() + 1 > jsonx::lookahead_window_bytes) break;
    text += line + "\n";
  }
  ASSERT_GT(values, 20u);
  simulated_decoder plain(kernel(), false);
  const std::vector<value_outcome> expected = plain.run(text, records::lines, 0);
  EXPECT_EQ(plain.windows_indexed(), values);  // a window per value
  simulated_decoder ahead(kernel(), true);
  EXPECT_EQ(ahead.run(text, records::lines, 0), expected);
  EXPECT_EQ(ahead.windows_indexed(), 1u);
  // Values fed in two pieces go on in the same window.
  EXPECT_EQ(ahead.run(text, records::lines, 5, 2), expected);
  EXPECT_EQ(ahead.windows_indexed(), 2u);
}

TEST_P(lookahead, a_buffer_larger_than_a_window_is_indexed_once) {
  std::string text;
  while (text.size() < 100 * 1024) text += good_lines[text.size() % good_lines.size()] + "\n";
  simulated_decoder plain(kernel(), false);
  simulated_decoder ahead(kernel(), true);
  EXPECT_EQ(ahead.run(text, records::lines, 0), plain.run(text, records::lines, 0));
  // Windows of lookahead_window_bytes, each begun where the last ended (or at the first value
  // after it).
  EXPECT_LE(ahead.windows_indexed(), text.size() / jsonx::lookahead_window_bytes + 2);
  EXPECT_LT(ahead.windows_indexed(), plain.windows_indexed() / 10);
}

TEST_P(lookahead, a_new_buffer_id_is_indexed_again) {
  // The same addresses with other bytes: a new id, and nothing of the old index is used.
  std::string buffer = "[1]\n[2]\n[3]\n";
  simulated_decoder ahead(kernel(), true);
  simulated_decoder plain(kernel(), false);
  ASSERT_EQ(ahead.run(buffer, records::lines, 0, 7), plain.run(buffer, records::lines, 0));
  buffer = "\"a\"\n\"b\"\n{}\n\"c";
  EXPECT_EQ(ahead.run(buffer, records::lines, 0, 8), plain.run(buffer, records::lines, 0));
  buffer = "  \"[1,2]\n\"x\"\n{\"";
  EXPECT_EQ(ahead.run(buffer, records::lines, 2, 9), plain.run(buffer, records::lines, 2));
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(lookahead);

}  // namespace
}  // namespace jsonx::test
