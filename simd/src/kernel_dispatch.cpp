// Which kernel runs: the kernels of this build, CPU detection, the JSONX_KERNEL override and
// force_kernel().
//
// cmake/kernels.cmake decides which instruction-set kernels a build has and defines
// JSONX_KERNEL_AVX2, JSONX_KERNEL_AVX512 and JSONX_KERNEL_NEON (1 or 0) for the library's layers;
// a kernel's code, and here its CPU check, is compiled only where the macro is 1.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "jsonx/simd/kernel.hpp"

#if !defined(JSONX_KERNEL_AVX2) || !defined(JSONX_KERNEL_AVX512) || !defined(JSONX_KERNEL_NEON)
#error \
    "jsonx: JSONX_KERNEL_AVX2, JSONX_KERNEL_AVX512 and JSONX_KERNEL_NEON come from cmake/kernels.cmake"
#endif

namespace jsonx::simd {
namespace {

// In the order of all_kernels.
constexpr kernel_id built[] = {
#if JSONX_KERNEL_AVX512
    kernel_id::avx512,
#endif
#if JSONX_KERNEL_AVX2
    kernel_id::avx2,
#endif
#if JSONX_KERNEL_NEON
    kernel_id::neon,
#endif
    kernel_id::scalar, kernel_id::avx512_emulated, kernel_id::avx2_emulated,
};
// Dispatch's candidates: the built kernels that are not emulations, which come last.
constexpr std::size_t dispatched = std::size(built) - 2;

#if JSONX_KERNEL_AVX2 || JSONX_KERNEL_AVX512
// valgrind emulates neither AVX-512 nor VPCLMULQDQ on zmm registers; its preload library in
// LD_PRELOAD is the cheapest reliable sign that we run under it.
bool running_under_valgrind() noexcept {
  const char* preload = std::getenv("LD_PRELOAD");
  return preload != nullptr && std::strstr(preload, "vgpreload") != nullptr;
}

bool cpu_has_avx2_kernel() noexcept {
  // __builtin_cpu_supports (x86 only) also checks that the OS saves the AVX state (XGETBV).
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") &&
         __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
         __builtin_cpu_supports("popcnt");
}

bool cpu_has_avx512_kernel() noexcept {
  return cpu_has_avx2_kernel() && __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vbmi2") &&
         __builtin_cpu_supports("vpclmulqdq") && !running_under_valgrind();
}
#endif

// True if the CPU can run the kernel's instructions (not asked for kernels not built).
bool cpu_runs(kernel_id kernel) noexcept {
  switch (kernel) {
    case kernel_id::scalar:
    case kernel_id::avx2_emulated:
    case kernel_id::avx512_emulated:
      return true;
#if JSONX_KERNEL_AVX2
    case kernel_id::avx2:
      return cpu_has_avx2_kernel();
#endif
#if JSONX_KERNEL_AVX512
    case kernel_id::avx512:
      return cpu_has_avx512_kernel();
#endif
#if JSONX_KERNEL_NEON
    case kernel_id::neon:
      // Advanced SIMD is part of every ARMv8-A CPU (the AArch64 ABI assumes it), and the kernel
      // uses nothing optional: no PMULL (see neon.hpp), so no HWCAP to check.
      return true;
#endif
    default:
      return false;
  }
}

kernel_id best_supported() noexcept {
  for (kernel_id k : dispatch_order())
    if (kernel_supported(k)) return k;
  return kernel_id::scalar;
}

kernel_id detect_default() noexcept {
  const char* forced = std::getenv("JSONX_KERNEL");
  if (forced == nullptr || *forced == '\0') return best_supported();
  const kernel_id best = best_supported();
  const std::optional<kernel_id> named = kernel_from_name(forced);
  if (named && kernel_supported(*named)) return *named;
  // An override that silently did nothing would let a test or a benchmark run another kernel
  // than the one it names: say so, once (this runs once per process).
  std::string why;
  if (named) {
    why = kernel_unavailable_reason(*named);
  } else {
    why = "it names no kernel (";
    for (kernel_id k : kernels_in_build()) {
      why += kernel_name(k);
      why += k == built[std::size(built) - 1] ? ")" : ", ";
    }
  }
  std::fprintf(stderr, "jsonx: JSONX_KERNEL=%s is ignored: %s; the %s kernel runs instead\n",
               forced, why.c_str(), std::string(kernel_name(best)).c_str());
  return best;
}

// -1: nothing forced; otherwise the forced kernel_id.
std::atomic<int> forced_kernel{-1};

}  // namespace

std::span<const kernel_id> kernels_in_build() noexcept {
  return built;
}

std::span<const kernel_id> dispatch_order() noexcept {
  return std::span<const kernel_id>(built, dispatched);
}

std::string_view build_architecture() noexcept {
#if JSONX_KERNEL_AVX2 || JSONX_KERNEL_AVX512
  return "x86-64";
#elif JSONX_KERNEL_NEON
  return "aarch64";
#else
  return "portable";
#endif
}

std::string_view kernel_name(kernel_id kernel) noexcept {
  switch (kernel) {
    case kernel_id::scalar:
      return "scalar";
    case kernel_id::avx2:
      return "avx2";
    case kernel_id::avx512:
      return "avx512";
    case kernel_id::neon:
      return "neon";
    case kernel_id::avx2_emulated:
      return "avx2_emulated";
    case kernel_id::avx512_emulated:
      return "avx512_emulated";
  }
  return "unknown";
}

std::optional<kernel_id> kernel_from_name(std::string_view name) noexcept {
  for (kernel_id k : all_kernels)
    if (kernel_name(k) == name) return k;
  return std::nullopt;
}

bool kernel_in_build(kernel_id kernel) noexcept {
  for (kernel_id k : built)
    if (k == kernel) return true;
  return false;
}

bool kernel_supported(kernel_id kernel) noexcept {
  return kernel_in_build(kernel) && cpu_runs(kernel);
}

std::string kernel_unavailable_reason(kernel_id kernel) {
  std::string name(kernel_name(kernel));
  if (kernel_supported(kernel)) return {};
  if (kernel_in_build(kernel)) {
    if (kernel == kernel_id::avx512 && cpu_runs(kernel_id::avx2)) {
      return "this CPU cannot run the avx512 kernel (it needs AVX-512 F, BW, VL, DQ and VBMI2 "
             "with VPCLMULQDQ; valgrind emulates none of them)";
    }
    return "this CPU cannot run the " + name + " kernel";
  }
  std::string reason = "the " + name + " kernel is not in this build, which is ";
  reason += build_architecture() == "portable" ? std::string("portable")
                                               : "for " + std::string(build_architecture());
  reason += " and has ";
  for (std::size_t i = 0; i < std::size(built); ++i) {
    if (i > 0) reason += i + 1 == std::size(built) ? " and " : ", ";
    reason += kernel_name(built[i]);
  }
  return reason;
}

kernel_id default_kernel() noexcept {
  int forced = forced_kernel.load(std::memory_order_relaxed);
  if (forced >= 0) return static_cast<kernel_id>(forced);
  static const kernel_id detected = detect_default();
  return detected;
}

bool force_kernel(kernel_id kernel) noexcept {
  if (!kernel_supported(kernel)) return false;
  forced_kernel.store(static_cast<int>(kernel), std::memory_order_relaxed);
  return true;
}

void clear_forced_kernel() noexcept {
  forced_kernel.store(-1, std::memory_order_relaxed);
}

}  // namespace jsonx::simd
