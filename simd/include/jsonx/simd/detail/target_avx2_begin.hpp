// Opens a region of code compiled for the avx2 kernel's instruction set: exactly the features
// kernel_supported(kernel_id::avx2) checks, so that nothing in the region can run on a CPU the
// dispatch would not give it to. Close it with target_end.hpp.
//
// Include it after every standard header (and everything else with external linkage): an
// inline function first compiled inside the region would be AVX2 code that the linker may
// pick for callers on any CPU. Only the kernels' own sources include it (index/src,
// encode/src). Not #pragma once: each region includes it again.
#if defined(JSONX_SIMD_TARGET_REGION)
#error "jsonx: a SIMD target region is already open (include target_end.hpp first)"
#endif
#define JSONX_SIMD_TARGET_REGION

// clang ignores GCC's target pragma and has its own form.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,pclmul,popcnt"))), \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,pclmul,popcnt")
#pragma GCC diagnostic push
#endif
