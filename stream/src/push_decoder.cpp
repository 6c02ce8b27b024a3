// push_decoder's source: the bytes fed and not yet read.
#include "jsonx/stream/push_decoder.hpp"

#include <algorithm>
#include <cstring>

namespace jsonx::stream::detail {

read_result fed_bytes::read_some(char* buffer, std::size_t size) {
  const std::size_t n = std::min(size, bytes_.size() - read_);
  if (n == 0) return {0, closed_ ? read_status::end : read_status::would_block, {}};
  std::memcpy(buffer, bytes_.data() + read_, n);
  read_ += n;
  if (read_ == bytes_.size()) {
    bytes_.clear();
    read_ = 0;
  }
  return {n, read_status::ok, {}};
}

void fed_bytes::append(std::string_view bytes) {
  // Drop what was read before growing, so that the string holds only what is pending.
  if (read_ != 0 && read_ >= bytes_.size() / 2) {
    bytes_.erase(0, read_);
    read_ = 0;
  }
  bytes_.append(bytes);
}

}  // namespace jsonx::stream::detail
