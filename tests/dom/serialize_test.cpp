// Serialization: to_string (compact, pretty, options, errors), write_events into any handler,
// and the resumable event sources through jsonx::serializer at every output buffer size.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "dom_test_support.hpp"
#include "jsonx/corpus/corpus.hpp"
#include "jsonx/dom/dom.hpp"
#include "jsonx/encode/output_sink.hpp"
#include "jsonx/encode/serializer.hpp"
#include "support/test_data.hpp"

namespace jsonx::dom {
namespace {

constexpr std::string_view sample = R"({"a":[1,-2,3.5,true,false,null],"s":"x\"y\n\u00e9<>",)"
                                    R"("big":123456789012345678901234567890,"e":{},"l":[]})";

TEST(DomSerialize, CompactAndPretty) {
  document doc = parse(sample);
  EXPECT_EQ(to_string(doc), R"({"a":[1,-2,3.5,true,false,null],"s":"x\"y\n)"
                            "\xc3\xa9"
                            R"(<>","big":123456789012345678901234567890,"e":{},"l":[]})");
  EXPECT_EQ(to_pretty_string(parse(R"({"k":[1,{"x":null}],"e":[]})"), 2),
            "{\n  \"k\": [\n    1,\n    {\n      \"x\": null\n    }\n  ],\n  \"e\": []\n}");
  // Options reach the writer.
  write_options html;
  html.escape_html = true;
  EXPECT_EQ(to_string(parse(R"(["<&>"])"), html), R"(["\u003c\u0026\u003e"])");
  // Elements below the root serialize alone.
  EXPECT_EQ(to_string(doc.root()["a"]), "[1,-2,3.5,true,false,null]");
  EXPECT_EQ(to_string(doc.root()["e"]), "{}");
}

TEST(DomSerialize, AppendsToAString) {
  std::string out = "prefix:";
  std::error_code ec;
  ASSERT_TRUE(to_string(parse("[1,2]").root(), out, ec));
  EXPECT_EQ(out, "prefix:[1,2]");
}

TEST(DomSerialize, DoublesPrintShortestAndStayDoubles) {
  value v = array{0.1, 1.0, -0.0, 1e300, 5e-324, 123456789.0};
  const std::string text = to_string(v);
  document back = parse(text);
  ASSERT_EQ(back.root().size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_TRUE(back.root()[i].is_double()) << text;
    EXPECT_EQ(std::bit_cast<std::uint64_t>(back.root()[i].get_double()),
              std::bit_cast<std::uint64_t>(v.at(i).get_double()))
        << text;
  }
}

TEST(DomSerialize, WriterErrorsOnMutableValues) {
  const value nan = array{std::numeric_limits<double>::quiet_NaN()};
  EXPECT_THROW(to_string(nan), write_exception);
  std::string out;
  std::error_code ec;
  EXPECT_FALSE(to_string(nan, out, ec));
  EXPECT_EQ(ec, write_errc::non_finite_number);
  write_options null_for_nan;
  null_for_nan.non_finite = non_finite_policy::write_null;
  EXPECT_EQ(to_string(nan, null_for_nan), "[null]");

  const value bad_utf8 =
      array{std::string_view("a\xff"
                             "b")};
  EXPECT_THROW(to_string(bad_utf8), write_exception);
  write_options replace;
  replace.invalid_utf8 = invalid_utf8_policy::replace;
  EXPECT_EQ(to_string(bad_utf8, replace),
            "[\"a\xef\xbf\xbd"
            "b\"]");
}

TEST(DomSerialize, ParsedDocumentsSkipUtf8Revalidation) {
  parser p;
  EXPECT_TRUE(p.parse(R"(["\u00e9"])").utf8_validated());
  EXPECT_EQ(to_string(p.doc()), "[\"\xc3\xa9\"]");
  std::error_code ec;
  p.parse("[", ec);
  EXPECT_FALSE(p.doc().utf8_validated());
  // A document built from other events is not vouched for: its strings are checked.
  document built;
  dom_builder builder(built);
  ASSERT_TRUE(write_events(value(array{std::string_view("a\xff")}), builder));
  EXPECT_FALSE(built.utf8_validated());
  EXPECT_THROW(to_string(built), write_exception);
}

// dom::write prints a compact document through the writer's tree output, not through
// events: the text, and the errors, must be exactly those of the events.
std::string through_events(const element& e, const write_options& options, std::error_code& ec) {
  std::string out;
  writer w(out, options);
  if (!(write_events(e, w) && w.flush())) ec = w.error();
  return out;
}
std::string through_tree(const element& e, const write_options& options, std::error_code& ec) {
  std::string out;
  writer w(out, options);
  if (!(write(e, w) && w.flush())) ec = w.error();
  return out;
}

// A sink that lends the smallest regions a writer accepts: every refill path of the output.
struct smallest_regions_sink final : buffered_sink {
  smallest_regions_sink() : buffered_sink(output_sink::max_min_free) {}
  ~smallest_regions_sink() override { flush_buffer(); }
  std::string text;
  void write_out(const char* data, std::size_t size, std::error_code&) override {
    text.append(data, size);
  }
};

std::vector<write_options> escaping_variants() {
  std::vector<write_options> all(5);
  all[1].escape_html = true;
  all[2].ascii_only = true;
  all[3].escape_line_separators = true;
  all[4].invalid_utf8 = invalid_utf8_policy::assume_valid;
  return all;
}

TEST(DomSerialize, TreeOutputWritesWhatEventsWrite) {
  std::vector<jsonx::test::named_input> inputs;
  for (const auto* file : jsonx::test::conformance_files("y_")) inputs.push_back(*file);
  for (const auto& file : jsonx::test::corpus_files()) inputs.push_back(file);
  for (auto& doc : jsonx::test::generated_documents(16 << 10, 2)) inputs.push_back(doc);
  inputs.push_back({"sample", std::string(sample)});
  inputs.push_back({"escapes", R"({"<&>":"\u2028\u2029 \ud83d\ude00 \u0000\u001f\"\\/ caf\u00e9",)"
                               R"("long":"0123456789abcdef0123456789abcdef\n0123456789abcdef"})"});
  // Arrays whose elements are all one node (scalars, empty containers) take their own loop.
  inputs.push_back({"one-node elements", R"([[[]],[{}],[[],{},1],[[1,{}]],{"a":[[]]},[]])"});
  // Runs of them among other siblings, first, last and alone (printed a run per call).
  inputs.push_back({"runs of scalar arrays",
                    R"([[1.5,2.5],[3.5],[],[4,[5]],{"a":[1]},[6,7],8,[[9.5,1e300],[2,3]],)"
                    R"([[-0.0]],[[null,"x"],[true]],[[1],{"b":[[2.5]]}],[[[0.1,0.2]],[0.3]]])"});
  // The same characters raw, in strings with no escape sequence (which the parser marks plain):
  // the options that escape them must still do so, short strings and long ones alike.
  inputs.push_back({"raw specials",
                    "{\"<&>\":\"\xE2\x80\xA8\xE2\x80\xA9 \xF0\x9F\x98\x80 caf\xC3\xA9\","
                    "\"long <&> \xE2\x80\xA8 caf\xC3\xA9 0123456789abcdef\":"
                    "[\"<\",\"0123456789abcdef0123456789abcdef \xE2\x80\xA9 >\"]}"});
  parser p;
  std::size_t compared = 0;
  for (const auto& input : inputs) {
    SCOPED_TRACE(input.name);
    const document& doc = p.parse(input.bytes);
    for (const write_options& options : escaping_variants()) {
      std::error_code events_ec, tree_ec;
      const std::string want = through_events(doc.root(), options, events_ec);
      ASSERT_EQ(through_tree(doc.root(), options, tree_ec), want);
      ASSERT_EQ(tree_ec, events_ec);
      ++compared;
    }
  }
  EXPECT_GE(compared, 5u * 6u);
}

// The parser marks strings and keys it delivered straight from the input (no escape sequence)
// as plain text, which the tree output copies without inspecting. Nothing else gets the mark,
// and nothing but the writer's speed depends on it.
TEST(DomSerialize, VerbatimStringsAreMarkedPlainText) {
  const std::string input = R"({"plain":"text","esc\u0061ped":"a\"b","slash":"a\/b"})";
  parser p;
  const document& doc = p.parse(input);
  const detail::node* root = detail_element_access::node(doc.root());
  ASSERT_EQ(detail::count_of(*root), 3u);
  const bool expected[] = {true, true, false, false, true, false};  // key, value, ...
  for (std::size_t i = 0; i < 6; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(detail::is_plain_text(root[1 + i]), expected[i]);
  }
  EXPECT_EQ(to_string(doc), R"({"plain":"text","escaped":"a\"b","slash":"a/b"})");

  // Lookups and identical() see through the mark: the same key and text, marked or not.
  EXPECT_EQ(doc.root()["plain"].get_string(), "text");
  EXPECT_EQ(doc.root()["escaped"].get_string(), "a\"b");
  parser q;
  const document& escaped = q.parse(R"({"pl\u0061in":"t\u0065xt","escaped":"a\"b","slash":"a/b"})");
  EXPECT_FALSE(detail::is_plain_text(detail_element_access::node(escaped.root())[1]));
  EXPECT_TRUE(identical(escaped.root(), doc.root()));
  EXPECT_EQ(escaped.root()["plain"].get_string(), "text");

  // Cut by chunk ends, strings arrive in parts and lose the mark; the output is unchanged.
  parser chunked_parser;
  for (std::size_t cut = 1; cut < input.size(); ++cut) {
    SCOPED_TRACE(cut);
    std::error_code ec;
    const document& chunked =
        test::parse_in_chunks(chunked_parser, input, jsonx::test::chunking::split_at(cut), ec);
    ASSERT_FALSE(ec);
    EXPECT_TRUE(identical(chunked.root(), doc.root()));
    EXPECT_EQ(to_string(chunked), to_string(doc));
  }
}

TEST(DomSerialize, TreeOutputAmongEventsAndInSmallRegions) {
  parser p;
  const document& doc = p.parse(sample);
  // A document written where a writer expects a value, between events.
  std::string out;
  writer w(out);
  ASSERT_TRUE(w.on_array_begin() && w.on_int64(1) && write(doc, w) && write(doc.root()["a"], w) &&
              w.on_null() && w.on_array_end() && w.finish());
  const std::string compact = to_string(doc);
  EXPECT_EQ(out, "[1," + compact + "," + to_string(doc.root()["a"]) + ",null]");
  // Where a key is expected, a value is misplaced: the same error as events give.
  std::string other;
  writer k(other);
  ASSERT_TRUE(k.on_object_begin());
  EXPECT_FALSE(write(doc, k));
  EXPECT_EQ(k.error(), make_error_code(write_errc::expected_key));

  // Through the smallest regions a writer accepts.
  for (const auto shape : {jsonx::corpus::shape::twitter, jsonx::corpus::shape::canada}) {
    const std::string big = jsonx::corpus::generate(shape, 64 << 10, 3);
    const document& big_doc = p.parse(big);
    for (const write_options& options : escaping_variants()) {
      smallest_regions_sink sink;
      writer t(sink, options);
      ASSERT_TRUE(write(big_doc, t) && t.finish());
      std::error_code ec;
      EXPECT_EQ(sink.text, through_events(big_doc.root(), options, ec));
      EXPECT_FALSE(ec);
    }
  }
}

// Two-element arrays of finite doubles (coordinate pairs) are printed in one step, with one
// room check: the longest doubles there, in the smallest regions a writer accepts; pairs that
// hold a non-finite double (documents built from events may) or another scalar go the general
// way, with its error or its null.
TEST(DomSerialize, PairsOfDoublesInOneStep) {
  std::string longest = "[";
  for (int i = 0; i < 200; ++i) {
    if (i != 0) longest += ',';
    // 24 bytes each ("-2.2250738585072014e-308"), then shorter ones, shifting the cuts.
    longest += i % 3 == 0   ? "[-2.2250738585072014e-308,-1.7976931348623157e+308]"
               : i % 3 == 1 ? "[-1.2345678901234567e-100,5e-324]"
                            : "[0.1,[-4.9406564584124654e-324,1]]";
  }
  longest += "]";
  parser p;
  const document& doc = p.parse(longest);
  for (const write_options& options : escaping_variants()) {
    smallest_regions_sink sink;
    writer t(sink, options);
    ASSERT_TRUE(write(doc, t) && t.finish());
    std::error_code ec;
    const std::string want = through_events(doc.root(), options, ec);
    EXPECT_EQ(sink.text, want);
    EXPECT_FALSE(ec);
    EXPECT_EQ(want.substr(0, 52), "[[-2.2250738585072014e-308,-1.7976931348623157e+308]");
  }

  document built;
  dom_builder builder(built);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  ASSERT_TRUE(builder.on_array_begin());
  for (const auto& pair : {std::pair{nan, 1.5}, std::pair{1.5, -inf}, std::pair{2.5, 3.5}}) {
    ASSERT_TRUE(builder.on_array_begin() && builder.on_double(pair.first, "") &&
                builder.on_double(pair.second, "") && builder.on_array_end(2));
  }
  ASSERT_TRUE(builder.on_array_end(3));
  write_options null_for_nan;
  null_for_nan.non_finite = non_finite_policy::write_null;
  std::error_code tree_ec, events_ec;
  EXPECT_EQ(through_tree(built.root(), null_for_nan, tree_ec), "[[null,1.5],[1.5,null],[2.5,3.5]]");
  EXPECT_FALSE(tree_ec);
  through_tree(built.root(), write_options{}, tree_ec);
  through_events(built.root(), write_options{}, events_ec);
  EXPECT_EQ(tree_ec, write_errc::non_finite_number);
  EXPECT_EQ(tree_ec, events_ec);
}

TEST(DomSerialize, TreeOutputReportsInvalidUtf8AndPrettyUsesEvents) {
  // Strings of a document built from arbitrary events are checked when written.
  document built;
  dom_builder builder(built);
  ASSERT_TRUE(write_events(value(object{{"k", std::string_view("ok \xff bad")}}), builder));
  std::string out;
  writer w(out);
  EXPECT_FALSE(write(built, w));
  EXPECT_EQ(w.error(), make_error_code(write_errc::invalid_utf8));
  write_options replace;
  replace.invalid_utf8 = invalid_utf8_policy::replace;
  EXPECT_EQ(to_string(built, replace), "{\"k\":\"ok \xEF\xBF\xBD bad\"}");
  // Pretty layout goes through events, with the same result as before.
  parser p;
  EXPECT_EQ(to_string(p.parse(R"({"a":[1,{}]})"), write_options::pretty(1)),
            "{\n \"a\": [\n  1,\n  {}\n ]\n}");
}

// Counts events, to check write_events drives any handler.
struct event_counter {
  std::size_t scalars = 0, keys = 0, begins = 0, ends = 0, raw = 0;
  std::size_t stop_after = std::numeric_limits<std::size_t>::max();
  std::size_t total() const { return scalars + keys + begins + ends; }
  bool step() { return total() < stop_after; }
  bool on_null() {
    ++scalars;
    return step();
  }
  bool on_bool(bool) {
    ++scalars;
    return step();
  }
  bool on_int64(std::int64_t, std::string_view text) {
    ++scalars;
    return text.empty() && step();
  }
  bool on_uint64(std::uint64_t, std::string_view) {
    ++scalars;
    return step();
  }
  bool on_double(double, std::string_view) {
    ++scalars;
    return step();
  }
  bool on_number_text(std::string_view) {
    ++scalars;
    ++raw;
    return step();
  }
  bool on_string(std::string_view) {
    ++scalars;
    return step();
  }
  bool on_key(std::string_view) {
    ++keys;
    return step();
  }
  bool on_object_begin() {
    ++begins;
    return step();
  }
  bool on_object_end(std::size_t) {
    ++ends;
    return step();
  }
  bool on_array_begin() {
    ++begins;
    return step();
  }
  bool on_array_end(std::size_t) {
    ++ends;
    return step();
  }
};

TEST(DomWriteEvents, DrivesAnyHandlerAndStopsWhenAsked) {
  document doc = parse(sample);
  event_counter from_doc;
  ASSERT_TRUE(write_events(doc.root(), from_doc));
  EXPECT_EQ(from_doc.keys, 5u);
  EXPECT_EQ(from_doc.begins, 4u);
  EXPECT_EQ(from_doc.ends, 4u);
  EXPECT_EQ(from_doc.scalars, 8u);
  EXPECT_EQ(from_doc.raw, 1u);
  event_counter from_value;
  ASSERT_TRUE(write_events(value(doc.root()), from_value));
  EXPECT_EQ(from_value.total(), from_doc.total());
  for (std::size_t stop = 1; stop < from_doc.total(); ++stop) {
    event_counter stopping;
    stopping.stop_after = stop;
    EXPECT_FALSE(write_events(doc.root(), stopping));
    EXPECT_EQ(stopping.total(), stop);
    event_counter stopping_value;
    stopping_value.stop_after = stop;
    EXPECT_FALSE(write_events(value(doc.root()), stopping_value));
    EXPECT_EQ(stopping_value.total(), stop);
  }
}

template <class Source>
std::string serialize_in_buffers(Source& source, std::size_t buffer_size,
                                 const write_options& options = {}) {
  serializer s(options);
  s.reset(source);
  std::string out;
  std::vector<char> buffer(buffer_size);
  std::size_t reads = 0;
  while (!s.done()) {
    std::error_code ec;
    const std::size_t n = s.read(buffer.data(), buffer.size(), ec);
    EXPECT_FALSE(ec) << ec.message();
    if (ec) break;
    out.append(buffer.data(), n);
    if (++reads > (1u << 26)) break;  // a serializer that stalls must not hang the test
  }
  return out;
}

TEST(DomEventSources, EveryBufferSizeGivesTheSameText) {
  document doc = parse(sample);
  const value v(doc.root());
  for (const write_options& options : {write_options{}, write_options::pretty(2)}) {
    const std::string expected = to_string(doc, options);
    for (std::size_t size = 1; size <= expected.size() + 1; ++size) {
      element_source from_doc(doc.root());
      EXPECT_EQ(serialize_in_buffers(from_doc, size, options), expected) << size;
      value_source from_value(v);
      EXPECT_EQ(serialize_in_buffers(from_value, size, options), expected) << size;
    }
  }
}

TEST(DomEventSources, ScalarsAndEmptyContainers) {
  for (std::string_view json : {"1", "\"s\"", "null", "[]", "{}", "[[]]", "{\"a\":{}}"}) {
    document doc = parse(json);
    element_source from_doc(doc.root());
    EXPECT_EQ(serialize_in_buffers(from_doc, 3), json);
    const value v(doc.root());
    value_source from_value(v);
    EXPECT_EQ(serialize_in_buffers(from_value, 2), json);
  }
}

TEST(DomEventSources, CorpusFilesInFixedBuffers) {
  parser p;
  for (const auto& file : jsonx::test::corpus_files()) {
    const document& doc = p.parse(file.bytes);
    const std::string expected = to_string(doc);
    for (std::size_t size : {1u, 61u, 4096u}) {
      if (size == 1 && expected.size() > (256u << 10)) continue;  // bounded run time
      element_source source(doc.root());
      EXPECT_EQ(serialize_in_buffers(source, size), expected) << file.name << " " << size;
    }
    const value v(doc.root());
    value_source source(v);
    EXPECT_EQ(serialize_in_buffers(source, 4096), expected) << file.name;
  }
}

}  // namespace
}  // namespace jsonx::dom
