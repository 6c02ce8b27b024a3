// Replaces the global operator new and delete with malloc/free that count every allocation, for
// tests that a warm object allocates nothing. Include it in exactly one source file of a test
// executable (the replacement is for the whole program); read the count with
// jsonx::test::allocation_count().
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace jsonx::test {
inline std::atomic<std::size_t> counted_allocations{0};
/// operator new calls made by the program so far (every form).
inline std::size_t allocation_count() noexcept {
  return counted_allocations.load(std::memory_order_relaxed);
}
}  // namespace jsonx::test

// GCC 12 sees free() in the replaced delete and, after inlining it into a caller whose block came
// from operator new, reports the pair as mismatched (-Wmismatched-new-delete): every block here
// comes from the malloc() below, so free() is its match.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t size) {
  jsonx::test::counted_allocations.fetch_add(1, std::memory_order_relaxed);
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
  jsonx::test::counted_allocations.fetch_add(1, std::memory_order_relaxed);
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
