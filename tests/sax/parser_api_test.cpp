// The push_parser and parse() entry points: error-code and throwing flavours, progress
// reporting (feed's return, bytes_consumed, values_completed, done, failed), handler stops,
// feeding after an error, reset() and its reuse of buffers, the kernel choice.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

// Counts heap allocations while `counting` is set: reset() must let a parser be reused without
// allocating. Every plain and nothrow form of operator new/delete is replaced, so that whatever
// one form allocates another frees consistently (malloc/free), in this binary and in the shared
// libraries it loads (simdjson). The aligned forms keep their default pairing.
namespace {
std::atomic<bool> counting{false};
std::atomic<std::size_t> allocations{0};

void* counted_malloc(std::size_t size) noexcept {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* counted_malloc_or_throw(std::size_t size) {
  if (void* p = counted_malloc(size)) return p;
  throw std::bad_alloc();
}
}  // namespace

// GCC cannot see that these operator delete forms pair with the operator new forms above.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size) {
  return counted_malloc_or_throw(size);
}
void* operator new[](std::size_t size) {
  return counted_malloc_or_throw(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return counted_malloc(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return counted_malloc(size);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

namespace jsonx::test {
namespace {

// A handler that allocates nothing itself: counts events.
struct counting_handler {
  std::size_t events = 0;
  bool on_null() { return ++events; }
  bool on_bool(bool) { return ++events; }
  bool on_int64(std::int64_t, std::string_view) { return ++events; }
  bool on_uint64(std::uint64_t, std::string_view) { return ++events; }
  bool on_double(double, std::string_view) { return ++events; }
  bool on_number_text(std::string_view) { return ++events; }
  bool on_string(std::string_view) { return ++events; }
  bool on_key(std::string_view) { return ++events; }
  bool on_object_begin() { return ++events; }
  bool on_object_end(std::size_t) { return ++events; }
  bool on_array_begin() { return ++events; }
  bool on_array_end(std::size_t) { return ++events; }
};
static_assert(handler<counting_handler>);
static_assert(!handler_with_parts<counting_handler>);

class parser_api : public kernel_test {};

TEST_P(parser_api, parse_error_code_and_throwing_flavours) {
  value_recorder handler;
  parse_error error;
  EXPECT_TRUE(parse(R"({"a":[true]})", handler, error, with_kernel(kernel())));
  EXPECT_FALSE(error);
  EXPECT_EQ(handler.log(), "{\nk1:a\n[\nt\n]1\n}1\n");

  value_recorder second;
  EXPECT_FALSE(parse("[1,", second, error, with_kernel(kernel())));
  EXPECT_EQ(error.code, make_error_code(parse_errc::incomplete_input));
  EXPECT_EQ(error.offset, 3u);

  value_recorder third;
  EXPECT_NO_THROW(parse("null", third, with_kernel(kernel())));
  EXPECT_THROW(parse("nul!", third, with_kernel(kernel())), parse_exception);
  // A handler stop is a failure of parse() too.
  value_recorder stopping(1);
  EXPECT_FALSE(parse("[1]", stopping, error, with_kernel(kernel())));
  EXPECT_EQ(error.code, make_error_code(parse_errc::stopped_by_handler));
  value_recorder stopping_again(1);
  EXPECT_THROW(parse("[1]", stopping_again, with_kernel(kernel())), parse_exception);
}

TEST_P(parser_api, push_parser_reports_progress) {
  value_recorder handler;
  push_parser<value_recorder> parser(handler, with_kernel(kernel()));
  EXPECT_EQ(parser.kernel(), kernel());
  EXPECT_EQ(&parser.handler(), &handler);
  EXPECT_EQ(parser.options().kernel, kernel());
  EXPECT_EQ(parser.feed("[1, \"ab"), 7u);
  EXPECT_EQ(parser.bytes_consumed(), 7u);
  EXPECT_FALSE(parser.done());
  EXPECT_EQ(parser.feed("c\"] "), 4u);
  EXPECT_EQ(parser.bytes_consumed(), 11u);
  EXPECT_EQ(parser.values_completed(), 1u);
  EXPECT_FALSE(parser.done()) << "done only after finish()";
  parser.finish();
  EXPECT_TRUE(parser.done());
  EXPECT_FALSE(parser.failed());
  EXPECT_EQ(handler.log(), "[\ni1\ns3:abc\n]2\n");
}

TEST_P(parser_api, errors_stop_the_parse_and_say_where) {
  value_recorder handler;
  push_parser<value_recorder> parser(handler, with_kernel(kernel()));
  std::error_code ec;
  EXPECT_EQ(parser.feed("[1,2", ec), 4u);
  EXPECT_FALSE(ec);
  // The error is in this chunk: feed() returns the bytes before it.
  EXPECT_EQ(parser.feed(" x]", ec), 1u);
  EXPECT_EQ(ec, make_error_code(parse_errc::expected_array_comma));
  EXPECT_TRUE(parser.failed());
  EXPECT_EQ(parser.error().offset, 5u);
  EXPECT_EQ(handler.log(), "[\ni1\ni2\n");
  // Throwing flavour.
  value_recorder other;
  push_parser<value_recorder> throwing(other, with_kernel(kernel()));
  EXPECT_THROW(throwing.feed("[1}"), parse_exception);
  value_recorder incomplete;
  push_parser<value_recorder> unfinished(incomplete, with_kernel(kernel()));
  unfinished.feed("{");
  EXPECT_THROW(unfinished.finish(), parse_exception);
}

TEST_P(parser_api, feeding_after_an_error_is_parser_failed) {
  value_recorder handler;
  push_parser<value_recorder> parser(handler, with_kernel(kernel()));
  std::error_code ec;
  parser.feed("[1 2]", ec);
  ASSERT_EQ(ec, make_error_code(parse_errc::expected_array_comma));
  EXPECT_EQ(parser.feed("[3]", ec), 0u);
  EXPECT_EQ(ec, make_error_code(parse_errc::parser_failed));
  // The first error stays the parser's error; no more events.
  EXPECT_EQ(parser.error().code, make_error_code(parse_errc::expected_array_comma));
  EXPECT_EQ(handler.log(), "[\ni1\n");
}

TEST_P(parser_api, a_handler_stop_is_reported_as_such) {
  value_recorder handler(/*stop_at_callback=*/3);
  push_parser<value_recorder> parser(handler, with_kernel(kernel()));
  std::error_code ec;
  const std::string input = R"({"a":"b","c":1})";
  EXPECT_EQ(parser.feed(input, ec), 5u);  // stopped at the string "b", which starts at byte 5
  EXPECT_EQ(ec, make_error_code(parse_errc::stopped_by_handler));
  EXPECT_TRUE(parser.failed());
  EXPECT_EQ(parser.error().offset, 5u);
  EXPECT_NE(parser.error().message().find("stopped by the handler"), std::string::npos);
  EXPECT_EQ(handler.log(), "{\nk1:a\ns1:b\n");
  // The throwing flavours throw exactly when the error-code flavours report an error: a stop
  // too, from feed(), finish() and parse() alike.
  value_recorder quiet(1);
  push_parser<value_recorder> throwing(quiet, with_kernel(kernel()));
  try {
    throwing.feed("[1]");
    ADD_FAILURE() << "feed() did not throw for a stop";
  } catch (const parse_exception& e) {
    EXPECT_EQ(e.code(), make_error_code(parse_errc::stopped_by_handler));
    EXPECT_EQ(e.code(), condition::stopped);
    EXPECT_EQ(e.where().offset, 0u);  // at the '[' whose event stopped the parse
  }
  value_recorder at_end(1);  // a top-level number is only complete at finish()
  push_parser<value_recorder> finishing(at_end, with_kernel(kernel()));
  EXPECT_EQ(finishing.feed("12"), 2u);
  EXPECT_FALSE(finishing.failed());
  EXPECT_THROW(finishing.finish(), parse_exception);
  EXPECT_EQ(finishing.error().code, make_error_code(parse_errc::stopped_by_handler));
  value_recorder whole(2);
  EXPECT_THROW(parse("[1]", whole, with_kernel(kernel())), parse_exception);
}

TEST_P(parser_api, reset_allows_reuse_after_success_error_and_stop) {
  value_recorder handler;
  push_parser<value_recorder> parser(handler, with_kernel(kernel()));
  std::error_code ec;
  parser.feed("[1 2]", ec);
  EXPECT_TRUE(parser.failed());
  parser.reset();
  handler.clear();
  EXPECT_FALSE(parser.failed());
  EXPECT_EQ(parser.bytes_consumed(), 0u);
  parser.feed("{\"k\":");
  parser.feed("null}");
  parser.finish();
  EXPECT_TRUE(parser.done());
  EXPECT_EQ(parser.error().line, 0u);
  EXPECT_EQ(handler.log(), "{\nk1:k\nn\n}1\n");
  // Another handler.
  value_recorder other;
  parser.reset(other);
  EXPECT_EQ(&parser.handler(), &other);
  parser.feed("\"x\"");
  parser.finish();
  EXPECT_EQ(other.log(), "s1:x\n");
  EXPECT_EQ(handler.log(), "{\nk1:k\nn\n}1\n");
}

TEST_P(parser_api, reset_reuses_buffers_without_allocating) {
  const std::string doc = R"({"key\n":["a\"b", 12345678901234567890123, -1.5e300, [[[]]]], "s":")" +
                          std::string(300, 'x') + "\"}";
  counting_handler handler;
  push_parser<counting_handler> parser(handler, with_kernel(kernel()));
  // Warm up: whole, and bytewise (which grows the token buffer), then the same again counted.
  auto run = [&] {
    parser.reset();
    parser.feed(doc);
    parser.finish();
    parser.reset();
    for (char c : doc) parser.feed(std::string_view(&c, 1));
    parser.finish();
  };
  run();
  const std::size_t events = handler.events;
  allocations = 0;
  counting = true;
  run();
  counting = false;
  EXPECT_EQ(allocations.load(), 0u);
  EXPECT_EQ(handler.events, 2 * events);
}

TEST_P(parser_api, finish_without_a_value_is_incomplete) {
  for (std::string_view input : {"", "   ", "\n"}) {
    value_recorder handler;
    parse_error error;
    EXPECT_FALSE(parse(input, handler, error, with_kernel(kernel())));
    EXPECT_EQ(error.code, make_error_code(parse_errc::incomplete_input)) << "'" << input << "'";
  }
}

TEST(parser_kernel, an_unsupported_kernel_option_falls_back_to_a_supported_one) {
  value_recorder handler;
  for (simd::kernel_id k : simd::all_kernels) {
    push_parser<value_recorder> parser(handler, with_kernel(k));
    EXPECT_TRUE(simd::kernel_supported(parser.kernel())) << simd::kernel_name(k);
    if (simd::kernel_supported(k)) {
      EXPECT_EQ(parser.kernel(), k);
    }
  }
  push_parser<value_recorder> by_default(handler);
  EXPECT_EQ(by_default.kernel(), simd::default_kernel());
}

TEST(parser_kernel, force_kernel_applies_to_new_parsers) {
  value_recorder handler;
  for (simd::kernel_id k : supported_kernels()) {
    ASSERT_TRUE(simd::force_kernel(k));
    push_parser<value_recorder> parser(handler);
    EXPECT_EQ(parser.kernel(), k);
  }
  simd::clear_forced_kernel();
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(parser_api);

}  // namespace
}  // namespace jsonx::test
