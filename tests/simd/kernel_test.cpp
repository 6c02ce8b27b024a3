// Kernel names, CPU support, force_kernel() and the JSONX_KERNEL environment override.
#include <gtest/gtest.h>

#include <cstdlib>

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
  EXPECT_EQ(kernel_name(kernel_id::avx2_emulated), "avx2_emulated");
  EXPECT_EQ(kernel_name(kernel_id::avx512_emulated), "avx512_emulated");
}

TEST(kernel_names, unknown_names_are_rejected) {
  for (std::string_view bad : {"", "AVX2", "avx", "sse4", "scalar ", "avx5120", "neon"})
    EXPECT_EQ(kernel_from_name(bad), std::nullopt) << "'" << bad << "'";
}

TEST(kernel_support, matches_the_cpu) {
  EXPECT_TRUE(kernel_supported(kernel_id::scalar));
  // The emulations are portable code: every CPU runs them.
  EXPECT_TRUE(kernel_supported(kernel_id::avx2_emulated));
  EXPECT_TRUE(kernel_supported(kernel_id::avx512_emulated));
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") &&
                    __builtin_cpu_supports("bmi2");
  EXPECT_EQ(kernel_supported(kernel_id::avx2), avx2);
  if (!__builtin_cpu_supports("avx512bw") || !__builtin_cpu_supports("vpclmulqdq")) {
    EXPECT_FALSE(kernel_supported(kernel_id::avx512));
  }
  if (!kernel_supported(kernel_id::avx512))
    std::printf("note: the avx512 kernel is not supported by this CPU; its tests are skipped\n");
}

TEST(kernel_support, default_is_the_best_supported_without_override) {
  if (std::getenv("JSONX_KERNEL") != nullptr) GTEST_SKIP() << "JSONX_KERNEL is set";
  clear_forced_kernel();
  for (kernel_id k : dispatch_order) {  // best first
    if (kernel_supported(k)) {
      EXPECT_EQ(default_kernel(), k);
      break;
    }
  }
  EXPECT_FALSE(kernel_is_emulation(default_kernel())) << "dispatch chose an emulation";
}

TEST(kernel_support, emulations_are_listed_but_never_dispatched) {
  for (kernel_id k : dispatch_order) EXPECT_FALSE(kernel_is_emulation(k)) << kernel_name(k);
  int emulations = 0;
  for (kernel_id k : all_kernels) emulations += kernel_is_emulation(k) ? 1 : 0;
  EXPECT_EQ(emulations, 2);
  EXPECT_EQ(std::size(all_kernels), std::size(dispatch_order) + 2);
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

// default_kernel() reads JSONX_KERNEL once per process, so each case runs in a fresh process:
// the "threadsafe" death-test style re-executes the test binary for the child.
class kernel_environment : public testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
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

TEST_F(kernel_environment, unknown_or_unsupported_names_fall_back_to_the_best) {
  kernel_id best = kernel_id::scalar;
  for (kernel_id k : dispatch_order) {
    if (kernel_supported(k)) {
      best = k;
      break;
    }
  }
  EXPECT_EXIT(exit_with_default_kernel("no-such-kernel"),
              testing::ExitedWithCode(static_cast<int>(best)), "");
  if (!kernel_supported(kernel_id::avx512)) {
    EXPECT_EXIT(exit_with_default_kernel("avx512"), testing::ExitedWithCode(static_cast<int>(best)),
                "");
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
