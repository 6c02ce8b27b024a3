// Which indexer kernel runs: CPU detection, the JSONX_KERNEL override and force_kernel().
#include <atomic>
#include <cstdlib>
#include <cstring>

#include "jsonx/simd/kernel.hpp"

namespace jsonx::simd {
namespace {

// valgrind emulates neither AVX-512 nor VPCLMULQDQ on zmm registers; its preload library in
// LD_PRELOAD is the cheapest reliable sign that we run under it.
bool running_under_valgrind() noexcept {
  const char* preload = std::getenv("LD_PRELOAD");
  return preload != nullptr && std::strstr(preload, "vgpreload") != nullptr;
}

bool cpu_has_avx2_kernel() noexcept {
  // __builtin_cpu_supports also checks that the OS saves the AVX state (XGETBV).
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

kernel_id detect_default() noexcept {
  if (const char* forced = std::getenv("JSONX_KERNEL")) {
    if (auto named = kernel_from_name(forced); named && kernel_supported(*named)) return *named;
  }
  for (kernel_id k : dispatch_order)
    if (kernel_supported(k)) return k;
  return kernel_id::scalar;
}

// -1: nothing forced; otherwise the forced kernel_id.
std::atomic<int> forced_kernel{-1};

}  // namespace

std::string_view kernel_name(kernel_id kernel) noexcept {
  switch (kernel) {
    case kernel_id::scalar:
      return "scalar";
    case kernel_id::avx2:
      return "avx2";
    case kernel_id::avx512:
      return "avx512";
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

bool kernel_supported(kernel_id kernel) noexcept {
  switch (kernel) {
    case kernel_id::scalar:
    case kernel_id::avx2_emulated:
    case kernel_id::avx512_emulated:
      return true;
    case kernel_id::avx2:
      return cpu_has_avx2_kernel();
    case kernel_id::avx512:
      return cpu_has_avx512_kernel();
  }
  return false;
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
