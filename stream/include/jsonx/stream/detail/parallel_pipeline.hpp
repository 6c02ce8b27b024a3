// The machinery behind parallel_decoder: a reader thread cuts the source into chunks of whole
// records, worker threads decode each chunk with a sequential decoder of their own, and the
// consumer takes the outcomes (values and bad-record errors) chunk after chunk, in input order.
//
//   reader ──► ring of max_chunks_in_flight slots ──► N workers ──► consumer (in slot order)
//
// A slot goes empty → filled (reader) → parsed (a worker) → empty again (the consumer, once it
// has delivered every outcome in it). The reader waits for an empty slot: that wait is the
// back-pressure that bounds memory whatever the input's size.
//
// Why a worker runs a whole `decoder` over its chunk: errors come out exactly as the sequential
// decoder gives them (the same code paths), and only need their position shifted by where the
// chunk starts in the stream (bytes, lines, and the column of a chunk that starts mid-line).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
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
  std::uint64_t parse_ns = 0;  ///< workers decoding chunks (all workers together)
  std::uint64_t merge_ns = 0;  ///< the consumer passing from chunk to chunk (not its waits)
  std::uint64_t consumer_wait_ns = 0;     ///< the consumer waiting for a chunk to be parsed
  std::uint64_t reader_wait_ns = 0;       ///< the reader waiting for a free slot (back-pressure)
  std::uint64_t chunks = 0;               ///< chunks read
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
  // Input (the reader's).
  chunk_bytes bytes;
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

  /// The number of worker threads.
  unsigned workers() const noexcept { return workers_; }
  std::size_t max_chunks_in_flight() const noexcept { return slots_.size(); }
  parallel_stats stats() const;

 protected:
  /// `count_newlines`: the reader counts the newlines before each chunk (start_newlines), for
  /// a derived class that places its own messages (the decoder's workers count their own).
  pipeline_core(source& in, const decoder_options& options, unsigned workers,
                bool count_newlines = false);
  /// Stops and joins every thread (a read in progress is waited for).
  virtual ~pipeline_core();

  /// Starts the threads: call at the end of the derived constructor.
  void start();
  /// Stops and joins every thread: call first in the derived destructor (its state is used by
  /// the workers until then).
  void stop();

  /// Decodes slot `slot`'s bytes with `worker`'s decoder (on that worker's thread): fills the
  /// slot's outcomes, errors, values count, final_error, bytes_consumed and newlines.
  virtual void decode_chunk(unsigned worker, std::size_t slot) = 0;
  /// Shared by decode_chunk() implementations: runs `decode_one(error)` over the chunk until
  /// its end (or a final error), recording each outcome.
  template <class DecodeOne>
  void decode_chunk_with(decoder& dec, chunk_slot& slot, DecodeOne&& decode_one);

  /// The consumer's next outcome: a value (the slot and its index there), an error (located in
  /// the stream), or the end. Blocks until the chunk holding it is parsed.
  struct next_outcome {
    decode_status status = decode_status::end_of_stream;
    std::size_t slot = 0;
    std::size_t index = 0;
  };
  next_outcome next(stream_error& error);

  const decoder_options& options() const noexcept { return options_; }
  /// The options of a worker's decoder: the user's, with a buffer that holds a chunk whole.
  decoder_options worker_options() const;

  std::uint64_t values_delivered() const noexcept { return values_delivered_; }
  chunk_slot& slot_at(std::size_t index) noexcept { return slots_[index]; }

 private:
  void read_loop();
  void work_loop(unsigned worker);
  bool fill_slot(chunk_slot& slot, std::string& carry, std::uint64_t& column_carry);
  void publish_failure(std::exception_ptr failure);

  source* in_;
  decoder_options options_;
  unsigned workers_;
  bool count_newlines_;
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

  std::atomic<std::uint64_t> read_ns_{0}, split_ns_{0}, parse_ns_{0}, merge_ns_{0},
      consumer_wait_ns_{0}, reader_wait_ns_{0};
  std::size_t peak_in_flight_ = 0;
};

template <class DecodeOne>
void pipeline_core::decode_chunk_with(decoder& dec, chunk_slot& slot, DecodeOne&& decode_one) {
  chunk_source in(slot.bytes.view(), slot.read_error);
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
