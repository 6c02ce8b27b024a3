#include "feeding.hpp"

#include <algorithm>

namespace jsonx::test {

std::size_t chunking::next(std::size_t offset, std::size_t remaining) {
  switch (kind_) {
    case kind::whole:
      return remaining;
    case kind::split:
      return offset < size_ ? std::min(size_ - offset, remaining) : remaining;
    case kind::fixed:
      return std::min(std::max<std::size_t>(size_, 1), remaining);
    case kind::random: {
      // SplitMix64 step: deterministic across platforms.
      std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      z ^= z >> 31;
      return std::min<std::size_t>(z % (size_ + 1), remaining);
    }
  }
  return remaining;
}

std::string chunking::describe() const {
  switch (kind_) {
    case kind::whole:
      return "whole";
    case kind::split:
      return "split at " + std::to_string(size_);
    case kind::fixed:
      return "chunks of " + std::to_string(size_);
    case kind::random:
      return "random chunks <= " + std::to_string(size_) + ", seed " + std::to_string(seed_);
  }
  return "?";
}

std::vector<std::string_view> plan_chunks(std::string_view text,
                                          const std::vector<std::uint8_t>& lengths) {
  std::vector<std::string_view> chunks;
  bool any_nonzero = false;
  for (std::uint8_t length : lengths) any_nonzero |= length != 0;
  if (!any_nonzero) {
    chunks.push_back(text.substr(0, 0));
    chunks.push_back(text);
    return chunks;
  }
  std::size_t at = 0;
  for (std::size_t i = 0; at < text.size(); i = (i + 1) % lengths.size()) {
    std::size_t length = std::min<std::size_t>(lengths[i], text.size() - at);
    chunks.push_back(text.substr(at, length));
    at += length;
  }
  return chunks;
}

std::vector<std::string_view> single_byte_chunks(std::string_view text) {
  std::vector<std::string_view> chunks;
  for (std::size_t i = 0; i < text.size(); ++i) chunks.push_back(text.substr(i, 1));
  return chunks;
}

std::vector<simd::kernel_id> supported_kernels() {
  std::vector<simd::kernel_id> kernels;
  for (simd::kernel_id k : simd::all_kernels)
    if (simd::kernel_supported(k)) kernels.push_back(k);
  return kernels;
}

std::string verdict(const parse_outcome& outcome) {
  if (outcome.accepted) return "accepted";
  return outcome.error.code.message() + " at byte " + std::to_string(outcome.error.offset) +
         " (line " + std::to_string(outcome.error.line) + ", column " +
         std::to_string(outcome.error.column) + ")";
}

}  // namespace jsonx::test
