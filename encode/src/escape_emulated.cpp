// Portable emulations of the AVX2 (32-byte) and AVX-512 (64-byte) escape kernels: plain C++ with
// the same width and the same exact mask, one bit per byte, so that the escape loop runs with
// each wide geometry on every CPU. A room check that holds for one width and not another (an
// escape written after a 64-byte step, say) then fails the tests on any machine. Selected by
// name only (kernel_id::avx2_emulated, avx512_emulated), never by run-time dispatch.
#include <bit>
#include <cstdint>
#include <cstring>

#include "string_escape.hpp"

// No target pragma here: portable code.
#include "generic_escaper.hpp"

namespace jsonx::detail {
namespace {

template <std::size_t Width>
struct simd_emulated {
  static_assert(Width <= 64, "the mask has one bit per byte in a 64-bit word");
  static constexpr bool exact_mask = true;  // one bit per byte, exactly the hits
  static constexpr std::size_t width = Width;
  struct vector {
    unsigned char bytes[Width];
  };

  static vector load(const char* p) {
    vector v;
    std::memcpy(v.bytes, p, Width);
    return v;
  }
  static void store(char* p, const vector& v) { std::memcpy(p, v.bytes, Width); }

  template <bool EscapeHtml, bool InspectNonAscii>
  static std::uint64_t special(const vector& v) {
    std::uint64_t hits = 0;
    for (std::size_t i = 0; i < Width; ++i) {
      const unsigned char c = v.bytes[i];
      bool hit = c <= 0x1F || c == '"' || c == '\\';
      if constexpr (EscapeHtml) hit = hit || c == '<' || c == '>' || c == '&';
      if constexpr (InspectNonAscii) hit = hit || c >= 0x80;
      hits |= static_cast<std::uint64_t>(hit) << i;
    }
    return hits;
  }
  static std::size_t index_of_first(std::uint64_t mask) {
    return static_cast<std::size_t>(std::countr_zero(mask));
  }
};

}  // namespace

const escape_kernel escape_kernel_avx2_emulated = make_escape_kernel<simd_emulated<32>>();
const escape_kernel escape_kernel_avx512_emulated = make_escape_kernel<simd_emulated<64>>();

}  // namespace jsonx::detail
