// JSONTestSuite: every y_ file accepted and every n_ file rejected, whole, at every 2-chunk
// split point and in 1-byte chunks, with every kernel; the verdict, the error offset and the
// events identical however the input is cut.
#include <gtest/gtest.h>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/outcome_compare.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

class conformance : public kernel_test {
 protected:
  // Parses `file` whole, then checks every other cutting against that: the verdict and events.
  void check_every_cutting(const named_input& file, bool must_accept) {
    const parse_options options = with_kernel(kernel());
    const parse_outcome whole =
        parse_chunked_fresh<text_recorder>(file.bytes, chunking::whole(), options);
    if (must_accept) {
      ASSERT_TRUE(whole.accepted) << file.name << ": " << verdict(whole);
    } else {
      ASSERT_FALSE(whole.accepted) << file.name << " was accepted";
      ASSERT_NE(whole.error.code, make_error_code(parse_errc::stopped_by_handler));
    }
    ASSERT_EQ(whole.check_failures, "") << file.name;
    // Every cut point; past 1 KiB beyond the error, every 997th. Only two n_ files are that
    // long (100000 and 250001 bytes of nesting, rejected within their first 6 KiB), and each
    // parse copies its chunks, so all their cuts would cost gigabytes of copying.
    const std::size_t size = file.bytes.size();
    const std::size_t every_cut_until = whole.accepted ? size : whole.error.offset + 1024;
    reused_parser<text_recorder> reused(options);
    for (std::size_t cut = 0; cut <= size; cut += cut < every_cut_until ? 1 : 997) {
      const parse_outcome split = reused.parse(file.bytes, chunking::split_at(cut));
      ASSERT_EQ(compare_outcomes(whole, split), "") << file.name << ", split at " << cut;
    }
    const parse_outcome bytewise =
        parse_chunked_fresh<text_recorder>(file.bytes, chunking::fixed(1), options);
    ASSERT_EQ(compare_outcomes(whole, bytewise), "") << file.name << ", 1-byte chunks";
  }
};

TEST_P(conformance, every_y_file_is_accepted_however_cut) {
  auto files = conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  EXPECT_EQ(files.size(), 95u);
  for (const named_input* file : files) check_every_cutting(*file, true);
}

TEST_P(conformance, every_n_file_is_rejected_however_cut) {
  auto files = conformance_files("n_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  EXPECT_EQ(files.size(), 188u);
  for (const named_input* file : files) check_every_cutting(*file, false);
}

// i_ files: never a crash, a hang or an inconsistency; which verdict is right is checked in
// implementation_defined_test.cpp.
TEST_P(conformance, every_i_file_gets_one_verdict_however_cut) {
  auto files = conformance_files("i_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  EXPECT_EQ(files.size(), 35u);
  for (const named_input* file : files) {
    const parse_options options = with_kernel(kernel());
    const parse_outcome whole =
        parse_chunked_fresh<text_recorder>(file->bytes, chunking::whole(), options);
    check_every_cutting(*file, whole.accepted);
  }
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(conformance);

}  // namespace
}  // namespace jsonx::test
