// Closes the region a target_<isa>_begin.hpp opened.
#if !defined(JSONX_SIMD_TARGET_REGION)
#error "jsonx: no SIMD target region is open"
#endif
#undef JSONX_SIMD_TARGET_REGION

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif
