// Runs a kernel over an input (whole or in pieces) and compares everything it reports with the
// reference indexer: positions, escaped-string-end bits, error kind and offset, newline count,
// and the carries at every piece boundary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/simd/kernel.hpp"

namespace jsonx::test {

/// "" if the kernel agrees with the reference on `input` cut before each offset in `cuts`
/// (increasing, within the input); otherwise a description of the first disagreement.
std::string check_kernel_against_reference(simd::kernel_id kernel, std::string_view input,
                                           const std::vector<std::size_t>& cuts = {});

/// Random byte soup of `length` bytes: JSON punctuation, quotes, backslash runs, whitespace,
/// letters, digits and valid multi-byte UTF-8. With `dirty`, also (rarely) control bytes and
/// invalid UTF-8, so that errors occur at all sorts of offsets.
std::string byte_soup(std::uint64_t seed, std::size_t length, bool dirty);

/// Random increasing cut offsets in (0, length), about one per `mean_piece` bytes.
std::vector<std::size_t> random_cuts(std::uint64_t seed, std::size_t length,
                                     std::size_t mean_piece);

}  // namespace jsonx::test
