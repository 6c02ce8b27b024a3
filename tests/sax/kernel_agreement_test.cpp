// Kernel agreement at the parser level: every kernel this CPU runs gives the same verdict, error
// offset and events as the scalar kernel, on conformance files, corpus files and generated
// documents, intact and with one byte changed.
#include <gtest/gtest.h>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/outcome_compare.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

void expect_kernels_agree(const std::vector<named_input>& inputs, chunking cut) {
  const std::vector<simd::kernel_id> kernels = supported_kernels();
  for (const named_input& input : inputs) {
    const parse_outcome scalar =
        parse_chunked_fresh<text_recorder>(input.bytes, cut, with_kernel(simd::kernel_id::scalar));
    for (simd::kernel_id k : kernels) {
      if (k == simd::kernel_id::scalar) continue;
      EXPECT_EQ(compare_outcomes(
                    scalar, parse_chunked_fresh<text_recorder>(input.bytes, cut, with_kernel(k))),
                "")
          << input.name << " (" << cut.describe() << "), " << simd::kernel_name(k) << " vs scalar";
    }
  }
}

class kernel_agreement : public testing::Test {
 protected:
  void SetUp() override {
    if (supported_kernels().size() < 2) GTEST_SKIP() << "only the scalar kernel runs here";
    if (simd::kernel_in_build(simd::kernel_id::avx512) &&
        !simd::kernel_supported(simd::kernel_id::avx512))
      std::printf("note: avx512 not supported by this CPU: its emulation stands in for it\n");
  }
};

TEST_F(kernel_agreement, conformance_files) {
  if (conformance_files().empty()) GTEST_SKIP() << "JSONTestSuite absent";
  expect_kernels_agree(conformance_files(), chunking::whole());
  expect_kernels_agree(conformance_files(), chunking::random(3, 5));
}

TEST_F(kernel_agreement, corpus_files) {
  if (corpus_files().empty()) GTEST_SKIP() << "corpus absent (set JSONX_CORPUS_DIR)";
  expect_kernels_agree(corpus_files(), chunking::whole());
  expect_kernels_agree(corpus_files(), chunking::random(8, 3000));
}

TEST_F(kernel_agreement, generated_documents_intact_and_mutated) {
  std::vector<named_input> docs = generated_documents(20000, 3);
  expect_kernels_agree(docs, chunking::whole());
  std::vector<named_input> mutated;
  std::uint64_t state = 5;
  static constexpr char replacements[] = {'"', '\\', '}',    ']',    ',',
                                          ':', '0',  '\x01', '\xc3', '\xff'};
  for (const named_input& doc : docs) {
    for (int trial = 0; trial < 20; ++trial) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      named_input m = doc;
      m.bytes[(state >> 33) % m.bytes.size()] = replacements[(state >> 20) % sizeof replacements];
      m.name.append(" mutation ").append(std::to_string(trial));
      mutated.push_back(std::move(m));
    }
  }
  expect_kernels_agree(mutated, chunking::whole());
  expect_kernels_agree(mutated, chunking::random(1, 70));
}

}  // namespace
}  // namespace jsonx::test
