// The resumable serializer: the writer prints into the caller's buffer; what does not fit goes
// to a spill buffer that the next read() hands out first.
#include "jsonx/encode/serializer.hpp"

#include <algorithm>
#include <cstring>

namespace jsonx {

// Lends the writer the caller's buffer while it has room; after that, a growing spill string.
class serializer::spill_sink final : public output_sink {
 public:
  spill_sink() : spill_out_(spill_) {}

  // A read() begins: its buffer, after what was copied from the spill.
  void start_read(char* begin, char* end) {
    user_pos_ = begin;
    user_end_ = end;
    spilling_ = false;
    lent_user_ = false;
    spill_.clear();
    spill_read_ = 0;
  }

  std::span<char> next_region(char* written_end, std::size_t min_free,
                              std::error_code& ec) override {
    if (spilling_) return spill_out_.next_region(written_end, min_free, ec);
    if (lent_user_ && written_end) user_pos_ = written_end;
    if (static_cast<std::size_t>(user_end_ - user_pos_) >= min_free) {
      lent_user_ = true;
      return {user_pos_, user_end_};
    }
    // Too little room left for the writer's next step: its bytes go to the spill, and the
    // caller's remaining bytes are filled from the spill's head afterwards, in order.
    spilling_ = true;
    lent_user_ = false;
    return spill_out_.next_region(nullptr, min_free, ec);
  }

  void commit(char* written_end, bool, std::error_code& ec) override {
    if (spilling_) {
      spill_out_.commit(written_end, false, ec);
      return;
    }
    if (lent_user_ && written_end) user_pos_ = written_end;
    lent_user_ = false;
  }

  bool spilling() const noexcept { return spilling_; }
  char* user_pos() const noexcept { return user_pos_; }
  std::size_t spill_left() const noexcept { return spill_.size() - spill_read_; }

  // Copies unread spill bytes to [out, out + size); returns how many.
  std::size_t drain(char* out, std::size_t size) {
    const std::size_t n = std::min(size, spill_left());
    std::memcpy(out, spill_.data() + spill_read_, n);
    spill_read_ += n;
    return n;
  }

 private:
  char* user_pos_ = nullptr;
  char* user_end_ = nullptr;
  bool spilling_ = false;
  bool lent_user_ = false;
  std::string spill_;
  std::size_t spill_read_ = 0;
  string_sink spill_out_;
};

serializer::serializer(const write_options& options)
    : sink_(std::make_unique<spill_sink>()), writer_(std::make_unique<writer>(*sink_, options)) {}

serializer::~serializer() = default;

void serializer::start(void* source, step_function step) {
  writer_->reset(*sink_);
  sink_->start_read(nullptr, nullptr);
  source_ = source;
  step_ = step;
  source_done_ = false;
  error_.clear();
}

bool serializer::done() const noexcept {
  return source_done_ && sink_->spill_left() == 0;
}

std::size_t serializer::read(char* buffer, std::size_t size, std::error_code& ec) {
  if (error_) {
    ec = error_;
    return 0;
  }
  std::size_t written = sink_->drain(buffer, size);
  // The spill is empty whenever the buffer still has room: pull steps, printed straight into
  // the rest of the buffer, until it is full (the writer had to spill, and the spill's head
  // fills the end of the buffer) or the source is done.
  while (written < size && !source_done_) {
    sink_->start_read(buffer + written, buffer + size);
    while (!sink_->spilling() && !source_done_) {
      std::error_code step_error;
      const bool more = step_(source_, *writer_, step_error);
      if (!step_error && writer_->failed()) step_error = writer_->error();
      if (!step_error && !more) {
        source_done_ = true;
        if (!writer_->finish()) step_error = writer_->error();
      }
      if (step_error) {
        writer_->flush();  // hand over what was written before the error
        error_ = ec = step_error;
        return static_cast<std::size_t>(sink_->user_pos() - buffer);
      }
    }
    writer_->flush();  // the sink learns where the writer stopped
    written = static_cast<std::size_t>(sink_->user_pos() - buffer);
    written += sink_->drain(buffer + written, size - written);
  }
  return written;
}

std::string_view serializer::read(std::span<char> buffer) {
  std::error_code ec;
  const std::size_t n = read(buffer.data(), buffer.size(), ec);
  if (ec) throw write_exception(ec);
  return {buffer.data(), n};
}

}  // namespace jsonx
