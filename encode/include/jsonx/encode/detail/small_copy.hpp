// Copying a few bytes of unknown length without a call to memcpy: a libc call costs more than
// the copy for the short strings and numbers JSON is made of. Overlapping fixed-size moves read
// and write exactly [src, src + n): nothing past the source's end is touched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace jsonx::detail {

template <std::size_t N>
inline void copy_fixed(char* dst, const char* src) noexcept {
  // A fixed-size memcpy compiles to one load and one store.
  std::memcpy(dst, src, N);
}

/// Copies n bytes; n <= 32 is done inline (every load before any store, so the ranges may
/// overlap, as with memmove), longer copies go to memcpy (no overlap allowed).
inline void copy_short(char* dst, const char* src, std::size_t n) noexcept {
  if (n >= 8) {
    if (n <= 16) {
      std::uint64_t a, b;
      std::memcpy(&a, src, 8);
      std::memcpy(&b, src + n - 8, 8);
      std::memcpy(dst, &a, 8);
      std::memcpy(dst + n - 8, &b, 8);
    } else if (n <= 32) {
      char a[16], b[16];
      std::memcpy(a, src, 16);
      std::memcpy(b, src + n - 16, 16);
      std::memcpy(dst, a, 16);
      std::memcpy(dst + n - 16, b, 16);
    } else {
      std::memcpy(dst, src, n);
    }
  } else if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, src, 4);
    std::memcpy(&b, src + n - 4, 4);
    std::memcpy(dst, &a, 4);
    std::memcpy(dst + n - 4, &b, 4);
  } else if (n > 0) {
    // 1 to 3 bytes: first, middle, last (some coincide).
    const char first = src[0], middle = src[n / 2], last = src[n - 1];
    dst[0] = first;
    dst[n / 2] = middle;
    dst[n - 1] = last;
  }
}

}  // namespace jsonx::detail
