// One entry point per kernel, each defined in its own translation unit (indexer_<isa>.cpp;
// both emulations in indexer_emulated.cpp), which the build compiles only for the architecture
// it is for (cmake/kernels.cmake).
#pragma once

#include <cstddef>
#include <cstdint>

#include "jsonx/index/structural_indexer.hpp"

namespace jsonx::index::detail {

index_result index_scalar(const char*, std::size_t, indexer_state&, std::uint32_t*,
                          std::uint64_t*) noexcept;
index_result index_avx2(const char*, std::size_t, indexer_state&, std::uint32_t*,
                        std::uint64_t*) noexcept;
index_result index_avx512(const char*, std::size_t, indexer_state&, std::uint32_t*,
                          std::uint64_t*) noexcept;
index_result index_neon(const char*, std::size_t, indexer_state&, std::uint32_t*,
                        std::uint64_t*) noexcept;
index_result index_avx2_emulated(const char*, std::size_t, indexer_state&, std::uint32_t*,
                                 std::uint64_t*) noexcept;
index_result index_avx512_emulated(const char*, std::size_t, indexer_state&, std::uint32_t*,
                                   std::uint64_t*) noexcept;

}  // namespace jsonx::index::detail
