// utf8_repairing_source: invalid UTF-8 replaced by U+FFFD (see the header).
#include "jsonx/stream/detail/utf8_repair.hpp"

#include <algorithm>
#include <cstring>

namespace jsonx::stream::detail {

int utf8_sequence_length(const unsigned char* p, std::size_t available) noexcept {
  const unsigned char lead = p[0];
  if (lead < 0x80) return 1;
  // RFC 3629: the lead byte gives the length and the range of the first continuation byte
  // (no overlong forms, no surrogates, nothing above U+10FFFF).
  int length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  for (int i = 1; i < length; ++i) {
    if (static_cast<std::size_t>(i) >= available) return -1;
    const unsigned char c = p[i];
    if (i == 1 ? (c < low || c > high) : (c < 0x80 || c > 0xBF)) return 0;
  }
  return length;
}

std::size_t utf8_repairing_source::repair(const unsigned char* begin, std::size_t size, bool last) {
  static constexpr char replacement[] = "\xEF\xBF\xBD";
  std::size_t i = 0;
  std::size_t run = 0;  // start of the valid bytes not appended yet
  while (i < size) {
    if (begin[i] < 0x80) {
      ++i;
      continue;
    }
    const int n = utf8_sequence_length(begin + i, size - i);
    if (n > 0) {
      i += static_cast<std::size_t>(n);
      continue;
    }
    out_.append(reinterpret_cast<const char*>(begin) + run, i - run);
    if (n < 0 && !last) return size - i;  // may be completed by the next read
    out_.append(replacement, 3);
    run = ++i;
  }
  out_.append(reinterpret_cast<const char*>(begin) + run, size - run);
  return 0;
}

read_result utf8_repairing_source::read_some(char* buffer, std::size_t size) {
  for (;;) {
    if (out_read_ < out_.size()) {
      const std::size_t n = std::min(size, out_.size() - out_read_);
      std::memcpy(buffer, out_.data() + out_read_, n);
      out_read_ += n;
      if (out_read_ == out_.size()) {
        out_.clear();
        out_read_ = 0;
      }
      return {n, read_status::ok, {}};
    }
    if (ended_) return {0, read_status::end, {}};
    const std::size_t want = std::max<std::size_t>(size, 4);
    raw_.resize(held_ + want);
    const read_result r = in_->read_some(raw_.data() + held_, want);
    const auto* bytes = reinterpret_cast<const unsigned char*>(raw_.data());
    if (r.status == read_status::ok) {
      const std::size_t total = held_ + r.bytes;
      const std::size_t keep = repair(bytes, total, false);
      std::memmove(raw_.data(), raw_.data() + total - keep, keep);
      held_ = keep;
      continue;
    }
    if (r.status != read_status::end) return r;
    // The end: a sequence held back is not going to be completed.
    repair(bytes, held_, true);
    held_ = 0;
    ended_ = true;
  }
}

}  // namespace jsonx::stream::detail
