# Which instruction-set kernels this build has, from the architecture the compiler targets (not
# the machine it runs on: a cross build for aarch64 on x86-64 gets the NEON kernel):
#   x86-64:  avx2 and avx512 (index/src/indexer_avx*.cpp, encode/src/escape_avx*.cpp), each
#            compiled for its instruction set by a target region and chosen at run time;
#   aarch64: neon (indexer_neon.cpp, escape_neon.cpp), Advanced SIMD being part of every ARMv8-A;
#   other:   none: the portable kernels only.
# The portable kernel (scalar) and the emulations of the wide geometries are in every build.
# -DJSONX_SIMD_KERNELS=OFF builds the portable kernels only, on any architecture: the build of
# "another architecture", checked by CI on x86-64.
#
# Sets JSONX_KERNEL_AVX2, JSONX_KERNEL_AVX512 and JSONX_KERNEL_NEON (ON/OFF) for the layers'
# CMakeLists.txt; simd/CMakeLists.txt passes them to the library's sources as 0/1 macros.
include(CheckCXXSourceCompiles)

option(JSONX_SIMD_KERNELS "Build the instruction-set kernels of the target architecture (OFF: the portable kernels only)" ON)

# The compiler's own predefined macros say what it targets; CMAKE_SYSTEM_PROCESSOR may not
# (a 32-bit build on a 64-bit host, say).
check_cxx_source_compiles("
#if !defined(__x86_64__)
#error not x86-64
#endif
int main() { return 0; }" jsonx_target_is_x86_64)
check_cxx_source_compiles("
#if !defined(__aarch64__)
#error not aarch64
#endif
int main() { return 0; }" jsonx_target_is_aarch64)

set(JSONX_KERNEL_AVX2 OFF)
set(JSONX_KERNEL_AVX512 OFF)
set(JSONX_KERNEL_NEON OFF)
if(JSONX_SIMD_KERNELS AND jsonx_target_is_x86_64)
  set(JSONX_KERNEL_AVX2 ON)
  set(JSONX_KERNEL_AVX512 ON)
elseif(JSONX_SIMD_KERNELS AND jsonx_target_is_aarch64)
  set(JSONX_KERNEL_NEON ON)
endif()

set(jsonx_kernel_summary "scalar")
foreach(kernel NEON AVX2 AVX512)
  if(JSONX_KERNEL_${kernel})
    string(TOLOWER "${kernel}" kernel_lower)
    string(PREPEND jsonx_kernel_summary "${kernel_lower}, ")
  endif()
endforeach()
message(STATUS "jsonx kernels: ${jsonx_kernel_summary} (and the emulations avx512_emulated, avx2_emulated)")
