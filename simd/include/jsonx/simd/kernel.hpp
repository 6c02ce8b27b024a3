// Kernel selection for the structural indexer and the writer's escaper.
//
// One algorithm, instantiated per instruction set; the kernel is chosen at run time from the CPU
// among those this build has, and can be forced (JSONX_KERNEL=<name> in the environment, or
// force_kernel()) so that tests and benchmarks run every kernel the machine supports, and the
// portable emulations of the wide geometries on every machine.
//
// Which kernels a build has depends on the architecture it is compiled for (and on the CMake
// option JSONX_SIMD_KERNELS, OFF for a portable-only build):
//   x86-64:  avx512, avx2, scalar
//   aarch64: neon, scalar
//   other:   scalar
// and, everywhere, the emulations avx512_emulated and avx2_emulated.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace jsonx::simd {

enum class kernel_id : std::uint8_t {
  scalar,  ///< portable C++, any CPU
  avx2,    ///< x86-64: AVX2 + PCLMULQDQ + BMI1/2
  avx512,  ///< x86-64: AVX-512 F/BW/VL/DQ/VBMI2 + VPCLMULQDQ (four quote masks prefix-XORed
           ///< per instruction, positions compressed with VPCOMPRESSB)
  /// Portable C++ with the AVX2 kernels' geometry (32-byte vectors, two per 64-byte block, one
  /// block per batch), on any CPU. For tests and fuzzers: never chosen by run-time dispatch.
  avx2_emulated,
  /// Portable C++ with the AVX-512 kernels' geometry (64-byte vectors with one exact mask bit
  /// per byte, batches of four blocks, the four-lane carry-less prefix XOR), on any CPU. A bug in
  /// code written for that width fails the tests on machines without AVX-512. For tests and
  /// fuzzers: never chosen by run-time dispatch.
  avx512_emulated,
  neon,  ///< aarch64: Advanced SIMD (every ARMv8-A CPU), four 16-byte registers a block
};

/// Every kernel jsonx knows, whether or not this build has it: those of run-time dispatch, best
/// first, then the portable emulations. Use kernels_in_build() or kernel_supported() to know
/// which can run here.
inline constexpr kernel_id all_kernels[] = {
    kernel_id::avx512,          kernel_id::avx2,         kernel_id::neon, kernel_id::scalar,
    kernel_id::avx512_emulated, kernel_id::avx2_emulated};

/// The kernels this build has (compiled for its architecture), in the order of all_kernels:
/// run-time dispatch's candidates, then the emulations, which every build has.
std::span<const kernel_id> kernels_in_build() noexcept;

/// The kernels run-time dispatch chooses from in this build, best first (never an emulation):
/// avx512, avx2, scalar on x86-64; neon, scalar on aarch64; scalar elsewhere.
std::span<const kernel_id> dispatch_order() noexcept;

/// The architecture the kernels of this build are for: "x86-64", "aarch64", or "portable"
/// (another architecture, or a build with JSONX_SIMD_KERNELS=OFF).
std::string_view build_architecture() noexcept;

/// True for the portable emulations (avx2_emulated, avx512_emulated).
constexpr bool kernel_is_emulation(kernel_id kernel) noexcept {
  return kernel == kernel_id::avx2_emulated || kernel == kernel_id::avx512_emulated;
}

/// "scalar", "avx2", "avx512", "neon", "avx2_emulated" or "avx512_emulated".
std::string_view kernel_name(kernel_id kernel) noexcept;

/// Parses a kernel name as written by kernel_name() (any kernel of all_kernels, whether or not
/// this build has it); nullopt if unknown.
std::optional<kernel_id> kernel_from_name(std::string_view name) noexcept;

/// True if this build has the kernel.
bool kernel_in_build(kernel_id kernel) noexcept;

/// True if this build has the kernel and this CPU (and OS) can run it. Under valgrind, which
/// does not emulate AVX-512, avx512 reports false so that the AVX2 kernel is picked.
bool kernel_supported(kernel_id kernel) noexcept;

/// Why the kernel cannot run here, as a sentence for a user ("the avx512 kernel is not in this
/// build, which is for aarch64 and has neon, scalar, avx512_emulated and avx2_emulated"), or an
/// empty string if it can.
std::string kernel_unavailable_reason(kernel_id kernel);

/// The kernel new parsers use: the one forced by force_kernel(), else the one named by
/// JSONX_KERNEL (if supported; an emulation may be named), else the first of dispatch_order()
/// this CPU supports. Detected once. A JSONX_KERNEL that names no kernel, or one that cannot run
/// here, is ignored with one line on stderr saying why and which kernel runs instead.
kernel_id default_kernel() noexcept;

/// Forces the kernel that default_kernel() returns from now on. Returns false (and changes
/// nothing) if the kernel cannot run here. Not thread-safe against concurrent parser
/// construction.
bool force_kernel(kernel_id kernel) noexcept;

/// Undoes force_kernel(): back to the environment or CPU choice.
void clear_forced_kernel() noexcept;

}  // namespace jsonx::simd
