// The writer called directly: compact and pretty layout (exact outputs), numbers, misuse and
// its errors, string parts, raw values, reuse.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "jsonx/encode/reformat.hpp"
#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/handler.hpp"

namespace jsonx::test {
namespace {

static_assert(handler<writer>, "the writer is a SAX handler");
static_assert(handler_with_parts<writer>, "and takes strings in parts");

// {"name":"jsonx","list":[1,-2,true,false,null,[],{}],"nested":{"a":[{"b":0.5}]}}
void write_sample(writer& w) {
  w.on_object_begin();
  w.on_key("name");
  w.on_string("jsonx");
  w.on_key("list");
  w.on_array_begin();
  w.on_int64(1);
  w.on_int64(-2);
  w.on_bool(true);
  w.on_bool(false);
  w.on_null();
  w.on_array_begin();
  w.on_array_end();
  w.on_object_begin();
  w.on_object_end();
  w.on_array_end();
  w.on_key("nested");
  w.on_object_begin();
  w.on_key("a");
  w.on_array_begin();
  w.on_object_begin();
  w.on_key("b");
  w.on_double(0.5);
  w.on_object_end();
  w.on_array_end();
  w.on_object_end();
  w.on_object_end();
}

std::string sample(const write_options& options) {
  std::string out;
  writer w(out, options);
  write_sample(w);
  EXPECT_TRUE(w.finish()) << w.error().message();
  return out;
}

// The examples of writer.hpp's and reformat.hpp's opening comments, as written there.
TEST(writer_layout, the_documented_examples_hold) {
  std::string out;
  writer w(out);
  w.on_object_begin();
  w.on_key("n");
  w.on_int64(1);
  w.on_key("x");
  w.on_double(0.1);
  w.on_object_end();
  w.finish();
  EXPECT_EQ(out, R"({"n":1,"x":0.1})");
  std::string small = minify(R"({ "a" : [1, 2] })");
  EXPECT_EQ(small, R"({"a":[1,2]})");
  EXPECT_EQ(pretty(small), "{\n  \"a\": [\n    1,\n    2\n  ]\n}");
  EXPECT_EQ(pretty(small, write_options{}.set_indent("", "\t")),
            "{\n\t\"a\": [\n\t\t1,\n\t\t2\n\t]\n}");
}

TEST(writer_layout, compact_has_no_whitespace) {
  EXPECT_EQ(sample({}),
            R"({"name":"jsonx","list":[1,-2,true,false,null,[],{}],"nested":{"a":[{"b":0.5}]}})");
}

TEST(writer_layout, pretty_indents_by_two_spaces_and_keeps_empty_containers_closed) {
  EXPECT_EQ(sample(write_options::pretty()), R"({
  "name": "jsonx",
  "list": [
    1,
    -2,
    true,
    false,
    null,
    [],
    {}
  ],
  "nested": {
    "a": [
      {
        "b": 0.5
      }
    ]
  }
})");
}

TEST(writer_layout, set_indent_works_as_go_with_a_prefix_and_an_indent_string) {
  // Go: json.MarshalIndent(v, "//", "\t") puts the prefix on every line but the first.
  EXPECT_EQ(sample(write_options{}.set_indent("//", "\t")),
            "{\n//\t\"name\": \"jsonx\",\n//\t\"list\": [\n//\t\t1,\n//\t\t-2,\n//\t\ttrue,\n"
            "//\t\tfalse,\n//\t\tnull,\n//\t\t[],\n//\t\t{}\n//\t],\n//\t\"nested\": {\n"
            "//\t\t\"a\": [\n//\t\t\t{\n//\t\t\t\t\"b\": 0.5\n//\t\t\t}\n//\t\t]\n//\t}\n//}");
  EXPECT_EQ(sample(write_options{}.set_indent("", 3)).substr(0, 22),
            "{\n   \"name\": \"jsonx\",\n");
  // A prefix alone still breaks lines (Go: MarshalIndent(v, ">", "")).
  std::string out;
  writer w(out, write_options{}.set_indent(">", ""));
  w.on_array_begin();
  w.on_int64(1);
  w.on_array_begin();
  w.on_int64(2);
  w.on_array_end();
  w.on_array_end();
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out, "[\n>1,\n>[\n>2\n>]\n>]");
}

TEST(writer_layout, deep_nesting_indents_beyond_the_cached_line) {
  const std::size_t depth = 3000;  // 3000 * 4 bytes of indent: more than the 4 KiB cache
  std::string out;
  writer w(out, write_options::pretty(4));
  for (std::size_t i = 0; i < depth; ++i) ASSERT_TRUE(w.on_array_begin());
  ASSERT_TRUE(w.on_null());
  for (std::size_t i = 0; i < depth; ++i) ASSERT_TRUE(w.on_array_end());
  ASSERT_TRUE(w.finish());
  std::string want;
  for (std::size_t i = 0; i < depth; ++i) want += "[\n" + std::string(4 * (i + 1), ' ');
  want += "null";
  for (std::size_t i = depth; i-- > 0;) want += "\n" + std::string(4 * i, ' ') + "]";
  EXPECT_EQ(out, want);
}

TEST(writer_layout, top_level_values_are_separated_by_newlines) {
  std::string out;
  {
    writer w(out);
    w.on_int64(1);
    w.on_object_begin();
    w.on_object_end();
    w.on_string("x");
    ASSERT_TRUE(w.finish());
    EXPECT_EQ(w.values_written(), 3u);
  }
  EXPECT_EQ(out, "1\n{}\n\"x\"");
  out.clear();
  write_options o;
  o.newline_after_value = true;
  writer w(out, o);
  w.on_int64(1);
  w.on_array_begin();
  w.on_array_end();
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out, "1\n[]\n");
}

TEST(writer_layout, integers_print_exactly_at_the_limits) {
  std::string out;
  writer w(out);
  w.on_array_begin();
  w.on_int64(0);
  w.on_int64(std::numeric_limits<std::int64_t>::min());
  w.on_int64(std::numeric_limits<std::int64_t>::max());
  w.on_uint64(std::numeric_limits<std::uint64_t>::max());
  w.on_uint64(10000000000000000000ULL);
  w.on_int64(-99999999);
  w.on_int64(100000000);
  w.on_array_end();
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out,
            "[0,-9223372036854775808,9223372036854775807,18446744073709551615,"
            "10000000000000000000,-99999999,100000000]");
}

TEST(writer_layout, doubles_stay_doubles_and_print_shortest) {
  std::string out;
  writer w(out);
  w.on_array_begin();
  for (double d : {0.0, -0.0, 1.0, -2.0, 0.1, 1e300, 5e-324, 1.7976931348623157e308, 123456.0, 1e21,
                   1e-7, 0.000123})
    w.on_double(d);
  w.on_array_end();
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out,
            "[0.0,-0.0,1.0,-2.0,0.1,1e+300,5e-324,1.7976931348623157e+308,123456.0,1e+21,1e-07,"
            "0.000123]");
}

TEST(writer_layout, number_text_is_written_verbatim) {
  std::string out;
  writer w(out);
  w.on_array_begin();
  w.on_int64(5, "5");
  w.on_double(0.1, "1.0E-1");
  w.on_uint64(18446744073709551615ULL, "18446744073709551615");
  w.on_number_text("123456789012345678901234567890");
  const std::string long_text = "0." + std::string(200, '1');  // longer than the short path
  w.on_double(0.1111, long_text);
  w.on_array_end();
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out,
            "[5,1.0E-1,18446744073709551615,123456789012345678901234567890," + long_text + "]");
}

TEST(writer_layout, nan_and_infinity_fail_unless_written_as_null) {
  for (double bad : {std::nan(""), std::numeric_limits<double>::infinity(),
                     -std::numeric_limits<double>::infinity()}) {
    std::string out;
    writer w(out);
    w.on_array_begin();
    EXPECT_FALSE(w.on_double(bad));
    EXPECT_EQ(w.error(), write_errc::non_finite_number);
    EXPECT_FALSE(w.on_null()) << "errors stick";

    write_options o;
    o.non_finite = non_finite_policy::write_null;
    std::string nulls;
    writer n(nulls, o);
    n.on_array_begin();
    EXPECT_TRUE(n.on_double(bad));
    n.on_double(1.5);
    n.on_array_end();
    ASSERT_TRUE(n.finish());
    EXPECT_EQ(nulls, "[null,1.5]");
  }
}

TEST(writer_layout, raw_values_are_copied_where_a_value_belongs) {
  std::string out;
  writer w(out);
  w.on_object_begin();
  w.on_key("raw");
  w.write_raw_value(R"({"pre": [1, 2]})");
  w.on_key("n");
  w.on_int64(3);
  w.on_object_end();
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out, R"({"raw":{"pre": [1, 2]},"n":3})");
}

struct misuse_case {
  const char* name;
  void (*events)(writer&);
  write_errc expected;
};

TEST(writer_layout, misplaced_events_are_errors) {
  const misuse_case cases[] = {
      {"value where a key belongs", [](writer& w) { w.on_object_begin(), w.on_int64(1); },
       write_errc::expected_key},
      {"key in an array", [](writer& w) { w.on_array_begin(), w.on_key("k"); },
       write_errc::expected_value},
      {"key at the top", [](writer& w) { w.on_key("k"); }, write_errc::expected_value},
      {"key after a key", [](writer& w) { w.on_object_begin(), w.on_key("a"), w.on_key("b"); },
       write_errc::expected_value},
      {"end of object in an array", [](writer& w) { w.on_array_begin(), w.on_object_end(); },
       write_errc::unbalanced_end},
      {"end with nothing open", [](writer& w) { w.on_array_end(); }, write_errc::unbalanced_end},
      {"end of object after a key",
       [](writer& w) { w.on_object_begin(), w.on_key("a"), w.on_object_end(); },
       write_errc::unbalanced_end},
      {"event inside string parts", [](writer& w) { w.on_string_part("ab"), w.on_null(); },
       write_errc::unfinished_string_part},
      {"key inside key parts",
       [](writer& w) { w.on_object_begin(), w.on_key_part("a"), w.on_string("v"); },
       write_errc::unfinished_string_part},
  };
  for (const misuse_case& c : cases) {
    std::string out;
    writer w(out);
    c.events(w);
    EXPECT_EQ(w.error(), c.expected) << c.name;
    EXPECT_FALSE(w.on_null()) << c.name << ": events fail after an error";
    EXPECT_FALSE(w.finish()) << c.name;
    EXPECT_EQ(w.error(), c.expected) << c.name << ": the first error sticks";
  }
}

TEST(writer_layout, finish_rejects_incomplete_documents) {
  const std::pair<const char*, void (*)(writer&)> cases[] = {
      {"nothing written", [](writer&) {}},
      {"open array", [](writer& w) { w.on_array_begin(), w.on_int64(1); }},
      {"open object after a key", [](writer& w) { w.on_object_begin(), w.on_key("k"); }},
      {"string in parts", [](writer& w) { w.on_string_part("abc"); }},
  };
  for (const auto& [name, events] : cases) {
    std::string out;
    writer w(out);
    events(w);
    EXPECT_FALSE(w.finish()) << name;
    EXPECT_EQ(w.error(), write_errc::incomplete_document) << name;
  }
}

TEST(writer_layout, reset_starts_over_and_can_switch_output) {
  std::string first, second;
  writer w(first);
  w.on_array_begin();
  w.on_key("bad");
  EXPECT_TRUE(w.failed());
  w.reset();
  EXPECT_FALSE(w.failed());
  EXPECT_EQ(w.depth(), 0u);
  w.on_int64(7);
  ASSERT_TRUE(w.flush());
  EXPECT_EQ(first, "[7");  // what was written before the error stays
  w.reset(second);
  w.on_bool(true);
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(second, "true");
  EXPECT_EQ(first, "[7");
}

TEST(writer_layout, the_string_has_its_exact_size_after_the_writer_ends) {
  std::string out = "prefix:";
  {
    writer w(out);
    w.on_string("value");
  }
  EXPECT_EQ(out, "prefix:\"value\"");
}

TEST(writer_layout, long_output_grows_the_string) {
  std::string out;
  writer w(out);
  w.on_array_begin();
  for (int i = 0; i < 100000; ++i) w.on_int64(i);
  w.on_array_end();
  ASSERT_TRUE(w.finish());
  std::string want = "[";
  for (int i = 0; i < 100000; ++i) {
    if (i > 0) want += ',';
    want += std::to_string(i);
  }
  want += "]";
  EXPECT_EQ(out, want);
}

}  // namespace
}  // namespace jsonx::test
