// The portable kernel.
#include "generic_indexer.hpp"
#include "jsonx/simd/detail/scalar.hpp"
#include "kernel_entry_points.hpp"

namespace jsonx::index::detail {

index_result index_scalar(const char* data, std::size_t length, indexer_state& state,
                          std::uint32_t* positions, std::uint64_t* escape_words) noexcept {
  return generic_indexer<simd::detail::simd_scalar>::run(data, length, state, positions,
                                                         escape_words);
}

}  // namespace jsonx::index::detail
