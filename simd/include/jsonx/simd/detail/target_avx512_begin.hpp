// Opens a region of code compiled for the avx512 kernel's instruction set: exactly the features
// kernel_supported(kernel_id::avx512) checks (AVX-512 F/BW/VL/DQ, VPCLMULQDQ, and the AVX2
// kernel's). Close it with target_end.hpp. The rules of target_avx2_begin.hpp apply.
#if defined(JSONX_SIMD_TARGET_REGION)
#error "jsonx: a SIMD target region is already open (include target_end.hpp first)"
#endif
#define JSONX_SIMD_TARGET_REGION

#if defined(__clang__)
#pragma clang attribute push(                                                                       \
    __attribute__((target(                                                                          \
        "avx512f,avx512bw,avx512vl,avx512dq,avx512vbmi2,vpclmulqdq,avx2,bmi,bmi2,pclmul,popcnt"))), \
    apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target( \
    "avx512f,avx512bw,avx512vl,avx512dq,avx512vbmi2,vpclmulqdq,avx2,bmi,bmi2,pclmul,popcnt")
#pragma GCC diagnostic push
// GCC 12's avx512fintrin.h builds some vectors from an uninitialised "undefined" value on
// purpose (_mm512_undefined_*), which -Wmaybe-uninitialized reports inside the intrinsics.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
