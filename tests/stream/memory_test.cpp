// Memory: bounded by the largest value for a document target, and by nothing that grows with
// the stream for token() and SAX handlers (the chunk buffer and the longest token only).
#include <malloc.h>

#include <gtest/gtest.h>

#include <string>

#include "jsonx/dom/document.hpp"
#include "jsonx/stream/decoder.hpp"

namespace {

using jsonx::stream::decoder;
using jsonx::stream::memory_source;

std::string small_value(int i) {
  return "{\"id\": " + std::to_string(i) + ", \"tags\": [\"a\", \"b\"], \"ok\": true}\n";
}

std::size_t heap_in_use() {
  return mallinfo2().uordblks;
}

// Growth of the heap in use from `before` to `peak` (0 if it shrank).
std::size_t growth(std::size_t before, std::size_t peak) {
  return peak > before ? peak - before : 0;
}

TEST(decoder_memory, a_document_holds_the_largest_value_only) {
  std::string big = "[";
  for (int i = 0; i < 20000; ++i) big += (i ? "," : "") + std::to_string(i);
  big += "]\n";
  std::string stream;
  for (int i = 0; i < 20000; ++i) stream += small_value(i);
  stream += big;
  for (int i = 0; i < 20000; ++i) stream += small_value(i);

  jsonx::dom::document alone;
  memory_source big_in(big);
  decoder(big_in).decode(alone);
  memory_source in(stream, 65536);
  decoder d(in);
  jsonx::dom::document doc;
  std::size_t values = 0;
  while (d.decode(doc)) ++values;
  EXPECT_EQ(values, 40001u);
  // The stream is 40,000 values more than the big one: the document holds no more than what
  // the big one alone needs (buffers grow geometrically: twice, at most).
  EXPECT_LE(doc.capacity_bytes(), 2 * alone.capacity_bytes());
}

// A document reserves room for each piece it is fed on top of what it holds, counting the
// bytes the parser keeps from earlier pieces: with use_number(), a number cut by piece ends
// is written whole into the document when its last piece comes (an overrun shows under ASan).
// Read in pieces, a value's document keeps room near what it holds, not eight bytes of nodes
// for every byte of the value.
TEST(decoder_memory, a_document_read_in_pieces_keeps_room_for_one_piece) {
  const std::string long_integer(3000, '7');
  const std::string long_fraction = std::string(2000, '9') + "." + std::string(1500, '5');
  const std::string text = "[" + long_integer + ",{\"k\":" + long_fraction + "},1]\n";
  for (const std::size_t piece : {1, 7, 64, 1000}) {
    SCOPED_TRACE("pieces of " + std::to_string(piece));
    memory_source in(text, piece);
    decoder d(in);
    d.use_number();
    jsonx::dom::document doc;
    ASSERT_TRUE(d.decode(doc));
    EXPECT_EQ(doc.root().at(0).get_raw_number(), long_integer);
    EXPECT_EQ(doc.root().at(1).at("k").get_raw_number(), long_fraction);
    EXPECT_EQ(doc.root().at(2).get_raw_number(), "1");
  }
  std::string big = "[";
  for (int i = 0; i < 100000; ++i) big += (i ? ",[" : "[") + std::to_string(i) + ",0.5]";
  big += "]\n";
  memory_source in(big, 4096);
  decoder d(in);
  jsonx::dom::document doc;
  ASSERT_TRUE(d.decode(doc));
  ASSERT_EQ(doc.root().size(), 100000u);
  const std::size_t in_use = doc.node_count() * 16 + doc.string_bytes();
  // Room for a piece of at most the decoder's buffer (64 KiB): half a node a byte.
  EXPECT_LE(doc.capacity_bytes(), 2 * (in_use + (32 << 10) * 16 + (64 << 10) + 4096));
  // (Room for every byte of the value is half a node a byte: more.)
  EXPECT_LT(doc.capacity_bytes(), big.size() / 2 * 16);
}

class counting_handler {
 public:
  std::size_t events = 0;
  std::size_t peak_heap = 0;
  bool on_null() { return count(); }
  bool on_bool(bool) { return count(); }
  bool on_int64(std::int64_t, std::string_view) { return count(); }
  bool on_uint64(std::uint64_t, std::string_view) { return count(); }
  bool on_double(double, std::string_view) { return count(); }
  bool on_number_text(std::string_view) { return count(); }
  bool on_string(std::string_view) { return count(); }
  bool on_key(std::string_view) { return count(); }
  bool on_object_begin() { return count(); }
  bool on_object_end(std::size_t) { return count(); }
  bool on_array_begin() { return count(); }
  bool on_array_end(std::size_t) { return count(); }

 private:
  bool count() {
    if (++events % 4096 == 0) peak_heap = std::max(peak_heap, heap_in_use());
    return true;
  }
};

// One value of 4 MB through a SAX handler, and the same through token(): the heap in use
// grows by the decoder's buffer and the parser's state, not by the value.
TEST(decoder_memory, sax_and_tokens_hold_no_value) {
  if (heap_in_use() == 0) GTEST_SKIP() << "mallinfo2() not available (sanitizer allocator)";
  std::string huge = "[";
  while (huge.size() < (4u << 20)) huge += small_value(static_cast<int>(huge.size())) + ",";
  huge += "null]";
  const std::size_t before = heap_in_use();
  {
    memory_source in(huge, 65536);
    decoder d(in);
    counting_handler handler;
    ASSERT_TRUE(d.decode(handler));
    EXPECT_GT(handler.events, 500000u);
    EXPECT_LT(growth(before, handler.peak_heap), 1u << 20) << "heap grew while decoding";
  }
  {
    memory_source in(huge, 65536);
    decoder d(in);
    jsonx::stream::token t;
    std::size_t tokens = 0;
    std::size_t peak = 0;
    while (d.token(t))
      if (++tokens % 4096 == 0) peak = std::max(peak, heap_in_use());
    EXPECT_GT(tokens, 500000u);
    EXPECT_LT(growth(before, peak), 1u << 20) << "heap grew while walking tokens";
  }
}

}  // namespace
