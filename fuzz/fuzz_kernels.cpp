// fuzz_kernels: every indexer kernel this CPU supports must agree, whole and chunked.
//
// For one input it runs index::index_structurals with each supported kernel over the whole
// text and over the planned chunks (carrying the indexer state between calls), and checks that
// all of them produce the same index: structural positions, escaped-string bits, error and
// error offset, newline count, last newline and final state. It then parses the text with each
// kernel (parse_options::kernel), whole and chunked, and checks the events and verdict agree
// (and every parse passes the recorder's and the feeding's own checks).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "jsonx/index/structural_indexer.hpp"
#include "jsonx/simd/kernel.hpp"

namespace {

using namespace jsonx::fuzz;
namespace simd = jsonx::simd;
namespace index = jsonx::index;

/// The index of a whole text, in whole-text offsets.
struct whole_index {
  std::vector<std::uint32_t> positions;
  std::vector<bool> escaped_string_ends;  // one flag per byte, up to the error if any
  index::index_error error = index::index_error::none;
  std::size_t error_offset = 0;
  std::uint64_t newline_count = 0;
  std::int64_t last_newline = -1;
  index::indexer_state final_state;  // compared only when there is no error
};

// Indexes `chunks` one call each, carrying the state, and joins the results.
whole_index index_chunks(simd::kernel_id kernel, const std::vector<std::string_view>& chunks) {
  whole_index index;
  std::size_t base = 0;
  std::vector<std::uint32_t> positions;
  std::vector<std::uint64_t> escape_bits;
  for (std::string_view chunk : chunks) {
    positions.assign(index::positions_capacity(chunk.size()), 0);
    escape_bits.assign(index::escape_bits_capacity(chunk.size()), 0);
    index::index_result result =
        index::index_structurals(kernel, chunk.data(), chunk.size(), index.final_state,
                                 positions.data(), escape_bits.data());
    check(result.structural_count <= index::positions_capacity(chunk.size()),
          "the indexer wrote more positions than the capacity allows");
    std::size_t valid_length = chunk.size();
    if (result.error != index::index_error::none) {
      check(result.error_offset < chunk.size(), "index error offset outside the chunk");
      valid_length = result.error_offset;
    }
    for (std::size_t i = 0; i < result.structural_count; ++i) {
      check(positions[i] < valid_length, "a structural position at or past the error/chunk end");
      check(i == 0 || positions[i] > positions[i - 1], "structural positions not increasing");
      index.positions.push_back(static_cast<std::uint32_t>(base + positions[i]));
    }
    for (std::size_t i = 0; i < valid_length; ++i) {
      index.escaped_string_ends.push_back((escape_bits[i / 64] >> (i % 64)) & 1);
    }
    index.newline_count += result.newline_count;
    if (result.last_newline >= 0) {
      index.last_newline = static_cast<std::int64_t>(base) + result.last_newline;
    }
    if (result.error != index::index_error::none) {
      index.error = result.error;
      index.error_offset = base + result.error_offset;
      break;
    }
    base += chunk.size();
  }
  return index;
}

bool same_state(const index::indexer_state& a, const index::indexer_state& b) {
  return a.next_is_escaped == b.next_is_escaped && a.in_string == b.in_string &&
         a.last_was_scalar == b.last_was_scalar && a.escape_in_string == b.escape_in_string &&
         std::memcmp(a.utf8_tail, b.utf8_tail, sizeof a.utf8_tail) == 0 &&
         a.utf8_incomplete() == b.utf8_incomplete();
}

void check_same_index(const whole_index& expected, const whole_index& actual, const char* what,
                      std::string_view text) {
  auto report = [&](const char* field) {
    std::fprintf(stderr, "%s: %s differs\n", what, field);
    fail(what, text);
  };
  if (expected.error != actual.error) report("error");
  if (expected.error_offset != actual.error_offset) report("error offset");
  if (expected.positions != actual.positions) report("structural positions");
  if (expected.escaped_string_ends != actual.escaped_string_ends) report("escaped string ends");
  if (expected.newline_count != actual.newline_count) report("newline count");
  if (expected.last_newline != actual.last_newline) report("last newline");
  if (expected.error == index::index_error::none &&
      !same_state(expected.final_state, actual.final_state)) {
    report("final indexer state");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<simd::kernel_id> kernels = jsonx::test::supported_kernels();
  check(std::find(kernels.begin(), kernels.end(), simd::kernel_id::scalar) != kernels.end() &&
            std::find(kernels.begin(), kernels.end(), simd::kernel_id::avx512_emulated) !=
                kernels.end(),
        "the scalar kernel and the emulations must always be supported");

  fuzz_input input = decode_fuzz_input(data, size);
  std::string_view text = input.text;
  std::vector<std::string_view> whole_chunk{text};
  std::vector<std::string_view> planned = plan_chunks(text, input.chunk_lengths);

  // The scalar kernel over the whole text is the reference for the index and the events.
  const whole_index reference_index = index_chunks(simd::kernel_id::scalar, whole_chunk);
  jsonx::parse_options options;
  options.kernel = simd::kernel_id::scalar;
  const parse_outcome reference = parse_chunks<text_recorder>(whole_chunk, options);
  const parse_outcome parts_reference = parse_chunks<parts_recorder>(whole_chunk, options);

  for (simd::kernel_id kernel : kernels) {
    std::string name(simd::kernel_name(kernel));
    check_same_index(reference_index, index_chunks(kernel, whole_chunk),
                     ("index of the whole text, kernel " + name).c_str(), text);
    check_same_index(reference_index, index_chunks(kernel, planned),
                     ("index of the planned chunks, kernel " + name).c_str(), text);
    options.kernel = kernel;
    check_same_outcome(reference, parse_chunks<text_recorder>(whole_chunk, options),
                       ("parse of the whole text, kernel " + name).c_str(), text);
    check_same_outcome(reference, parse_chunks<text_recorder>(planned, options),
                       ("parse of the planned chunks, kernel " + name).c_str(), text);
    check_same_outcome(parts_reference, parse_chunks<parts_recorder>(planned, options),
                       ("parse with string parts of the planned chunks, kernel " + name).c_str(),
                       text);
  }
  return 0;
}
