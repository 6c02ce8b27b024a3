// Byte-classification tables shared by every kernel, so that all kernels (the scalar one
// included) classify every byte identically and agree on every index and every error offset.
#pragma once

#include <cstdint>

namespace jsonx::simd::tables {

// The tables are laid out one entry per nibble.
// clang-format off

// Whitespace by low nibble: byte b is whitespace iff b < 0x80 and whitespace[b & 15] == b.
// A 16-entry table is what one byte-shuffle instruction looks up. 0xFF never matches: a byte
// with the high bit set is zeroed by the shuffle (and scalar code tests b < 0x80 first).
inline constexpr std::uint8_t whitespace[16] = {
    ' ', 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, '\t', '\n', 0xFF, 0xFF, '\r', 0xFF, 0xFF};

// Operators by low nibble, compared with (b | 0x20): '[' | 0x20 == '{' and ']' | 0x20 == '}',
// so one entry serves both brackets of a kind. Two control bytes also match (0x0C as ',',
// 0x1A as ':'); they are invalid wherever they stand, and the parser, which switches on the
// real byte, rejects them.
inline constexpr std::uint8_t operators[16] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, ':', '{', ',', '}', 0xFF, 0xFF};

// UTF-8 validation by three lookups per byte (the nibble-table method of Keiser and Lemire,
// "Validating UTF-8 in less than one instruction per byte", 2021). Each table maps a nibble to
// the set of error kinds that nibble makes possible; a byte pair is in error iff the three
// sets (high and low nibble of the previous byte, high nibble of this byte) share a kind.
inline constexpr std::uint8_t too_short = 1 << 0;   // lead byte, then no continuation
inline constexpr std::uint8_t too_long = 1 << 1;    // ASCII, then a continuation
inline constexpr std::uint8_t overlong_3 = 1 << 2;  // E0 80..9F
inline constexpr std::uint8_t too_large = 1 << 3;   // F4 90..BF, F5..FF then 90..BF
inline constexpr std::uint8_t surrogate = 1 << 4;   // ED A0..BF (U+D800..DFFF)
inline constexpr std::uint8_t overlong_2 = 1 << 5;  // C0, C1 then a continuation
// F0 80..8F (overlong 4-byte form) and F5..FF then 80..8F (too large): both need a previous
// high nibble F and a current high nibble 8, and differ only in the low nibble, so one bit.
inline constexpr std::uint8_t overlong_4_or_too_large_8 = 1 << 6;
// Continuation after continuation: an error unless a 3- or 4-byte lead is two or three bytes
// back; that is checked separately and XORed in.
inline constexpr std::uint8_t two_continuations = 1 << 7;
inline constexpr std::uint8_t any_pair = too_short | too_long | two_continuations;

inline constexpr std::uint8_t previous_high_nibble[16] = {
    too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,  // 0-7 ASCII
    two_continuations, two_continuations, two_continuations, two_continuations,      // 8-B
    too_short | overlong_2,                                                          // C
    too_short,                                                                       // D
    too_short | overlong_3 | surrogate,                                              // E
    too_short | too_large | overlong_4_or_too_large_8,                               // F
};

inline constexpr std::uint8_t previous_low_nibble[16] = {
    any_pair | overlong_3 | overlong_2 | overlong_4_or_too_large_8,                  // x0
    any_pair | overlong_2,                                                           // x1
    any_pair,                                                                        // x2
    any_pair,                                                                        // x3
    any_pair | too_large,                                                            // x4
    any_pair | too_large | overlong_4_or_too_large_8,                                // x5
    any_pair | too_large | overlong_4_or_too_large_8,                                // x6
    any_pair | too_large | overlong_4_or_too_large_8,                                // x7
    any_pair | too_large | overlong_4_or_too_large_8,                                // x8
    any_pair | too_large | overlong_4_or_too_large_8,                                // x9
    any_pair | too_large | overlong_4_or_too_large_8,                                // xA
    any_pair | too_large | overlong_4_or_too_large_8,                                // xB
    any_pair | too_large | overlong_4_or_too_large_8,                                // xC
    any_pair | too_large | overlong_4_or_too_large_8 | surrogate,                    // xD
    any_pair | too_large | overlong_4_or_too_large_8,                                // xE
    any_pair | too_large | overlong_4_or_too_large_8,                                // xF
};

inline constexpr std::uint8_t current_high_nibble[16] = {
    too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,
    too_long | two_continuations | overlong_2 | overlong_3 | overlong_4_or_too_large_8,  // 8
    too_long | two_continuations | overlong_2 | overlong_3 | too_large,                 // 9
    too_long | two_continuations | overlong_2 | surrogate | too_large,                   // A
    too_long | two_continuations | overlong_2 | surrogate | too_large,                  // B
    too_short, too_short, too_short, too_short,                                          // C-F
};

// clang-format on

}  // namespace jsonx::simd::tables
