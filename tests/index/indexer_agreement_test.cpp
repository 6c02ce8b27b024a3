// Kernel agreement: every kernel this CPU runs produces exactly the reference index (positions,
// escaped-string ends, error and offset, newlines, carries) on every input: conformance files,
// the corpus, generated documents and random byte soup; whole and cut into arbitrary pieces.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jsonx/index/structural_indexer.hpp"
#include "kernel_index_check.hpp"
#include "support/guarded_buffer.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

class indexer_agreement : public kernel_test {};

TEST_P(indexer_agreement, conformance_files_whole_and_in_pieces) {
  const auto& files = conformance_files();
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  std::size_t checked = 0;
  for (const named_input& file : files) {
    EXPECT_EQ(check_kernel_against_reference(kernel(), file.bytes), "") << file.name;
    // Every single cut point for the small files, random pieces for all.
    if (file.bytes.size() <= 512) {
      for (std::size_t cut = 1; cut < file.bytes.size(); ++cut)
        ASSERT_EQ(check_kernel_against_reference(kernel(), file.bytes, {cut}), "")
            << file.name << " cut at " << cut;
    }
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      EXPECT_EQ(check_kernel_against_reference(kernel(), file.bytes,
                                               random_cuts(seed, file.bytes.size(), 40)),
                "")
          << file.name << " random pieces, seed " << seed;
    ++checked;
  }
  EXPECT_GT(checked, 300u);
}

TEST_P(indexer_agreement, corpus_whole_and_in_pieces) {
  const auto& files = corpus_files();
  if (files.empty()) GTEST_SKIP() << "corpus absent (set JSONX_CORPUS_DIR)";
  for (const named_input& file : files) {
    EXPECT_EQ(check_kernel_against_reference(kernel(), file.bytes), "") << file.name;
    EXPECT_EQ(check_kernel_against_reference(kernel(), file.bytes,
                                             random_cuts(7, file.bytes.size(), 4096)),
              "")
        << file.name << " in ~4 KiB pieces";
    EXPECT_EQ(
        check_kernel_against_reference(kernel(), file.bytes, random_cuts(8, file.bytes.size(), 61)),
        "")
        << file.name << " in ~61-byte pieces";
  }
}

TEST_P(indexer_agreement, generated_documents) {
  for (const named_input& doc : generated_documents(20000, 3)) {
    EXPECT_EQ(check_kernel_against_reference(kernel(), doc.bytes), "") << doc.name;
    EXPECT_EQ(
        check_kernel_against_reference(kernel(), doc.bytes, random_cuts(11, doc.bytes.size(), 100)),
        "")
        << doc.name << " in pieces";
  }
}

TEST_P(indexer_agreement, clean_byte_soup) {
  // No invalid UTF-8 and no control bytes: the whole soup is indexed, carries all exercised.
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::string soup = byte_soup(seed, 64 * (1 + seed % 9) + seed % 64, false);
    ASSERT_EQ(check_kernel_against_reference(kernel(), soup), "") << "seed " << seed;
    ASSERT_EQ(check_kernel_against_reference(kernel(), soup, random_cuts(seed, soup.size(), 20)),
              "")
        << "seed " << seed << " in pieces";
  }
  std::string big = byte_soup(99, 1 << 20, false);
  EXPECT_EQ(check_kernel_against_reference(kernel(), big), "");
  EXPECT_EQ(check_kernel_against_reference(kernel(), big, random_cuts(5, big.size(), 300)), "");
}

TEST_P(indexer_agreement, dirty_byte_soup_errors_at_the_same_offset) {
  // Rare invalid UTF-8 and control bytes: errors land at every kind of offset in a block.
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    std::string soup = byte_soup(1000 + seed, 50 + seed * 7, true);
    ASSERT_EQ(check_kernel_against_reference(kernel(), soup), "") << "seed " << seed;
    ASSERT_EQ(check_kernel_against_reference(kernel(), soup, random_cuts(seed, soup.size(), 30)),
              "")
        << "seed " << seed << " in pieces";
  }
}

// Each UTF-8 case placed so that it starts at every offset of a 64-byte block (and crosses the
// block edge), inside a string and outside one.
TEST_P(indexer_agreement, utf8_cases_at_every_block_offset) {
  const std::string cases[] = {
      "\xc3\xa9",         "\xe2\x82\xac", "\xf0\x9f\x98\x80",
      "\xc3\x41",         "\x80",         "\xc0\x80",
      "\xed\xa0\x80",     "\xe0\x80\x80", "\xf4\x90\x80\x80",
      "\xf5\x80",         "\xe2\x82\x41", "\xf0\x9f\x98\x41",
      "\xe2\x82\xac\x80", "\xff",         "\xff\x41",
      "\xfe\x22",         "\xc3",         "\xf0\x9f\x98",
      "\xc3\x0a",  // both invalid UTF-8 and a control byte in a string
  };
  for (const std::string& c : cases) {
    for (std::size_t offset = 0; offset < 130; ++offset) {
      for (bool in_string : {true, false}) {
        std::string input = in_string ? "[\"" : "[ ";
        input.append(offset, 'a');
        input += c;
        input += in_string ? "\"]" : " ]";
        ASSERT_EQ(check_kernel_against_reference(kernel(), input), "")
            << testing::PrintToString(c) << " at " << offset;
        ASSERT_EQ(check_kernel_against_reference(kernel(), input, {offset + 2 + c.size() / 2}), "")
            << testing::PrintToString(c) << " at " << offset << ", cut inside it";
      }
    }
  }
}

// Backslash runs of every length ending at every offset around a block edge, then a quote.
TEST_P(indexer_agreement, backslash_runs_across_block_edges) {
  for (std::size_t run = 1; run <= 9; ++run) {
    for (std::size_t offset = 40; offset < 140; ++offset) {
      std::string input = "[\"";
      input.append(offset, 'x');
      input.append(run, '\\');
      input += "\"\",1]";
      ASSERT_EQ(check_kernel_against_reference(kernel(), input), "")
          << run << " backslashes at " << offset;
      ASSERT_EQ(check_kernel_against_reference(kernel(), input, {offset + 2 + run / 2}), "")
          << run << " backslashes at " << offset << ", cut inside the run";
    }
  }
}

TEST_P(indexer_agreement, empty_and_tiny_pieces) {
  const std::string input = R"({"k\"":[1,-2.5e3,"\u00e9\\",true,null],"x":"é😀"})";
  EXPECT_EQ(check_kernel_against_reference(kernel(), ""), "");
  std::vector<std::size_t> every_byte;
  for (std::size_t i = 1; i < input.size(); ++i) every_byte.push_back(i);
  EXPECT_EQ(check_kernel_against_reference(kernel(), input, every_byte), "");
}

// Inputs of every length up to a few blocks, ending where an inaccessible page begins: the
// partial last block's load (a masked load on AVX-512 and AVX2) reads nothing past the end.
// Each gives what the portable kernel gives for the same bytes.
TEST_P(indexer_agreement, inputs_ending_at_a_guard_page_read_nothing_past_their_end) {
  const std::string soup = byte_soup(5, 200, false);
  for (std::size_t length = 0; length <= soup.size(); ++length) {
    const std::string_view input(soup.data(), length);
    const guarded_buffer guarded(input);
    std::vector<std::uint32_t> positions(index::positions_capacity(length));
    std::vector<std::uint64_t> words(index::escape_bits_capacity(length));
    index::indexer_state state;
    const index::index_result result = index::index_structurals(
        kernel(), guarded.data(), length, state, positions.data(), words.data());
    positions.resize(result.structural_count);
    std::vector<std::uint32_t> expected(index::positions_capacity(length));
    index::indexer_state expected_state;
    const index::index_result expected_result =
        index::index_structurals(simd::kernel_id::scalar, guarded.data(), length, expected_state,
                                 expected.data(), words.data());
    expected.resize(expected_result.structural_count);
    ASSERT_EQ(positions, expected) << length;
    ASSERT_EQ(result.error, expected_result.error) << length;
    if (result.error != index::index_error::none) {
      ASSERT_EQ(result.error_offset, expected_result.error_offset) << length;
    }
  }
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(indexer_agreement);

}  // namespace
}  // namespace jsonx::test
