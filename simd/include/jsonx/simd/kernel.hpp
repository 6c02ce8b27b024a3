// Kernel selection for the structural indexer.
//
// One algorithm, instantiated per instruction set; the kernel is chosen at run time from CPUID,
// and can be forced (JSONX_KERNEL=scalar|avx2|avx512|avx2_emulated|avx512_emulated in the
// environment, or force_kernel()) so that tests and benchmarks run every kernel the machine
// supports, and the portable emulations of the wide geometries on every machine.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace jsonx::simd {

enum class kernel_id : std::uint8_t {
  scalar,  ///< portable C++, any CPU
  avx2,    ///< AVX2 + PCLMULQDQ + BMI1/2
  avx512,  ///< AVX-512 F/BW/VL/DQ/VBMI2 + VPCLMULQDQ (four quote masks prefix-XORed per
           ///< instruction, positions compressed with VPCOMPRESSB)
  /// Portable C++ with the AVX2 kernels' geometry (32-byte vectors, two per 64-byte block, one
  /// block per batch), on any CPU. For tests and fuzzers: never chosen by run-time dispatch.
  avx2_emulated,
  /// Portable C++ with the AVX-512 kernels' geometry (64-byte vectors with one exact mask bit
  /// per byte, batches of four blocks, the four-lane carry-less prefix XOR), on any CPU. A bug in
  /// code written for that width fails the tests on machines without AVX-512. For tests and
  /// fuzzers: never chosen by run-time dispatch.
  avx512_emulated,
};

/// The kernels run-time dispatch chooses from, best first.
inline constexpr kernel_id dispatch_order[] = {kernel_id::avx512, kernel_id::avx2,
                                               kernel_id::scalar};

/// Every kernel: those of dispatch_order, then the portable emulations of the wide geometries.
/// Tests and fuzzers run each one this CPU supports (the emulations run everywhere).
inline constexpr kernel_id all_kernels[] = {kernel_id::avx512, kernel_id::avx2, kernel_id::scalar,
                                            kernel_id::avx512_emulated, kernel_id::avx2_emulated};

/// True for the portable emulations (avx2_emulated, avx512_emulated).
constexpr bool kernel_is_emulation(kernel_id kernel) noexcept {
  return kernel == kernel_id::avx2_emulated || kernel == kernel_id::avx512_emulated;
}

/// "scalar", "avx2", "avx512", "avx2_emulated" or "avx512_emulated".
std::string_view kernel_name(kernel_id kernel) noexcept;

/// Parses a kernel name as written by kernel_name(); nullopt if unknown.
std::optional<kernel_id> kernel_from_name(std::string_view name) noexcept;

/// True if this CPU (and OS) can run the kernel. Under valgrind, which does not emulate
/// AVX-512, avx512 reports false so that the AVX2 kernel is picked.
bool kernel_supported(kernel_id kernel) noexcept;

/// The kernel new parsers use: the one forced by force_kernel(), else the one named by
/// JSONX_KERNEL (if supported; an emulation may be named), else the first of dispatch_order
/// this CPU supports. Detected once.
kernel_id default_kernel() noexcept;

/// Forces the kernel that default_kernel() returns from now on. Returns false (and changes
/// nothing) if the CPU cannot run it. Not thread-safe against concurrent parser construction.
bool force_kernel(kernel_id kernel) noexcept;

/// Undoes force_kernel(): back to the environment or CPU choice.
void clear_forced_kernel() noexcept;

}  // namespace jsonx::simd
