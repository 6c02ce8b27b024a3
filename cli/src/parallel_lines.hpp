// --lines --threads N: the input cut into chunks of whole lines by the stream library's
// parallel pipeline (a reader thread, jsonx::stream::detail::pipeline_core), each chunk read by
// a document_driver of its own on a worker thread, with a job made for that chunk
// (job_for_chunk), its output and messages collected in memory; then, in input order, printed
// and merged into the command's job (merge_chunk). The output and the messages are those of
// the sequential reader, byte for byte: each chunk starts at a line's start, with its offset
// and line number, and an error excerpt never reaches past its line. (When standard output
// and standard error are the same terminal, they interleave chunk by chunk, not line by line.)
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "command_line.hpp"
#include "document_driver.hpp"
#include "exit_status.hpp"
#include "input_source.hpp"
#include "jsonx/stream/detail/parallel_pipeline.hpp"

namespace jsonx::cli {

/// The worker threads --threads asks for (0: every core).
inline unsigned worker_threads(const command_line& command) {
  if (command.threads != 0) return command.threads;
  return std::max(1U, std::thread::hardware_concurrency());
}

namespace detail {

// One chunk of an input, read by a document_driver as if it were the input.
class chunk_input {
 public:
  chunk_input(std::string_view bytes, const std::string& name) : bytes_(bytes), name_(&name) {}
  std::size_t read_chunk(std::span<char> buffer) {
    const std::size_t n = std::min(buffer.size(), bytes_.size());
    if (n != 0) std::memcpy(buffer.data(), bytes_.data(), n);
    bytes_.remove_prefix(n);
    read_ += n;
    return n;
  }
  bool ok() const noexcept { return true; }
  const std::string& error() const noexcept { return none_; }
  const std::string& display_name() const noexcept { return *name_; }
  std::uint64_t bytes_read() const noexcept { return read_; }
  std::uint64_t raw_bytes_read() const noexcept { return read_; }
  std::optional<std::uint64_t> raw_size() const noexcept { return std::nullopt; }

 private:
  std::string_view bytes_;
  const std::string* name_;
  std::uint64_t read_ = 0;
  std::string none_;
};

// An input_source (file, pipe, gzip) as the stream source the pipeline's reader reads.
class input_stream final : public stream::source {
 public:
  explicit input_stream(input_source& in) : in_(in) {}
  stream::read_result read_some(char* buffer, std::size_t size) override {
    const std::size_t n = in_.read_chunk({buffer, size});
    if (!in_.ok()) return {0, stream::read_status::error, make_error_code(std::errc::io_error)};
    if (n == 0) return {0, stream::read_status::end, {}};
    return {n, stream::read_status::ok, {}};
  }

 private:
  input_source& in_;
};

// A FILE* writing into memory (open_memstream); take() closes it and hands over the bytes.
class memory_file {
 public:
  memory_file() : file_(open_memstream(&data_, &size_)) {
    if (file_ == nullptr) throw std::bad_alloc();
  }
  ~memory_file() {
    if (file_ != nullptr) std::fclose(file_);
    std::free(data_);
  }
  memory_file(const memory_file&) = delete;
  memory_file& operator=(const memory_file&) = delete;
  std::FILE* file() const noexcept { return file_; }
  std::string take() {
    std::fclose(file_);
    file_ = nullptr;
    return std::string(data_, size_);
  }

 private:
  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::FILE* file_;
};

template <class Job>
class parallel_line_reader final : public stream::detail::pipeline_core {
 public:
  parallel_line_reader(const read_context& context, input_stream& in, const std::string& name,
                       const Job& prototype, unsigned workers)
      : pipeline_core(in, options_for(context.command), workers, true),
        context_(context),
        name_(name),
        prototype_(prototype),
        results_(max_chunks_in_flight()) {
    for (unsigned w = 0; w < this->workers(); ++w)
      buffers_.push_back(std::make_unique<char[]>(context.command.chunk_size));
    start();
  }
  ~parallel_line_reader() override { stop(); }

  // Prints and merges the chunks in order; the summary of the whole input (but its bytes).
  input_summary run(Job& job, bool& read_failed) {
    input_summary total;
    stream::stream_error unused;
    for (;;) {
      const next_outcome o = next(unused);
      if (o.status != stream::decode_status::value) break;  // the end: chunks report no error
      chunk_result& r = results_[o.slot];
      // The job first: its writer may still flush into the chunk's output when it goes.
      job.merge_chunk(*r.job);
      r.job.reset();
      const std::string out = r.out->take();
      const std::string err = r.err->take();
      std::fwrite(err.data(), 1, err.size(), context_.err);
      if (std::fwrite(out.data(), 1, out.size(), out_) != out.size()) {
        std::fprintf(context_.err, "jsonx: %s: cannot write the output: %s\n", name_.c_str(),
                     std::strerror(errno));
        total.status = exit_usage_or_io;
        total.fatal = true;
        return total;
      }
      total.good += r.summary.good;
      total.bad += r.summary.bad;
      total.blank += r.summary.blank;
      total.status = worse_status(total.status, r.summary.status);
      read_failed = read_failed || r.read_failed;
      if (r.summary.fatal) {
        total.fatal = true;
        return total;
      }
    }
    return total;
  }

  void set_output(std::FILE* out) noexcept { out_ = out; }

 protected:
  void decode_chunk(unsigned worker, std::size_t index) override {
    stream::detail::chunk_slot& slot = slot_at(index);
    chunk_result& r = results_[index];
    std::string_view bytes = slot.input();
    r.read_failed = static_cast<bool>(slot.read_error);
    if (r.read_failed) {
      // The line the failure cut is abandoned, as the sequential reader abandons it.
      const void* newline = memrchr(bytes.data(), '\n', bytes.size());
      bytes = bytes.substr(
          0, newline == nullptr
                 ? 0
                 : static_cast<std::size_t>(static_cast<const char*>(newline) - bytes.data()) + 1);
    }
    r.out = std::make_unique<memory_file>();
    r.err = std::make_unique<memory_file>();
    const read_context chunk_context{context_.command,
                                     {buffers_[worker].get(), context_.command.chunk_size},
                                     r.err->file(),
                                     false,
                                     0,
                                     r.out->file()};
    chunk_input in(bytes, name_);
    r.job = prototype_.job_for_chunk(r.out->file());
    document_driver<Job, chunk_input> driver(chunk_context, in, *r.job);
    r.summary = driver.read_lines_from(slot.start_offset, slot.start_newlines + 1);
    // One outcome per chunk: the consumer's next() hands the chunks out in order.
    slot.outcomes.assign(1, {false, 0});
    slot.errors.clear();
    slot.values = 1;
    slot.final_error = false;
    slot.bytes_consumed = 0;
    slot.newlines = 0;
  }

 private:
  struct chunk_result {
    std::unique_ptr<Job> job;
    input_summary summary;
    // The chunk's output and messages: taken by the consumer, after the job is gone.
    std::unique_ptr<memory_file> out;
    std::unique_ptr<memory_file> err;
    bool read_failed = false;
  };

  static stream::decoder_options options_for(const command_line& command) {
    stream::decoder_options options;
    options.separation = stream::framing::ndjson;
    options.chunk_size = command.chunk_size;
    options.parallel_chunk_size = std::max<std::size_t>(256 * 1024, command.chunk_size);
    options.parallel_chunk_lines = 0;  // a chunk's lines hold no values: no need to cut more
    return options;
  }

  const read_context& context_;
  const std::string& name_;
  const Job& prototype_;
  std::vector<chunk_result> results_;
  std::vector<std::unique_ptr<char[]>> buffers_;
  std::FILE* out_ = stdout;
};

}  // namespace detail

/// Reads `source` line by line on worker_threads(command) threads: see the top of this file.
/// Job: a document_driver job with job_for_chunk(std::FILE* out) and merge_chunk(const Job&).
template <class Job>
input_summary read_lines_in_parallel(const read_context& context, input_source& source, Job& job) {
  detail::input_stream in(source);
  bool read_failed = false;
  input_summary summary;
  {
    detail::parallel_line_reader<Job> reader(context, in, source.display_name(), job,
                                             worker_threads(context.command));
    reader.set_output(context.out);
    summary = reader.run(job, read_failed);
  }
  if (read_failed) {
    std::fprintf(context.err, "jsonx: %s\n", source.error().c_str());
    summary.status = exit_usage_or_io;
  }
  summary.bytes = source.bytes_read();
  return summary;
}

}  // namespace jsonx::cli
