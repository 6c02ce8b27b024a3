// String escaping, on every kernel: each option, each byte, invalid UTF-8, vector boundaries,
// strings written in parts, and output regions that run out mid-string.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "jsonx/encode/writer.hpp"
#include "reference_escaper.hpp"
#include "support/event_log.hpp"
#include "support/guarded_buffer.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

class escape_test : public kernel_test {
 protected:
  write_options options(write_options base = {}) const {
    base.kernel = kernel();
    return base;
  }
  // The JSON the writer prints for one string, or "error: <message>".
  std::string write_string(std::string_view text, const write_options& opts) const {
    std::string out;
    writer w(out, opts);
    if (!w.on_string(text) || !w.finish()) return "error: " + w.error().message();
    return out;
  }
  std::string expected(std::string_view text, const write_options& opts) const {
    const auto body = reference_escape(text, opts);
    if (!body) return "error: " + make_error_code(write_errc::invalid_utf8).message();
    return '"' + *body + '"';
  }
};

TEST_P(escape_test, writer_uses_the_requested_kernel) {
  std::string out;
  writer w(out, options());
  EXPECT_EQ(w.kernel(), kernel());
}

TEST_P(escape_test, required_escapes_have_their_short_forms) {
  EXPECT_EQ(write_string("a\"b\\c/d", options()), R"("a\"b\\c/d")");
  EXPECT_EQ(write_string("\b\f\n\r\t", options()), R"("\b\f\n\r\t")");
  EXPECT_EQ(write_string(std::string_view("\x00\x01\x1f\x7f", 4), options()),
            "\"\\u0000\\u0001\\u001f\x7f\"");
}

TEST_P(escape_test, every_ascii_byte_matches_the_reference) {
  for (const bool html : {false, true}) {
    write_options opts = options();
    opts.escape_html = html;
    for (int c = 0; c < 0x80; ++c) {
      // The byte alone, and inside a string long enough for the vector path.
      const std::string alone(1, static_cast<char>(c));
      const std::string inside = std::string(40, 'x') + alone + std::string(70, 'y');
      EXPECT_EQ(write_string(alone, opts), expected(alone, opts)) << "byte " << c;
      EXPECT_EQ(write_string(inside, opts), expected(inside, opts)) << "byte " << c;
    }
  }
}

// Strings up to 16 bytes take the writer's inline path (not the kernel): every length, with
// every kind of special byte at every position, as strings and as keys, under each option set.
TEST_P(escape_test, short_strings_and_keys_match_the_reference) {
  const std::string specials[] = {"\"", "\\",       "\n",   std::string(1, '\0'), "<",
                                  "&",  "\xC3\xA9", "\xFF", "\xE2\x80\xA8"};
  for (int bits = 0; bits < 8; ++bits) {
    write_options o = options();
    o.escape_html = bits & 1;
    o.ascii_only = bits & 2;
    o.invalid_utf8 = bits & 4 ? invalid_utf8_policy::assume_valid : invalid_utf8_policy::replace;
    // Up to past 32: the writer's inline path takes strings of up to 32 bytes (two 16-byte
    // halves above 16), the escape loop the rest.
    for (std::size_t length = 0; length <= 34; ++length) {
      std::vector<std::string> texts = {std::string(length, 'k')};
      for (const std::string& special : specials) {
        for (std::size_t at = 0; at + special.size() <= length; ++at) {
          std::string text(length, 'k');
          text.replace(at, special.size(), special);
          texts.push_back(text);
        }
      }
      for (const std::string& text : texts) {
        const std::string want = expected(text, o);
        ASSERT_EQ(write_string(text, o), want) << printable(text);
        std::string out;
        writer w(out, o);
        ASSERT_TRUE(w.on_object_begin() && w.on_key(text) && w.on_int64(1) && w.on_key(text) &&
                    w.on_null() && w.on_object_end() && w.finish());
        ASSERT_EQ(out, "{" + want + ":1," + want + ":null}") << printable(text);
      }
    }
  }
}

TEST_P(escape_test, escape_html_escapes_angle_brackets_and_ampersand) {
  write_options opts = options();
  EXPECT_EQ(write_string("<a href='x'>&amp;</a>", opts), R"("<a href='x'>&amp;</a>")");
  opts.escape_html = true;
  EXPECT_EQ(write_string("<a href='x'>&amp;</a>", opts),
            R"("\u003ca href='x'\u003e\u0026amp;\u003c/a\u003e")");
}

TEST_P(escape_test, line_separators_are_escaped_only_on_request) {
  const std::string text = "a\u2028b\u2029c\u2027d\u202a";
  write_options opts = options();
  EXPECT_EQ(write_string(text, opts), '"' + text + '"');
  opts.escape_line_separators = true;
  EXPECT_EQ(write_string(text, opts), "\"a\\u2028b\\u2029c\u2027d\u202a\"");
  // Also when the parser's strings are trusted (assume_valid still looks for them).
  opts.invalid_utf8 = invalid_utf8_policy::assume_valid;
  EXPECT_EQ(write_string(text, opts), "\"a\\u2028b\\u2029c\u2027d\u202a\"");
}

TEST_P(escape_test, ascii_only_uses_surrogate_pairs_beyond_the_bmp) {
  write_options opts = options();
  opts.ascii_only = true;
  EXPECT_EQ(write_string("caf\u00e9 \u20ac \U0001F600 \U0010FFFF \u007f", opts),
            R"("caf\u00e9 \u20ac \ud83d\ude00 \udbff\udfff )"
            "\x7f\"");
  opts.escape_html = true;
  EXPECT_EQ(write_string("<\u00e9>", opts), R"("\u003c\u00e9\u003e")");
}

TEST_P(escape_test, invalid_utf8_fails_by_default) {
  const char* const invalid[] = {
      "\x80",              // a lone continuation byte
      "\xC0\xAF",          // overlong '/'
      "\xC2",              // truncated at the end
      "\xE0\x80\xAF",      // overlong
      "\xED\xA0\x80",      // a surrogate (U+D800)
      "\xF4\x90\x80\x80",  // beyond U+10FFFF
      "\xF8\x88\x80\x80\x80",
      "\xFF",
      "ok\xE2\x82",  // truncated three-byte sequence
  };
  for (const char* text : invalid) {
    std::string out;
    writer w(out, options());
    EXPECT_FALSE(w.on_string(text)) << printable(text);
    EXPECT_EQ(w.error(), write_errc::invalid_utf8) << printable(text);
  }
}

TEST_P(escape_test, invalid_utf8_is_replaced_by_maximal_subparts) {
  write_options opts = options();
  opts.invalid_utf8 = invalid_utf8_policy::replace;
  // Unicode 15, section 3.9, "U+FFFD Substitution of Maximal Subparts", table 3-8.
  EXPECT_EQ(write_string("\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", opts),
            "\"a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd\"");
  EXPECT_EQ(write_string("\xED\xA0\x80x", opts), "\"\uFFFD\uFFFD\uFFFDx\"");
  EXPECT_EQ(write_string("\xF0\x9F\x98", opts), "\"\uFFFD\"");  // truncated at the end
  opts.ascii_only = true;
  EXPECT_EQ(write_string("\xFFz", opts), R"("\ufffdz")");
}

// Random strings mixing every kind of byte, at every length around the vector widths and at
// every alignment, under every option set: the kernel agrees with the reference.
TEST_P(escape_test, random_strings_match_the_reference_under_every_option) {
  const std::vector<std::string> atoms = {"a",
                                          "Z",
                                          " ",
                                          "~",
                                          "\"",
                                          "\\",
                                          "\n",
                                          std::string(1, '\0'),
                                          "\x1f",
                                          "<",
                                          ">",
                                          "&",
                                          "\xC3\xA9",
                                          "\xE2\x82\xAC",
                                          "\xF0\x9F\x98\x80",
                                          "\xE2\x80\xA8",
                                          "\xE2\x80\xA9",
                                          "\x80",
                                          "\xC3",
                                          "\xED\xA0\x80",
                                          "\xF4\x90",
                                          "\xFF"};
  std::mt19937_64 rng(20240601);
  std::vector<write_options> option_sets;
  for (int bits = 0; bits < 24; ++bits) {  // 2 x 2 x 2 switches x 3 policies
    write_options o = options();
    o.escape_html = bits & 1;
    o.escape_line_separators = bits & 2;
    o.ascii_only = bits & 4;
    o.invalid_utf8 = static_cast<invalid_utf8_policy>(bits >> 3);
    option_sets.push_back(o);
  }
  std::size_t checked = 0;
  for (int round = 0; round < 1500; ++round) {
    // Mostly plain text with a few atoms: long clean runs exercise the vector path.
    std::string text;
    const std::size_t target = rng() % 200;
    const bool mostly_clean = round % 3 != 0;
    while (text.size() < target) {
      if (mostly_clean && rng() % 8 != 0) {
        text += static_cast<char>('a' + rng() % 26);
      } else {
        text += atoms[rng() % atoms.size()];
      }
    }
    // A copy starting at a random alignment inside a larger buffer.
    std::string buffer(64, '#');
    const std::size_t shift = rng() % 64;
    buffer.insert(shift, text);
    const std::string_view shifted(buffer.data() + shift, text.size());
    for (const write_options& o : option_sets) {
      ASSERT_EQ(write_string(shifted, o), expected(text, o))
          << "text " << printable(text) << " html " << o.escape_html << " ls "
          << o.escape_line_separators << " ascii " << o.ascii_only << " policy "
          << static_cast<int>(o.invalid_utf8);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 1500 * option_sets.size());
}

// Long runs of non-ASCII text, which the vector kernels check a vector at a time and copy as
// they copy ASCII: every prefix of a valid run (so cut inside a sequence at the end, at every
// offset), and the run with one broken sequence put in at every offset, inside sequences too.
// The output is the reference's, under both checking policies.
TEST_P(escape_test, long_non_ascii_runs_with_one_broken_sequence_match_the_reference) {
  const std::vector<std::string> sequences = {
      "\xC3\xA9", "\xE2\x82\xAC", "\xE3\x81\x82", "\xF0\x9F\x98\x80", "a", "\n"};
  const std::vector<std::string> breaks = {
      "\x80",     "\xBF\xBF",     "\xC3",         "\xE2\x82",         "\xF0\x9F\x98",
      "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF8\x88\x80\x80\x80",
      "\xFF",     "\xC3\xA9\xA9"};
  std::mt19937_64 rng(20261203);
  std::string run;
  while (run.size() < 200) run += sequences[rng() % 16 < 14 ? rng() % 4 : 4 + rng() % 2];
  std::size_t checked = 0;
  for (const auto policy : {invalid_utf8_policy::error, invalid_utf8_policy::replace}) {
    write_options o = options();
    o.invalid_utf8 = policy;
    for (std::size_t cut = 0; cut <= run.size(); ++cut) {
      const std::string text = "x" + run.substr(0, cut);
      ASSERT_EQ(write_string(text, o), expected(text, o)) << printable(text);
      ++checked;
    }
    for (const std::string& broken : breaks) {
      for (std::size_t at = 0; at <= run.size(); ++at) {
        const std::string text = run.substr(0, at) + broken + run.substr(at);
        ASSERT_EQ(write_string(text, o), expected(text, o)) << printable(text);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 2 * (run.size() + 1) * (1 + breaks.size()));
}

// One sequence, whole or broken, at every offset in ASCII text that goes on for more than a
// vector after it: the vector kernels check a vector with no non-ASCII byte only when the one
// before ends with part of a sequence, so a lead byte near a vector's end with too few
// continuation bytes must be caught by the check of the ASCII vector after it. Under both
// checking policies; the output is the reference's.
TEST_P(escape_test, sequences_before_ascii_vectors_are_checked_across_the_vector_end) {
  const std::vector<std::string> sequences = {
      "\xC3\xA9", "\xE3\x81\x82", "\xF0\x9F\x98\x80",  // whole
      "\xC3",     "\xE3",         "\xE3\x81",
      "\xF0",     "\xF0\x9F",     "\xF0\x9F\x98",   // cut short
      "\xFF",     "\x80",         "\xED\xA0\x80"};  // never valid
  std::size_t checked = 0;
  for (const auto policy : {invalid_utf8_policy::error, invalid_utf8_policy::replace}) {
    write_options o = options();
    o.invalid_utf8 = policy;
    for (const std::string& sequence : sequences) {
      for (std::size_t at = 0; at <= 140; ++at) {
        const std::string text = std::string(at, 'k') + sequence + std::string(80, 'k');
        ASSERT_EQ(write_string(text, o), expected(text, o)) << printable(text);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 2 * 12 * 141);
}

// Strings of every length up to a few vectors, ending where an inaccessible page begins: no
// load of the escape loop or of its UTF-8 check (masked loads on AVX-512 and AVX2) reads past
// the end. Plain, escaped, non-ASCII and invalid text, under both checking policies.
TEST_P(escape_test, strings_ending_at_a_guard_page_read_nothing_past_their_end) {
  std::string text;
  for (int i = 0; i < 20; ++i) text += i % 7 == 6 ? "q\"\n" : "ab\xC3\xA9\xE3\x81\x82";
  text += "\xFF";
  for (const auto policy : {invalid_utf8_policy::error, invalid_utf8_policy::replace}) {
    write_options o = options();
    o.invalid_utf8 = policy;
    for (std::size_t length = 0; length <= text.size(); ++length) {
      for (const std::size_t from : {std::size_t{0}, std::size_t{2}}) {
        if (from > length) continue;
        const std::string_view piece(text.data() + from, length - from);
        const guarded_buffer guarded(piece);
        ASSERT_EQ(write_string(guarded.view(), o), expected(std::string(piece), o))
            << printable(std::string(piece));
      }
    }
  }
}

// A sink that lends tiny regions (the minimum the writer may ask for), so that every string
// runs out of room in the middle, at every offset.
class tiny_region_sink final : public output_sink {
 public:
  explicit tiny_region_sink(std::size_t extra) : extra_(extra) {}
  std::span<char> next_region(char* written_end, std::size_t min_free, std::error_code&) override {
    take(written_end);
    region_.assign(min_free + extra_, '\0');
    return {region_.data(), region_.size()};
  }
  void commit(char* written_end, bool, std::error_code&) override {
    take(written_end);
    region_.clear();
  }
  std::string text;

 private:
  void take(char* written_end) {
    if (written_end)
      text.append(region_.data(), static_cast<std::size_t>(written_end - region_.data()));
  }
  std::size_t extra_;
  std::string region_;
};

TEST_P(escape_test, strings_cut_by_the_end_of_the_output_region_are_unchanged) {
  std::string mixed;
  for (int i = 0; i < 40; ++i) mixed += "plain text \"q\" \\ \n \u00e9\u20ac\U0001F600 <&> ";
  // Long runs of 3-byte sequences: a vector step over them ends inside a sequence.
  std::string cjk;
  for (int i = 0; i < 300; ++i) cjk += i % 50 == 49 ? "\u00e9" : "\u3042";
  // The same with escapes among them: a checked block with an escape is copied by a loop of
  // its own, which the end of the region stops too.
  std::string cjk_escaped;
  for (int i = 0; i < 300; ++i)
    cjk_escaped += i % 23 == 22 ? "\"" : i % 31 == 30 ? "\n\\" : "\u3042";
  for (const std::string& text : {mixed, cjk, cjk_escaped}) {
    for (const bool ascii : {false, true}) {
      write_options o = options();
      o.ascii_only = ascii;
      o.escape_html = true;
      const std::string want = expected(text, o);
      for (std::size_t extra = 0; extra < 80; ++extra) {
        tiny_region_sink sink(extra);
        {
          writer w(sink, o);
          ASSERT_TRUE(w.on_string(text));
          ASSERT_TRUE(w.finish());
        }
        ASSERT_EQ(sink.text, want) << "region of min_free + " << extra;
      }
    }
  }
}

// A string in parts cut at every offset, inside UTF-8 sequences too, prints as the whole.
TEST_P(escape_test, string_parts_cut_anywhere_print_as_the_whole_string) {
  const std::string text = "ab\u00e9\u20ac\U0001F600\"\\\xe2\x80\xa8z\xff\xC3";
  for (int mode = 0; mode < 4; ++mode) {
    write_options o = options();
    o.invalid_utf8 = mode == 0 ? invalid_utf8_policy::error : invalid_utf8_policy::replace;
    o.ascii_only = mode == 2;
    o.escape_line_separators = mode == 3;
    const std::string whole = write_string(text, o);
    for (std::size_t a = 0; a <= text.size(); ++a) {
      for (std::size_t b = a; b <= text.size(); ++b) {
        std::string out;
        writer w(out, o);
        const bool ok = w.on_string_part(std::string_view(text).substr(0, a)) &&
                        w.on_string_part(std::string_view(text).substr(a, b - a)) &&
                        w.on_string(std::string_view(text).substr(b)) && w.finish();
        const std::string got = ok ? out : "error: " + w.error().message();
        ASSERT_EQ(got, whole) << "mode " << mode << " cut at " << a << " and " << b;
      }
    }
    // Byte by byte.
    std::string out;
    writer w(out, o);
    bool ok = true;
    for (char c : text) ok = ok && w.on_string_part(std::string_view(&c, 1));
    ok = ok && w.on_string("") && w.finish();
    EXPECT_EQ(ok ? out : "error: " + w.error().message(), whole) << "mode " << mode;
  }
}

TEST_P(escape_test, keys_are_escaped_like_strings) {
  write_options o = options();
  o.escape_html = true;
  std::string out;
  writer w(out, o);
  ASSERT_TRUE(w.on_object_begin());
  ASSERT_TRUE(w.on_key_part("<k"));
  ASSERT_TRUE(w.on_key_part("\xC3"));
  ASSERT_TRUE(w.on_key("\xA9\n"));
  ASSERT_TRUE(w.on_string("\"v\""));
  ASSERT_TRUE(w.on_object_end());
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out, "{\"\\u003ck\u00e9\\n\":\"\\\"v\\\"\"}");
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(escape_test);

}  // namespace
}  // namespace jsonx::test
