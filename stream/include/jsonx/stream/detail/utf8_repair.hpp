// utf8_repairing_source: a source in front of another that replaces every byte which does not
// begin a valid UTF-8 sequence by U+FFFD (EF BF BD), as Go's jsontext AllowInvalidUTF8(true)
// does when it decodes. The decoder reads through it when decoder_options::allow_invalid_utf8
// is set (the parser itself rejects invalid UTF-8 wherever it is).
//
// Byte by byte, as Go's utf8.DecodeRune: "E2 82 41" (a 3-byte sequence cut short) becomes
// U+FFFD U+FFFD 'A'. A sequence cut by the end of a read is held back (at most 3 bytes) until
// the next read completes or refutes it; at the end of the input its bytes are replaced.
// Outside strings JSON allows ASCII only, so a replaced byte there is still a syntax error.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "jsonx/stream/source.hpp"

namespace jsonx::stream::detail {

class utf8_repairing_source final : public source {
 public:
  explicit utf8_repairing_source(source& in) noexcept : in_(&in) {}
  read_result read_some(char* buffer, std::size_t size) override;

 private:
  // Appends [begin, begin + size) to out_, repaired; returns how many bytes at the end form
  // the start of a sequence that the next bytes may complete (not appended), unless `last`.
  std::size_t repair(const unsigned char* begin, std::size_t size, bool last);

  source* in_;
  std::vector<char> raw_;  // held-back bytes, then the bytes read
  std::size_t held_ = 0;   // held-back bytes at the start of raw_
  std::string out_;        // repaired bytes not handed out yet
  std::size_t out_read_ = 0;
  bool ended_ = false;
};

/// The length of the valid UTF-8 sequence at [p, p + available): 1 to 4; 0 if the bytes there
/// are no valid sequence; -1 if they begin one that needs more bytes than `available`.
int utf8_sequence_length(const unsigned char* p, std::size_t available) noexcept;

}  // namespace jsonx::stream::detail
