// Loads of a 64-byte block that not every wrapper provides itself, written once over the
// wrapper (Simd: simd_avx512, simd_avx2, simd_neon, simd_scalar and the emulations): a wrapper
// with its own version (AVX-512's masked load, a broadcast) is used as it is, the others get a
// staging copy. Templates over a kernel's own wrapper type: include this inside that kernel's
// target region, as the code that calls them is.
#pragma once

#include <cstdint>
#include <cstring>

namespace jsonx::simd::detail {

template <class Simd>
struct block_loads {
  using block = typename Simd::block;

  // The first n (< 64) bytes at p, then spaces: nothing past p + n is read.
  [[gnu::always_inline]] static inline block load_partial(const std::uint8_t* p,
                                                          unsigned n) noexcept {
    if constexpr (requires { Simd::load_partial(p, n); }) {
      return Simd::load_partial(p, n);  // the wrapper's own (AVX-512: a masked load)
    } else {
      alignas(64) std::uint8_t staging[64];
      std::memset(staging, ' ', sizeof staging);
      std::memcpy(staging, p, n);
      return Simd::load(staging);
    }
  }

  // A block of which only bytes 61-63 (last3) are ever read: the block "before" the first one,
  // as the UTF-8 check of the sequences crossing into it sees it.
  static inline block block_ending_with(const std::uint8_t (&last3)[3]) noexcept {
    if constexpr (requires { Simd::block_ending_with(last3); }) {
      return Simd::block_ending_with(last3);
    } else {
      alignas(64) std::uint8_t bytes[64] = {};
      std::memcpy(bytes + 61, last3, 3);
      return Simd::load(bytes);
    }
  }
};

}  // namespace jsonx::simd::detail
