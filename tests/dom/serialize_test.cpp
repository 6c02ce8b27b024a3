// Serialization: to_string (compact, pretty, options, errors), write_events into any handler,
// and the resumable event sources through jsonx::serializer at every output buffer size.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "jsonx/dom/dom.hpp"
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
