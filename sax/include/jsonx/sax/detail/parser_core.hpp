// The push parser's engine: walks the structural index of each chunk and drives a handler.
//
// Grammar (RFC 8259), and the state that stands for each place in it:
//   JSON-text = ws value ws                       document_start, document_end
//   value     = object / array / string / number / true / false / null
//   object    = '{' [ member *( ',' member ) ] '}'  object_first, object_key
//   member    = string ':' value                    object_colon, value, object_next
//   array     = '[' [ value *( ',' value ) ] ']'    array_first, value, array_next
//
// A chunk is indexed in windows (so memory stays bounded whatever the chunk size); the walk
// moves from structural to structural. With a lookahead (jsonx/sax/lookahead.hpp) a window may
// reach past the chunk: only the chunk's structurals are walked, and the window is kept for the
// next values of the same buffer (see "the kept window" below). A token cut by the end of a chunk
// is kept as "pending": its bytes are copied into token_ (only the token), and the next feed
// completes it. The indexer's carries make the next chunk's index start exactly where the token
// ends.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include "jsonx/index/byte_classes.hpp"
#include "jsonx/index/structural_indexer.hpp"
#include "jsonx/sax/detail/in_register.hpp"
#include "jsonx/sax/detail/number_parser.hpp"
#include "jsonx/sax/detail/string_unescape.hpp"
#include "jsonx/sax/error.hpp"
#include "jsonx/sax/handler.hpp"
#include "jsonx/sax/lookahead.hpp"
#include "jsonx/sax/parse_options.hpp"
#include "jsonx/sax/partial.hpp"

namespace jsonx::detail {

enum class grammar_state : std::uint8_t {
  document_start,  // before a top-level value
  value,           // after ':' in an object or ',' in an array: a value
  array_first,     // after '[': a value or ']'
  array_next,      // after an element: ',' or ']'
  object_first,    // after '{': a key or '}'
  object_key,      // after ',' in an object: a key
  object_colon,    // after a key: ':'
  object_next,     // after a member's value: ',' or '}'
  document_end,    // after a top-level value: only whitespace (or, by option, more values)
};

enum class pending_token : std::uint8_t { none, string, key, scalar };

/// Non-template helpers of the parser (sax/src/parser_support.cpp).
struct line_and_column {
  std::uint64_t line;
  std::uint64_t column;
};
/// Builds the parse_error for `code` at absolute `offset`, taking the excerpt from whichever
/// of the two byte ranges (the current chunk, the pending token) holds the offset.
parse_error make_parse_error(parse_errc code, std::uint64_t offset, line_and_column where,
                             std::string_view chunk, std::uint64_t chunk_offset,
                             std::string_view token, std::uint64_t token_offset);
parse_errc to_parse_errc(index::index_error e) noexcept;
/// Counts '\n' in [begin, end) and finds the last one (or -1).
void count_newlines(const char* begin, const char* end, std::uint64_t& count,
                    std::int64_t& last) noexcept;

template <class H>
class parser_core {
  // Bytes indexed at a time: small enough that the positions (4 bytes per structural) and
  // the input stay in L2 cache between the indexing and the walk.
  static constexpr std::size_t window_bytes = 32 * 1024;
  static constexpr bool takes_parts = handler_with_parts<H>;
  static constexpr bool has_verbatim_strings = handler_with_verbatim_strings<H>;
  static constexpr bool numbers_as_text = numbers_as_text_of<H>();
  static constexpr bool big_integers_as_double = big_integers_as_double_of<H>();
  static constexpr bool can_skip = handler_with_skip<H>;
  static constexpr bool can_skip_rest = handler_with_skip_rest<H>;
  static constexpr bool takes_empty_containers =
      handler_with_empty_arrays<H> || handler_with_empty_objects<H>;
  static constexpr bool takes_flat_objects = handler_with_flat_objects<H>;

  struct frame {
    bool is_object;
    std::uint64_t count;
  };

  // The stack of open containers: a vector whose push_back is inline, its growth out of line
  // (std::vector's emplace_back was left out of line in parser_core<decode_handler>, a call
  // per container: 2.7% of citm_catalog.json's typed decode, 9.0M of 327M instructions).
  class frame_stack {
   public:
    bool empty() const noexcept { return end_ == begin_; }
    std::size_t size() const noexcept { return static_cast<std::size_t>(end_ - begin_); }
    frame& back() noexcept { return end_[-1]; }
    const frame& back() const noexcept { return end_[-1]; }
    const frame& operator[](std::size_t i) const noexcept { return begin_[i]; }
    void clear() noexcept { end_ = begin_; }
    void pop_back() noexcept { --end_; }
    [[gnu::always_inline]] void push_back(const frame& f) {
      if (end_ == capacity_end_) [[unlikely]]
        reserve(std::max<std::size_t>(16, 2 * size()));
      *end_++ = f;
    }
    [[gnu::noinline]] void reserve(std::size_t capacity) {
      if (capacity <= static_cast<std::size_t>(capacity_end_ - begin_)) return;
      const std::size_t size = this->size();
      std::unique_ptr<frame[]> bigger(new frame[capacity]);
      std::copy(begin_, end_, bigger.get());
      storage_ = std::move(bigger);
      begin_ = storage_.get();
      end_ = begin_ + size;
      capacity_end_ = begin_ + capacity;
    }

   private:
    std::unique_ptr<frame[]> storage_;
    frame* begin_ = nullptr;
    frame* end_ = nullptr;
    frame* capacity_end_ = nullptr;
  };

 public:
  parser_core(H& handler, const parse_options& options) : handler_(&handler), options_(options) {
    kernel_ = options.kernel && simd::kernel_supported(*options.kernel) ? *options.kernel
                                                                        : simd::default_kernel();
    stack_.reserve(std::min<std::size_t>(options.max_depth, 64));
  }

  void reset() noexcept {
    index_state_ = {};
    state_ = grammar_state::document_start;
    pending_ = pending_token::none;
    pending_buffered_ = false;
    token_.clear();
    recent_size_ = 0;
    stack_.clear();
    // error_ is written only by fail(), which sets failed_ first: after a success it is still
    // empty. (Emptying it always built and moved two strings and an error_code, 60 of the 140
    // instructions a stream decoder spent starting each small NDJSON record.)
    if (failed_) error_ = {};
    failed_ = false;
    done_ = false;
    total_offset_ = 0;
    values_completed_ = 0;
    newlines_before_window_ = 0;
    last_newline_before_window_ = -1;
    window_newlines_counted_ = false;
    reset_skipping();
  }
  void reset(H& handler) noexcept {
    handler_ = &handler;
    reset();
  }

  bool done() const noexcept { return done_; }
  bool failed() const noexcept { return failed_; }
  const parse_error& error() const noexcept { return error_; }
  std::uint64_t bytes_consumed() const noexcept { return total_offset_; }
  std::size_t bytes_held() const noexcept {
    return pending_ == pending_token::none ? 0 : token_.size();
  }
  std::uint64_t values_completed() const noexcept { return values_completed_; }
  simd::kernel_id kernel() const noexcept { return kernel_; }
  std::uint64_t windows_indexed() const noexcept { return windows_indexed_; }
  const parse_options& options() const noexcept { return options_; }
  H& handler() noexcept { return *handler_; }

  // Clears `ec` only if it holds an error: assigning an empty error_code calls
  // std::system_category() (out of line, through the PLT), a fixed cost of every feed and
  // finish that small documents feel.
  static void clear_error_code(std::error_code& ec) noexcept {
    if (ec) ec = {};
  }

  std::size_t feed(std::string_view input, std::error_code& ec) {
    return feed(input, lookahead{}, ec);
  }

  std::size_t feed(std::string_view input, lookahead ahead, std::error_code& ec) {
    if (failed_) {  // error() keeps the first error
      ec = make_error_code(parse_errc::parser_failed);
      return 0;
    }
    clear_error_code(ec);
    if (done_) return 0;
    std::size_t size = input.size();
    bool over_limit = false;
    if (options_.max_document_size - total_offset_ < size) {
      size = static_cast<std::size_t>(options_.max_document_size - total_offset_);
      over_limit = true;
    }
    chunk_ = input.data();
    chunk_size_ = size;
    chunk_offset_ = total_offset_;
    // Past the document-size limit nothing more may be read.
    const bool has_lookahead = ahead.end != nullptr && !over_limit;
    ahead_end_ = has_lookahead ? std::max(ahead.end, chunk_ + size) : chunk_ + size;
    ahead_buffer_ = has_lookahead ? ahead.buffer_id : 0;
    ahead_given_ = has_lookahead;
    window_in_feed_ = false;
    window_newlines_counted_ = false;
    std::size_t used = run_chunk();
    if (!failed_ && !done_) {
      save_pending_at_chunk_end();
      settle_carries_at_chunk_end();
      if (!failed_ && over_limit) fail(parse_errc::document_size_limit, options_.max_document_size);
    }
    if (failed_) ec = error_.code;
    remember_walk_end(used);
    total_offset_ = chunk_offset_ + used;
    remember_recent(input.substr(0, used));
    chunk_ = nullptr;
    chunk_size_ = 0;
    return used;
  }

  void finish(std::error_code& ec) {
    clear_error_code(ec);
    if (failed_) {
      ec = error_.code;
      return;
    }
    if (done_) return;
    chunk_ = "";
    chunk_size_ = 0;
    chunk_offset_ = total_offset_;
    window_begin_ = 0;
    window_newlines_counted_ = false;
    const std::uint64_t end = total_offset_;
    if (pending_ == pending_token::scalar) {
      finish_scalar_from_token(token_end::end_of_input);
    } else if (pending_ != pending_token::none) {
      if (!pending_string_has_bad_escape(end))
        fail(index_state_.utf8_incomplete() ? parse_errc::invalid_utf8
                                            : parse_errc::incomplete_input,
             end);
    } else if (index_state_.utf8_incomplete()) {
      fail(parse_errc::invalid_utf8, end);
    }
    if (!failed_ && !done_) {
      const bool complete = state_ == grammar_state::document_end ||
                            (options_.multiple_values && state_ == grammar_state::document_start);
      if (complete) {
        done_ = true;
      } else {
        fail(parse_errc::incomplete_input, end);
      }
    }
    // A value completed here ends where the last feed's chunk did (if one was fed since reset()).
    if (done_ && !failed_ && total_offset_ != 0) kept_.ends_value = true;
    if (failed_) ec = error_.code;
  }

  /// Between feeds: true if finish() would find the value complete (no container or string
  /// open, and any number or literal at the end whole by itself); false if the input so far
  /// is cut short (or failed). finish()'s own verdict may still be another error.
  bool complete_if_finished() const noexcept {
    if (failed_ || !stack_.empty()) return false;
    if (done_ || state_ == grammar_state::document_end) return pending_ == pending_token::none;
    if (pending_ != pending_token::scalar) return false;
    const std::string_view text(token_);
    if (text == "true" || text == "false" || text == "null") return true;
    if (text.empty() || (text.front() != '-' && !is_digit(text.front()))) return false;
    number_result r;
    parse_number<false>(text.data(), text.data() + text.size(), token_end::end_of_input, r);
    return r.kind != number_kind::truncated && r.kind != number_kind::invalid &&
           r.end == text.data() + text.size();
  }

  /// Between feeds: sends `sink` the events that make what was fed so far one complete value,
  /// by the rules of partial_mode (jsonx/sax/partial.hpp): the value cut by the end if `mode`
  /// keeps it, then the end of every open container, innermost first, with the count of the
  /// members or elements it keeps. Where the innermost member's key was delivered but no value
  /// of it is kept, sink.discard_key() comes first. The parser's state is left untouched (the
  /// events are the sink's to take back: dom_builder's snapshot does), so the parse goes on as
  /// if no snapshot had been taken. Returns false, with error() set, if the input is already
  /// invalid (a string's escape the feed could not yet judge included). Sink is the parser's
  /// handler or the handler inside it (a layer that watches keys must not see these events).
  template <class Sink>
  bool emit_partial_close(Sink& sink, partial_mode mode) {
    if (failed_) return false;
    if (done_ || chunk_ != nullptr) return !failed_;  // complete (or called inside a feed)
    // A string or key cut by the end must be a possible beginning of one (a handler taking
    // parts had its escapes checked as they were delivered; others have them checked here).
    if (pending_ == pending_token::string || pending_ == pending_token::key) {
      if constexpr (!takes_parts) {
        const std::size_t usable =
            token_.size() - incomplete_utf8_suffix(token_.data(), token_.data() + token_.size());
        const unescape_result r = validate_escapes(token_.data(), token_.data() + usable, true);
        if (r.error != parse_errc::ok) return fail(r.error, token_offset_ + r.error_at);
        if (!cut_string_tail_may_continue(r.consumed)) return false;
      }
    }
    // The value cut by the end: is it kept (its event sent)?
    bool cut_value_kept = false;
    if (can_skip && pending_skipped_ && pending_ != pending_token::none) {
      cut_value_kept = pending_ != pending_token::key;  // skipped: no event, and it still counts
    } else if (pending_ == pending_token::string) {
      if (has(mode, partial_mode::trailing_strings)) {
        if (!emit_string_prefix(sink)) return false;
        cut_value_kept = true;
      }
    } else if (pending_ == pending_token::scalar) {
      cut_value_kept = emit_scalar_if_complete(sink, has(mode, partial_mode::trailing_numbers));
    }
    // Inside a value the handler skips, the containers from skip_base_ on sent no event: they
    // are left out, and the skipped value counts in its container, as in a full parse.
    const bool in_skipped = can_skip && skipping_;
    const std::size_t open_levels = in_skipped ? skip_base_ : stack_.size();
    if (open_levels == 0) return true;  // a top-level value: kept, or nothing
    // The innermost container's count, as the walk keeps it, includes the member or element
    // begun last (counted at its key, or at the ',' or first byte before it).
    const frame& innermost = stack_[open_levels - 1];
    std::uint64_t kept = innermost.count;
    switch (in_skipped ? grammar_state::object_next : state_) {
      case grammar_state::array_first:
      case grammar_state::object_first:
        kept = 0;
        break;
      case grammar_state::object_key:  // after ','; a key cut by the end is not delivered
        --kept;
        break;
      case grammar_state::object_colon:  // "key" with no ':' yet
        sink.discard_key();
        --kept;
        break;
      case grammar_state::value:  // after ':' or ',': a value kept above, or none
        if (!cut_value_kept) {
          if (innermost.is_object) sink.discard_key();
          --kept;
        }
        break;
      default:  // array_next, object_next, a skipped value: the last one is complete or counts
        break;
    }
    for (std::size_t level = open_levels; level-- > 0;) {
      const frame& open = stack_[level];
      const std::uint64_t count = level + 1 == open_levels ? kept : open.count;
      if (open.is_object) {
        sink.on_object_end(static_cast<std::size_t>(count));
      } else {
        sink.on_array_end(static_cast<std::size_t>(count));
      }
    }
    return true;
  }

 private:
  // ---- snapshots (emit_partial_close) -----------------------------------------------------

  // A string value cut by the end, as its prefix: the bytes of token_ whose escapes and UTF-8
  // sequences are complete (a handler taking parts had the rest already). Ends the string:
  // on_string() with what is left, which completes the parts.
  template <class Sink>
  bool emit_string_prefix(Sink& sink) {
    const char* begin = token_.data();
    const char* end = begin + token_.size();
    end -= incomplete_utf8_suffix(begin, end);
    unescaped_.clear();
    const unescape_result r = unescape_string(begin, end, unescaped_, true);
    if (r.error != parse_errc::ok) return fail(r.error, token_offset_ + r.error_at);
    sink.on_string(std::string_view(unescaped_));
    return true;
  }

  // A number or literal cut by the end: sent if nothing valid can change it (a whole literal)
  // or, with `numbers`, if it is a complete number by itself. Returns true if sent.
  template <class Sink>
  bool emit_scalar_if_complete(Sink& sink, bool numbers) {
    const std::string_view text(token_);
    if (text.empty()) return false;
    const char first = text.front();
    if (first == 't' || first == 'f' || first == 'n') {
      const std::string_view word = first == 't' ? "true" : first == 'f' ? "false" : "null";
      if (text != word) return false;  // a prefix of it (a mismatch failed the feed)
      if (first == 'n') {
        sink.on_null();
      } else {
        sink.on_bool(first == 't');
      }
      return true;
    }
    if (!numbers) return false;
    number_result r;
    parse_number<!numbers_as_text_of<Sink>()>(text.data(), text.data() + text.size(),
                                              token_end::end_of_input, r);
    if (r.kind == number_kind::incomplete || r.kind == number_kind::truncated ||
        r.kind == number_kind::invalid || r.end != text.data() + text.size())
      return false;
    deliver_number(sink, r, text);
    return true;
  }

  // ---- the chunk walk ---------------------------------------------------------------------

  // Parses chunk_[0, chunk_size_). Returns the bytes consumed (all, unless the parse ended
  // inside the chunk).
  std::size_t run_chunk() {
    window_begin_ = 0;
    if (pending_ == pending_token::scalar && !resume_scalar()) return stop_offset_in_chunk();
    // (A scalar's continuation holds no structural: the windows still start at the chunk's start.)
    for (std::size_t at = 0; at < chunk_size_;) {
      if (!reuse_kept_window(at)) index_window(at);
      if (pending_ == pending_token::string || pending_ == pending_token::key) {
        if (!resume_string()) return stop_offset_in_chunk();
      }
      if (pending_ == pending_token::none && !walk()) return stop_offset_in_chunk();
      const std::size_t window_end = window_end_in_chunk();
      if (window_index_.error != index::index_error::none &&
          window_offset_in_chunk(window_index_.error_offset) < chunk_size_) {
        report_index_error();
        return stop_offset_in_chunk();
      }
      count_window_newlines(window_end);
      at = window_end;
    }
    return chunk_size_;
  }

  // ---- windows ----------------------------------------------------------------------------

  // The chunk offset of a window offset (window_begin_ is negative for a window kept from an
  // earlier chunk, whose bytes precede this chunk's).
  std::size_t window_offset_in_chunk(std::size_t window_offset) const noexcept {
    return static_cast<std::size_t>(window_begin_ + static_cast<std::ptrdiff_t>(window_offset));
  }
  // Where the window ends in the chunk: its last indexed byte, or the chunk's end before that.
  std::size_t window_end_in_chunk() const noexcept {
    return std::min(chunk_size_, window_offset_in_chunk(kept_.length));
  }

  // Copies of what the indexer has just stored, field by field, each value through a general
  // register (in_register): as structs, GCC copies them 16 bytes at a time, and a 16-byte load
  // of two fields just written by 8-byte (or smaller) stores is not forwarded from them but
  // waits for them to reach the cache: 38% of run_chunk's samples in a DOM parse of small.json
  // (AMD Zen 5, avx512).
  static void copy_by_field(index::index_result& to, const index::index_result& from) noexcept {
    to.structural_count = in_register(from.structural_count);
    to.error_offset = in_register(from.error_offset);
    to.error = from.error;
    to.newline_count = in_register(from.newline_count);
    to.last_newline = in_register(from.last_newline);
  }
  static void copy_by_field(index::indexer_state& to, const index::indexer_state& from) noexcept {
    to.next_is_escaped = in_register(from.next_is_escaped);
    to.in_string = in_register(from.in_string);
    to.last_was_scalar = in_register(from.last_was_scalar);
    to.escape_in_string = in_register(from.escape_in_string);
    for (int i = 0; i < 3; ++i) to.utf8_tail[i] = from.utf8_tail[i];
  }

  // Indexes a new window at chunk offset `at`: up to window_bytes of the chunk, or past the
  // chunk's end up to lookahead_window_bytes from `at` (and the lookahead's end).
  void index_window(std::size_t at) {
    const char* first = chunk_ + at;
    const std::size_t in_chunk = std::min(chunk_size_ - at, window_bytes);
    const std::size_t length =
        std::max(in_chunk, std::min<std::size_t>(lookahead_window_bytes,
                                                 static_cast<std::size_t>(ahead_end_ - first)));
    reserve_index(length);
    ++windows_indexed_;
    window_in_feed_ = true;
    carries_origin_ = first;
    carries_at_origin_ = index_state_;
    // The result and the carries, which the indexer has just stored field by field, are
    // copied field by field (see copy_by_field).
    copy_by_field(window_index_, index::index_structurals(kernel_, first, length, index_state_,
                                                          positions_.get(), escape_words_.get()));
    kept_.first_byte = first;
    kept_.length = length;
    kept_.reusable = ahead_given_;
    kept_.buffer_id = ahead_buffer_;
    copy_by_field(kept_.carries_at_end, index_state_);
    positions_[window_index_.structural_count] = end_of_positions;
    window_begin_ = static_cast<std::ptrdiff_t>(at);
    window_newlines_counted_ = false;
    next_ = 0;
    walk_limit_ = static_cast<std::uint32_t>(in_chunk);
  }

  // The kept window: the window of the last feed, kept (across reset() too) so that the next
  // feed of the same buffer walks on in its index rather than indexing the bytes again. It
  // serves two kinds of feed:
  //   - the same value going on at the byte where the last feed's chunk ended;
  //   - a new value (nothing fed since reset()) after the end of the value the last walk
  //     completed, the bytes in between being complete tokens (whitespace, operators, whole
  //     strings, scalars: another parser's, or the caller's). After a complete value and such
  //     bytes, the indexer's carries are those of a fresh start (outside any string, no escape
  //     open, no scalar byte before, no UTF-8 sequence open): the window's structurals from
  //     there on are exactly those a fresh index of the new value would find.
  // Returns false (and leaves the window alone) if the window does not serve this feed.
  bool reuse_kept_window(std::size_t at) {
    if (!ahead_given_ || !kept_.reusable || kept_.buffer_id != ahead_buffer_ || at != 0)
      return false;
    const char* first = chunk_;
    const char* window_end = kept_.first_byte + kept_.length;
    if (first < kept_.walked_to || first >= window_end) return false;
    const std::size_t offset = static_cast<std::size_t>(first - kept_.first_byte);
    if (window_index_.error != index::index_error::none && window_index_.error_offset < offset)
      return false;
    const bool new_value = total_offset_ == 0 && state_ == grammar_state::document_start &&
                           pending_ == pending_token::none && stack_.empty();
    if (new_value) {
      if (!kept_.ends_value || first == kept_.first_byte ||
          !whole_tokens_between(kept_.walked_to, first))
        return false;
      carries_origin_ = first;  // equivalent to a fresh start there (see above)
      carries_at_origin_ = {};
    } else if (first != kept_.walked_to) {
      return false;
    }
    index_state_ = kept_.carries_at_end;
    window_in_feed_ = true;
    window_begin_ = -static_cast<std::ptrdiff_t>(offset);
    window_newlines_counted_ = false;
    // The first structural at the chunk's start: the last walk stopped at most a few operators
    // before it (the decoder's ',' and ':'), or at a value's end with the whole tokens between
    // (a linear step over their structurals, as whole_tokens_between() stepped over their bytes).
    while (positions_[next_] < offset) ++next_;
    walk_limit_ = static_cast<std::uint32_t>(std::min(offset + chunk_size_, kept_.length));
    return true;
  }

  // Whether [from, to) is a run of complete tokens outside strings (see reuse_kept_window),
  // and no scalar byte both before and at `to` (to[-1] and to[0] are readable).
  static bool whole_tokens_between(const char* from, const char* to) noexcept {
    bool in_string = false;
    for (const char* p = from; p < to; ++p) {
      const char c = *p;
      if (in_string) {
        if (c == '\\') {
          if (++p == to) return false;
        } else if (c == '"') {
          in_string = false;
        }
      } else if (c == '"') {
        in_string = true;
      } else if (c == '\\') {
        return false;
      }
    }
    return !in_string && !(index::is_scalar_byte(static_cast<unsigned char>(to[-1])) &&
                           index::is_scalar_byte(static_cast<unsigned char>(to[0])));
  }

  // After a window's walk that reached the window's end in the chunk: the newlines before the
  // next window, for errors' lines. A window wholly in the chunk counted its own; one reaching
  // past it or kept from an earlier chunk is counted over the chunk's part.
  void count_window_newlines(std::size_t window_end) {
    newlines_before_counted_window_ = newlines_before_window_;
    last_newline_before_counted_window_ = last_newline_before_window_;
    window_newlines_counted_ = true;
    if (window_begin_ >= 0 && window_offset_in_chunk(kept_.length) <= chunk_size_) {
      newlines_before_window_ += window_index_.newline_count;
      if (window_index_.last_newline >= 0)
        last_newline_before_window_ =
            static_cast<std::int64_t>(chunk_offset_) + window_begin_ + window_index_.last_newline;
      return;
    }
    const std::size_t from = window_begin_ > 0 ? static_cast<std::size_t>(window_begin_) : 0;
    std::uint64_t count = 0;
    std::int64_t last = -1;
    count_newlines(chunk_ + from, chunk_ + window_end, count, last);
    newlines_before_window_ += count;
    if (last >= 0)
      last_newline_before_window_ = static_cast<std::int64_t>(chunk_offset_ + from) + last;
  }

  // A feed that ends inside a window reaching past its chunk leaves index_state_ at the
  // window's end: the next feed (other bytes) or finish() needs the carries at the chunk's end.
  // They are worked out by indexing again, into scratch arrays (the kept window stays), from
  // the last point whose carries are known: the last operator the walk passed, if it can
  // (see carries_after_operator), else the window's start or a new value's first byte. (In a
  // stream decoder, a value cut by the end of its record does this, and an NDJSON record
  // longer than the bytes the decoder parses before it finds the record's end: indexing again
  // from the window's start cost that decoder 5% on twitter.json's statuses.)
  void settle_carries_at_chunk_end() {
    if (!window_in_feed_ || window_offset_in_chunk(kept_.length) <= chunk_size_) return;
    const char* chunk_end = chunk_ + chunk_size_;
    index::indexer_state state = carries_at_origin_;
    const char* origin = carries_origin_;
    carries_after_operator(chunk_end, origin, state);
    const auto length = static_cast<std::size_t>(chunk_end - origin);
    if (length != 0) {
      if (!settle_positions_) {
        settle_positions_.reset(new std::uint32_t[index::positions_capacity(window_bytes)]);
        settle_escape_words_.reset(new std::uint64_t[index::escape_bits_capacity(window_bytes)]);
      }
      index::index_structurals(kernel_, origin, length, state, settle_positions_.get(),
                               settle_escape_words_.get());
    }
    index_state_ = state;
  }

  // The carries right after an operator byte (, : [ ] { }) that the index found outside
  // strings are known without indexing: no string or escape open, no scalar byte last, and
  // the UTF-8 tail is the last three bytes (the operator itself is ASCII, so no sequence is
  // open). Moves `origin` past the last such operator the walk passed before `limit` (looking
  // back over at most a few structurals: the walk stops a token after one), with its carries
  // in `state`; leaves both alone if there is none with its three bytes after `origin`.
  void carries_after_operator(const char* limit, const char*& origin,
                              index::indexer_state& state) const noexcept {
    constexpr std::size_t most_looked_at = 8;
    for (std::size_t k = next_, looked_at = 0; k-- > 0 && looked_at < most_looked_at; ++looked_at) {
      const char* p = kept_.first_byte + positions_[k];
      if (p >= limit) continue;
      if (p < origin + 2) return;  // (its tail's bytes are before the known carries)
      const char c = *p;
      if (c == ',' || c == ':' || c == '[' || c == ']' || c == '{' || c == '}') {
        state = {};
        state.utf8_tail[0] = static_cast<std::uint8_t>(p[-2]);
        state.utf8_tail[1] = static_cast<std::uint8_t>(p[-1]);
        state.utf8_tail[2] = static_cast<std::uint8_t>(c);
        origin = p + 1;
        return;
      }
    }
  }

  // At the end of a feed: where its walk left the kept window.
  void remember_walk_end(std::size_t used) noexcept {
    kept_.walked_to = chunk_ + used;
    kept_.ends_value = done_ && !failed_;
    if (failed_) kept_.reusable = false;
  }

  std::size_t stop_offset_in_chunk() const noexcept {
    if (failed_)
      return static_cast<std::size_t>(std::min<std::uint64_t>(
          chunk_size_, error_.offset > chunk_offset_ ? error_.offset - chunk_offset_ : 0));
    return static_cast<std::size_t>(stop_at_ - chunk_offset_);
  }

  std::uint64_t absolute(std::size_t window_offset) const noexcept {
    return chunk_offset_ + window_offset_in_chunk(window_offset);
  }

  // The absolute offset of a byte of the current chunk, worked out only if asked. The token
  // functions need their token's offset only to report an error or a stop, so the walk passes
  // this rather than a number: working the number out before every string and scalar loaded
  // and added two members (reloaded after each event: a handler's stores may alias them),
  // and held it in a register or spilled it (20 DOM parses, callgrind: citm_catalog.json
  // 223.9M -> 220.4M instructions, twitter.json 90.9M -> 89.3M). Elsewhere an offset is passed
  // as a number; `Offset` below is either.
  struct offset_in_chunk {
    const char* byte;
  };
  std::uint64_t offset_value(std::uint64_t offset) const noexcept { return offset; }
  std::uint64_t offset_value(offset_in_chunk at) const noexcept {
    return chunk_offset_ + static_cast<std::uint64_t>(at.byte - chunk_);
  }

  // The walk's hot state, held in locals (registers) while walking: through a handler's
  // stores the compiler could not keep members in registers.
  struct cursor {
    grammar_state state;
    std::uint64_t count;  // members or elements so far in the innermost container
  };

  cursor load_cursor() const noexcept { return {state_, stack_.empty() ? 0 : stack_.back().count}; }
  void store_cursor(const cursor& c) noexcept {
    state_ = c.state;
    if (!stack_.empty()) stack_.back().count = c.count;
  }

  // How a walk over a window ends.
  enum class walk_exit : std::uint8_t {
    ended,         // the parse ended: an error, a handler stop, or stop_after_value
    window_done,   // no structural left in the window
    mode_changed,  // a skipped value began or ended: go on in the other walk
  };

  // Walks the window's structurals from next_. Returns false if the parse ended (error,
  // handler stop, or the first value done with stop_after_value).
  bool walk() {
    cursor cur = load_cursor();
    walk_exit exit;
    if constexpr (can_skip) {
      const bool brackets_only = options_.skipped_values == skip_check::brackets_and_utf8;
      do {
        if (!skipping_) {
          exit = walk<false>(cur);
        } else {
          exit = brackets_only ? skip_brackets(cur) : walk<true>(cur);
        }
      } while (exit == walk_exit::mode_changed);
    } else {
      exit = walk<false>(cur);
    }
    store_cursor(cur);
    return exit == walk_exit::window_done;
  }

  // The walk proper: one label per grammar state, so that each token jumps straight to the
  // code for what may follow it (a switch on a state variable per token costs a dependent
  // load and an indirect jump each time). Every label first checks that a structural is
  // left in the window; if not, it records its state and returns, and the next window (or
  // the next feed) re-enters at the same label through the switch below.
  //
  // Skipping (walk<true>): the same grammar, the same checks and errors, with no event; numbers
  // are validated, not converted, and strings' escapes checked, not decoded. It runs from the
  // first structural of a skipped container until that container closes (the stack back to
  // skip_base_ frames); a skipped string or scalar is passed over inline by walk<false>.
  //
  // The walk starts on a 64-byte boundary: its speed depends on where its branches and loops
  // fall in the instruction cache lines, which otherwise moves with every change elsewhere in
  // the binary (the same walk code ran 8% apart in two builds that differed only in other
  // functions). Aligning it moved no parse task by more than 1.5% (best times, 7 rounds).
  template <bool Skip>
  [[gnu::aligned(64)]] walk_exit walk(cursor& cur) {
    const char* const base = chunk_ + window_begin_;
    const std::uint32_t* const pos = positions_.get();
    // Structurals at or past `limit` (the chunk's end) are not walked; the positions end with
    // end_of_positions, past every limit, so that one compare after each load finds either.
    const std::uint32_t limit = walk_limit_;
    std::size_t i = next_;
    std::uint32_t at = 0;
    char c = 0;
    std::size_t value_end = 0;  // in the window, for stop_after_value
    std::size_t scalar_length = 0;

    switch (cur.state) {
      case grammar_state::document_start:
      case grammar_state::value:
        goto value;
      case grammar_state::array_first:
        goto array_first;
      case grammar_state::array_next:
        goto array_next;
      case grammar_state::object_first:
        goto object_first;
      case grammar_state::object_key:
        goto object_key;
      case grammar_state::object_colon:
        goto object_colon;
      case grammar_state::object_next:
        goto object_next;
      case grammar_state::document_end:
        goto document_end;
    }

  value:  // value = object / array / string / number / true / false / null
    at = pos[i];
    if (at >= limit) {
      cur.state = stack_.empty() ? grammar_state::document_start : grammar_state::value;
      goto window_done;
    }
    c = base[at];
  value_at_c:
    if constexpr (!Skip && can_skip) {
      const skip_answer skip = ask_skip_next_value();
      if (skip != skip_answer::read) {  // pass over this value, with no event
        if (skip == skip_answer::value_and_rest && skips_rest_of_container(cur, i)) [[unlikely]]
          return walk_exit::mode_changed;
        if (c == '{' || c == '[') {  // walk<true> passes over the container
          if (stack_.size() >= options_.max_depth)
            return ended_by(fail(parse_errc::depth_limit, absolute(at)));
          if (!stack_.empty()) stack_.back().count = cur.count;
          skip_base_ = stack_.size();
          skipping_ = true;
          stack_.push_back(frame{c == '{', 0});
          cur.count = 0;
          cur.state = c == '{' ? grammar_state::object_first : grammar_state::array_first;
          next_ = i + 1;
          return walk_exit::mode_changed;
        }
        if (c == '"') {
          if (pos[i + 1] >= limit) [[unlikely]] {  // the closing quote is past the chunk
            cur.state = stack_.empty() ? grammar_state::document_start : grammar_state::value;
            suspend_in_string(at, pending_token::string, true);
            ++i;  // the closing quote, which resume_string() takes
            goto window_done;
          }
          const std::uint32_t close = pos[i + 1];
          if (!string_token<true>(base, at, close, /*is_key=*/false)) return walk_exit::ended;
          i += 2;
          value_end = close + 1;
          goto value_done;
        }
        // skip_check::brackets_and_utf8: a number or literal inside a container is not
        // looked at (its end is the next structural, whatever the chunks; a top-level one is
        // read whole, for stop_after_value's end). An operator here is still an error.
        if (options_.skipped_values == skip_check::brackets_and_utf8 && !stack_.empty() &&
            index::is_scalar_byte(static_cast<unsigned char>(c))) {
          ++i;
          goto value_done;
        }
        const std::size_t chunk_at = window_offset_in_chunk(at);
        const std::size_t length =
            scalar<true>(chunk_ + chunk_at, chunk_ + chunk_size_, token_end::open,
                         offset_in_chunk{chunk_ + chunk_at});
        if (length == npos) {
          if (failed_) return walk_exit::ended;
          cur.state = stack_.empty() ? grammar_state::document_start : grammar_state::value;
          pending_ = pending_token::scalar;
          pending_buffered_ = false;
          pending_skipped_ = true;
          pending_begin_ = chunk_at;
          ++i;  // (what follows is past the chunk)
          goto window_done;
        }
        ++i;
        value_end = at + length;
        goto value_done;
      }
    }
    switch (c) {
      case '{':
      case '[':
        if constexpr (!Skip && takes_flat_objects) {
          const std::size_t most = c == '{' ? handler_->flat_object_members() : 0;
          if (most != 0) {
            const std::size_t close = read_flat_object(base, pos, i, limit, most);
            if (close != 0) {
              const flat_object_result taken = handler_->on_flat_object(flat_->object);
              if (taken == flat_object_result::taken) {
                value_end = pos[close] + 1;
                i = close + 1;
                goto value_done;
              }
              if (taken == flat_object_result::stopped) return ended_by(stopped(absolute(at)));
            }
          }
        }
        if (stack_.size() >= options_.max_depth)
          return ended_by(fail(parse_errc::depth_limit, absolute(at)));
        if (!Skip && !stack_.empty()) stack_.back().count = cur.count;
        stack_.push_back(frame{c == '{', 0});
        cur.count = 0;
        ++i;
        if (c == '{') {
          if (!Skip && !handler_->on_object_begin()) return ended_by(stopped(absolute(at)));
          goto object_first;
        }
        if (!Skip && !handler_->on_array_begin()) return ended_by(stopped(absolute(at)));
        goto array_first;
      case '"': {
        if (pos[i + 1] >= limit) [[unlikely]] {  // the closing quote is past the chunk
          cur.state = stack_.empty() ? grammar_state::document_start : grammar_state::value;
          suspend_in_string(at, pending_token::string, Skip);
          ++i;
          goto window_done;
        }
        const std::uint32_t close = pos[i + 1];
        if (!string_token<Skip>(base, at, close, /*is_key=*/false)) return walk_exit::ended;
        i += 2;
        value_end = close + 1;
        goto value_done;
      }
      // Literals and numbers are told apart here, by the switch: scalar() would test the
      // byte again (9 instructions a number in canada.json).
      case 't':
      case 'f':
      case 'n':
        scalar_length = literal<Skip>(base + at, chunk_ + chunk_size_, token_end::open,
                                      offset_in_chunk{base + at});
        goto scalar_read;
      default:
        scalar_length = number<Skip>(base + at, chunk_ + chunk_size_, token_end::open,
                                     offset_in_chunk{base + at});
        goto scalar_read;
    }

  scalar_read : {
    const std::size_t chunk_at = window_offset_in_chunk(at);
    const std::size_t length = scalar_length;
    if (length == npos) {
      if (failed_) return walk_exit::ended;
      // Cut by the chunk end: it is the last structural of the chunk.
      cur.state = stack_.empty() ? grammar_state::document_start : grammar_state::value;
      pending_ = pending_token::scalar;
      pending_buffered_ = false;
      if constexpr (can_skip) pending_skipped_ = Skip;
      pending_begin_ = chunk_at;
      ++i;
      goto window_done;
    }
    ++i;
    value_end = at + length;
    goto value_done;
  }

  value_done:
    if constexpr (Skip) {
      if (stack_.size() == skip_base_) return skipped_value_done(cur, i, value_end);
    }
    if (stack_.empty()) [[unlikely]] {
      ++values_completed_;
      cur.state = grammar_state::document_end;
      if (options_.stop_after_value) {
        done_ = true;
        stop_at_ = absolute(value_end);
        next_ = i;
        return walk_exit::ended;
      }
      goto document_end;
    }
    if (stack_.back().is_object) goto object_next;
    goto array_next;

  object_first:  // after '{': a key or '}'
    at = pos[i];
    if (at >= limit) {
      cur.state = grammar_state::object_first;
      goto window_done;
    }
    c = base[at];
    if (c == '}') goto close_container;
    if (c != '"') return ended_by(fail(parse_errc::expected_key, absolute(at)));
    if constexpr (!Skip) cur.count = 1;  // (counts are not kept while skipping)
    goto key;

  object_key:  // after ',' in an object: a key
    at = pos[i];
    if (at >= limit) {
      cur.state = grammar_state::object_key;
      goto window_done;
    }
    c = base[at];
    if (c != '"') return ended_by(fail(parse_errc::expected_key_after_comma, absolute(at)));
  key : {
    if (pos[i + 1] >= limit) [[unlikely]] {  // the closing quote is past the chunk
      cur.state = grammar_state::object_key;
      suspend_in_string(at, pending_token::key, Skip);
      ++i;
      goto window_done;
    }
    const std::uint32_t close = pos[i + 1];
    if (!string_token<Skip>(base, at, close, /*is_key=*/true)) return walk_exit::ended;
    i += 2;
  }

  object_colon:  // member = string ':' value
    at = pos[i];
    if (at >= limit) {
      cur.state = grammar_state::object_colon;
      goto window_done;
    }
    c = base[at];
    if (c != ':') return ended_by(fail(parse_errc::expected_colon, absolute(at)));
    ++i;
    if constexpr (!takes_empty_containers) {
      goto value;
    } else {
      // A member's value, for a handler that takes empty containers whole: as any value,
      // but one written "[]" or "{}" (its closing byte right after it) is delivered here,
      // with no frame and no state between its two events. Most arrays of some documents
      // are empty members: 8,695 of citm_catalog.json's 10,451, 746 of twitter.json's 1,057.
      // Only members are looked at: the same check on every value (canada.json's 56,045
      // pairs of coordinates are array elements) made its typed decode 3-5% slower.
      at = pos[i];
      if (at >= limit) {
        cur.state = grammar_state::value;
        goto window_done;
      }
      c = base[at];
      // '[' | 0x20 is '{'; '[' + 2 is ']', '{' + 2 is '}'.
      if ((c | 0x20) == '{' && at + 1 < limit && base[at + 1] == c + 2) {
        // The depth limit first: it holds for a skipped container too.
        if (stack_.size() >= options_.max_depth)
          return ended_by(fail(parse_errc::depth_limit, absolute(at)));
        if constexpr (!Skip && can_skip) {
          const skip_answer skip = ask_skip_next_value();
          if (skip != skip_answer::read) {  // passed over, as walk<true> would
            if (skip == skip_answer::value_and_rest && skips_rest_of_container(cur, i)) [[unlikely]]
              return walk_exit::mode_changed;
            i += 2;
            value_end = at + 2;
            goto value_done;
          }
        }
        if (!Skip && !deliver_empty_container(c == '{', at, at + 1)) return walk_exit::ended;
        i += 2;  // the two brackets
        value_end = at + 2;
        goto value_done;
      }
      goto value_at_c;
    }

  object_next:  // after a member: ',' or '}'
    at = pos[i];
    if (at >= limit) {
      cur.state = grammar_state::object_next;
      goto window_done;
    }
    c = base[at];
    if (c == ',') {
      if constexpr (!Skip) ++cur.count;
      ++i;
      goto object_key;
    }
    if (c == '}') goto close_container;
    return ended_by(fail(parse_errc::expected_object_comma, absolute(at)));

  array_first:  // after '[': a value or ']'
    at = pos[i];
    if (at >= limit) {
      cur.state = grammar_state::array_first;
      goto window_done;
    }
    c = base[at];
    if (c == ']') goto close_container;
    if constexpr (!Skip) cur.count = 1;
    goto element_at_c;

  array_next:  // after an element: ',' or ']'
    at = pos[i];
    if (at >= limit) {
      cur.state = grammar_state::array_next;
      goto window_done;
    }
    c = base[at];
    if (c == ',') {
      if constexpr (!Skip) ++cur.count;
      ++i;
      goto element;
    }
    if (c == ']') goto close_container;
    return ended_by(fail(parse_errc::expected_array_comma, absolute(at)));

  element:  // an array's element: a value, numbers read here
    at = pos[i];
    if (at >= limit) {
      cur.state = grammar_state::value;
      goto window_done;
    }
    c = base[at];
  element_at_c:
    // A number in an array (canada.json's coordinates, rows of samples, lists of ids) goes
    // straight back to array_next: after it the innermost container is this array, so
    // value_done's two tests of the stack are known, and the switch in `value` is two compares
    // here. Handlers that may skip an element are asked first, in `value`. Paired runs against
    // the walk through `value` (compare_builds.py, Xeon, avx512, 9 rounds on one CPU):
    // sax_whole canada 0.94x the time, small 0.94x; parse_dom small 0.97x, canada 1.01x;
    // decode_typed twitter 0.97x (its skipped members); twitter and citm_catalog within 2%.
    // Tried and dropped: telling number() that the first byte is checked (3% fewer
    // instructions on canada's DOM parse, 6% longer), strings read here too, or members'
    // numbers and strings (canada's DOM parse 4% and 11% more instructions: the register
    // allocation of the whole walk got worse).
    if constexpr (Skip || !can_skip) {
      if (c == '-' || is_digit(c)) {
        scalar_length = number<Skip>(base + at, chunk_ + chunk_size_, token_end::open,
                                     offset_in_chunk{base + at});
        if (scalar_length == npos) goto scalar_read;
        ++i;
        goto array_next;
      }
    }
    goto value_at_c;

  close_container : {  // '}' or ']' (the caller checked it matches the innermost container)
    const bool is_object = stack_.back().is_object;
    stack_.pop_back();
    const bool go_on = Skip || (is_object ? handler_->on_object_end(cur.count)
                                          : handler_->on_array_end(cur.count));
    cur.count = stack_.empty() ? 0 : stack_.back().count;
    if (!go_on) return ended_by(stopped(absolute(at)));
    ++i;
    value_end = at + 1;
    goto value_done;
  }

  document_end:  // JSON-text = ws value ws (several values by option)
    at = pos[i];
    if (at >= limit) {
      cur.state = grammar_state::document_end;
      goto window_done;
    }
    c = base[at];
    if (!options_.multiple_values)
      return ended_by(fail(parse_errc::trailing_content, absolute(at)));
    goto value_at_c;

  window_done:
    next_ = i;
    return walk_exit::window_done;
  }

  static walk_exit ended_by(bool) noexcept { return walk_exit::ended; }

  // Skipping with skip_check::brackets_and_utf8 (simdjson On-Demand's guarantee): from the
  // first structural inside a skipped container until it closes, only brackets are looked at,
  // each opening one pushed (the depth limit holds) and each closing one checked against the
  // innermost open container; quotes, commas, colons and the first bytes of scalars pass by
  // uninspected. The indexer has already checked the UTF-8 and control bytes of every byte and
  // left brackets inside strings out of the positions, so this is all that remains. A cut by a
  // chunk end needs no pending token: the next structural is in the next window whatever the
  // cut. The loop costs 12 instructions a structural (callgrind, the containers of
  // twitter.json's unknown members); with the member scalars passed over too, a partial typed
  // decode of twitter.json ran 9% fewer instructions than with full validation.
  walk_exit skip_brackets(cursor& cur) {
    const char* const base = chunk_ + window_begin_;
    const std::uint32_t* const pos = positions_.get();
    const std::uint32_t limit = walk_limit_;
    std::size_t i = next_;
    for (;;) {
      const std::uint32_t at = pos[i];
      if (at >= limit) {
        // (A snapshot reads the state only below skip_base_, as in walk<true>.)
        cur.state =
            stack_.back().is_object ? grammar_state::object_next : grammar_state::array_next;
        next_ = i;
        return walk_exit::window_done;
      }
      const char c = base[at];
      ++i;
      if ((c | 0x20) == '{') {  // '[' | 0x20 is '{'
        if (stack_.size() >= options_.max_depth)
          return ended_by(fail(parse_errc::depth_limit, absolute(at)));
        stack_.push_back(frame{c == '{', 0});
        continue;
      }
      if ((c | 0x20) != '}') continue;  // ']' | 0x20 is '}'
      const bool is_object = stack_.back().is_object;
      if (is_object != (c == '}'))
        return ended_by(
            fail(is_object ? parse_errc::expected_object_comma : parse_errc::expected_array_comma,
                 absolute(at)));
      stack_.pop_back();
      if (stack_.size() != skip_base_) continue;
      cur.count = stack_.empty() ? 0 : stack_.back().count;  // (walk<true>: close_container)
      return skipped_value_done(cur, i, at + 1);
    }
  }

  // The handler's skip_next_value(), as a skip_answer whatever it returns: one question says
  // both whether to skip and how much (a separate hook for the rest would be a second call
  // after every skip).
  skip_answer ask_skip_next_value() {
    if constexpr (can_skip_rest) {
      return handler_->skip_next_value();
    } else {
      return handler_->skip_next_value() ? skip_answer::value : skip_answer::read;
    }
  }

  // skip_answer::value_and_rest for the value at structural i: the skipping walk takes over
  // from that value, with the innermost container's own frame as its base: it stays on the
  // stack (the depth limit and the bracket check hold as in a full parse, and a snapshot
  // leaves it out, as the handler does) and the skip ends when it closes, with no end event.
  // The value itself is walked there from its first structural, in the `value` state. False
  // at the top level (no container: the value alone is passed over).
  [[gnu::cold, gnu::noinline]] bool skips_rest_of_container(cursor& cur, std::size_t i) {
    if (stack_.empty()) return false;
    skip_base_ = stack_.size() - 1;
    skipping_ = true;
    cur.state = grammar_state::value;
    next_ = i;
    return true;
  }

  // The skipped value ending at window offset `value_end` is complete (the stack back to
  // skip_base_ frames), the next structural at `i`: on in walk<false> after it, or the end of
  // the parse (stop_after_value).
  walk_exit skipped_value_done(cursor& cur, std::size_t i, std::size_t value_end) {
    skipping_ = false;
    next_ = i;
    if (!stack_.empty()) {
      cur.state = stack_.back().is_object ? grammar_state::object_next : grammar_state::array_next;
      return walk_exit::mode_changed;
    }
    ++values_completed_;
    cur.state = grammar_state::document_end;
    if (options_.stop_after_value) {
      done_ = true;
      stop_at_ = absolute(value_end);
      return walk_exit::ended;
    }
    return walk_exit::mode_changed;
  }

  // The events of an empty container whose bytes are at window offsets `open` and `close`
  // (one call for a handler that takes it whole); false if the handler stopped (at the byte
  // of the event it refused).
  [[gnu::always_inline]] bool deliver_empty_container(bool is_object, std::uint32_t open,
                                                      std::uint32_t close) {
    if constexpr (takes_empty_containers) {
      jsonx::empty_container taken = jsonx::empty_container::as_events;
      if constexpr (handler_with_empty_objects<H>) {
        if (is_object) taken = handler_->on_empty_object();
      }
      if constexpr (handler_with_empty_arrays<H>) {
        if (!is_object) taken = handler_->on_empty_array();
      }
      if (taken == jsonx::empty_container::taken) return true;
      if (taken == jsonx::empty_container::stopped) return stopped(absolute(open));
    }
    if (is_object) {
      if (!handler_->on_object_begin()) return stopped(absolute(open));
      if (!handler_->on_object_end(0)) return stopped(absolute(close));
    } else {
      if (!handler_->on_array_begin()) return stopped(absolute(open));
      if (!handler_->on_array_end(0)) return stopped(absolute(close));
    }
    return true;
  }

  // ---- flat objects (handler_with_flat_objects, jsonx/sax/flat_object.hpp) ----

  // Reads the object whose '{' is structural i into flat_->object if it is flat: returns the
  // index of its '}', or 0 if it is not offered: not flat, empty, with more than
  // `most_members` members, not wholly before `limit`, beyond a limit, or not exactly valid.
  // Nothing is reported here: the events of an object not offered find its errors, as for any
  // other.
  //   object = '{' member *( ',' member ) '}'   member = string ':' value
  //   value  = scalar / string / '[' [ item *( ',' item ) ] ']'   item = scalar / string
  std::size_t read_flat_object(const char* base, const std::uint32_t* pos, std::size_t i,
                               std::uint32_t limit, std::size_t most_members) {
    most_members = std::min(most_members, flat_object::max_members);
    if (stack_.size() + 2 > options_.max_depth) return 0;  // the object and an array in it
    if (!flat_) flat_ = std::make_unique<flat_storage>();
    flat_object& object = flat_->object;
    // The counts in locals, stored once at the end (through the object, every add was a
    // store and a reload).
    flat_member* const members = object.member_storage();
    flat_token* const items = object.element_storage();
    std::size_t member_count = 0;
    std::size_t item_count = 0;
    std::size_t j = i + 1;
    std::uint32_t at = pos[j];
    for (;;) {
      if (at >= limit || base[at] != '"' || member_count == most_members) return 0;
      flat_member& member = members[member_count++];
      if (!flat_string(base, pos, j, limit, member.key, member.key_escaped)) return 0;
      j += 2;
      at = pos[j];
      if (at >= limit || base[at] != ':') return 0;
      at = pos[++j];
      if (at >= limit) return 0;
      flat_token& value = member.value;
      if (base[at] == '[') {
        value.what = flat_token::kind::array;
        value.first_element = static_cast<std::uint32_t>(item_count);
        at = pos[++j];
        if (at >= limit) return 0;
        if (base[at] != ']') {
          for (;;) {
            if (at >= limit || item_count == flat_object::max_elements ||
                !flat_scalar(base, pos, j, limit, items[item_count]))
              return 0;
            ++item_count;
            at = pos[j];
            if (at >= limit) return 0;
            if (base[at] == ']') break;
            if (base[at] != ',') return 0;
            at = pos[++j];
          }
        }
        value.element_count = static_cast<std::uint32_t>(item_count) - value.first_element;
        at = pos[++j];  // after the ']'
      } else {
        if (!flat_scalar(base, pos, j, limit, value)) return 0;
        at = pos[j];
      }
      if (at >= limit) return 0;
      if (base[at] == '}') {
        object.set_sizes(member_count, item_count);
        return j;
      }
      if (base[at] != ',') return 0;
      at = pos[++j];
    }
  }

  // The string whose quotes are structurals j and j + 1 (the first checked by the caller):
  // its raw bytes, and whether it has escapes (then checked). False if it is not offered.
  [[gnu::always_inline]] bool flat_string(const char* base, const std::uint32_t* pos, std::size_t j,
                                          std::uint32_t limit, std::string_view& text,
                                          bool& escaped) {
    const std::uint32_t open = pos[j];
    const std::uint32_t close = pos[j + 1];
    if (close >= limit) return false;
    const std::size_t length = close - open - 1;
    if (length > options_.max_token_size) return false;
    text = std::string_view(base + open + 1, length);
    escaped = escaped_end(close);
    return !escaped ||
           validate_escapes(text.data(), text.data() + length, false).error == parse_errc::ok;
  }

  // The scalar or string at structural j into `token`; j moves past it. False if not offered
  // (an object or array, anything invalid or cut by the chunk's end).
  [[gnu::always_inline]] bool flat_scalar(const char* base, const std::uint32_t* pos,
                                          std::size_t& j, std::uint32_t limit, flat_token& token) {
    const char* const p = base + pos[j];
    const char* const chunk_end = chunk_ + chunk_size_;
    const char c = *p;
    if (c == '"') {
      token.what = flat_token::kind::string;
      if (!flat_string(base, pos, j, limit, token.text, token.escaped)) return false;
      j += 2;
      return true;
    }
    if (c == 't' || c == 'f' || c == 'n') {
      // As literal(): the word, then a byte that cannot continue it, both in the chunk.
      const std::size_t length = c == 'f' ? 5 : 4;
      if (static_cast<std::size_t>(chunk_end - p) <= length) return false;
      const std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
      if (std::string_view(p, length) != word ||
          index::is_scalar_byte(static_cast<unsigned char>(p[length])))
        return false;
      token.what = c == 'n' ? flat_token::kind::null : flat_token::kind::boolean;
      token.boolean = c == 't';
      ++j;
      return true;
    }
    if (c != '-' && !is_digit(c)) return false;
    number_result r;
    parse_number<true>(p, chunk_end, token_end::open, r);
    const auto length = static_cast<std::size_t>(r.end - p);
    if (length > options_.max_token_size) return false;
    token.text = std::string_view(p, length);
    switch (r.kind) {
      case number_kind::int64:
        token.what = flat_token::kind::int64;
        token.i = r.i;
        break;
      case number_kind::uint64:
        token.what = flat_token::kind::uint64;
        token.u = r.u;
        break;
      case number_kind::float64:
        token.what = flat_token::kind::float64;
        token.d = r.d;
        break;
      case number_kind::big:
        token.what = flat_token::kind::big_number;
        break;
      default:  // invalid, or cut by the chunk's end
        return false;
    }
    ++j;
    return true;
  }

  // A string or key whose closing quote is not in this window: it continues in the next
  // window of this chunk, or in the next chunk.
  void suspend_in_string(std::uint32_t open, pending_token kind, bool skipped) noexcept {
    pending_ = kind;
    pending_buffered_ = false;
    if constexpr (can_skip) pending_skipped_ = skipped;
    pending_begin_ = window_offset_in_chunk(open) + 1;
  }

  // The string between the quotes at window offsets `open` and `close`: delivered, or
  // checked only if Skip.
  // (This, deliver_string, literal() and number() are forced inline: in a translation unit
  // that instantiates many parsers (the stream decoder's), GCC's growth limits left them out
  // of line, and with them the handler's callbacks. NDJSON of twitter statuses to documents:
  // 130.5M -> 110.7M instructions for 11.2 MB, with the builder's text_node forced inline too.)
  // `base` is the window's first byte (the walk holds it in a register: from chunk_ and
  // window_begin_ the members were loaded again for every string).
  template <bool Skip>
  [[gnu::always_inline]] bool string_token(const char* base, std::uint32_t open,
                                           std::uint32_t close, bool is_key) {
    const char* const text = base + open + 1;
    if constexpr (Skip) {
      return check_skipped_string(text, close - open - 1, escaped_end(close),
                                  offset_in_chunk{text});
    } else {
      return deliver_string(text, close - open - 1, escaped_end(close), offset_in_chunk{text},
                            is_key);
    }
  }

  bool escaped_end(std::uint32_t close) const noexcept {
    return (escape_words_[close / 64] >> (close % 64)) & 1;
  }

  // Delivers a complete string: as a view if it needs no unescaping, else unescaped.
  // `offset`: the absolute offset of p[0]; `start`, of the string's first byte (they differ
  // when parts of it were delivered before), 0 for `offset`.
  template <class Offset>
  [[gnu::always_inline]] bool deliver_string(const char* p, std::size_t length, bool escaped,
                                             Offset offset, bool is_key, std::uint64_t start = 0) {
    if (length > options_.max_token_size && !takes_parts)
      return fail(parse_errc::token_size_limit, offset_value(offset) - 1);
    std::string_view text(p, length);
    if (escaped) {
      unescaped_.clear();
      unescape_result r = unescape_string(p, p + length, unescaped_, false);
      if (r.error != parse_errc::ok) return fail(r.error, offset_value(offset) + r.error_at);
      text = unescaped_;
    } else if constexpr (has_verbatim_strings) {
      const bool go_on =
          is_key ? handler_->on_key_verbatim(text) : handler_->on_string_verbatim(text);
      return go_on || stopped(offset_value(offset) - 1);
    }
    const bool go_on = is_key ? handler_->on_key(text) : handler_->on_string(text);
    return go_on || stopped((start != 0 ? start : offset_value(offset)) - 1);
  }

  // A string or key the handler skips: the checks deliver_string() makes, with no unescaping
  // (its UTF-8 was checked by the indexer) and no event.
  template <class Offset>
  bool check_skipped_string(const char* p, std::size_t length, bool escaped, Offset offset) {
    if (length > options_.max_token_size && !takes_parts)
      return fail(parse_errc::token_size_limit, offset_value(offset) - 1);
    if (escaped) {
      const unescape_result r = validate_escapes(p, p + length, false);
      if (r.error != parse_errc::ok) return fail(r.error, offset_value(offset) + r.error_at);
    }
    return true;
  }

  // After a complete value ending at absolute offset `end`, outside the walk (a string or
  // number completed across chunks).
  bool after_value(std::uint64_t end) {
    if (!stack_.empty()) {
      state_ = stack_.back().is_object ? grammar_state::object_next : grammar_state::array_next;
      return true;
    }
    state_ = grammar_state::document_end;
    ++values_completed_;
    if (options_.stop_after_value) {
      done_ = true;
      stop_at_ = end;
      return false;
    }
    return true;
  }

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  // A number or literal at p (absolute offset `offset`), readable up to `limit`. Returns its
  // length, or npos if it needs more input (end is open) or failed (failed_ set). Skip: the
  // same checks, no event and no conversion.
  template <bool Skip, class Offset>
  std::size_t scalar(const char* p, const char* limit, token_end end, Offset offset) {
    const char c = *p;
    if (c == 't' || c == 'f' || c == 'n') return literal<Skip>(p, limit, end, offset);
    return number<Skip>(p, limit, end, offset);
  }

  // The literal (true, false or null) at p, whose first byte is 't', 'f' or 'n'; as scalar().
  template <bool Skip, class Offset>
  [[gnu::always_inline]] std::size_t literal(const char* p, const char* limit, token_end end,
                                             Offset offset) {
    const char c = *p;
    {
      const char* word = c == 't' ? "true" : c == 'f' ? "false" : "null";
      const std::size_t length = c == 'f' ? 5 : 4;
      const std::size_t available = static_cast<std::size_t>(limit - p);
      bool matches;
      if (available >= 5) {
        // Four bytes as one integer ("fals" for false, then its 'e').
        std::uint32_t got, want;
        std::memcpy(&got, p, 4);
        std::memcpy(&want, word, 4);
        matches = got == want && (length == 4 || p[4] == 'e');
      } else {
        matches = std::memcmp(p, word, std::min(length, available)) == 0;
      }
      if (!matches) {
        fail(parse_errc::invalid_literal, offset_value(offset));
        return npos;
      }
      if (available <= length) {
        if (end == token_end::open) return npos;
        if (available < length) {  // "tru" then a delimiter, or then the end of input
          if (end == token_end::delimited)
            fail(parse_errc::invalid_literal, offset_value(offset));
          else
            fail(parse_errc::incomplete_input, offset_value(offset) + available);
          return npos;
        }
      } else if (index::is_scalar_byte(static_cast<unsigned char>(p[length]))) {
        fail(parse_errc::invalid_literal, offset_value(offset));
        return npos;
      }
      if constexpr (Skip) return length;
      const bool go_on = c == 't'   ? handler_->on_bool(true)
                         : c == 'f' ? handler_->on_bool(false)
                                    : handler_->on_null();
      if (!go_on) {
        stopped(offset_value(offset));
        return npos;
      }
      return length;
    }
  }

  // The number at p (or expected_value if p holds no number's first byte); as scalar().
  template <bool Skip, class Offset>
  [[gnu::always_inline]] std::size_t number(const char* p, const char* limit, token_end end,
                                            Offset offset) {
    const char c = *p;
    if (c != '-' && !is_digit(c)) {
      fail(parse_errc::expected_value, offset_value(offset));
      return npos;
    }
    if constexpr (!numbers_as_text && !Skip) {
      // The commonest numbers (see short_number) go from registers to the event.
      if (limit - p >= short_number_reach) {
        const short_number_result s = short_number(p);
        if (s.end != nullptr) {
          const std::string_view text(p, static_cast<std::size_t>(s.end - p));
          if (text.size() > options_.max_token_size) {
            fail(parse_errc::token_size_limit, offset_value(offset));
            return npos;
          }
          const bool go_on = s.is_double
                                 ? handler_->on_double(std::bit_cast<double>(s.bits), text)
                                 : handler_->on_int64(static_cast<std::int64_t>(s.bits), text);
          if (!go_on) {
            stopped(offset_value(offset));
            return npos;
          }
          return text.size();
        }
      }
    }
    number_result r;
    // Handlers that take numbers as text (the writer, raw capture) need no values.
    parse_number<!numbers_as_text && !Skip, false>(p, limit, end, r);
    const std::string_view text(p, static_cast<std::size_t>(r.end - p));
    if (text.size() > options_.max_token_size) {
      fail(parse_errc::token_size_limit, offset_value(offset));
      return npos;
    }
    if constexpr (Skip) {
      switch (r.kind) {
        case number_kind::incomplete:
          return npos;
        case number_kind::truncated:
          fail(parse_errc::incomplete_input, offset_value(offset) + text.size());
          return npos;
        case number_kind::invalid:
          fail(parse_errc::invalid_number, offset_value(offset) + text.size());
          return npos;
        default:
          return text.size();
      }
    }
    bool go_on = true;
    switch (r.kind) {
      case number_kind::incomplete:
        return npos;
      case number_kind::truncated:
        fail(parse_errc::incomplete_input, offset_value(offset) + text.size());
        return npos;
      case number_kind::invalid:
        fail(parse_errc::invalid_number, offset_value(offset) + text.size());
        return npos;
      // (The same dispatch as deliver_number()'s, written out: calling it here, after this
      // switch, made a second switch on the kind, 2% more instructions on canada.json.)
      case number_kind::int64:
        go_on = numbers_as_text ? handler_->on_number_text(text) : handler_->on_int64(r.i, text);
        break;
      case number_kind::uint64:
        go_on = numbers_as_text ? handler_->on_number_text(text) : handler_->on_uint64(r.u, text);
        break;
      case number_kind::float64:
        go_on = numbers_as_text ? handler_->on_number_text(text) : handler_->on_double(r.d, text);
        break;
      case number_kind::big:
        go_on = deliver_number(*handler_, r, text);
        break;
    }
    if (!go_on) {
      stopped(offset_value(offset));
      return npos;
    }
    return text.size();
  }

  // The event of a number to `to`, by its number switches (Sink is the parser's handler, or a
  // snapshot's sink). False if the handler stopped, or if r is no number (incomplete,
  // truncated, invalid: no event).
  template <class Sink>
  [[gnu::always_inline]] static bool deliver_number(Sink& to, const number_result& r,
                                                    std::string_view text) {
    constexpr bool as_text = numbers_as_text_of<Sink>();
    switch (r.kind) {
      case number_kind::int64:
        return as_text ? to.on_number_text(text) : to.on_int64(r.i, text);
      case number_kind::uint64:
        return as_text ? to.on_number_text(text) : to.on_uint64(r.u, text);
      case number_kind::float64:
        return as_text ? to.on_number_text(text) : to.on_double(r.d, text);
      case number_kind::big: {
        const bool integer = text.find_first_of(".eE") == std::string_view::npos;
        if (big_integers_as_double_of<Sink>() && integer && !as_text)
          return to.on_double(big_integer_to_double(text.data(), r.end), text);
        return to.on_number_text(text);
      }
      default:
        return false;
    }
  }

  // ---- tokens cut by a chunk end ----------------------------------------------------------

  void save_pending_at_chunk_end() {
    if (pending_ == pending_token::none) return;
    if (!pending_buffered_) {
      token_.assign(chunk_ + pending_begin_, chunk_size_ - pending_begin_);
      token_offset_ = chunk_offset_ + pending_begin_;
      pending_token_start_ = token_offset_;
      pending_buffered_ = true;
    } else if (pending_ != pending_token::scalar) {
      // (A scalar's continuation was appended by resume_scalar.)
      token_.append(chunk_, chunk_size_);
    }
    if constexpr (takes_parts) {
      if (pending_ != pending_token::scalar) {
        flush_string_part();
        return;
      }
    }
    if (token_.size() > options_.max_token_size)
      fail(parse_errc::token_size_limit,
           pending_ == pending_token::scalar ? token_offset_ : token_offset_ - 1);
  }

  // Delivers the unescaped part of token_ that is complete (no escape or UTF-8 sequence
  // cut at its end) as a string or key part, keeping the rest in token_.
  void flush_string_part() {
    std::size_t usable =
        token_.size() - incomplete_utf8_suffix(token_.data(), token_.data() + token_.size());
    if (can_skip && pending_skipped_) {  // checked, not delivered
      const unescape_result r = validate_escapes(token_.data(), token_.data() + usable, true);
      if (r.error != parse_errc::ok) {
        fail(r.error, token_offset_ + r.error_at);
        return;
      }
      if (!cut_string_tail_may_continue(r.consumed)) return;
      token_.erase(0, r.consumed);
      token_offset_ += r.consumed;
      return;
    }
    unescaped_.clear();
    unescape_result r = unescape_string(token_.data(), token_.data() + usable, unescaped_, true);
    if (r.error != parse_errc::ok) {
      fail(r.error, token_offset_ + r.error_at);
      return;
    }
    if (!cut_string_tail_may_continue(r.consumed)) return;
    if (!unescaped_.empty()) {
      const bool go_on = pending_ == pending_token::key ? handler_->on_key_part(unescaped_)
                                                        : handler_->on_string_part(unescaped_);
      if (!go_on) {
        stopped(pending_token_start_ - 1);  // at the opening quote, wherever the cut fell
        return;
      }
    }
    token_.erase(0, r.consumed);
    token_offset_ += r.consumed;
  }

  // The end of a string (or key) in token_, cut by the chunk end: false (failed) if no byte
  // can continue it, with the error and offset a parse of more bytes reports, in byte order.
  // An escape cut by the UTF-8 sequence open at the cut must be possible (a backslash or "\u"
  // followed by a byte of 0x80 or more is invalid whatever follows), and the sequence must
  // begin a valid one (the indexer judges it only with the bytes that follow; it reports the
  // first byte that cannot continue it, the byte after the lead for an impossible lead).
  // `cut_escape_at`: where the walk over the escapes of the bytes before the sequence stopped
  // (an escape cut there), or their end. (Only at chunk ends, and only costs anything when a
  // sequence is open there.)
  bool cut_string_tail_may_continue(std::size_t cut_escape_at) {
    const char* begin = token_.data();
    const char* end = begin + token_.size();
    const std::size_t open = incomplete_utf8_suffix(begin, end);
    if (open == 0) return true;
    if (cut_escape_at < token_.size() - open) {  // an escape reaches the sequence
      const unescape_result r = validate_escapes(begin + cut_escape_at, end, true);
      if (r.error != parse_errc::ok)
        return fail(r.error, token_offset_ + cut_escape_at + r.error_at);
    }
    const std::size_t viable = utf8_viable_prefix(end - open, end);
    if (viable == open) return true;
    return fail(parse_errc::invalid_utf8,
                token_offset_ + (token_.size() - open) + std::max<std::size_t>(viable, 1));
  }

  // A number or literal cut by the previous chunk end: its continuation is the run of scalar
  // bytes at the start of this chunk.
  bool resume_scalar() {
    std::size_t end = 0;
    while (end < chunk_size_ && index::is_scalar_byte(static_cast<unsigned char>(chunk_[end])))
      ++end;
    token_.append(chunk_, end);
    if (end == chunk_size_) {
      if (token_.size() > options_.max_token_size) {
        fail(parse_errc::token_size_limit, token_offset_);
        return false;
      }
      // Still cut: the whole chunk continues it (run_chunk indexes it). What is there is
      // checked now, as it is when the token lies in one chunk ("[-N" fed as "[-" and "N" is
      // an invalid number at once, not at the next delimiter): a snapshot must not keep it.
      return cut_scalar_may_continue();
    }
    pending_ = pending_token::none;
    return finish_scalar_from_token(token_end::delimited);
  }

  // The number or literal in token_, cut by the chunk end: false (failed) if no byte can
  // complete it, with the error and offset a whole-buffer parse gives.
  bool cut_scalar_may_continue() {
    const char* p = token_.data();
    const char first = *p;
    if (first == 't' || first == 'f' || first == 'n') {
      const std::string_view word = first == 't' ? "true" : first == 'f' ? "false" : "null";
      if (token_.size() <= word.size() && word.starts_with(token_)) return true;
      return fail(parse_errc::invalid_literal, token_offset_);
    }
    number_result r;
    parse_number<false>(p, p + token_.size(), token_end::open, r);
    if (r.kind != number_kind::invalid) return true;
    return fail(parse_errc::invalid_number, token_offset_ + static_cast<std::uint64_t>(r.end - p));
  }

  bool finish_scalar_from_token(token_end end) {
    const char* p = token_.data();
    const std::size_t length = can_skip && pending_skipped_
                                   ? scalar<true>(p, p + token_.size(), end, token_offset_)
                                   : scalar<false>(p, p + token_.size(), end, token_offset_);
    pending_ = pending_token::none;
    if (length == npos) return false;
    return after_value(token_offset_ + length);
  }

  // A string (or key) continued in this window: its closing quote is the first structural.
  bool resume_string() {
    const bool is_key = pending_ == pending_token::key;
    // The closing quote is the next structural, unless the window's part in the chunk is wholly
    // inside the string.
    if (positions_[next_] >= walk_limit_) return true;
    const std::uint32_t close = positions_[next_];
    ++next_;
    const std::size_t end = window_offset_in_chunk(close);
    pending_ = pending_token::none;
    bool ok;
    if (can_skip && pending_skipped_) {
      if (pending_buffered_) {
        // (With parts, the part before token_ is checked already: what is left is checked.)
        token_.append(chunk_, end);
        ok = check_skipped_string(token_.data(), token_.size(), true, token_offset_);
      } else {
        ok = check_skipped_string(chunk_ + pending_begin_, end - pending_begin_, escaped_end(close),
                                  chunk_offset_ + pending_begin_);
      }
    } else if (!pending_buffered_) {
      ok = deliver_string(chunk_ + pending_begin_, end - pending_begin_, escaped_end(close),
                          chunk_offset_ + pending_begin_, is_key);
    } else {
      token_.append(chunk_, end);
      if constexpr (takes_parts) {
        // Parts went before (token_offset_ moved past them): a stop is still reported at the
        // opening quote, as for a string delivered whole.
        ok = deliver_string(token_.data(), token_.size(), true, token_offset_, is_key,
                            pending_token_start_);
      } else {
        ok =
            deliver_string(token_.data(), token_.size(), escaped_end(close), token_offset_, is_key);
      }
    }
    if (!ok) return false;
    if (is_key) {
      state_ = grammar_state::object_colon;
      return true;
    }
    return after_value(chunk_offset_ + end + 1);
  }

  // The indexer stopped at an error: report it, unless a pending number or literal running
  // into it is invalid first (as the whole-buffer parse would find).
  void report_index_error() {
    if (failed_) return;
    if (pending_ == pending_token::scalar) {
      const char* p = pending_buffered_ ? token_.data() : chunk_ + pending_begin_;
      std::string joined;
      if (pending_buffered_) {
        joined = token_;
        std::size_t end = 0;
        while (end < chunk_size_ && index::is_scalar_byte(static_cast<unsigned char>(chunk_[end])))
          ++end;
        joined.append(chunk_, end);
        p = joined.data();
      }
      const char* limit = pending_buffered_ ? p + joined.size() : chunk_ + chunk_size_;
      const std::uint64_t offset =
          pending_buffered_ ? token_offset_ : chunk_offset_ + pending_begin_;
      if (*p == '-' || is_digit(*p)) {
        number_result r;
        parse_number<false>(p, limit, token_end::open, r);  // validity only
        if (r.kind == number_kind::invalid) {
          fail(parse_errc::invalid_number, offset + static_cast<std::uint64_t>(r.end - p));
          return;
        }
      } else {
        fail(parse_errc::invalid_literal, offset);
        return;
      }
    }
    const std::uint64_t error_at = absolute(window_index_.error_offset);
    if (pending_ == pending_token::string || pending_ == pending_token::key) {
      if (pending_string_has_bad_escape(error_at)) return;
    }
    fail(to_parse_errc(window_index_.error), error_at);
  }

  // Errors are reported in byte order: before blaming the end of input or a byte the indexer
  // rejected, look for a bad escape earlier in the open string (bytes up to absolute `upto`).
  // Whether the string then arrives whole or in parts, the verdict is the same.
  bool pending_string_has_bad_escape(std::uint64_t upto) {
    std::string joined;
    std::uint64_t origin;
    if (pending_buffered_) {
      joined = token_;
      origin = token_offset_;
      if (chunk_ != nullptr && upto > chunk_offset_)
        joined.append(chunk_, static_cast<std::size_t>(
                                  std::min<std::uint64_t>(upto - chunk_offset_, chunk_size_)));
    } else {
      origin = chunk_offset_ + pending_begin_;
      joined.assign(chunk_ + pending_begin_, static_cast<std::size_t>(upto - origin));
    }
    if (joined.size() > upto - origin) joined.resize(static_cast<std::size_t>(upto - origin));
    std::string scratch;
    const unescape_result r =
        unescape_string(joined.data(), joined.data() + joined.size(), scratch, true);
    if (r.error == parse_errc::ok) return false;
    fail(r.error, origin + r.error_at);
    return true;
  }

  // ---- errors -----------------------------------------------------------------------------

  bool stopped(std::uint64_t offset) { return fail(parse_errc::stopped_by_handler, offset); }

  bool fail(parse_errc code, std::uint64_t offset) {
    if (failed_) return false;
    failed_ = true;
    // Line and column: newlines before this window are counted already; those between the
    // window start and the offset are counted now. (A token cut by a chunk end holds no
    // newline, so an offset before the window needs no correction.) An error found after the
    // window's walk, its newlines already added (a pending string's part at the chunk's end),
    // counts from the values before them.
    std::uint64_t lines =
        window_newlines_counted_ ? newlines_before_counted_window_ : newlines_before_window_;
    std::int64_t last = window_newlines_counted_ ? last_newline_before_counted_window_
                                                 : last_newline_before_window_;
    // (A window begun before the chunk counts from the chunk's start.)
    const std::size_t from = window_begin_ > 0 ? static_cast<std::size_t>(window_begin_) : 0;
    const std::uint64_t window_start = chunk_offset_ + from;
    if (chunk_ != nullptr && offset > window_start) {
      const std::uint64_t upto = std::min<std::uint64_t>(offset, chunk_offset_ + chunk_size_);
      std::uint64_t count = 0;
      std::int64_t last_in = -1;
      count_newlines(chunk_ + from, chunk_ + (upto - chunk_offset_), count, last_in);
      lines += count;
      if (last_in >= 0) last = static_cast<std::int64_t>(window_start) + last_in;
    }
    const line_and_column where{lines + 1, offset - static_cast<std::uint64_t>(last + 1) + 1};
    // The excerpt comes from the bytes still at hand: the last bytes of earlier chunks and the
    // current chunk (or the pending token).
    std::string_view bytes =
        chunk_ != nullptr ? std::string_view(chunk_, chunk_size_) : std::string_view();
    std::uint64_t bytes_offset = chunk_offset_;
    std::string joined;
    if (recent_size_ != 0 && offset < chunk_offset_ + recent_capacity) {
      joined.assign(recent_, recent_size_);
      joined.append(bytes.substr(0, std::min<std::size_t>(bytes.size(), recent_capacity)));
      bytes = joined;
      bytes_offset = chunk_offset_ - recent_size_;
    }
    error_ = make_parse_error(code, offset, where, bytes, bytes_offset, token_,
                              pending_buffered_ ? token_offset_ : 0);
    return false;
  }

  // Keeps the last bytes before the next chunk, for error excerpts only.
  void remember_recent(std::string_view consumed) noexcept {
    if (consumed.empty()) return;  // its data() may be null: memcpy from null is undefined
    if (consumed.size() >= recent_capacity) {
      std::memcpy(recent_, consumed.data() + consumed.size() - recent_capacity, recent_capacity);
      recent_size_ = recent_capacity;
      return;
    }
    const std::size_t keep = std::min(recent_size_, recent_capacity - consumed.size());
    std::memmove(recent_, recent_ + recent_size_ - keep, keep);
    std::memcpy(recent_ + keep, consumed.data(), consumed.size());
    recent_size_ = keep + consumed.size();
  }

  // ---- state ------------------------------------------------------------------------------

  static constexpr std::size_t recent_capacity = 24;
  char recent_[recent_capacity];  // the last bytes of the chunks before the current one
  std::size_t recent_size_ = 0;

  H* handler_;
  parse_options options_;
  simd::kernel_id kernel_;
  index::indexer_state index_state_{};
  // The index of the current window. Sized to the largest window seen (a small document
  // gets a small index) and left uninitialised: the indexer writes before the walk reads.
  std::unique_ptr<std::uint32_t[]> positions_;
  std::unique_ptr<std::uint64_t[]> escape_words_;
  std::size_t index_capacity_ = 0;  // bytes the index arrays can describe

  void reserve_index(std::size_t window) {
    if (window <= index_capacity_) return;
    // Round up so that a stream of slightly growing chunks does not reallocate each time.
    const std::size_t bytes =
        std::min(window_bytes, std::max<std::size_t>(window, 2 * index_capacity_));
    positions_.reset(new std::uint32_t[index::positions_capacity(bytes)]);
    escape_words_.reset(new std::uint64_t[index::escape_bits_capacity(bytes)]);
    index_capacity_ = bytes;
  }
  frame_stack stack_;
  std::string token_;      // bytes of a token cut by a chunk end (strings: without the quote)
  std::string unescaped_;  // scratch for unescaped strings

  grammar_state state_ = grammar_state::document_start;
  pending_token pending_ = pending_token::none;
  bool pending_buffered_ = false;  // the pending token's bytes are in token_ (else in chunk_)
  bool failed_ = false;
  bool done_ = false;
  std::size_t pending_begin_ = 0;          // in chunk_, when not buffered
  std::uint64_t token_offset_ = 0;         // absolute offset of token_[0]
  std::uint64_t pending_token_start_ = 0;  // absolute offset of the buffered token's first byte
  std::uint64_t stop_at_ = 0;              // absolute end of the value that ended the parse
  parse_error error_;

  // The chunk being fed and the window being walked.
  const char* chunk_ = nullptr;
  std::size_t chunk_size_ = 0;
  std::uint64_t chunk_offset_ = 0;
  std::ptrdiff_t window_begin_ = 0;  // the window's first byte, from the chunk's
  index::index_result window_index_;
  std::size_t next_ = 0;  // the next structural to walk
  std::uint32_t walk_limit_ =
      0;  // window offset of the chunk's end: no structural past it is walked
  // Written after a window's last structural, past every limit.
  static constexpr std::uint32_t end_of_positions = 0xFFFFFFFF;

  // This feed's lookahead (ahead_end_ is the chunk's end without one).
  const char* ahead_end_ = nullptr;
  std::uint64_t ahead_buffer_ = 0;
  bool ahead_given_ = false;
  bool window_in_feed_ = false;  // this feed set up a window (indexed or kept)
  std::uint64_t windows_indexed_ = 0;
  // The window positions_ and escape_words_ describe, kept from feed to feed.
  struct kept_window {
    const char* first_byte = nullptr;
    std::size_t length = 0;  // bytes indexed
    bool reusable = false;   // indexed with a lookahead of buffer_id, and no failure since
    std::uint64_t buffer_id = 0;
    index::indexer_state carries_at_end{};
    const char* walked_to = nullptr;  // the last feed's walk ended here (its consumed end)
    bool ends_value = false;          // ... at the end of a complete value
  } kept_;
  // The carries known at a byte of the window (for settle_carries_at_chunk_end()).
  const char* carries_origin_ = nullptr;
  index::indexer_state carries_at_origin_{};
  std::unique_ptr<std::uint32_t[]> settle_positions_;
  std::unique_ptr<std::uint64_t[]> settle_escape_words_;

  std::uint64_t total_offset_ = 0;
  std::uint64_t values_completed_ = 0;
  std::uint64_t newlines_before_window_ = 0;
  std::int64_t last_newline_before_window_ = -1;
  // Set by count_window_newlines (with the two values before it) until the next window or feed:
  // the current window's newlines are in the two above.
  bool window_newlines_counted_ = false;
  std::uint64_t newlines_before_counted_window_ = 0;
  std::int64_t last_newline_before_counted_window_ = -1;

  // ---- flat objects (handler_with_flat_objects) ----
  // The object being offered, made at the first offer (about 3.5 KB: only parsers whose
  // handler takes flat objects have the member at all).
  struct flat_storage {
    flat_object object;
  };
  struct no_flat_storage {};
  [[no_unique_address]] std::conditional_t<takes_flat_objects, std::unique_ptr<flat_storage>,
                                           no_flat_storage>
      flat_;

  // ---- skipping (handler_with_skip) ----
  void reset_skipping() noexcept {
    skipping_ = false;
    skip_base_ = 0;
    pending_skipped_ = false;
  }
  bool skipping_ = false;         // inside a skipped container: walk<true> walks
  std::size_t skip_base_ = 0;     // stack_.size() outside the skipped container
  bool pending_skipped_ = false;  // the pending token belongs to a skipped value
};

}  // namespace jsonx::detail
