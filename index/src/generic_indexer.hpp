// The structural indexer, written once over a small SIMD wrapper (Simd) and instantiated per
// instruction set in indexer_<isa>.cpp. Each kernel translation unit is compiled for its ISA,
// so this header must be included only from those files, after the standard headers.
//
// Simd provides, for a 64-byte block:
//   block load(const uint8_t* p);            // 64 readable bytes
//   uint64_t equal(block, uint8_t c);        // bit i: byte i == c
//   uint64_t whitespace(block), operators(block), control(block) /* < 0x20 */, non_ascii(block);
//   uint64_t utf8_errors(block current, block previous);  // bit i: byte i breaks UTF-8
//   void prefix_xor(const uint64_t* in, uint64_t* out);   // batch_blocks masks at once
//   static constexpr int batch_blocks;
//   uint64_t popcount(uint64_t), trailing_zeros(uint64_t) (64 for 0)
// and may provide its own versions of these (else the generic ones below are used: a staging
// copy for the first two, a loop over the bits for the third):
//   block load_partial(const uint8_t* p, unsigned n);   // n < 64 bytes, then spaces
//   block block_ending_with(const uint8_t (&last3)[3]); // bytes 61-63 = last3, rest unused
//   bool any_non_ascii(block);                         // non_ascii(b) != 0, without the mask
//   block bitwise_or(block, block);  // required with utf8_after_batch (see generic_indexer)
//   void flatten(uint32_t* out, size_t& count, uint32_t base, uint64_t bits);
//     with `static constexpr bool has_flatten = true;` (writes at most 15 entries past the
//     last one it appends, or 16 past the last one before it when bits is 0)
// and, with `static constexpr bool has_vector_checks = true;`, the fast pass's checks in
// vectors (AVX-512 and AVX2 have them, their emulations on masks; value-initialised, they hold
// nothing):
//   error_bytes add_utf8_error_bytes(error_bytes, block current, block previous, unsigned valid);
//   bool any_error_byte(error_bytes);
//   newline_lanes count_newlines(newline_lanes, block);   // per byte lane, within a batch
//   bool any_newline(newline_lanes);
//   newline_sums add_newlines(newline_sums, newline_lanes);
//   std::uint64_t total_newlines(newline_sums);
//
// Two passes of the same loop. The fast pass, run first, defers the checks: it gathers the
// UTF-8 and control-byte errors of a batch of blocks and tests them once a batch, and counts
// newlines without a mask per block (the offset of the last newline is found at the end of
// the call, in the last batch that had one). Most input has no error, and that is all it
// runs. If a batch has an error, the call starts again from its first byte with the exact
// pass, which tests each block and stops at the first bad byte (the positions, newlines and
// carries before it are exactly those the fast pass would have given): an input with an
// error is indexed up to twice, once. A wrapper without the vector checks (NEON, scalar) runs
// the exact pass only: deferring checks made of masks saved nothing and measured slower (tried
// on AVX2 at one block a batch, Xeon: index of canada.json 1.08x, small.json 1.23x the time).
#pragma once

#include <cstdint>
#include <cstring>

// GCC 12 cannot see that a short batch reads only the blocks it loaded, and warns that the
// others may be used uninitialised; zeroing them cost 1-3% of the AVX2 kernel's time. (Only the
// kernels' own files include this header: in the x86 ones inside a target region, whose end
// pops the diagnostics; the portable and NEON ones hold only their entry points after it.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "escape_and_string_masks.hpp"
#include "jsonx/index/structural_indexer.hpp"
#include "jsonx/simd/detail/block_loads.hpp"

namespace jsonx::index::detail {

// The fast pass's vector types, or placeholders for a wrapper without them (which runs the
// exact pass only). Value-initialised, they hold no error and no newline.
template <class Simd>
struct fast_pass_vectors {
  using error_bytes = char;
  using newline_lanes = char;
  using newline_sums = char;
};
template <class Simd>
requires Simd::has_vector_checks struct fast_pass_vectors<Simd> {
  using error_bytes = typename Simd::error_bytes;
  using newline_lanes = typename Simd::newline_lanes;
  using newline_sums = typename Simd::newline_sums;
};

template <class Simd>
struct generic_indexer {
  using block = typename Simd::block;

  // The fast pass's checks are the wrapper's own (only wrappers with has_vector_checks run it).
  using checks = Simd;
  // The fast pass's UTF-8 check in a loop of its own after each batch's blocks, not in the
  // block loop (a wrapper says so by `static constexpr bool utf8_after_batch = true`, and then
  // provides `block bitwise_or(block, block)`). With AVX-512's batches of eight, two builds
  // alternated (AMD Zen 5, two runs): index citm_catalog 0.95x the time, canada 0.95-0.97x,
  // twitter_escaped 0.93-0.94x, twitter 1.00-1.03x (its many non-ASCII batches run the check
  // either way). Whether a batch needs it is then told by one test of its blocks ORed
  // together, not a test per block: AVX-512 index citm_catalog and canada 0.92x the time,
  // twitter 0.96-0.97x, twitter_escaped 0.93x; and so AVX2 took the check out of its block
  // loop too: citm_catalog 0.94x, canada 0.88x, twitter_escaped 0.96x, twitter 1.02x
  // (AMD Zen 5, 7-11 rounds).
  static constexpr bool utf8_after_batch = [] {
    if constexpr (requires { Simd::utf8_after_batch; }) {
      return Simd::utf8_after_batch;
    } else {
      return false;
    }
  }();
  using vectors = fast_pass_vectors<Simd>;

  // Per-call working state. The carries are a local copy of the caller's indexer_state
  // (written back at the end): stores through the output pointers could alias a reference,
  // which would force a reload of every carry after every block.
  struct scan {
    indexer_state state;
    std::uint32_t* positions;
    std::uint64_t* escape_words;
    std::size_t count = 0;
    std::uint64_t newline_count = 0;
    // The last block with a newline and its newline bits: the offset of the last newline is
    // worked out once, at the end of the call, not per block.
    std::uint64_t last_newline_bits = 0;
    std::uint32_t last_newline_block = 0;
    block previous{};                  // the block before, for UTF-8 sequences crossing blocks
    bool previous_incomplete = false;  // the previous block ends inside a UTF-8 sequence
    // The fast pass's newlines: their sums, and the last batch that had one (its offset and
    // length; length 0: none yet).
    typename vectors::newline_sums newline_sums{};
    std::uint32_t last_newline_batch = 0;
    std::uint32_t last_newline_batch_length = 0;
  };

  // Appends the offsets of the set bits of `bits` (bit i = offset base + i). The generic loop
  // writes in groups of eight without testing each bit: the branch on the count is
  // predictable, the one per bit would not be; it overshoots by up to 7 entries, within the
  // slack of positions_capacity().
  [[gnu::always_inline]] static inline void flatten(std::uint32_t* out, std::size_t& count,
                                                    std::uint32_t base,
                                                    std::uint64_t bits) noexcept {
    if constexpr (requires { requires Simd::has_flatten; }) {
      Simd::flatten(out, count, base, bits);  // the wrapper's own (AVX-512: compress)
      return;
    }
    if (bits == 0) return;
    std::uint32_t* p = out + count;
    const std::size_t n = Simd::popcount(bits);
    for (std::size_t written = 0; written < n; written += 8) {
      for (int i = 0; i < 8; ++i) {
        p[i] = base + static_cast<std::uint32_t>(Simd::trailing_zeros(bits));
        bits &= bits - 1;
      }
      p += 8;
    }
    count += n;
  }

  // The first n (< 64) bytes at p, then spaces: nothing past p + n is read. Spaces change none
  // of the carries, which are taken at the last real byte.
  [[gnu::always_inline]] static inline block load_partial(const std::uint8_t* p,
                                                          unsigned n) noexcept {
    return simd::detail::block_loads<Simd>::load_partial(p, n);
  }

  // Whether the block has a byte >= 0x80 (the UTF-8 check is needed): only that is used, and
  // a wrapper without a cheap mask (NEON) answers it without building one.
  [[gnu::always_inline]] static inline bool any_non_ascii(const block& b) noexcept {
    if constexpr (requires { Simd::any_non_ascii(b); }) {
      return Simd::any_non_ascii(b);
    } else {
      return Simd::non_ascii(b) != 0;
    }
  }

  // The block "before" the first one of a call: only its last three bytes are ever read (by
  // the UTF-8 check of sequences crossing into the call), the last three bytes seen.
  static inline block block_ending_with(const std::uint8_t (&last3)[3]) noexcept {
    return simd::detail::block_loads<Simd>::block_ending_with(last3);
  }

  static inline bool ends_incomplete(const std::uint8_t* last3) noexcept {
    // A lead byte 1, 2 or 3 bytes before the end whose sequence needs more bytes.
    return last3[2] >= 0xC0 || last3[1] >= 0xE0 || last3[0] >= 0xF0;
  }

  // Processes `block_count` (1..batch_blocks) blocks at `data`, the first at offset `base`.
  // `valid_in_last` is the number of real bytes in the last block (64 unless it is the
  // input's partial last block, loaded by load_partial with spaces after them).
  // The exact pass (exact = true) returns false if an error stopped the scan (recorded in
  // `result`); the fast pass returns false if the batch has an error, leaving `result` alone.
  template <bool exact>
  [[gnu::always_inline]] static inline bool process_batch(scan& s, const std::uint8_t* data,
                                                          std::uint32_t base, int block_count,
                                                          unsigned valid_in_last,
                                                          index_result& result) noexcept {
    block blocks[Simd::batch_blocks];  // (not zeroed: see the pragma at the top)
    std::uint64_t backslash[Simd::batch_blocks] = {};
    std::uint64_t quotes[Simd::batch_blocks] = {};
    std::uint64_t in_string[Simd::batch_blocks] = {};
    indexer_state& st = s.state;

    // The three loops over a batch's blocks are unrolled (clang reads GCC's pragma too; 8 is the
    // largest batch_blocks): as loops they kept the blocks and their masks in arrays on the
    // stack, each block stored and reloaded (measured 9% slower on twitter.json with AVX-512).
    // Their bound says that b stays below batch_blocks too (block_count never exceeds it): with
    // one block a batch, GCC 12 would otherwise warn about the unrolled copies for b = 1..7,
    // which never run.
#pragma GCC unroll 8
    for (int b = 0; b < block_count && b < Simd::batch_blocks; ++b) {
      blocks[b] = valid_in_last < 64 && b == block_count - 1
                      ? load_partial(data + 64 * b, valid_in_last)
                      : Simd::load(data + 64 * b);
      unsigned valid = (b == block_count - 1) ? valid_in_last : 64;
      backslash[b] = Simd::equal(blocks[b], '\\');
      quotes[b] = Simd::equal(blocks[b], '"');
      // Most blocks have no backslash, and then nothing is escaped.
      if ((backslash[b] | st.next_is_escaped) != 0) {
        quotes[b] &= ~masks::escaped_bytes(backslash[b], st.next_is_escaped, valid);
      }
    }
    // In-string mask: prefix XOR of the quote bits (carry-less multiply by all ones), for the
    // whole batch at once, then each block flipped by the parity of the quotes before it.
    std::uint64_t prefix[Simd::batch_blocks];
    Simd::prefix_xor(quotes, prefix, block_count);
#pragma GCC unroll 8
    for (int b = 0; b < block_count && b < Simd::batch_blocks; ++b) {
      in_string[b] = prefix[b] ^ st.in_string;
      // Arithmetic shift: all ones if the block ends inside a string. Padding bytes hold no
      // quote, so bit 63 equals the last real byte's bit.
      st.in_string = static_cast<std::uint64_t>(static_cast<std::int64_t>(in_string[b]) >> 63);
    }

    // The fast pass's errors and newlines of the batch.
    typename vectors::error_bytes utf8_error_bytes{};
    std::uint64_t control_errors = 0;
    typename vectors::newline_lanes newline_lanes{};
    // utf8_after_batch: bit b, block b has a byte >= 0x80. A whole batch's blocks are ORed
    // together instead, and tested once (one vector OR a block, where a test of each block
    // moved its answer out of the vector unit: index citm_catalog and canada 1.09x the time);
    // a batch of one block (the call's last blocks) keeps the test.
    unsigned non_ascii_blocks = 0;
    block high_bytes{};
#pragma GCC unroll 8
    for (int b = 0; b < block_count && b < Simd::batch_blocks; ++b) {
      const block& bytes = blocks[b];
      const unsigned valid = (b == block_count - 1) ? valid_in_last : 64;
      const std::uint64_t valid_mask = valid == 64 ? ~0ULL : (1ULL << valid) - 1;
      const std::uint32_t block_base = base + 64 * b;
      const std::uint64_t whitespace = Simd::whitespace(bytes);
      const std::uint64_t operators = Simd::operators(bytes);
      const std::uint64_t quote = quotes[b];
      const std::uint64_t inside = in_string[b];
      const std::uint64_t closing = quote & ~inside;

      // Scalars: bytes that are neither whitespace, operator nor quote. A structural is the
      // first byte of each run of them (its predecessor is not a scalar byte).
      const std::uint64_t scalar = ~(whitespace | operators | quote) & valid_mask;
      const std::uint64_t follows_scalar = (scalar << 1) | st.last_was_scalar;
      st.last_was_scalar = (scalar >> (valid - 1)) & 1;
      const std::uint64_t structurals =
          ((operators | (scalar & ~follows_scalar)) & ~inside & valid_mask) | quote;

      const std::uint64_t control = Simd::control(bytes);
      const bool has_non_ascii = any_non_ascii(bytes);
      if constexpr (!exact && utf8_after_batch) {
        if (block_count == 1) {
          non_ascii_blocks = static_cast<unsigned>(has_non_ascii);
        } else {
          high_bytes = Simd::bitwise_or(high_bytes, bytes);
        }
      }
      std::uint64_t kept = structurals;
      std::uint64_t newlines = 0;  // the exact pass's
      bool stop = false;
      if constexpr (exact) {
        std::uint64_t errors = control & inside;
        std::uint64_t utf8_errors = 0;
        if (has_non_ascii || s.previous_incomplete) {
          utf8_errors = Simd::utf8_errors(bytes, s.previous) & valid_mask;
        }
        errors = (errors | utf8_errors) & valid_mask;
        // '\n' is a control byte: blocks without any (most, in minified JSON) skip the compare.
        newlines = control != 0 ? Simd::equal(bytes, '\n') & valid_mask : 0;
        if (errors != 0) [[unlikely]] {
          const unsigned at = static_cast<unsigned>(Simd::trailing_zeros(errors));
          const std::uint64_t before = (1ULL << at) - 1;  // at < 64
          kept &= before;
          newlines &= before;
          result.error = (utf8_errors >> at) & 1 ? index_error::invalid_utf8
                                                 : index_error::control_char_in_string;
          result.error_offset = block_base + at;
          stop = true;
        }
      } else {
        // (Padding bytes are spaces: neither control bytes nor newlines.)
        control_errors |= control & inside;
        if constexpr (!utf8_after_batch) {
          if (has_non_ascii || s.previous_incomplete) {
            utf8_error_bytes =
                checks::add_utf8_error_bytes(utf8_error_bytes, bytes, s.previous, valid);
          }
        }
        newline_lanes = checks::count_newlines(newline_lanes, bytes);
      }
      // Most blocks have no backslash inside a string and no string open since one: their word
      // is zero and the carry stays zero, without the add chain that carries a string's "has a
      // backslash" to its closing quote (a loop-carried dependency of several cycles a block).
      std::uint64_t escape_word = 0;
      if (((backslash[b] & inside) | st.escape_in_string) != 0) {
        escape_word =
            masks::escaped_string_ends(inside, backslash[b], closing, st.escape_in_string);
      }
      s.escape_words[block_base / 64] = escape_word;
      flatten(s.positions, s.count, block_base, kept);
      if constexpr (exact) {
        s.newline_count += Simd::popcount(newlines);
        // Selects, not branches (conditional moves).
        s.last_newline_block = newlines != 0 ? block_base : s.last_newline_block;
        s.last_newline_bits = newlines != 0 ? newlines : s.last_newline_bits;
        if (stop) return false;
      }

      if constexpr (exact || !utf8_after_batch) {
        s.previous = bytes;
        // Only a full block can be followed by another block in this call.
        // (Read from memory, not from the register: taking the block's address would keep it
        // on the stack.)
        s.previous_incomplete = has_non_ascii && valid == 64 && ends_incomplete(data + 64 * b + 61);
      }
    }
    if constexpr (!exact && utf8_after_batch) {
      // The UTF-8 check, in a loop of its own over the batch, for batches with a byte >= 0x80
      // (or a sequence open from the batch before): ASCII input never runs it, and the block
      // loop above keeps no register for it. (A block after one with a byte >= 0x80 is
      // checked whether or not that one ends inside a sequence: a superset, never fewer.)
      if ((block_count == 1 ? non_ascii_blocks != 0 : any_non_ascii(high_bytes)) ||
          s.previous_incomplete) {
        if (block_count != 1) {
#pragma GCC unroll 8
          for (int b = 0; b < block_count && b < Simd::batch_blocks; ++b)
            non_ascii_blocks |= static_cast<unsigned>(any_non_ascii(blocks[b])) << b;
        }
#pragma GCC unroll 8
        for (int b = 0; b < block_count && b < Simd::batch_blocks; ++b) {
          const unsigned valid = (b == block_count - 1) ? valid_in_last : 64;
          const bool open_before =
              b == 0 ? s.previous_incomplete : ((non_ascii_blocks >> (b - 1)) & 1) != 0;
          if (((non_ascii_blocks >> b) & 1) != 0 || open_before) {
            utf8_error_bytes = checks::add_utf8_error_bytes(
                utf8_error_bytes, blocks[b], b == 0 ? s.previous : blocks[b - 1], valid);
          }
        }
        const int last = block_count - 1;
        s.previous_incomplete = ((non_ascii_blocks >> last) & 1) != 0 && valid_in_last == 64 &&
                                ends_incomplete(data + 64 * last + 61);
      }
      s.previous = blocks[block_count - 1];
    }
    if constexpr (!exact) {
      if (control_errors != 0 || checks::any_error_byte(utf8_error_bytes)) [[unlikely]] {
        return false;
      }
      s.newline_sums = checks::add_newlines(s.newline_sums, newline_lanes);
      if (checks::any_newline(newline_lanes)) {
        s.last_newline_batch = base;
        s.last_newline_batch_length =
            static_cast<std::uint32_t>(64 * (block_count - 1) + valid_in_last);
      }
    }
    return true;
  }

  // One pass over the call's bytes (see the top of the file): whole batches, then what is left
  // (fewer than batch_blocks blocks, the last one possibly partial) as batches of one block,
  // whose constant size the compiler specializes: one batch of a variable number of blocks
  // measured 6% slower on small.json's 4 blocks (AVX-512). Returns false if it stopped at an
  // error: the exact pass has then recorded it in `result`, and `state` is left as it was for
  // the fast pass, whose caller starts again. Else `result` and `state` are the call's.
  template <bool exact>
  [[gnu::always_inline]] static inline bool run_pass(const std::uint8_t* data, std::size_t length,
                                                     indexer_state& state, std::uint32_t* positions,
                                                     std::uint64_t* escape_words,
                                                     index_result& result) noexcept {
    // A local copy of the carries (see scan), never passed by reference out of this function:
    // its members then stay in registers.
    scan s{state, positions, escape_words};
    s.previous = block_ending_with(state.utf8_tail);
    // Inline here (indexer_state::utf8_incomplete() is a call, with the vector registers
    // saved around it): a fixed cost of every call, which small documents feel.
    s.previous_incomplete = ends_incomplete(state.utf8_tail);

    constexpr std::size_t batch_bytes = 64 * Simd::batch_blocks;
    std::size_t offset = 0;
    bool clean = true;
    for (; clean && offset + batch_bytes <= length; offset += batch_bytes) {
      clean = process_batch<exact>(s, data + offset, static_cast<std::uint32_t>(offset),
                                   Simd::batch_blocks, 64, result);
    }
    // The rest block by block, as batches of one (a constant the compiler specializes).
    for (; clean && offset + 64 <= length; offset += 64) {
      clean =
          process_batch<exact>(s, data + offset, static_cast<std::uint32_t>(offset), 1, 64, result);
    }
    if (clean && offset < length) {
      clean = process_batch<exact>(s, data + offset, static_cast<std::uint32_t>(offset), 1,
                                   static_cast<unsigned>(length - offset), result);
    }
    if (!exact && !clean) return false;

    result.structural_count = s.count;
    if constexpr (exact) {
      result.newline_count = s.newline_count;
      result.last_newline =
          s.last_newline_bits == 0
              ? -1
              : static_cast<std::int64_t>(s.last_newline_block) + 63 -
                    static_cast<std::int64_t>(__builtin_clzll(s.last_newline_bits));
    } else {  // the count, and the last newline looked for in the last batch that had one
      result.newline_count = checks::total_newlines(s.newline_sums);
      for (std::uint32_t i = s.last_newline_batch_length; i != 0; --i) {
        if (data[s.last_newline_batch + i - 1] == '\n') {
          result.last_newline = static_cast<std::int64_t>(s.last_newline_batch + i - 1);
          break;
        }
      }
    }
    // The carries go back to the caller member by member: a copy of the whole struct went
    // through the stack, where its 16-byte loads waited for the 8-byte stores that had just
    // written it (a failed store-to-load forward at every call).
    state.next_is_escaped = s.state.next_is_escaped;
    state.in_string = s.state.in_string;
    state.last_was_scalar = s.state.last_was_scalar;
    state.escape_in_string = s.state.escape_in_string;
    // The last three bytes, for UTF-8 sequences that continue in the next call. Straight from
    // the input when it has three: assembled in a byte array, the tail's 2-byte reload
    // waited for the single-byte stores that had just written it (a failed store-to-load
    // forward, 18% of the indexer's samples on a 3-byte document, AVX-512).
    if (clean) {
      if (length >= 3) {
        std::memcpy(state.utf8_tail, data + length - 3, 3);
      } else {  // 1 or 2 bytes: they go after the last 3 - length bytes of the old tail
        const std::uint8_t kept = state.utf8_tail[2];
        if (length == 1) {
          state.utf8_tail[0] = state.utf8_tail[1];
          state.utf8_tail[1] = kept;
          state.utf8_tail[2] = data[0];
        } else {
          state.utf8_tail[0] = kept;
          state.utf8_tail[1] = data[0];
          state.utf8_tail[2] = data[1];
        }
      }
    }
    return clean;
  }

  // The exact pass alone: out of line, off the fast pass's code (inputs with an error only).
  [[gnu::noinline]] static index_result run_exact(const std::uint8_t* data, std::size_t length,
                                                  indexer_state& state, std::uint32_t* positions,
                                                  std::uint64_t* escape_words) noexcept {
    index_result result;
    run_pass<true>(data, length, state, positions, escape_words, result);
    return result;
  }

  // On a 64-byte boundary, as the parser's walk: the fast pass's speed moved with where its
  // loop fell in the cache lines, which changed with edits elsewhere in the binary (the same
  // indexer code ran 6% apart, NDJSON of twitter statuses, in two builds that differed in a
  // stream header only, the function 16 bytes off a line).
  [[gnu::aligned(64)]] static index_result run(const char* input, std::size_t length,
                                               indexer_state& state, std::uint32_t* positions,
                                               std::uint64_t* escape_words) noexcept {
    index_result result;
    if (length == 0) return result;
    const auto* data = reinterpret_cast<const std::uint8_t*>(input);
    if constexpr (requires { requires Simd::has_vector_checks; }) {
      if (run_pass<false>(data, length, state, positions, escape_words, result)) return result;
      // An error somewhere: again from the first byte, stopping exactly at it.
      return run_exact(data, length, state, positions, escape_words);
    } else {
      run_pass<true>(data, length, state, positions, escape_words, result);
      return result;
    }
  }
};

}  // namespace jsonx::index::detail
