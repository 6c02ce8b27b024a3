// A reused push_parser (reset() between documents) allocates nothing once warm, whatever the
// handler does with the events, whether values are skipped, and however the input is cut:
// every operator new of this test program is counted (support/counting_new.hpp).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/sax/push_parser.hpp"
#include "support/counting_new.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

// Counts the events (and, with Skip, skips every other member value and array element).
template <bool Skip, bool Parts>
struct counting_handler {
  std::uint64_t events = 0;
  std::uint64_t queries = 0;
  bool on_null() { return ++events != 0; }
  bool on_bool(bool) { return ++events != 0; }
  bool on_int64(std::int64_t, std::string_view) { return ++events != 0; }
  bool on_uint64(std::uint64_t, std::string_view) { return ++events != 0; }
  bool on_double(double, std::string_view) { return ++events != 0; }
  bool on_number_text(std::string_view) { return ++events != 0; }
  bool on_string(std::string_view) { return ++events != 0; }
  bool on_key(std::string_view) { return ++events != 0; }
  bool on_string_part(std::string_view) requires Parts { return ++events != 0; }
  bool on_key_part(std::string_view) requires Parts { return ++events != 0; }
  bool on_object_begin() { return ++events != 0; }
  bool on_object_end(std::size_t) { return ++events != 0; }
  bool on_array_begin() { return ++events != 0; }
  bool on_array_end(std::size_t) { return ++events != 0; }
  bool skip_next_value() requires Skip { return ++queries % 2 == 0; }
};

std::vector<named_input> documents() {
  std::vector<named_input> out = {
      {"small", R"({"a":[1,2.5,"x\n",true,null,{"b":-7}],"c":"\u00e9"})"}};
  for (const named_input& file : corpus_files()) out.push_back(file);
  return out;
}

template <class Handler>
void check_warm_parses_allocate_nothing() {
  {  // the counter sees this program's allocations
    const std::size_t before = allocation_count();
    std::string heap(100, 'x');
    ASSERT_GT(allocation_count(), before) << heap;
  }
  for (const named_input& doc : documents()) {
    for (std::size_t chunk_size : {std::size_t{0}, std::size_t{4096}, std::size_t{61}}) {
      SCOPED_TRACE(doc.name + ", chunks of " + std::to_string(chunk_size));
      Handler handler;
      push_parser<Handler> parser(handler);
      std::uint64_t first_events = 0;
      for (int round = 0; round < 3; ++round) {
        handler = Handler{};
        parser.reset();
        const std::size_t before = allocation_count();
        std::string_view rest = doc.bytes;
        while (!rest.empty()) {
          const std::size_t size =
              chunk_size == 0 ? rest.size() : std::min(chunk_size, rest.size());
          parser.feed(rest.substr(0, size));
          rest.remove_prefix(size);
        }
        parser.finish();
        const std::size_t made = allocation_count() - before;
        if (round == 0) first_events = handler.events;
        if (round > 0) {  // the first round sizes the buffers
          EXPECT_EQ(made, 0u) << "round " << round;
          EXPECT_EQ(handler.events, first_events);
        }
        EXPECT_GT(handler.events, 0u);
      }
    }
  }
}

TEST(ParserAllocation, WarmParsesAllocateNothing) {
  check_warm_parses_allocate_nothing<counting_handler<false, false>>();
}
TEST(ParserAllocation, WarmParsesWithStringPartsAllocateNothing) {
  check_warm_parses_allocate_nothing<counting_handler<false, true>>();
}
TEST(ParserAllocation, WarmParsesSkippingValuesAllocateNothing) {
  check_warm_parses_allocate_nothing<counting_handler<true, false>>();
}

}  // namespace
}  // namespace jsonx::test
