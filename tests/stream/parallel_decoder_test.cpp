// parallel_decoder and parallel_sax_decoder: for 2, 3 and 4 threads, with the calling thread
// decoding its share of the chunks or only handing values out, the values (DOM
// documents, typed values, SAX events) and errors (code, byte offset, line, column,
// value_index, path) are those of the sequential decoder, in the same order, on generated
// NDJSON and JSON text sequences with bad records, blank lines, CRLF and records spanning many
// chunks, read from memory, a pipe and a socketpair written in random-sized pieces; memory is
// bounded by max_chunks_in_flight whatever the consumer's speed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <deque>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "io_test_support.hpp"
#include "jsonx/bind/describe.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/parallel_decoder.hpp"
#include "parallel_test_support.hpp"

namespace jsonx::test {
namespace {

using stream::decode_status;
using stream::decoder_options;
using stream::framing;
using stream::stream_error;

// A run that stops early closes its end of the pipe: the writer must get EPIPE, not be killed.
[[maybe_unused]] const bool sigpipe_ignored = (std::signal(SIGPIPE, SIG_IGN), true);

// The parallel decoders' set-ups the tests run: threads, and whether the calling thread decodes
// a share of the chunks itself (parallel_caller_decodes) or only hands the workers' values out.
struct parallel_setup {
  unsigned threads;
  bool caller_decodes;
};
std::string setup_name(const ::testing::TestParamInfo<parallel_setup>& info) {
  return std::to_string(info.param.threads) + (info.param.caller_decodes ? "_caller" : "_workers");
}
const auto parallel_setups =
    ::testing::Values(parallel_setup{2, true}, parallel_setup{3, true}, parallel_setup{4, true},
                      parallel_setup{2, false}, parallel_setup{3, false}, parallel_setup{4, false});

// Small chunks, so that a few hundred lines make many chunks and records span reads.
decoder_options small_chunks(framing f, bool skip, parallel_setup setup) {
  decoder_options o;
  o.separation = f;
  o.skip_bad_records = skip;
  o.threads = setup.threads;
  o.parallel_caller_decodes = setup.caller_decodes;
  o.chunk_size = 512;
  o.parallel_chunk_size = 2048;
  o.max_chunks_in_flight = 3;
  return o;
}

// ---- the runs compared ----------------------------------------------------------------------

std::vector<decode_outcome> sequential_dom(std::string_view text, const decoder_options& options) {
  stream::memory_source in(text);
  stream::decoder dec(in, options);
  dom::document doc;
  return collect_outcomes(
      [&](std::string& value, stream_error& error) {
        const decode_status s = dec.decode(doc, error);
        if (s == decode_status::value) value = dom::to_string(doc);
        return s;
      },
      !options.skip_bad_records);
}

// `in_place`: each document read where it was decoded (decode_in_place), not copied out.
std::vector<decode_outcome> parallel_dom(stream::source& in, const decoder_options& options,
                                         bool in_place = false) {
  stream::parallel_decoder<dom::document> dec(in, options);
  EXPECT_EQ(dec.parallel(), options.threads != 1 && options.separation != framing::whitespace);
  dom::document doc;
  dom::element root;
  return collect_outcomes(
      [&](std::string& value, stream_error& error) {
        const decode_status s =
            in_place ? dec.decode_in_place(root, error) : dec.decode(doc, error);
        if (s == decode_status::value) value = dom::to_string(in_place ? root : doc.root());
        return s;
      },
      !options.skip_bad_records);
}

// Reads `text` from a pipe or socketpair that a thread writes in random-sized pieces.
std::vector<decode_outcome> parallel_dom_through(bool socket, std::string_view text,
                                                 const decoder_options& options,
                                                 std::uint64_t seed) {
  int fds[2];
  if (!make_channel(socket, fds)) {
    ADD_FAILURE() << "no pipe/socketpair";
    return {};
  }
  std::vector<decode_outcome> out;
  {
    piecewise_writer writer(fds[1], text, 3000, seed);
    stream::fd_source in(fds[0]);
    out = parallel_dom(in, options);
    ::close(fds[0]);  // a strict run stops early: the writer then gets EPIPE
  }
  return out;
}

// ---- DOM -------------------------------------------------------------------------------------

class parallel_dom_test : public ::testing::TestWithParam<parallel_setup> {};

TEST_P(parallel_dom_test, SkipModeEqualsSequentialFromMemoryPipeAndSocket) {
  const parallel_setup setup = GetParam();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const std::string text = generated_ndjson(seed, 600, true);
    const decoder_options options = small_chunks(framing::ndjson, true, setup);
    const auto expected = sequential_dom(text, options);
    ASSERT_GT(expected.size(), 500U);
    trickle_source pieces(text, 700, seed);
    EXPECT_EQ(first_difference(expected, parallel_dom(pieces, options)), "") << "memory";
    EXPECT_EQ(first_difference(expected, parallel_dom_through(false, text, options, seed)), "")
        << "pipe";
    EXPECT_EQ(first_difference(expected, parallel_dom_through(true, text, options, seed)), "")
        << "socketpair";
  }
}

// Lends its bytes in random-sized pieces, some in place (each following the last), some from
// copies of their own elsewhere, and after `lend_pieces` pieces stops lending (lend_some()
// false) and copies with read_some(): the reader keeps a chunk a view of the source while the
// pieces follow each other, copies it when one does not, and copies from then on.
class patchy_lending_source final : public stream::source {
 public:
  patchy_lending_source(std::string_view bytes, std::uint64_t seed, std::size_t lend_pieces)
      : bytes_(bytes), random_(seed), lend_pieces_(lend_pieces) {}
  stream::read_result read_some(char* buffer, std::size_t size) override {
    const std::size_t n = next_size(size);
    if (n == 0) return {0, stream::read_status::end, {}};
    bytes_.copy(buffer, n, position_);
    position_ += n;
    return {n, stream::read_status::ok, {}};
  }
  bool lend_some(std::size_t size, const char*& bytes, stream::read_result& result) override {
    if (lent_ == lend_pieces_) return false;
    ++lent_;
    const std::size_t n = next_size(size);
    if (n == 0) {
      result = {0, stream::read_status::end, {}};
      return true;
    }
    if (random_() % 3 == 0) {
      copies_.emplace_back(bytes_.substr(position_, n));  // elsewhere: not after the last piece
      bytes = copies_.back().data();
    } else {
      bytes = bytes_.data() + position_;
    }
    position_ += n;
    result = {n, stream::read_status::ok, {}};
    return true;
  }
  std::size_t pieces_lent() const { return lent_; }

 private:
  std::size_t next_size(std::size_t size) {
    return std::min(
        {1 + static_cast<std::size_t>(random_() % 900), size, bytes_.size() - position_});
  }
  std::string_view bytes_;
  std::mt19937_64 random_;
  std::size_t lend_pieces_;
  std::size_t lent_ = 0;
  std::size_t position_ = 0;
  std::deque<std::string> copies_;  // stable addresses: lent bytes stay valid
};

TEST_P(parallel_dom_test, LentBytesInPlaceInCopiesAndThenReadEqualSequential) {
  for (const framing f : {framing::ndjson, framing::json_seq}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const std::string text =
          f == framing::ndjson ? generated_ndjson(seed, 600, true) : generated_json_seq(seed, 400);
      const decoder_options options = small_chunks(f, true, GetParam());
      const auto expected = sequential_dom(text, options);
      ASSERT_GT(expected.size(), 300U);
      for (const std::size_t lend_pieces : {std::size_t{1} << 30, std::size_t{40}}) {
        patchy_lending_source in(text, seed, lend_pieces);
        EXPECT_EQ(first_difference(expected, parallel_dom(in, options)), "")
            << "seed " << seed << ", lent pieces " << lend_pieces;
        EXPECT_LE(in.pieces_lent(), lend_pieces);
        EXPECT_GT(in.pieces_lent(), 10U);
      }
    }
  }
}

TEST_P(parallel_dom_test, StrictModeStopsAtTheFirstBadLineAsSequential) {
  const parallel_setup setup = GetParam();
  for (std::uint64_t seed = 10; seed <= 14; ++seed) {
    const std::string text = generated_ndjson(seed, 400, true);
    const decoder_options options = small_chunks(framing::ndjson, false, setup);
    const auto expected = sequential_dom(text, options);
    ASSERT_GE(expected.size(), 2U);
    ASSERT_TRUE(expected.back().is_error) << "the generator must make a bad line";
    trickle_source pieces(text, 900, seed);
    EXPECT_EQ(first_difference(expected, parallel_dom(pieces, options)), "");
    EXPECT_EQ(first_difference(expected, parallel_dom_through(seed % 2 == 0, text, options, seed)),
              "");
  }
}

TEST_P(parallel_dom_test, HugeLinesSpanningManyChunks) {
  // Lines of 40 KB among small ones: each is 20 times parallel_chunk_size and 80 reads.
  const std::string text = generated_ndjson(21, 300, true, 4, 40000);
  const decoder_options options = small_chunks(framing::ndjson, true, GetParam());
  const auto expected = sequential_dom(text, options);
  std::size_t longest = 0;
  for (const auto& o : expected) longest = std::max(longest, o.value.size());
  ASSERT_GT(longest, 30000U);
  trickle_source pieces(text, 5000, 21);
  EXPECT_EQ(first_difference(expected, parallel_dom(pieces, options)), "");
  EXPECT_EQ(first_difference(expected, parallel_dom_through(true, text, options, 21)), "");
}

TEST_P(parallel_dom_test, ChunksCutEveryFewLinesEqualSequential) {
  // Reads of 8 KiB hold dozens of lines: a chunk ends after 3, and the lines read past it are
  // carried, whole, into the next chunks.
  for (bool skip : {true, false}) {
    const std::string text = generated_ndjson(81, 700, true);
    decoder_options options = small_chunks(framing::ndjson, skip, GetParam());
    options.chunk_size = 8192;
    options.parallel_chunk_size = 1 << 20;
    options.parallel_chunk_lines = 3;
    const auto expected = sequential_dom(text, options);
    stream::memory_source in(text, 8192);
    stream::parallel_decoder<dom::document> dec(in, options);
    dom::document doc;
    const auto actual = collect_outcomes(
        [&](std::string& value, stream_error& error) {
          const decode_status s = dec.decode(doc, error);
          if (s == decode_status::value) value = dom::to_string(doc);
          return s;
        },
        !skip);
    EXPECT_EQ(first_difference(expected, actual), "") << skip;
    if (skip) {
      const stream::parallel_stats stats = dec.stats();
      EXPECT_GE(stats.chunks, 700U / 3);
      EXPECT_LE(stats.caller_chunks, stats.chunks);
      if (!GetParam().caller_decodes) {
        EXPECT_EQ(stats.caller_chunks, 0U);
      }
    }
  }
}

TEST_P(parallel_dom_test, OnlyBlankLinesCrlfAndEmptyInput) {
  const decoder_options options = small_chunks(framing::ndjson, true, GetParam());
  for (std::string_view text : {std::string_view(""), std::string_view("\n\n\r\n  \n"),
                                std::string_view("1"), std::string_view("\r\n[1]\r\n\r\n{}")}) {
    stream::memory_source in(text);
    EXPECT_EQ(first_difference(sequential_dom(text, options), parallel_dom(in, options)), "")
        << printable(text);
  }
}

TEST_P(parallel_dom_test, JsonSeqEqualsSequentialWithRsInTheMiddleOfLines) {
  for (bool skip : {true, false}) {
    const std::string text = generated_json_seq(31, 500);
    const decoder_options options = small_chunks(framing::json_seq, skip, GetParam());
    const auto expected = sequential_dom(text, options);
    ASSERT_GT(expected.size(), skip ? 400U : 1U);
    trickle_source pieces(text, 800, 31);
    EXPECT_EQ(first_difference(expected, parallel_dom(pieces, options)), "") << skip;
    EXPECT_EQ(first_difference(expected, parallel_dom_through(false, text, options, 31)), "");
  }
}

TEST_P(parallel_dom_test, JsonSeqColumnsOfChunksCutInTheMiddleOfALine) {
  // Every line holds several records: most cuts fall inside a line, and a bad record right
  // after a cut must still get its column counted from the line's start.
  std::string text;
  for (int i = 0; i < 2000; ++i)
    text += "\x1E[" + std::to_string(i) + "]\x1E{\"a\":}\x1E\"" + std::string(i % 7, 'x') +
            "\" \x1E 0 1\n";
  const decoder_options options = small_chunks(framing::json_seq, true, GetParam());
  const auto expected = sequential_dom(text, options);
  ASSERT_EQ(expected.size(), 10000U);  // [i], an error, a string, 0, an error (two values)
  ASSERT_TRUE(expected[9].is_error);
  EXPECT_GT(expected[9].column, 10U);
  stream::memory_source in(text, 333);
  EXPECT_EQ(first_difference(expected, parallel_dom(in, options)), "");
}

TEST_P(parallel_dom_test, ReadErrorComesAfterEveryValueBeforeIt) {
  const std::string text = generated_ndjson(41, 200, false, 0, 0, false) + "{\"cut\":[1,";
  for (bool skip : {true, false}) {
    const decoder_options options = small_chunks(framing::ndjson, skip, GetParam());
    failing_source seq_in(text);
    stream::decoder seq(seq_in, options);
    dom::document doc;
    auto expected = collect_outcomes(
        [&](std::string& v, stream_error& e) {
          const decode_status s = seq.decode(doc, e);
          if (s == decode_status::value) v = dom::to_string(doc);
          return s;
        },
        true);
    ASSERT_TRUE(expected.back().is_error);
    EXPECT_EQ(expected.back().code, std::error_code(EIO, std::system_category()));
    failing_source par_in(text);
    EXPECT_EQ(first_difference(expected,
                               [&] {
                                 stream::parallel_decoder<dom::document> par(par_in, options);
                                 return collect_outcomes(
                                     [&](std::string& v, stream_error& e) {
                                       const decode_status s = par.decode(doc, e);
                                       if (s == decode_status::value) v = dom::to_string(doc);
                                       return s;
                                     },
                                     true);
                               }()),
              "");
  }
}

// decode_in_place(): the same outcomes, each root read where it was decoded (a worker's batch
// or the decoder's own document), sequential (threads 1) included.
TEST_P(parallel_dom_test, DecodeInPlaceEqualsSequential) {
  for (bool skip : {true, false}) {
    for (unsigned threads : {1U, GetParam().threads}) {
      const std::string text = generated_ndjson(91, 600, true);
      decoder_options options = small_chunks(framing::ndjson, skip, GetParam());
      options.threads = threads;
      const auto expected = sequential_dom(text, options);
      trickle_source in(text, 900, 91);
      EXPECT_EQ(first_difference(expected, parallel_dom(in, options, true)), "")
          << skip << " " << threads;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(setups, parallel_dom_test, parallel_setups, setup_name);

// ---- typed values ----------------------------------------------------------------------------

struct event_record {
  std::int64_t id = 0;
  std::string name;
  std::vector<int> tags;
};
JSONX_DESCRIBE(event_record, id, name, tags)

std::string typed_ndjson(std::uint64_t seed, std::size_t lines) {
  std::mt19937_64 random(seed);
  std::string text;
  for (std::size_t i = 0; i < lines; ++i) {
    switch (random() % 10) {
      case 0:
        text += "{\"id\":\"seven\",\"name\":\"x\"}";
        break;  // a bind error
      case 1:
        text += "{\"id\":1,\"tags\":[1,2,\"three\"]}";
        break;  // deeper, path /tags/2
      case 2:
        text += "{\"id\":1,\"name\":\"unterminated}";
        break;  // a parse error
      case 3:
        text += "";
        break;
      default:
        text += "{\"id\":" + std::to_string(random() % 100000) + ",\"name\":\"n" +
                std::to_string(i) + "\",\"tags\":[" + std::to_string(random() % 9) + "]}";
    }
    text += (i % 3 == 0) ? "\r\n" : "\n";
  }
  return text;
}

std::string show(const event_record& r) {
  std::string s = std::to_string(r.id) + "|" + r.name + "|";
  for (int t : r.tags) s += std::to_string(t) + ",";
  return s;
}

class parallel_typed_test : public ::testing::TestWithParam<parallel_setup> {};

TEST_P(parallel_typed_test, TypedValuesAndBindErrorsEqualSequential) {
  const std::string text = typed_ndjson(51, 800);
  const decoder_options options = small_chunks(framing::ndjson, true, GetParam());
  stream::memory_source seq_in(text);
  stream::decoder seq(seq_in, options);
  // The sequential reference decodes each value into a fresh record, as the parallel one does.
  const auto expected = collect_outcomes(
      [&](std::string& v, stream_error& e) {
        event_record r;
        const decode_status s = seq.decode(r, e);
        if (s == decode_status::value) v = show(r);
        return s;
      },
      false);
  std::size_t paths = 0;
  for (const auto& o : expected) paths += o.path == "/tags/2";
  ASSERT_GT(paths, 0U);
  int fds[2];
  ASSERT_TRUE(make_channel(true, fds));
  std::vector<decode_outcome> actual;
  {
    piecewise_writer writer(fds[1], text, 2000, 51);
    stream::fd_source in(fds[0]);
    stream::parallel_decoder<event_record> par(in, options);
    EXPECT_TRUE(par.parallel());
    event_record r;
    r.name = "left over";
    r.tags = {99};
    actual = collect_outcomes(
        [&](std::string& v, stream_error& e) {
          const decode_status s = par.decode(r, e);
          if (s == decode_status::value) v = show(r);
          return s;
        },
        false);
    ::close(fds[0]);
  }
  EXPECT_EQ(first_difference(expected, actual), "");
}

INSTANTIATE_TEST_SUITE_P(setups, parallel_typed_test, parallel_setups, setup_name);

// ---- SAX ---------------------------------------------------------------------------------------

// Logs a value's events compactly; take_value() hands the log over.
struct logging_handler {
  std::string log;
  bool on_null() { return add("n"); }
  bool on_bool(bool b) { return add(b ? "t" : "f"); }
  bool on_int64(std::int64_t, std::string_view t) { return add("i", t); }
  bool on_uint64(std::uint64_t, std::string_view t) { return add("u", t); }
  bool on_double(double, std::string_view t) { return add("d", t); }
  bool on_number_text(std::string_view t) { return add("x", t); }
  bool on_string(std::string_view s) { return add("s", s); }
  bool on_key(std::string_view k) { return add("k", k); }
  bool on_object_begin() { return add("{"); }
  bool on_object_end(std::size_t n) { return add("}", std::to_string(n)); }
  bool on_array_begin() { return add("["); }
  bool on_array_end(std::size_t n) { return add("]", std::to_string(n)); }
  std::string take_value() { return std::exchange(log, {}); }

 private:
  bool add(std::string_view kind, std::string_view text = {}) {
    log += kind;
    log += std::to_string(text.size());
    log += ':';
    log += text;
    return true;
  }
};

class parallel_sax_test : public ::testing::TestWithParam<parallel_setup> {};

TEST_P(parallel_sax_test, EventsOfEveryValueEqualSequential) {
  for (bool skip : {true, false}) {
    const std::string text = generated_ndjson(61, 500, true, 2, 10000);
    const decoder_options options = small_chunks(framing::ndjson, skip, GetParam());
    stream::memory_source seq_in(text);
    stream::decoder seq(seq_in, options);
    logging_handler h;
    const auto expected = collect_outcomes(
        [&](std::string& v, stream_error& e) {
          const decode_status s = seq.decode(h, e);
          v = h.take_value();
          return s;
        },
        !skip);
    std::atomic<int> handlers_made{0};
    trickle_source in(text, 1500, 61);
    stream::parallel_sax_decoder<logging_handler> par(in, options, [&] {
      ++handlers_made;
      return logging_handler{};
    });
    EXPECT_EQ(handlers_made.load(), static_cast<int>(GetParam().threads));
    const auto actual =
        collect_outcomes([&](std::string& v, stream_error& e) { return par.decode(v, e); }, !skip);
    EXPECT_EQ(first_difference(expected, actual), "") << "skip " << skip;
  }
}

// A handler that stops: the stream ends there with stopped_by_handler, as sequentially.
struct stopping_handler : logging_handler {
  bool on_string(std::string_view s) { return s != "stop" && logging_handler::on_string(s); }
};

TEST_P(parallel_sax_test, HandlerStopIsFinalInOrder) {
  std::string text;
  for (int i = 0; i < 300; ++i)
    text += i == 170 ? "[\"stop\"]\n" : "[\"go\"," + std::to_string(i) + "]\n";
  const decoder_options options = small_chunks(framing::ndjson, true, GetParam());
  trickle_source in(text, 600, 7);
  stream::parallel_sax_decoder<stopping_handler> par(in, options,
                                                     [] { return stopping_handler{}; });
  std::string v;
  stream_error e;
  int values = 0;
  decode_status s;
  while ((s = par.decode(v, e)) == decode_status::value) ++values;
  EXPECT_EQ(values, 170);
  ASSERT_EQ(s, decode_status::error);
  EXPECT_EQ(e.code, parse_errc::stopped_by_handler);
  EXPECT_EQ(e.line, 171U);
  EXPECT_EQ(par.decode(v, e), decode_status::error);  // final
}

// An exception thrown by a handler on a worker comes out of decode() on the consumer.
struct throwing_handler : logging_handler {
  bool on_int64(std::int64_t v, std::string_view t) {
    if (v == 77) throw std::runtime_error("handler failed");
    return logging_handler::on_int64(v, t);
  }
};

TEST_P(parallel_sax_test, HandlerExceptionReachesTheConsumer) {
  std::string text;
  for (int i = 0; i < 200; ++i) {
    text += '[';  // (one concatenated temporary trips GCC 12's -Wrestrict false positive)
    text += std::to_string(i);
    text += "]\n";
  }
  const decoder_options options = small_chunks(framing::ndjson, true, GetParam());
  stream::memory_source in(text);
  stream::parallel_sax_decoder<throwing_handler> par(in, options,
                                                     [] { return throwing_handler{}; });
  std::string v;
  EXPECT_THROW(
      {
        while (par.decode(v)) {
        }
      },
      std::runtime_error);
}

INSTANTIATE_TEST_SUITE_P(setups, parallel_sax_test, parallel_setups, setup_name);

// ---- the caller's share ----------------------------------------------------------------------
// The pipeline with no worker at all: the caller decodes every chunk, value by value, into the
// target (the path a chunk takes when it reaches the caller before any worker), errors placed
// as the sequential decoder places them.
std::vector<decode_outcome> caller_only(std::string_view text, const decoder_options& options,
                                        stream::parallel_stats& stats) {
  stream::memory_source in(text, 700);
  decoder_options o = options;
  o.parallel_caller_decodes = true;
  stream::detail::value_pipeline<dom::document, stream::detail::no_context> pipeline(
      in, o, 1, [] { return stream::detail::no_context{}; },
      [](stream::decoder& dec, stream::detail::no_context&, dom::document& doc,
         stream_error& error) { return dec.decode(doc, error); });
  EXPECT_EQ(pipeline.workers(), 0U);
  dom::document doc;
  auto out = collect_outcomes(
      [&](std::string& value, stream_error& error) {
        const decode_status s = pipeline.next_into(doc, error);
        if (s == decode_status::value) value = dom::to_string(doc);
        return s;
      },
      !options.skip_bad_records);
  stats = pipeline.stats();
  return out;
}

TEST(parallel_decoder_caller, WithoutWorkersTheCallerDecodesEveryChunkAsSequential) {
  for (bool skip : {true, false}) {
    for (framing f : {framing::ndjson, framing::json_seq}) {
      const std::string text =
          f == framing::ndjson ? generated_ndjson(93, 600, true) : generated_json_seq(93, 600);
      const decoder_options options = small_chunks(f, skip, {2, true});
      stream::parallel_stats stats;
      EXPECT_EQ(first_difference(sequential_dom(text, options), caller_only(text, options, stats)),
                "")
          << skip;
      if (skip) {
        EXPECT_GT(stats.chunks, 20U);
        EXPECT_EQ(stats.caller_chunks, stats.chunks);
      }
    }
  }
}

// A worker stuck on its first value: the caller, rather than wait for that chunk, decodes the
// later ones whole as a worker would, and hands everything out in order.
struct stalling_handler : logging_handler {
  std::thread::id caller;
  bool stalled = false;
  bool on_object_begin() {
    if (!stalled && std::this_thread::get_id() != caller) {
      stalled = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
    }
    return logging_handler::on_object_begin();
  }
};

TEST(parallel_decoder_caller, CallerDecodesLaterChunksWhileAWorkerIsBusy) {
  const std::string text = generated_ndjson(95, 800, true);
  decoder_options options = small_chunks(framing::ndjson, true, {2, true});
  options.max_chunks_in_flight = 8;
  stream::memory_source seq_in(text);
  stream::decoder seq(seq_in, options);
  logging_handler h;
  const auto expected = collect_outcomes(
      [&](std::string& v, stream_error& e) {
        const decode_status s = seq.decode(h, e);
        v = h.take_value();
        return s;
      },
      false);
  stream::memory_source in(text);
  const std::thread::id caller = std::this_thread::get_id();
  stream::parallel_sax_decoder<stalling_handler> par(in, options, [&] {
    stalling_handler s;
    s.caller = caller;
    return s;
  });
  const auto actual = collect_outcomes(
      [&](std::string& value, stream_error& e) { return par.decode(value, e); }, false);
  EXPECT_EQ(first_difference(expected, actual), "");
  // While the worker slept on its first chunk (chunk 1: chunk 0 is the caller's share), the
  // caller decoded chunk 0 and then the workers' chunks it could reach in the 8 slots (3, 5
  // and 7): at least 4.
  const stream::parallel_stats stats = par.stats();
  EXPECT_GE(stats.caller_chunks, 4U);
  EXPECT_LT(stats.caller_chunks, stats.chunks);
}

// ---- memory, back-pressure, modes ------------------------------------------------------------

// Counts the bytes handed out (from any thread).
class counting_source final : public stream::source {
 public:
  explicit counting_source(std::string_view bytes) : inner_(bytes, 1024) {}
  stream::read_result read_some(char* buffer, std::size_t size) override {
    const stream::read_result r = inner_.read_some(buffer, size);
    read_ += r.bytes;
    return r;
  }
  std::size_t bytes_read() const { return read_.load(); }

 private:
  stream::memory_source inner_;
  std::atomic<std::size_t> read_{0};
};

TEST(parallel_decoder_memory, SlowConsumerBoundsTheChunksInFlight) {
  std::string text;
  for (int i = 0; i < 20000; ++i)
    text += "{\"n\":" + std::to_string(i) + ",\"pad\":\"0123456789\"}\n";
  decoder_options options = small_chunks(framing::ndjson, true, {3, true});
  options.chunk_size = 1024;
  options.parallel_chunk_size = 4096;
  options.max_chunks_in_flight = 4;
  counting_source in(text);
  stream::parallel_decoder<dom::document> dec(in, options);
  dom::document doc;
  ASSERT_TRUE(dec.decode(doc));
  // The consumer dawdles: the reader must stop once every slot is full.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const std::size_t read_while_slow = in.bytes_read();
  // At most the slots' chunks (each cut after parallel_chunk_size bytes, plus one read) and
  // the reader's carry.
  EXPECT_LE(read_while_slow, (options.max_chunks_in_flight + 1) *
                                 (options.parallel_chunk_size + options.chunk_size));
  EXPECT_LT(read_while_slow, text.size() / 10);
  std::size_t values = 1;
  while (dec.decode(doc)) {
    ++values;
    if (values % 2000 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  EXPECT_EQ(values, 20000U);
  const stream::parallel_stats stats = dec.stats();
  EXPECT_LE(stats.peak_chunks_in_flight, options.max_chunks_in_flight);
  EXPECT_GE(stats.peak_chunks_in_flight, 1U);
  EXPECT_GT(stats.chunks, text.size() / (options.parallel_chunk_size + options.chunk_size));
}

// parallel_chunk_lines' default: no line limit for documents (their memory follows the bytes),
// 4096 lines a chunk for typed values; an explicit limit applies to documents too.
TEST(parallel_decoder_memory, DefaultLineLimitCutsTypedValuesNotDocuments) {
  std::string text;
  for (int i = 0; i < 10000; ++i) {  // 20,000 bytes
    text += static_cast<char>('0' + i % 10);
    text += '\n';
  }
  decoder_options options;
  options.separation = framing::ndjson;
  options.threads = 2;
  options.parallel_chunk_size = 1 << 20;  // never reached: only lines can cut
  auto chunks_of = [&](auto target, const decoder_options& o) {
    stream::memory_source in(text);
    stream::parallel_decoder<decltype(target)> dec(in, o);
    std::size_t values = 0;
    while (dec.decode(target)) ++values;
    EXPECT_EQ(values, 10000U);
    return dec.stats().chunks;
  };
  EXPECT_EQ(options.parallel_chunk_lines, decoder_options::default_chunk_lines);
  EXPECT_EQ(chunks_of(dom::document{}, options), 1U);
  // 10,000 lines: cut after 4096 and 8192.
  EXPECT_EQ(chunks_of(int{}, options), 3U);
  decoder_options explicit_limit = options;
  explicit_limit.parallel_chunk_lines = 4096;
  EXPECT_EQ(chunks_of(dom::document{}, explicit_limit), 3U);
}

TEST(parallel_decoder_modes, OneThreadAndWhitespaceFramingAreSequential) {
  const std::string text = "1 2\n[3]\n";
  decoder_options options;
  options.separation = framing::ndjson;
  options.skip_bad_records = true;
  stream::memory_source a(text);
  EXPECT_FALSE(stream::parallel_decoder<dom::document>(a, options).parallel());
  options.threads = 4;
  options.separation = framing::whitespace;
  stream::memory_source b(text);
  stream::parallel_decoder<dom::document> whitespace(b, options);
  EXPECT_FALSE(whitespace.parallel());
  dom::document doc;
  int values = 0;
  while (whitespace.decode(doc)) ++values;
  EXPECT_EQ(values, 3);
  options.threads = 0;  // the hardware's
  options.separation = framing::ndjson;
  stream::memory_source c(text);
  stream::parallel_decoder<dom::document> all(c, options);
  EXPECT_EQ(all.threads(), std::max(1U, std::thread::hardware_concurrency()));
}

TEST(parallel_decoder_modes, DestroyedMidStreamStopsItsThreads) {
  const std::string text = generated_ndjson(71, 3000, false);
  for (int round = 0; round < 5; ++round) {
    decoder_options options = small_chunks(framing::ndjson, true, {3, true});
    int fds[2];
    ASSERT_TRUE(make_channel(round % 2 == 0, fds));
    piecewise_writer writer(fds[1], text, 4000, round);
    {
      stream::fd_source in(fds[0]);
      stream::parallel_decoder<dom::document> dec(in, options);
      dom::document doc;
      for (int i = 0; i < round * 10; ++i) ASSERT_TRUE(dec.decode(doc));
    }  // joins its threads while the writer still writes
    ::close(fds[0]);
  }
}

}  // namespace
}  // namespace jsonx::test
