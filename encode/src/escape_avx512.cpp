// The AVX-512 kernel: 64 bytes per step, compares straight into mask registers
// (simd::detail::avx512_vector). Compiled for AVX-512 by the target region below only (see
// escape_avx2.cpp for why the headers come first).
#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "string_escape.hpp"

// From here to target_end.hpp, everything is compiled for AVX-512.
#include "jsonx/simd/detail/target_avx512_begin.hpp"

#include "generic_escaper.hpp"
#include "jsonx/simd/detail/avx512.hpp"

namespace jsonx::detail {

const escape_kernel escape_kernel_avx512 = make_escape_kernel<simd::detail::avx512_vector>();

}  // namespace jsonx::detail
#include "jsonx/simd/detail/target_end.hpp"
