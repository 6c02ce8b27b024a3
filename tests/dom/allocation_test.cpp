// A warm dom::parser parses, and a writer serializes into a reused string, without allocating:
// every operator new of this test program is counted (the document's buffers are malloc-backed
// and checked through capacity_bytes() instead).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "jsonx/dom/dom.hpp"
#include "support/test_data.hpp"

namespace {
std::atomic<std::size_t> allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
// Every form that pairs with the replaced delete, so that no block from a sanitizer's own
// operator new reaches free() (ASan reports that as a mismatch).
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void* operator new[](std::size_t size) {
  return operator new(size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
  return operator new(size, tag);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

namespace jsonx::dom {
namespace {

// small.json's shape, written here so that the test runs without the corpus too.
constexpr std::string_view small_text =
    R"({"Width":800,"Height":600,"Title":"View from my room","Url":"http://ex.com/img.png",)"
    R"("Private":false,"Thumbnail":{"Url":"http://ex.com/th.png","Height":125,"Width":100},)"
    R"("array":[116,943,234],"Owner":null})";

TEST(DomAllocation, WarmParseAndSerializeAllocateNothing) {
  {  // the counter sees this program's allocations
    const std::size_t before = allocations.load();
    std::string heap(100, 'x');
    ASSERT_GT(allocations.load(), before) << heap;
  }
  std::vector<std::string> texts = {std::string(small_text)};
  for (const auto& file : jsonx::test::corpus_files()) texts.push_back(file.bytes);
  for (const std::string& text : texts) {
    SCOPED_TRACE(text.substr(0, 30));
    parser p;
    std::string out;
    write_options options;
    options.invalid_utf8 = invalid_utf8_policy::assume_valid;
    for (int round = 0; round < 3; ++round) {
      const std::size_t capacity = p.doc().capacity_bytes();
      const std::size_t before = allocations.load();
      const document& doc = p.parse(text);
      out.clear();
      {
        writer w(out, options);
        ASSERT_TRUE(write(doc, w) && w.flush());
      }
      const std::size_t made = allocations.load() - before;
      if (round > 0) {  // the first round sizes the buffers
        EXPECT_EQ(made, 0u) << "round " << round;
        EXPECT_EQ(p.doc().capacity_bytes(), capacity);
      }
      EXPECT_EQ(out.size() > 0, true);
    }
  }
}

}  // namespace
}  // namespace jsonx::dom
