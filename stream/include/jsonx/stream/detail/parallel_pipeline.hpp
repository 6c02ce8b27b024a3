// The machinery behind parallel_decoder: a reader thread cuts the source into chunks of whole
// records, worker threads decode each chunk with a sequential decoder of their own, and the
// consumer takes the outcomes (values and bad-record errors) chunk after chunk, in input order.
//
//   reader ──► ring of max_chunks_in_flight slots ──► N workers ──► consumer (in slot order)
//                                                  └─► the consumer itself (a chunk no worker took)
//
// The consumer may decode too (caller_decodes). One chunk in every workers + 1 (the first, and
// every (workers + 1)-th after it) is its share: it decodes that chunk's values one by one as
// they are asked for, straight into the caller's target, as a sequential decoder does (no
// copy, nothing crosses cores). And rather than wait for a worker's chunk not parsed yet, it
// decodes a later chunk of the workers' that none has taken, whole, as a worker would (worker
// index workers(): the derived class keeps a worker state for the caller too), which balances
// the load when the workers are slower (their values are copied into a batch). So "2 threads"
// on 2 cores is the caller and one worker, both decoding, not two workers and a caller
// competing for the cores. (A share taken only when the consumer finds its next chunk
// untaken would rarely come: workers woken by the reader always take the next chunk first.)
// NDJSON of 190-byte records from memory into a reused dom::document, 10 MB, AMD EPYC Zen 5
// (2 cores), avx512, best of 20: sequential 9.0-9.7 ms; two workers and a caller that only
// copies the values out 12.2-14.0 ms; one worker and the caller decoding too: see
// stream/README.
//
// A slot goes empty → filled (reader) → parsed (a worker) → empty again (the consumer, once it
// has delivered every outcome in it). The reader waits for an empty slot: that wait is the
// back-pressure that bounds memory whatever the input's size.
//
// Why a worker runs a whole `decoder` over its chunk: errors come out exactly as the sequential
// decoder gives them (the same code paths), and only need their position shifted by where the
// chunk starts in the stream (bytes, lines, and the column of a chunk that starts mid-line).
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "jsonx/stream/decoder.hpp"

namespace jsonx::stream {

/// Time spent per stage of a parallel pipeline, and its chunk counts (for tuning, the README's
/// figures and the tests). Stage times are summed over the threads that run the stage.
struct parallel_stats {
  std::uint64_t read_ns = 0;   ///< the reader in source::read_some() (waiting for input too)
  std::uint64_t split_ns = 0;  ///< the reader finding cuts and copying a partial record over
  std::uint64_t parse_ns = 0;  ///< workers decoding chunks (all workers together; not the
                               ///< caller's own chunks, decoded value by value in decode())
  std::uint64_t merge_ns = 0;  ///< the consumer passing from chunk to chunk (not its waits)
  std::uint64_t consumer_wait_ns = 0;     ///< the consumer waiting for a chunk to be parsed
  std::uint64_t reader_wait_ns = 0;       ///< the reader waiting for a free slot (back-pressure)
  std::uint64_t chunks = 0;               ///< chunks read
  std::uint64_t caller_chunks = 0;        ///< chunks the calling thread decoded itself
  std::size_t peak_chunks_in_flight = 0;  ///< the most slots not empty at once
};

namespace detail {

/// The bytes of one chunk, then the end of the input, or the read error that came after them.
class chunk_source final : public source {
 public:
  chunk_source(std::string_view bytes, std::error_code error) : bytes_(bytes), error_(error) {}
  read_result read_some(char* buffer, std::size_t size) override;
  /// The chunk's bytes in place (they stay in their slot while a worker decodes them; a
  /// worker's decoder asks for a chunk whole).
  bool lend_some(std::size_t size, const char*& bytes, read_result& result) override;
  /// Hands out another chunk's bytes (and its read error) from now on.
  void assign(std::string_view bytes, std::error_code error) noexcept {
    bytes_ = bytes;
    error_ = error;
  }

 private:
  std::string_view bytes_;
  std::error_code error_;
};

/// What a chunk came to, outcome by outcome in input order: a value (the next of the slot's
/// values) or an error (the next of its errors).
struct chunk_outcome {
  bool is_error = false;
  std::uint32_t index = 0;
};

/// A growable byte buffer that, unlike std::string, does not zero what it is about to be read
/// into.
class chunk_bytes {
 public:
  char* data() noexcept { return data_.get(); }
  const char* data() const noexcept { return data_.get(); }
  std::size_t size() const noexcept { return size_; }
  std::string_view view() const noexcept { return {data_.get(), size_}; }
  /// Room for `extra` bytes after size(), keeping the bytes there are.
  void reserve_more(std::size_t extra);
  void resize_within_capacity(std::size_t size) noexcept { size_ = size; }
  void assign(std::string_view bytes);

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

/// One slot of the ring.
struct chunk_slot {
  enum class state : unsigned char { empty, filled, parsed };
  state status = state::empty;
  // Input (the reader's): the source's own bytes, lent in place (is_lent: a memory_source,
  // nothing copied), or a copy in `bytes`.
  chunk_bytes bytes;
  std::string_view lent;
  bool is_lent = false;
  std::string_view input() const noexcept { return is_lent ? lent : bytes.view(); }
  std::error_code read_error;        // the source failed after `bytes`
  bool ends_stream = false;          // nothing comes after this chunk
  std::uint64_t start_column = 0;    // bytes of the chunk's first line before the chunk
  std::uint64_t start_offset = 0;    // stream offset of the chunk's first byte (as read)
  std::uint64_t start_newlines = 0;  // newlines before the chunk (if counted: count_newlines)
  // Output (a worker's). Errors are located within the chunk.
  std::vector<chunk_outcome> outcomes;
  std::vector<stream_error> errors;
  std::size_t values = 0;
  bool final_error = false;          // the last error stops the stream (strict mode, I/O...)
  std::uint64_t bytes_consumed = 0;  // the chunk's length as the decoder counted it
  std::uint64_t newlines = 0;
};

/// The thread and slot machinery, independent of the target type. A derived class decodes a
/// chunk (decode_chunk(), on a worker thread) and keeps each slot's values.
class pipeline_core {
 public:
  pipeline_core(const pipeline_core&) = delete;
  pipeline_core& operator=(const pipeline_core&) = delete;

  /// The number of worker threads (not counting the caller).
  unsigned workers() const noexcept { return workers_; }
  /// The threads that decode: the workers, and the caller if it decodes too.
  unsigned threads() const noexcept { return workers_ + (caller_ ? 1U : 0U); }
  std::size_t max_chunks_in_flight() const noexcept { return slots_.size(); }
  parallel_stats stats() const;

 protected:
  /// `count_newlines`: the reader counts the newlines before each chunk (start_newlines), for
  /// a derived class that places its own messages (the decoder's workers count their own).
  /// `caller_decodes`: next() may give the consumer a chunk to decode itself (see the top of
  /// this file); `workers` may then be 0 (the caller decodes every chunk).
  pipeline_core(source& in, const decoder_options& options, unsigned workers,
                bool count_newlines = false, bool caller_decodes = false);
  /// Stops and joins every thread (a read in progress is waited for).
  virtual ~pipeline_core();

  /// Starts the threads: call at the end of the derived constructor.
  void start();
  /// Stops and joins every thread: call first in the derived destructor (its state is used by
  /// the workers until then).
  void stop();

  /// Decodes slot `slot`'s bytes with `worker`'s decoder (on that worker's thread; worker
  /// index workers() is the caller's, with caller_decodes, on the thread in next()): fills the
  /// slot's outcomes, errors, values count, final_error, bytes_consumed and newlines.
  virtual void decode_chunk(unsigned worker, std::size_t slot) = 0;
  /// Shared by decode_chunk() implementations: runs `decode_one(error)` over the chunk until
  /// its end (or a final error), recording each outcome.
  template <class DecodeOne>
  void decode_chunk_with(decoder& dec, chunk_slot& slot, DecodeOne&& decode_one);

  /// The consumer's next outcome: a value (the slot and its index there), an error (located in
  /// the stream), or the end. Blocks until the chunk holding it is parsed; or, with
  /// caller_decodes, gives `here`: the consumer is to decode the next value itself, with
  /// `*here` (a decoder over the chunk), then report what came with caller_decoded().
  struct next_outcome {
    decode_status status = decode_status::end_of_stream;
    std::size_t slot = 0;
    std::size_t index = 0;
    decoder* here = nullptr;
  };
  next_outcome next(stream_error& error);
  /// After next() gave `here`: `s` is what the consumer's decode of the next value gave. True
  /// if that is the outcome to hand out (a value; an error, now placed in the stream; or the
  /// end of the stream); false if the chunk is done and next() is to be asked again.
  bool caller_decoded(decode_status s, stream_error& error);
  /// The consumer's own decode threw: the pipeline stops, and next() throws it again.
  void caller_failed(std::exception_ptr failure);
  /// caller_decodes: the decoder of the caller's worker state (worker index workers()), which
  /// next() also uses for the chunks it decodes value by value. Before start().
  void set_caller_decoder(decoder& dec) noexcept { caller_->dec = &dec; }

  const decoder_options& options() const noexcept { return options_; }
  /// The options of a worker's decoder: the user's, with a buffer that holds a chunk whole.
  decoder_options worker_options() const;

  std::uint64_t values_delivered() const noexcept { return values_delivered_; }
  chunk_slot& slot_at(std::size_t index) noexcept { return slots_[index]; }

 private:
  void read_loop();
  void work_loop(unsigned worker);
  // What the reader keeps from one chunk for the next: the start of a record the chunk was cut
  // before (in the source's lent bytes, or copied) and the column the next chunk starts at.
  struct carry_over {
    std::string copied;
    std::string_view lent;
    bool is_lent = false;
    std::uint64_t column = 0;
  };
  bool fill_slot(chunk_slot& slot, carry_over& carry);
  /// Reads the next piece of input onto `slot`'s chunk (lent, or copied when the source does
  /// not lend or lends a piece that does not follow the chunk's last byte).
  read_result read_piece(chunk_slot& slot, std::size_t lend_size);
  void publish_failure(std::exception_ptr failure);
  /// The slot the consumer hands out is waited for (parsed, or free for the caller to decode).
  void wait_for_delivering_slot(chunk_slot& slot);
  /// The reader, blocked with every slot full, resumes once this many are free.
  std::size_t refill_batch() const noexcept { return std::max<std::size_t>(slots_.size() / 2, 1); }
  /// True if chunk number `sequence` is one of the caller's share (caller_decodes): the first
  /// and every (workers + 1)-th after it.
  bool is_callers(std::uint64_t sequence) const noexcept {
    return caller_ && sequence % (workers_ + 1) == 0;
  }
  /// The next chunk for a worker to take (under the lock): past the caller's share.
  std::uint64_t next_workers_chunk() noexcept {
    while (is_callers(chunks_claimed_)) ++chunks_claimed_;
    return chunks_claimed_;
  }
  /// Shifts an error located in `slot`'s chunk to its place in the stream.
  void place_error(const chunk_slot& slot, stream_error& error) const;
  /// Every outcome of the delivering slot handed out: frees it for the reader and moves on to
  /// the next. True if it was the last chunk (the stream is finished).
  bool release_delivering_slot(chunk_slot& slot);

  // The chunk the consumer decodes value by value (caller_decodes), and its decoder (the
  // derived class's worker state for the caller: set_caller_decoder()).
  struct caller_state {
    chunk_source in{std::string_view{}, std::error_code{}};
    decoder* dec = nullptr;
  };

  source* in_;
  decoder_options options_;
  unsigned workers_;
  bool count_newlines_;
  bool source_lends_ = true;  // until lend_some() says it does not
  std::vector<chunk_slot> slots_;
  // The reader's position (its thread only).
  std::uint64_t read_offset_ = 0;
  std::uint64_t read_newlines_ = 0;
  std::vector<std::thread> threads_;

  mutable std::mutex mutex_;
  std::condition_variable slot_freed_;   // the reader waits on it
  std::condition_variable slot_filled_;  // workers wait on it
  std::condition_variable slot_parsed_;  // the consumer waits on it
  std::atomic<bool> stopping_{false};
  std::uint64_t chunks_filled_ = 0;   // chunks the reader has published
  std::uint64_t chunks_claimed_ = 0;  // chunks a worker has taken
  bool input_ended_ = false;          // the reader published the last chunk
  std::size_t in_flight_ = 0;
  std::exception_ptr failure_;  // an exception of a worker or the reader, rethrown in next()

  // The consumer's position (its thread only).
  std::uint64_t chunk_delivering_ = 0;
  std::size_t outcome_delivering_ = 0;
  bool slot_ready_ = false;  // the slot being delivered has been seen parsed
  std::uint64_t base_offset_ = 0;
  std::uint64_t base_newlines_ = 0;
  std::uint64_t values_delivered_ = 0;
  bool finished_ = false;
  bool failed_ = false;
  stream_error final_error_;
  std::unique_ptr<caller_state> caller_;  // null unless caller_decodes
  bool caller_chunk_ = false;             // the delivering slot is the caller's to decode
  std::uint64_t caller_chunks_ = 0;
  std::exception_ptr caller_failure_;

  std::atomic<std::uint64_t> read_ns_{0}, split_ns_{0}, parse_ns_{0}, merge_ns_{0},
      consumer_wait_ns_{0}, reader_wait_ns_{0};
  std::size_t peak_in_flight_ = 0;
};

template <class DecodeOne>
void pipeline_core::decode_chunk_with(decoder& dec, chunk_slot& slot, DecodeOne&& decode_one) {
  chunk_source in(slot.input(), slot.read_error);
  dec.reset(in);
  slot.outcomes.clear();
  slot.errors.clear();
  slot.values = 0;
  slot.final_error = false;
  for (;;) {
    stream_error error;
    const decode_status s = decode_one(slot.values, error);
    if (s == decode_status::value) {
      slot.outcomes.push_back({false, static_cast<std::uint32_t>(slot.values)});
      ++slot.values;
      continue;
    }
    if (s == decode_status::error) {
      slot.outcomes.push_back({true, static_cast<std::uint32_t>(slot.errors.size())});
      slot.errors.push_back(std::move(error));
      if (dec.failed()) {
        slot.final_error = true;
        break;
      }
      continue;
    }
    break;  // end_of_stream (a chunk source never blocks)
  }
  slot.bytes_consumed = dec.input_offset();
  slot.newlines = dec.line() - 1;
}

}  // namespace detail
}  // namespace jsonx::stream
