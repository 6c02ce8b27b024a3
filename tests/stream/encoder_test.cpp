// The encoder: values of every kind followed by newlines, Go's SetIndent and SetEscapeHTML,
// bounded memory toward its sink, sticky errors, and a round trip through the decoder.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/encoder.hpp"

namespace {

struct item {
  std::string name;
  double price = 0;
};
JSONX_DESCRIBE(item, name, price)

TEST(encoder, each_value_then_a_newline) {
  std::string out;
  jsonx::stream::encoder e(out);
  jsonx::dom::parser parser;
  e.encode(parser.parse(R"({"a": [1, 2]})"));
  e.encode(item{"tea", 2.5});
  jsonx::dom::value v = jsonx::dom::array{true, nullptr};
  e.encode(v);
  e.encode_events([](jsonx::writer& w) { return w.on_string("ev"); });
  EXPECT_EQ(out, "{\"a\":[1,2]}\n{\"name\":\"tea\",\"price\":2.5}\n[true,null]\n\"ev\"\n");
  EXPECT_EQ(e.values_written(), 4u);
}

// Go: SetIndent(prefix, indent) makes each element start a new line beginning with prefix and
// indent copies; the first line gets no prefix.
TEST(encoder, set_indent) {
  std::string out;
  jsonx::stream::encoder e(out);
  e.set_indent(">", "  ");
  e.encode(item{"x", 1});
  EXPECT_EQ(out, "{\n>  \"name\": \"x\",\n>  \"price\": 1.0\n>}\n");
  e.set_indent("", "");
  e.encode(item{"y", 2});
  EXPECT_EQ(out.substr(out.size() - 25), "{\"name\":\"y\",\"price\":2.0}\n");
}

// Go: SetEscapeHTML(true) writes <, > and & as \u003c, \u003e, \u0026 (Go's default is on;
// jsonx's is off).
TEST(encoder, set_escape_html) {
  std::string out;
  jsonx::stream::encoder e(out);
  e.encode(item{"<a&b>", 0});
  e.set_escape_html(true);
  e.encode(item{"<a&b>", 0});
  EXPECT_EQ(out,
            "{\"name\":\"<a&b>\",\"price\":0.0}\n"
            "{\"name\":\"\\u003ca\\u0026b\\u003e\",\"price\":0.0}\n");
}

// The sink sees each value when it is written, through a buffer of bounded size.
TEST(encoder, bounded_buffer_each_value_delivered) {
  struct counting_sink final : jsonx::buffered_sink {
    std::size_t largest_write = 0;
    std::string received;
    counting_sink() : buffered_sink(4096) {}
    ~counting_sink() override { flush_buffer(); }
    void write_out(const char* data, std::size_t size, std::error_code&) override {
      largest_write = std::max(largest_write, size);
      received.append(data, size);
    }
  } sink;
  jsonx::stream::encoder e(sink);
  e.encode(item{"first", 1});
  EXPECT_EQ(sink.received, "{\"name\":\"first\",\"price\":1.0}\n");
  std::vector<int> big(100000, 7);
  std::error_code ec;
  ASSERT_TRUE(e.encode(big, ec));
  EXPECT_EQ(sink.received.size(), 30u + 2 * 100000 + 1);
  EXPECT_LE(sink.largest_write, 4096u);
}

TEST(encoder, errors_stick) {
  std::string out;
  jsonx::stream::encoder e(out);
  jsonx::encode_error error;
  EXPECT_FALSE(e.encode(std::vector<double>{1, std::nan("")}, error));
  EXPECT_TRUE(e.failed());
  std::error_code ec;
  EXPECT_FALSE(e.encode(item{}, ec));
  EXPECT_EQ(ec, e.error());
  EXPECT_THROW(e.encode(item{}), std::system_error);
}

TEST(encoder, events_must_make_exactly_one_value) {
  std::string out;
  jsonx::stream::encoder e(out);
  std::error_code ec;
  EXPECT_FALSE(e.encode_events([](jsonx::writer& w) { return w.on_array_begin(); }, ec));
  EXPECT_EQ(ec, jsonx::stream::stream_errc::write_failed);
}

TEST(encoder, round_trip_through_the_decoder) {
  std::string out;
  {
    jsonx::stream::encoder e(out);
    e.set_indent("", "\t");
    for (int i = 0; i < 500; ++i) e.encode(item{"n" + std::to_string(i), i * 0.5});
  }
  jsonx::stream::memory_source in(out);
  jsonx::stream::decoder d(in);
  item it;
  int count = 0;
  while (d.decode(it)) {
    EXPECT_EQ(it.name, "n" + std::to_string(count));
    EXPECT_EQ(it.price, count * 0.5);
    ++count;
  }
  EXPECT_EQ(count, 500);
}

}  // namespace
