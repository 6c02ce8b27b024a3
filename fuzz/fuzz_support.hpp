// What only the fuzz targets need: failing by abort, and how a fuzz input is split into JSON
// text and a chunking plan. The event log, the recording handlers, chunked feeding, chunk plans
// and outcome comparison are the tests' (tests/support, library jsonx_test_support_core).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "support/event_log.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/outcome_compare.hpp"

namespace jsonx::fuzz {

// The shared support, by the names the targets use.
using test::compare_outcomes;
using test::count_events;
using test::describe_difference;
using test::feed_all;
using test::first_events;
using test::is_valid_utf8;
using test::parse_chunks;
using test::parse_outcome;
using test::parts_recorder;
using test::plan_chunks;
using test::single_byte_chunks;
using test::text_recorder;
using test::verdict;

/// Reports a broken invariant and aborts, so that libFuzzer saves the input (and the replay
/// test fails). `detail` may hold anything: it is printed with escapes.
[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "jsonx fuzz: %s\n", what);
  if (!detail.empty()) std::fprintf(stderr, "%s\n", test::printable(detail, 4000).c_str());
  std::abort();
}

inline void check(bool condition, const char* what, std::string_view detail = {}) {
  if (!condition) fail(what, detail);
}

/// Fails if a recorder's own checks failed (a number differing from its text, a string not
/// valid UTF-8, a string part splitting a UTF-8 sequence).
template <class Recorder>
void check_recorder(const Recorder& recorder, const char* what, std::string_view text) {
  if (recorder.check_failures().empty()) return;
  std::fprintf(stderr, "%s", recorder.check_failures().c_str());
  fail(what, text);
}

/// Fails if a parse's own checks failed: the recorder's, and the parser's API agreeing with
/// itself (see test::feed_all).
inline void check_outcome(const parse_outcome& outcome, const char* what, std::string_view text) {
  if (outcome.check_failures.empty()) return;
  std::fprintf(stderr, "%s", outcome.check_failures.c_str());
  fail(what, text);
}

/// Checks that two parses of the same text passed their own checks and agree: the verdict
/// (code, offset, line, column) and the event logs (number texts included).
inline void check_same_outcome(const parse_outcome& expected, const parse_outcome& actual,
                               const char* what, std::string_view text) {
  check_outcome(expected, what, text);
  check_outcome(actual, what, text);
  const std::string difference = compare_outcomes(expected, actual);
  if (difference.empty()) return;
  std::fprintf(stderr, "%s\n", difference.c_str());
  fail(what, text);
}

/// A fuzz input: the JSON text and the lengths of the chunks to feed it in (cycled).
///
/// Layout: if the first byte is 0xFF, the second byte's low 4 bits give a count n, the next n
/// bytes are chunk lengths (0 = an empty feed), and the rest is the JSON text; so the fuzzer
/// chooses the cut points and can still reach any text (0xFF 0x00 prefixes one that starts
/// with 0xFF). Otherwise the whole input is the text and the lengths come from a hash of it,
/// so that plain JSON files (seeds, the conformance suite) are also cut at varied places.
struct fuzz_input {
  std::string_view text;
  std::vector<std::uint8_t> chunk_lengths;
};

inline std::uint64_t mix64(std::uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

inline std::uint64_t hash_bytes(std::string_view bytes) {  // FNV-1a, then mixed
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001B3ull;
  return mix64(h);
}

inline fuzz_input decode_fuzz_input(const std::uint8_t* data, std::size_t size) {
  fuzz_input input;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (size >= 2 && data[0] == 0xFF) {
    std::size_t count = std::min<std::size_t>(data[1] & 0x0F, size - 2);
    input.chunk_lengths.assign(data + 2, data + 2 + count);
    input.text = bytes.substr(2 + count);
  } else {
    input.text = bytes;
  }
  if (input.chunk_lengths.empty()) {
    // Short lengths (1..16) cut inside tokens; longer ones (up to 200) cross 64-byte blocks.
    std::uint64_t h = hash_bytes(input.text);
    for (int i = 0; i < 4; ++i, h = mix64(h)) {
      input.chunk_lengths.push_back(static_cast<std::uint8_t>(i % 2 ? 1 + h % 200 : 1 + h % 16));
    }
  }
  return input;
}

}  // namespace jsonx::fuzz
