// The inputs shared by the tests: conformance files, the corpus, generated documents, kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "jsonx/simd/kernel.hpp"

namespace jsonx::test {

/// A named input.
struct named_input {
  std::string name;
  std::string bytes;
};

/// Every JSONTestSuite test_parsing file, sorted by name (loaded once). Empty, after one line on
/// stderr, if the folder is absent.
const std::vector<named_input>& conformance_files();
/// The conformance files whose name starts with `prefix` ("y_", "n_", "i_").
std::vector<const named_input*> conformance_files(std::string_view prefix);

/// The canonical corpus files present (loaded once; absent ones are reported on stderr).
const std::vector<named_input>& corpus_files();

/// Generated documents: every shape, for each of `seeds` seeds from `first_seed`, about
/// `approx_bytes` each. Named "<shape>/<bytes>/<seed>".
std::vector<named_input> generated_documents(std::size_t approx_bytes, std::size_t seeds,
                                             std::uint64_t first_seed = 1);

/// Base of tests parameterised by kernel: every kernel is instantiated, and one this CPU cannot
/// run is skipped with a message saying so.
class kernel_test : public testing::TestWithParam<simd::kernel_id> {
 protected:
  void SetUp() override;
  simd::kernel_id kernel() const { return GetParam(); }
};

/// Test-name suffix for a kernel parameter ("scalar", "avx2", "avx512").
std::string kernel_param_name(const testing::TestParamInfo<simd::kernel_id>& info);

}  // namespace jsonx::test

namespace jsonx::simd {
/// Prints a kernel parameter by name in test messages.
inline void PrintTo(kernel_id kernel, std::ostream* out) {
  *out << kernel_name(kernel);
}
}  // namespace jsonx::simd

/// Instantiates a kernel_test suite over every kernel of this build (those of other
/// architectures are not listed; those this CPU cannot run are skipped, saying so).
#define JSONX_INSTANTIATE_FOR_EVERY_KERNEL(suite)                                     \
  INSTANTIATE_TEST_SUITE_P(kernels, suite,                                            \
                           testing::ValuesIn(jsonx::simd::kernels_in_build().begin(), \
                                             jsonx::simd::kernels_in_build().end()),  \
                           jsonx::test::kernel_param_name)
