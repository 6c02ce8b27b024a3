// Portable emulations of the AVX2 (32-byte) and AVX-512 (64-byte) escape kernels: the escape
// loop over simd::detail::emulated_vector, plain C++ with the same width and the same exact
// mask, one bit per byte, so that the loop runs with each wide geometry on every CPU. A room
// check that holds for one width and not another (an escape written after a 64-byte step, say)
// then fails the tests on any machine. Selected by name only (kernel_id::avx2_emulated,
// avx512_emulated), never by run-time dispatch.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "jsonx/simd/detail/emulated.hpp"
#include "string_escape.hpp"

// No target pragma here: portable code.
#include "generic_escaper.hpp"

namespace jsonx::detail {

const escape_kernel escape_kernel_avx2_emulated =
    make_escape_kernel<simd::detail::emulated_vector<32>>();
const escape_kernel escape_kernel_avx512_emulated =
    make_escape_kernel<simd::detail::emulated_vector<64>>();

}  // namespace jsonx::detail
