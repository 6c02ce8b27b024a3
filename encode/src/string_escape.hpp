// The string escaper's interface: one escape loop per kernel, chosen once per writer.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "jsonx/encode/detail/small_copy.hpp"
#include "jsonx/encode/write_options.hpp"
#include "jsonx/simd/detail/sse2.hpp"  // baseline wrappers of the short-string path, included
#include "jsonx/simd/detail/swar.hpp"  // here, before any kernel's target region opens
#include "jsonx/simd/kernel.hpp"

namespace jsonx::detail {

/// Where the escape loop stopped: two pointers, returned in registers. It stops at the end of
/// the input (done), when fewer than min_output_room bytes of room are left, or at a UTF-8
/// sequence it must not pass (see escape_status_of).
struct escape_result {
  const char* src;
  char* dst;
};

enum class escape_status : std::uint8_t {
  done,            ///< every input byte written
  output_full,     ///< fewer than min_output_room bytes of room left: lend more and call again
  invalid_utf8,    ///< invalid UTF-8 at `src` (invalid_utf8_policy::error)
  truncated_utf8,  ///< the input ends inside a UTF-8 sequence that starts at `src`
};

/// The escape loop needs this much room in the output to take a step (one vector store of up to
/// 64 bytes). The loop stops, reporting output_full, as soon as less is left.
inline constexpr std::size_t min_output_room = 64;

/// The most one escape step (escape_special) writes: an 8-byte store of an ASCII escape's padded
/// text, or a surrogate pair (12 bytes), or a 4-byte copy of a UTF-8 sequence. The vector step
/// before it may use up to its width minus one of the room above, so the loop checks this much
/// room again before each escape step: with 64-byte vectors, 64 bytes of room at the top of the
/// loop can shrink to 1 before the escape.
inline constexpr std::size_t max_escape_step_output = 16;
static_assert(max_escape_step_output <= min_output_room, "an escape step must fit in a refill");

/// Escapes [src, src_end) into [dst, dst_end) as `options` say, the quotes excluded.
using escape_function = escape_result (*)(const write_options& options, const char* src,
                                          const char* src_end, char* dst, char* dst_end);

/// What the escape loop does with bytes >= 0x80.
enum class non_ascii_mode : std::uint8_t {
  copy,     ///< copied unread (invalid_utf8_policy::assume_valid)
  rewrite,  ///< each sequence read and rewritten as the options say (ascii_only, U+2028/U+2029)
  check,    ///< checked as UTF-8 and copied; invalid sequences replaced or stopped at
};

/// The loops of one kernel, specialised on whether <>& are escaped and on non_ascii_mode.
struct escape_kernel {
  escape_function loop[2][3];  // [escape_html][non_ascii_mode]
};

const escape_kernel& escape_kernel_for(simd::kernel_id kernel) noexcept;

/// Why the loop stopped where it did (the cold path: call it only when src != src_end).
escape_status escape_status_of(const escape_result& result, const char* src_end,
                               const char* dst_end) noexcept;

/// What these options ask of bytes >= 0x80.
inline non_ascii_mode non_ascii_mode_of(const write_options& options) noexcept {
  if (options.ascii_only || options.escape_line_separators) return non_ascii_mode::rewrite;
  return options.invalid_utf8 == invalid_utf8_policy::assume_valid ? non_ascii_mode::copy
                                                                   : non_ascii_mode::check;
}

/// True if bytes >= 0x80 must be looked at (checked or rewritten) under these options.
inline bool inspects_non_ascii(const write_options& options) noexcept {
  return non_ascii_mode_of(options) != non_ascii_mode::copy;
}

// Entry points of the kernels (escape_<kernel>.cpp; both emulations in escape_emulated.cpp). The
// instruction-set ones exist only in builds for their architecture (cmake/kernels.cmake).
extern const escape_kernel escape_kernel_scalar;
extern const escape_kernel escape_kernel_avx2;
extern const escape_kernel escape_kernel_avx512;
extern const escape_kernel escape_kernel_neon;
extern const escape_kernel escape_kernel_avx2_emulated;
extern const escape_kernel escape_kernel_avx512_emulated;

}  // namespace jsonx::detail
