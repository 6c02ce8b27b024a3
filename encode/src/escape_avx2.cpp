// The AVX2 kernel: 32 bytes per step (simd::detail::avx2_vector). Only this file is compiled for
// AVX2, by the target region below (jsonx/simd/detail/target_avx2_begin.hpp, as the indexer's
// kernels are), so the library runs on any x86-64 and dispatches at run time. Standard headers
// come first, outside the region, so that no inline standard function is compiled for AVX2 and
// then picked by the linker for callers on other CPUs.
#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "string_escape.hpp"

// From here to target_end.hpp, everything is compiled for AVX2.
#include "jsonx/simd/detail/target_avx2_begin.hpp"

#include "generic_escaper.hpp"
#include "jsonx/simd/detail/avx2.hpp"

namespace jsonx::detail {

const escape_kernel escape_kernel_avx2 = make_escape_kernel<simd::detail::avx2_vector>();

}  // namespace jsonx::detail
#include "jsonx/simd/detail/target_end.hpp"
