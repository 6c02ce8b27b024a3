// Helpers of the bind tests: decoding in chunks (each chunk in a buffer of exactly its size,
// freed after feed(), so a decoder that kept a view into it would read freed memory under
// AddressSanitizer), and checking an expected error.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "jsonx/bind/bind.hpp"
#include "support/feeding.hpp"

namespace jsonx::test {

/// Decodes `json` into `target` through typed_decoder<T>, cut as `cut` says.
template <class T>
bool decode_chunked(std::string_view json, T& target, chunking cut, decode_error& error,
                    const decode_options& options = {}) {
  typed_decoder<T> d(target, options);
  std::size_t offset = 0;
  do {
    const std::size_t size = cut.next(offset, json.size() - offset);
    auto chunk = std::make_unique<char[]>(size == 0 ? 1 : size);
    if (size != 0) std::memcpy(chunk.get(), json.data() + offset, size);
    const bool ok = d.feed(std::string_view(chunk.get(), size), error);
    if (size != 0) std::memset(chunk.get(), '"', size);  // what a kept view would now see
    if (!ok) return false;
    offset += size;
  } while (offset < json.size());
  return d.finish(error);
}

/// Decoding `json` into a T fails with `code` at `path`; returns the error for more checks.
template <class T>
decode_error expect_decode_failure(std::string_view json, std::error_code code,
                                   std::string_view path, const decode_options& options = {}) {
  T target{};
  decode_error error;
  EXPECT_FALSE(decode(json, target, error, options)) << json;
  EXPECT_EQ(error.code, code) << json << " -> " << error.message();
  EXPECT_EQ(error.path, path) << json << " -> " << error.message();
  return error;
}

}  // namespace jsonx::test
