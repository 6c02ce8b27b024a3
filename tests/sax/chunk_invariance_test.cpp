// Chunk-split invariance (ARCHITECTURE.md, invariant 1): however the input is cut, the handler
// sees the same events and the parse ends with the same verdict at the same offset. Cuts land
// inside strings, escapes, \u pairs, UTF-8 sequences, numbers, literals and whitespace runs.
#include <gtest/gtest.h>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/outcome_compare.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

// Dense in everything a cut can split: escapes of every kind, a surrogate pair, 2/3/4-byte
// UTF-8, numbers of every shape, literals, whitespace runs, nesting, empty containers.
constexpr std::string_view dense_document =
    "{\"k\\u00e9y\" : [ -0.5e-3, 12345678901234567890, -9223372036854775808, 1E+2, 0,\n"
    "  true,false ,null\t,\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\", \"\\ud83d\\ude00\xc3\xa9\xe2\x82\xac"
    "\xf0\x9f\x98\x80\", {}, [], [[]], {\"\":{\"x\":1.7976931348623157e308}}],\r\n"
    "  \"long\": \"0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz\""
    "    , \"n\" : 123456789012345678901234567890 }  \n";

class chunk_invariance : public kernel_test {
 protected:
  template <class Recorder = text_recorder>
  parse_outcome parse(std::string_view input, chunking cut, parse_options options = {}) {
    return parse_chunked_fresh<Recorder>(input, cut, with_kernel(kernel(), options));
  }

  // The whole-buffer parse by a fresh parser against every cutting by one reused parser.
  void expect_invariant(const named_input& input, const std::vector<chunking>& cuttings) {
    const parse_outcome whole = parse(input.bytes, chunking::whole());
    EXPECT_EQ(whole.check_failures, "") << input.name;
    reused_parser<text_recorder> reused(with_kernel(kernel()));
    for (const chunking& cut : cuttings)
      ASSERT_EQ(compare_outcomes(whole, reused.parse(input.bytes, cut)), "")
          << input.name << ", " << cut.describe();
  }
};

std::vector<chunking> standard_cuttings() {
  std::vector<chunking> cuts = {chunking::fixed(1),  chunking::fixed(2),   chunking::fixed(3),
                                chunking::fixed(7),  chunking::fixed(63),  chunking::fixed(64),
                                chunking::fixed(65), chunking::fixed(4096)};
  for (std::uint64_t seed = 1; seed <= 8; ++seed) cuts.push_back(chunking::random(seed, 16));
  for (std::uint64_t seed = 1; seed <= 4; ++seed) cuts.push_back(chunking::random(seed, 300));
  return cuts;
}

TEST_P(chunk_invariance, dense_document_every_pair_of_cuts) {
  const parse_outcome whole = parse(dense_document, chunking::whole());
  ASSERT_TRUE(whole.accepted) << verdict(whole);
  ASSERT_EQ(whole.check_failures, "");
  // Three chunks, cut before a and before b, for every a <= b.
  const std::size_t n = dense_document.size();
  for (std::size_t a = 0; a <= n; ++a) {
    for (std::size_t b = a; b <= n; ++b) {
      text_recorder recorder;
      std::vector<std::size_t> sizes = {a, b - a, n - b};
      push_parser<text_recorder> parser(recorder, with_kernel(kernel()));
      std::size_t offset = 0;
      for (std::size_t size : sizes) {
        std::string chunk(dense_document.substr(offset, size));  // a copy, freed afterwards
        ASSERT_EQ(parser.feed(chunk), size);
        offset += size;
      }
      parser.finish();
      ASSERT_EQ(describe_difference(whole.log, recorder.log()), "") << "cuts at " << a << ", " << b;
    }
  }
}

TEST_P(chunk_invariance, generated_documents) {
  for (const named_input& doc : generated_documents(2500, 3)) {
    std::vector<chunking> cuts = standard_cuttings();
    // Two-chunk splits at irregular steps (1 to 9 bytes) through the whole document.
    for (std::size_t at = 0; at <= doc.bytes.size(); at += 1 + at % 9)
      cuts.push_back(chunking::split_at(at));
    expect_invariant(doc, cuts);
  }
}

TEST_P(chunk_invariance, corpus_files) {
  const auto& files = corpus_files();
  if (files.empty()) GTEST_SKIP() << "corpus absent (set JSONX_CORPUS_DIR)";
  for (const named_input& file : files) {
    std::vector<chunking> cuts = {chunking::fixed(64), chunking::fixed(4096),
                                  chunking::fixed(65536), chunking::random(1, 64),
                                  chunking::random(2, 5000)};
    // Byte by byte costs a feed() per byte: done on the files under a megabyte.
    if (file.bytes.size() < (1u << 20)) cuts.push_back(chunking::fixed(1));
    std::uint64_t state = 77;
    for (int i = 0; i < 24; ++i) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      cuts.push_back(chunking::split_at((state >> 20) % (file.bytes.size() + 1)));
    }
    expect_invariant(file, cuts);
  }
}

// Invalid documents: the same error at the same offset (line, column) however cut, and the same
// events before it.
TEST_P(chunk_invariance, errors_are_found_at_the_same_offset) {
  static constexpr char replacements[] = {'"', '\\', '{', '}', ']',    ',',    ':',    '0',
                                          'e', '-',  '.', 'x', '\x01', '\x80', '\xc3', '\xff'};
  std::uint64_t state = 99;
  for (const named_input& doc : generated_documents(1500, 2)) {
    for (int trial = 0; trial < 8; ++trial) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      named_input mutated = doc;
      mutated.bytes[(state >> 33) % doc.bytes.size()] =
          replacements[(state >> 20) % sizeof replacements];
      mutated.name += " mutated #" + std::to_string(trial);
      std::vector<chunking> cuts = {chunking::fixed(1), chunking::random(trial, 40)};
      for (std::size_t at = 0; at <= mutated.bytes.size(); at += 1 + at % 11)
        cuts.push_back(chunking::split_at(at));
      expect_invariant(mutated, cuts);
    }
  }
}

// Truncated documents: every prefix is rejected (incomplete, or invalid where a literal or
// number is cut) the same way whole and bytewise.
TEST_P(chunk_invariance, every_prefix_of_a_document) {
  for (std::size_t length = 0; length < dense_document.size(); ++length) {
    named_input prefix{"prefix " + std::to_string(length),
                       std::string(dense_document.substr(0, length))};
    const parse_outcome whole = parse(prefix.bytes, chunking::whole());
    EXPECT_FALSE(whole.accepted && length + 3 < dense_document.size()) << prefix.name;
    EXPECT_EQ(compare_outcomes(whole, parse(prefix.bytes, chunking::fixed(1))), "") << prefix.name;
    EXPECT_EQ(compare_outcomes(whole, parse(prefix.bytes, chunking::random(length, 9))), "")
        << prefix.name;
  }
}

// A handler taking string parts sees the same whole strings (parts concatenated) however cut.
TEST_P(chunk_invariance, with_string_parts) {
  std::vector<named_input> docs = generated_documents(5000, 2);
  docs.push_back({"dense", std::string(dense_document)});
  for (const named_input& doc : docs) {
    const parse_outcome whole = parse<parts_recorder>(doc.bytes, chunking::whole());
    ASSERT_TRUE(whole.accepted) << doc.name << ": " << verdict(whole);
    EXPECT_EQ(compare_outcomes(parse(doc.bytes, chunking::whole()), whole), "")
        << doc.name << ": parts and no parts differ";
    reused_parser<parts_recorder> reused(with_kernel(kernel()));
    for (const chunking& cut : standard_cuttings())
      ASSERT_EQ(compare_outcomes(whole, reused.parse(doc.bytes, cut)), "")
          << doc.name << ", " << cut.describe();
  }
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(chunk_invariance);

}  // namespace
}  // namespace jsonx::test
