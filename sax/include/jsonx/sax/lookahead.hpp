// Indexing ahead: the bytes after a chunk that a stream decoder lets the parser index with it.
//
// A decoder that parses value after value out of one buffer (NDJSON, concatenated JSON) feeds
// each value its own chunk, and would have the parser index each value's bytes separately: a
// call of the indexer, its set-up and its partial last block, per value. With a lookahead the
// parser indexes a window of the buffer once (lookahead_window_bytes, or the chunk if longer),
// walks only the chunk's structurals, and keeps the window's index for the values that follow.
#pragma once

#include <cstddef>
#include <cstdint>

namespace jsonx {

/// How far a window indexed with a lookahead reaches from its first byte: one indexer call for
/// about twenty 200-byte records, while a 4.7 KB record is indexed by itself, as without one.
/// Longer windows cost large records their L1 cache: 20 MB of 4.7 KB twitter statuses decoded
/// into a DOM (cachegrind, 32 KiB L1D) took 3.30M L1 data misses with 32 KiB windows against
/// 2.44M without lookahead and 2.41M with 4 KiB (8.4 against 7.7 ms, AMD EPYC Zen 4, avx512).
inline constexpr std::size_t lookahead_window_bytes = 4 * 1024;

struct lookahead {
  /// The bytes from the chunk's end up to `end` may be read and indexed, never parsed: the
  /// events and the verdict are those of the chunk alone.
  const char* end = nullptr;
  /// Names the buffer: while it stays the same, the bytes at the same addresses are the same
  /// (a decoder changes it whenever it reads new bytes into its buffer). A later feed of the
  /// same buffer reuses the kept index where it still describes the bytes.
  std::uint64_t buffer_id = 0;
};

}  // namespace jsonx
