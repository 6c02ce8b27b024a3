// The parallel pipeline's threads: the reader (read, cut into chunks of whole records), the
// workers (decode a chunk), and the consumer's ordered walk over the parsed chunks.
#include "jsonx/stream/detail/parallel_pipeline.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace jsonx::stream::detail {

namespace {

constexpr char record_separator = '\x1E';

std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}

}  // namespace

// ---- chunk_source, chunk_bytes ---------------------------------------------------------------

read_result chunk_source::read_some(char* buffer, std::size_t size) {
  if (bytes_.empty()) {
    if (error_) return {0, read_status::error, error_};
    return {0, read_status::end, {}};
  }
  const std::size_t n = std::min(size, bytes_.size());
  std::memcpy(buffer, bytes_.data(), n);
  bytes_.remove_prefix(n);
  return {n, read_status::ok, {}};
}

bool chunk_source::lend_some(std::size_t size, const char*& bytes, read_result& result) {
  if (bytes_.empty()) {
    result =
        error_ ? read_result{0, read_status::error, error_} : read_result{0, read_status::end, {}};
    return true;
  }
  const std::size_t n = std::min(size, bytes_.size());
  bytes = bytes_.data();
  bytes_.remove_prefix(n);
  result = {n, read_status::ok, {}};
  return true;
}

void chunk_bytes::reserve_more(std::size_t extra) {
  if (capacity_ - size_ >= extra) return;
  const std::size_t capacity = std::max(size_ + extra, capacity_ * 2);
  auto grown = std::make_unique<char[]>(capacity);
  if (size_ != 0) std::memcpy(grown.get(), data_.get(), size_);
  data_ = std::move(grown);
  capacity_ = capacity;
}

void chunk_bytes::assign(std::string_view bytes) {
  size_ = 0;
  reserve_more(bytes.size());
  if (!bytes.empty()) std::memcpy(data_.get(), bytes.data(), bytes.size());
  size_ = bytes.size();
}

// ---- setup and teardown ----------------------------------------------------------------------

pipeline_core::pipeline_core(source& in, const decoder_options& options, unsigned workers,
                             bool count_newlines)
    : in_(&in),
      options_(options),
      workers_(std::max(workers, 1U)),
      count_newlines_(count_newlines) {
  std::size_t slots = options.max_chunks_in_flight;
  if (slots == 0) slots = 2 * static_cast<std::size_t>(workers_) + 2;
  slots_.resize(slots);
}

pipeline_core::~pipeline_core() {
  stop();
}

void pipeline_core::start() {
  threads_.reserve(workers_ + 1);
  threads_.emplace_back([this] { read_loop(); });
  for (unsigned w = 0; w < workers_; ++w) threads_.emplace_back([this, w] { work_loop(w); });
}

void pipeline_core::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  slot_freed_.notify_all();
  slot_filled_.notify_all();
  slot_parsed_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

decoder_options pipeline_core::worker_options() const {
  decoder_options o = options_;
  o.threads = 1;
  // A chunk is read by its decoder in one piece (most chunks are under this size).
  o.chunk_size = std::max<std::size_t>(options_.chunk_size, 1) +
                 std::max<std::size_t>(options_.parallel_chunk_size, 1);
  return o;
}

parallel_stats pipeline_core::stats() const {
  parallel_stats s;
  s.read_ns = read_ns_.load();
  s.split_ns = split_ns_.load();
  s.parse_ns = parse_ns_.load();
  s.merge_ns = merge_ns_.load();
  s.consumer_wait_ns = consumer_wait_ns_.load();
  s.reader_wait_ns = reader_wait_ns_.load();
  std::lock_guard lock(mutex_);
  s.chunks = chunks_filled_;
  s.peak_chunks_in_flight = peak_in_flight_;
  return s;
}

void pipeline_core::publish_failure(std::exception_ptr failure) {
  {
    std::lock_guard lock(mutex_);
    if (!failure_) failure_ = std::move(failure);
    stopping_ = true;
  }
  slot_freed_.notify_all();
  slot_filled_.notify_all();
  slot_parsed_.notify_all();
}

// ---- the reader --------------------------------------------------------------------------------

void pipeline_core::read_loop() {
  try {
    std::string carry;  // the start of a record the last chunk was cut before
    std::uint64_t column_carry = 0;
    for (std::uint64_t sequence = 0;; ++sequence) {
      chunk_slot& slot = slots_[sequence % slots_.size()];
      {
        const std::uint64_t t = now_ns();
        std::unique_lock lock(mutex_);
        slot_freed_.wait(lock,
                         [&] { return slot.status == chunk_slot::state::empty || stopping_; });
        reader_wait_ns_ += now_ns() - t;
        if (stopping_) return;
        peak_in_flight_ = std::max(peak_in_flight_, ++in_flight_);
      }
      const bool last = fill_slot(slot, carry, column_carry);
      {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        slot.status = chunk_slot::state::filled;
        ++chunks_filled_;
      }
      slot_filled_.notify_one();
      if (last) return;
    }
  } catch (...) {
    publish_failure(std::current_exception());
  }
}

// Fills `slot` with whole records: reads until parallel_chunk_size bytes are in and a cut is
// known, then keeps what follows the cut in `carry` for the next chunk. Returns true if the
// chunk is the last (the input ended, or failed).
bool pipeline_core::fill_slot(chunk_slot& slot, std::string& carry, std::uint64_t& column_carry) {
  const bool ndjson = options_.separation == framing::ndjson;
  const std::size_t target = std::max<std::size_t>(options_.parallel_chunk_size, 1);
  const std::size_t read_size = std::max<std::size_t>(options_.chunk_size, 1);
  chunk_bytes& bytes = slot.bytes;
  bytes.assign(carry);
  carry.clear();
  slot.read_error = {};
  slot.ends_stream = false;
  slot.start_column = column_carry;
  slot.start_offset = read_offset_;
  slot.start_newlines = read_newlines_;
  // The cut: ndjson, after the last newline (or after parallel_chunk_lines lines); json_seq,
  // before the last RS that does not open the chunk. A newline outside a string can only end
  // a record, and a raw newline or RS inside a string is invalid JSON: the worker's decoder,
  // which stops a value at the record's end exactly as the sequential one does, gives the
  // same verdict either way.
  std::size_t cut = 0;
  const std::size_t max_lines = ndjson ? options_.parallel_chunk_lines : 0;
  std::size_t lines = 0;
  // Looks for cuts in bytes[from, from + n).
  auto scan = [&](std::size_t from, std::size_t n) {
    const char* piece = bytes.data() + from;
    if (ndjson && max_lines != 0) {
      // Line by line, to stop at max_lines (small values: few decoded ahead of the consumer).
      const char* end = piece + n;
      for (const char* p = piece; p != end && lines < max_lines;) {
        const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
        if (nl == nullptr) break;
        p = static_cast<const char*>(nl) + 1;
        cut = static_cast<std::size_t>(p - bytes.data());
        ++lines;
      }
    } else if (ndjson) {
      if (const void* nl = memrchr(piece, '\n', n))
        cut = static_cast<std::size_t>(static_cast<const char*>(nl) - bytes.data()) + 1;
    } else if (const void* rs = memrchr(piece, record_separator, n)) {
      const auto at = static_cast<std::size_t>(static_cast<const char*>(rs) - bytes.data());
      if (at != 0) cut = at;
    }
  };
  // The carry may hold whole records (a chunk cut at max_lines): they count.
  if (bytes.size() != 0) {
    const std::uint64_t t = now_ns();
    scan(0, bytes.size());
    split_ns_ += now_ns() - t;
  }
  int idle_rounds = 0;
  for (;;) {
    if ((bytes.size() >= target || (max_lines != 0 && lines >= max_lines)) && cut != 0) break;
    bytes.reserve_more(read_size);
    std::uint64_t t = now_ns();
    const read_result r = in_->read_some(bytes.data() + bytes.size(), read_size);
    read_ns_ += now_ns() - t;
    if (r.status == read_status::ok) {
      idle_rounds = 0;
      t = now_ns();
      const std::size_t from = bytes.size();
      const std::size_t n = std::min(r.bytes, read_size);
      bytes.resize_within_capacity(from + n);
      scan(from, n);
      split_ns_ += now_ns() - t;
      continue;
    }
    if (r.status == read_status::end || r.status == read_status::error) {
      if (r.status == read_status::error)
        slot.read_error = r.error ? r.error : make_error_code(std::errc::io_error);
      slot.ends_stream = true;
      return true;  // the position is not needed after the last chunk
    }
    // would_block: a non-blocking source with nothing now. The reader has its own thread, so
    // it waits a little and asks again (with a growing pause, up to a millisecond).
    if (stopping_) return true;
    std::this_thread::sleep_for(std::chrono::microseconds(std::min(1000, 10 << idle_rounds)));
    idle_rounds = std::min(idle_rounds + 1, 7);
  }
  const std::uint64_t t = now_ns();
  carry.assign(bytes.data() + cut, bytes.size() - cut);
  bytes.resize_within_capacity(cut);
  read_offset_ += cut;
  if (count_newlines_) {
    // A plain loop: the compiler vectorizes it.
    std::uint64_t newlines = 0;
    for (const char *p = bytes.data(), *end = p + cut; p != end; ++p) newlines += *p == '\n';
    read_newlines_ += newlines;
  }
  if (ndjson) {
    column_carry = 0;
  } else if (const void* nl = memrchr(bytes.data(), '\n', cut)) {
    column_carry =
        cut - (static_cast<std::size_t>(static_cast<const char*>(nl) - bytes.data()) + 1);
  } else {
    column_carry += cut;
  }
  split_ns_ += now_ns() - t;
  return false;
}

// ---- the workers -------------------------------------------------------------------------------

void pipeline_core::work_loop(unsigned worker) {
  try {
    for (;;) {
      std::size_t index = 0;
      {
        std::unique_lock lock(mutex_);
        slot_filled_.wait(lock, [&] { return chunks_claimed_ < chunks_filled_ || stopping_; });
        if (stopping_) return;
        index = static_cast<std::size_t>(chunks_claimed_++ % slots_.size());
      }
      const std::uint64_t t = now_ns();
      decode_chunk(worker, index);
      parse_ns_ += now_ns() - t;
      {
        std::lock_guard lock(mutex_);
        slots_[index].status = chunk_slot::state::parsed;
      }
      // One consumer, but it may wait for another slot than this one: wake it to look.
      slot_parsed_.notify_all();
    }
  } catch (...) {
    publish_failure(std::current_exception());
  }
}

// ---- the consumer ------------------------------------------------------------------------------

pipeline_core::next_outcome pipeline_core::next(stream_error& error) {
  if (failed_) {
    error = final_error_;
    return {decode_status::error};
  }
  if (finished_) return {decode_status::end_of_stream};
  // Only the chunk transitions are timed (a clock read per value would cost more than the
  // value's hand-out itself).
  for (;;) {
    const std::size_t index = static_cast<std::size_t>(chunk_delivering_ % slots_.size());
    chunk_slot& slot = slots_[index];
    if (outcome_delivering_ == 0 && !slot_ready_) {
      // The status is read under the lock: a worker wrote the slot before it set `parsed`.
      const std::uint64_t t = now_ns();
      std::unique_lock lock(mutex_);
      slot_parsed_.wait(lock, [&] { return slot.status == chunk_slot::state::parsed || failure_; });
      consumer_wait_ns_ += now_ns() - t;
      if (failure_) std::rethrow_exception(failure_);
      slot_ready_ = true;
    }
    if (outcome_delivering_ < slot.outcomes.size()) {
      const chunk_outcome o = slot.outcomes[outcome_delivering_++];
      if (!o.is_error) {
        ++values_delivered_;
        return {decode_status::value, index, o.index};
      }
      // The worker located the error in its chunk: place it in the stream.
      error = std::move(slot.errors[o.index]);
      if (error.line <= 1) error.column += slot.start_column;
      error.offset += base_offset_;
      error.line += base_newlines_;
      error.value_index = values_delivered_;
      if (slot.final_error && outcome_delivering_ == slot.outcomes.size()) {
        failed_ = true;
        final_error_ = error;
      }
      return {decode_status::error};
    }
    // Every outcome of the chunk delivered: free its slot for the reader.
    const std::uint64_t t = now_ns();
    base_offset_ += slot.bytes_consumed;
    base_newlines_ += slot.newlines;
    const bool last = slot.ends_stream;
    {
      std::lock_guard lock(mutex_);
      slot.status = chunk_slot::state::empty;
      --in_flight_;
    }
    slot_freed_.notify_one();
    ++chunk_delivering_;
    outcome_delivering_ = 0;
    slot_ready_ = false;
    merge_ns_ += now_ns() - t;
    if (last) {
      finished_ = true;
      return {decode_status::end_of_stream};
    }
  }
}

}  // namespace jsonx::stream::detail
