// Indexing ahead: the bytes after a chunk that a stream decoder lets the parser index with it.
//
// A decoder that parses value after value out of one buffer (NDJSON, concatenated JSON) feeds
// each value its own chunk, and would have the parser index each value's bytes separately: a
// call of the indexer, its set-up and its partial last block, per value. With a lookahead the
// parser indexes a window of the buffer once (up to 32 KiB past the chunk), walks only the
// chunk's structurals, and keeps the window's index for the values that follow in it.
#pragma once

#include <cstdint>

namespace jsonx {

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
