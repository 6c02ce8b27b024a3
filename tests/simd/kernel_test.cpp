// Kernel names, the kernels of this build, CPU support, force_kernel() and the JSONX_KERNEL
// environment override.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "jsonx/simd/kernel.hpp"

namespace jsonx::simd {
namespace {

TEST(kernel_names, round_trip_through_kernel_from_name) {
  for (kernel_id k : all_kernels) {
    std::string_view name = kernel_name(k);
    ASSERT_FALSE(name.empty());
    ASSERT_EQ(kernel_from_name(name), k) << name;
  }
  EXPECT_EQ(kernel_name(kernel_id::scalar), "scalar");
  EXPECT_EQ(kernel_name(kernel_id::avx2), "avx2");
  EXPECT_EQ(kernel_name(kernel_id::avx512), "avx512");
  EXPECT_EQ(kernel_name(kernel_id::neon), "neon");
  EXPECT_EQ(kernel_name(kernel_id::avx2_emulated), "avx2_emulated");
  EXPECT_EQ(kernel_name(kernel_id::avx512_emulated), "avx512_emulated");
}

TEST(kernel_names, unknown_names_are_rejected) {
  for (std::string_view bad : {"", "AVX2", "avx", "sse4", "scalar ", "avx5120", "NEON"})
    EXPECT_EQ(kernel_from_name(bad), std::nullopt) << "'" << bad << "'";
}

// The build macros (cmake/kernels.cmake) and kernels_in_build() tell the same story, and every
// kernel outside the build is refused whatever the CPU.
TEST(kernel_build, has_the_kernels_of_its_architecture) {
  auto in_build = [](kernel_id k) {
    auto built = kernels_in_build();
    return std::find(built.begin(), built.end(), k) != built.end();
  };
  EXPECT_EQ(in_build(kernel_id::avx2), JSONX_KERNEL_AVX2 == 1);
  EXPECT_EQ(in_build(kernel_id::avx512), JSONX_KERNEL_AVX512 == 1);
  EXPECT_EQ(in_build(kernel_id::neon), JSONX_KERNEL_NEON == 1);
  for (kernel_id k : {kernel_id::scalar, kernel_id::avx2_emulated, kernel_id::avx512_emulated})
    EXPECT_TRUE(in_build(k)) << kernel_name(k);
  for (kernel_id k : all_kernels) {
    EXPECT_EQ(kernel_in_build(k), in_build(k)) << kernel_name(k);
    if (!kernel_in_build(k)) {
      EXPECT_FALSE(kernel_supported(k)) << kernel_name(k);
    }
  }
#if defined(__x86_64__)
  EXPECT_TRUE(build_architecture() == "x86-64" || build_architecture() == "portable");
#elif defined(__aarch64__)
  EXPECT_TRUE(build_architecture() == "aarch64" || build_architecture() == "portable");
#else
  EXPECT_EQ(build_architecture(), "portable");
#endif
  EXPECT_EQ(build_architecture() == "portable",
            !JSONX_KERNEL_AVX2 && !JSONX_KERNEL_AVX512 && !JSONX_KERNEL_NEON);
  // In the order of all_kernels.
  auto built = kernels_in_build();
  EXPECT_TRUE(std::is_sorted(built.begin(), built.end(), [](kernel_id a, kernel_id b) {
    return std::find(std::begin(all_kernels), std::end(all_kernels), a) <
           std::find(std::begin(all_kernels), std::end(all_kernels), b);
  }));
}

TEST(kernel_build, reasons_name_what_is_missing) {
  for (kernel_id k : all_kernels) {
    const std::string reason = kernel_unavailable_reason(k);
    if (kernel_supported(k)) {
      EXPECT_EQ(reason, "") << kernel_name(k);
    } else if (!kernel_in_build(k)) {
      EXPECT_NE(reason.find("the " + std::string(kernel_name(k)) + " kernel is not in this build"),
                std::string::npos)
          << reason;
      // It lists what the build has instead.
      EXPECT_NE(reason.find("scalar"), std::string::npos) << reason;
      EXPECT_NE(reason.find(std::string(build_architecture())), std::string::npos) << reason;
    } else {
      EXPECT_NE(reason.find("this CPU cannot run the " + std::string(kernel_name(k))),
                std::string::npos)
          << reason;
    }
  }
}

TEST(kernel_support, matches_the_cpu) {
  EXPECT_TRUE(kernel_supported(kernel_id::scalar));
  // The emulations are portable code: every CPU runs them.
  EXPECT_TRUE(kernel_supported(kernel_id::avx2_emulated));
  EXPECT_TRUE(kernel_supported(kernel_id::avx512_emulated));
#if JSONX_KERNEL_AVX2
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") &&
                    __builtin_cpu_supports("bmi2");
  EXPECT_EQ(kernel_supported(kernel_id::avx2), avx2);
  if (!__builtin_cpu_supports("avx512bw") || !__builtin_cpu_supports("vpclmulqdq")) {
    EXPECT_FALSE(kernel_supported(kernel_id::avx512));
  }
  if (!kernel_supported(kernel_id::avx512))
    std::printf("note: the avx512 kernel is not supported by this CPU; its tests are skipped\n");
#endif
#if JSONX_KERNEL_NEON
  // Advanced SIMD is part of every AArch64 CPU.
  EXPECT_TRUE(kernel_supported(kernel_id::neon));
#endif
}

TEST(kernel_support, default_is_the_best_supported_without_override) {
  if (std::getenv("JSONX_KERNEL") != nullptr) GTEST_SKIP() << "JSONX_KERNEL is set";
  clear_forced_kernel();
  for (kernel_id k : dispatch_order()) {  // best first
    if (kernel_supported(k)) {
      EXPECT_EQ(default_kernel(), k);
      break;
    }
  }
  EXPECT_FALSE(kernel_is_emulation(default_kernel())) << "dispatch chose an emulation";
}

TEST(kernel_support, emulations_are_listed_but_never_dispatched) {
  for (kernel_id k : dispatch_order()) EXPECT_FALSE(kernel_is_emulation(k)) << kernel_name(k);
  int emulations = 0;
  for (kernel_id k : kernels_in_build()) emulations += kernel_is_emulation(k) ? 1 : 0;
  EXPECT_EQ(emulations, 2);
  EXPECT_EQ(kernels_in_build().size(), dispatch_order().size() + 2);
  EXPECT_EQ(dispatch_order().back(), kernel_id::scalar);  // the last resort runs anywhere
}

TEST(force_kernel, forces_and_clears) {
  const kernel_id before = default_kernel();
  for (kernel_id k : all_kernels) {
    if (kernel_supported(k)) {
      EXPECT_TRUE(force_kernel(k));
      EXPECT_EQ(default_kernel(), k);
    } else {
      const kernel_id current = default_kernel();
      EXPECT_FALSE(force_kernel(k)) << kernel_name(k);
      EXPECT_EQ(default_kernel(), current) << "a refused force_kernel() changed the default";
    }
  }
  clear_forced_kernel();
  EXPECT_EQ(default_kernel(), before);
}

// The command line that starts this program under the user-mode emulator named by
// JSONX_TEST_EMULATOR (its words separated by spaces), or an empty vector if none is named.
// ctest sets it in a cross build (tests/CMakeLists.txt: CMAKE_CROSSCOMPILING_EMULATOR, e.g.
// qemu-aarch64), where the kernel cannot exec the test binary itself: without binfmt_misc it does
// not know the format, and execv() fails with ENOEXEC.
std::vector<std::string> command_line_under_emulator() {
  const char* emulator = std::getenv("JSONX_TEST_EMULATOR");
  if (emulator == nullptr || *emulator == '\0') return {};
  std::vector<std::string> command;
  std::istringstream words(emulator);
  for (std::string word; words >> word;) command.push_back(word);
  // GoogleTest's command line of this process: the program, then its arguments.
  for (const std::string& argument : testing::internal::GetArgvs()) command.push_back(argument);
  return command;
}

// default_kernel() reads JSONX_KERNEL once per process, so each case runs in a fresh process:
// the "threadsafe" death-test style re-executes the test binary for the child. Under an
// emulator the child is the emulator running the test binary: GoogleTest execs the "injectable"
// command line (its internal hook for this), which is the emulator's then.
class kernel_environment : public testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    const std::vector<std::string> command = command_line_under_emulator();
    if (!command.empty()) testing::internal::SetInjectableArgvs(command);
  }
  void TearDown() override {
    if (!command_line_under_emulator().empty()) testing::internal::ClearInjectableArgvs();
  }
};

// In the child: sets JSONX_KERNEL, then exits with the default kernel's id.
[[noreturn]] void exit_with_default_kernel(const char* value) {
  setenv("JSONX_KERNEL", value, 1);
  clear_forced_kernel();
  std::exit(static_cast<int>(default_kernel()));
}

TEST_F(kernel_environment, names_a_supported_kernel) {
  for (kernel_id k : all_kernels) {
    if (!kernel_supported(k)) continue;
    std::string name(kernel_name(k));
    EXPECT_EXIT(exit_with_default_kernel(name.c_str()),
                testing::ExitedWithCode(static_cast<int>(k)), "")
        << "JSONX_KERNEL=" << name;
  }
}

// A JSONX_KERNEL that cannot be honoured is ignored, and said so on stderr: a test or benchmark
// must not run another kernel than the one it names without a word.
TEST_F(kernel_environment, unknown_or_unavailable_names_fall_back_to_the_best_and_say_so) {
  kernel_id best = kernel_id::scalar;
  for (kernel_id k : dispatch_order()) {
    if (kernel_supported(k)) {
      best = k;
      break;
    }
  }
  const std::string instead = "the " + std::string(kernel_name(best)) + " kernel runs instead";
  EXPECT_EXIT(
      exit_with_default_kernel("no-such-kernel"), testing::ExitedWithCode(static_cast<int>(best)),
      "JSONX_KERNEL=no-such-kernel is ignored: it names no kernel \\(.*scalar.*\\); " + instead);
  for (kernel_id k : all_kernels) {
    if (kernel_supported(k)) continue;
    const std::string name(kernel_name(k));
    EXPECT_EXIT(exit_with_default_kernel(name.c_str()),
                testing::ExitedWithCode(static_cast<int>(best)),
                "JSONX_KERNEL=" + name + " is ignored: .*" + name + ".*; " + instead)
        << name;
  }
}

TEST_F(kernel_environment, names_an_emulation) {
  EXPECT_EXIT(exit_with_default_kernel("avx512_emulated"),
              testing::ExitedWithCode(static_cast<int>(kernel_id::avx512_emulated)), "");
  EXPECT_EXIT(exit_with_default_kernel("avx2_emulated"),
              testing::ExitedWithCode(static_cast<int>(kernel_id::avx2_emulated)), "");
}

TEST_F(kernel_environment, force_kernel_wins_over_the_environment) {
  EXPECT_EXIT(
      {
        setenv("JSONX_KERNEL", "scalar", 1);
        for (kernel_id k : all_kernels) {
          if (k != kernel_id::scalar && kernel_supported(k)) {
            force_kernel(k);
            std::exit(default_kernel() == k ? 0 : 1);
          }
        }
        std::exit(0);  // only the scalar kernel here: nothing else to force
      },
      testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace jsonx::simd
