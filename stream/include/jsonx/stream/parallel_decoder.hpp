// parallel_decoder: NDJSON (or RFC 7464 JSON text sequences) decoded on several cores, values
// delivered in input order.
//
//   jsonx::stream::fd_source in(0);                       // a pipe, a socket, a decompressor
//   jsonx::stream::decoder_options options;
//   options.separation = jsonx::stream::framing::ndjson;
//   options.threads = 0;                                  // all cores (default 1: sequential)
//   jsonx::stream::parallel_decoder<jsonx::dom::document> decoder(in, options);
//   jsonx::dom::document doc;
//   jsonx::stream::stream_error error;
//   for (;;) {
//     auto s = decoder.decode(doc, error);
//     if (s == jsonx::stream::decode_status::value) use(doc.root());
//     else if (s == jsonx::stream::decode_status::error) report(error);  // skip_bad_records:
//     else break;                                                         // the next line follows
//   }
//
// With threads > 1 and framing::ndjson or json_seq it runs a pipeline: a reader thread reads
// the source (chunk_size per read; a memory_source's bytes are lent, not copied) and cuts
// chunks of whole records (parallel_chunk_size each), worker threads decode each chunk with a
// decoder of their own, and decode() hands out the values chunk after chunk, in input order,
// on the calling thread. The calling thread is one of the `threads` (parallel_caller_decodes,
// the default): its share of the chunks (one in `threads`) is decoded there, value by value,
// into your target, and so is a later chunk no worker has taken while the one to hand out is
// not parsed yet. Everything a sequential decoder reports comes out the same: the same values in
// the same order, the same errors (code, byte offset, line, column, value_index, path) at the same
// places; after a bad line, the lines after it (skip_bad_records) or nothing more (strict: the
// error is final).
//
// Memory: at most max_chunks_in_flight chunks are read and not yet handed out, with their
// decoded values; when decode() is not called the reader stops reading (back-pressure). A
// record longer than parallel_chunk_size is held whole in its chunk (a sequential decoder
// streams it through its 64 KiB buffer): the bound is max_chunks_in_flight x (chunk size +
// the longest record).
//
// With threads == 1, or framing::whitespace (a value may span lines: there is no cheap cut
// between values, so that framing stays sequential), no thread is started: decode() is the
// decoder's own decode(), on the calling thread.
//
// Limits of the parallel mode: only whole values are decoded (no token(), read_value() or
// peek_kind(): the workers run ahead of you); the source is read on the reader thread (it
// must not be used by anyone else meanwhile; a non-blocking source is polled with short
// sleeps), and destroying the decoder waits for a read in progress to return (a pipe or a
// socket returns as soon as any byte arrives or the writer closes it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "jsonx/dom/detail/document_batch.hpp"
#include "jsonx/stream/decoder.hpp"
#include "jsonx/stream/detail/parallel_pipeline.hpp"

namespace jsonx::stream {

namespace detail {

/// The number of workers `options` asks for (0: the hardware's), or 1 if the framing has no
/// cheap cut between values.
inline unsigned parallel_workers(const decoder_options& options) {
  if (options.separation == framing::whitespace) return 1;
  if (options.threads != 0) return options.threads;
  return std::max(1U, std::thread::hardware_concurrency());
}

/// The pipeline for one kind of value: each worker has a decoder and a `Context` (a SAX
/// handler, or nothing), and `decode_one` decodes the next value of its chunk into a slot's
/// Value. `threads` decode: with options.parallel_caller_decodes, the caller (with a Context of
/// its own) and threads - 1 workers; otherwise `threads` workers.
template <class Value, class Context>
class value_pipeline final : public pipeline_core {
  static constexpr bool is_document = std::is_same_v<Value, dom::document>;

 public:
  using decode_one_fn = decode_status (*)(decoder&, Context&, Value&, stream_error&);

  value_pipeline(source& in, const decoder_options& options, unsigned threads,
                 const std::function<Context()>& make_context, decode_one_fn decode_one)
      : pipeline_core(in, pipeline_options(options),
                      options.parallel_caller_decodes ? std::max(threads, 1U) - 1 : threads, false,
                      options.parallel_caller_decodes),
        decode_one_(decode_one) {
    values_.resize(max_chunks_in_flight());
    // One worker state per decoding thread: the caller's, if it decodes, is the last.
    for (unsigned w = 0; w < this->threads(); ++w)
      workers_.push_back(std::make_unique<worker_state>(worker_options(), make_context()));
    if (options.parallel_caller_decodes) set_caller_decoder(workers_.back()->dec);
    start();
  }
  ~value_pipeline() override { stop(); }

  /// The options the reader cuts chunks by: the line limit for this kind of value (documents
  /// have none by default, see decoder_options::parallel_chunk_lines).
  static decoder_options pipeline_options(const decoder_options& options) {
    decoder_options o = options;
    o.parallel_chunk_lines = options.effective_chunk_lines(is_document);
    return o;
  }

  /// The next value moved (a document: copied, into its own buffers) into `target`, or an
  /// error, or the end.
  decode_status next_into(Value& target, stream_error& error) {
    return next_with(
        target, error, [] {},
        [&](const next_outcome& o) {
          if constexpr (is_document) {
            values_[o.slot].copy_to(o.index, target);
          } else {
            target = std::move(values_[o.slot][o.index]);
          }
        });
  }

  /// Documents: the next value where it was built, with no copy (in a worker's chunk batch,
  /// or in the caller's own document): `root` stays valid until the next call.
  decode_status next_in_place(dom::element& root, stream_error& error) requires is_document {
    return next_with(
        caller_document_, error, [&] { root = caller_document_.root(); },
        [&](const next_outcome& o) { root = values_[o.slot].root(o.index); });
  }

 protected:
  void decode_chunk(unsigned worker, std::size_t slot) override {
    worker_state& w = *workers_[worker];
    if constexpr (is_document) {
      // Each value is built in the worker's scratch document, then copied into the chunk's
      // batch (see dom/detail/document_batch.hpp for why).
      dom::detail::document_batch& batch = values_[slot];
      batch.clear();
      decode_chunk_with(w.dec, slot_at(slot), [&](std::size_t, stream_error& error) {
        const decode_status s = decode_one_(w.dec, w.context, w.scratch, error);
        if (s == decode_status::value) batch.append(w.scratch);
        return s;
      });
    } else {
      std::vector<Value>& values = values_[slot];
      decode_chunk_with(w.dec, slot_at(slot), [&](std::size_t i, stream_error& error) {
        if (values.size() <= i) values.emplace_back();
        return decode_one_(w.dec, w.context, values[i], error);
      });
    }
  }

 private:
  struct no_scratch {};
  // Each thread's own, on cache lines of its own (a neighbour's state written by another core
  // would take the line away on every value).
  struct alignas(128) worker_state {
    worker_state(const decoder_options& options, Context c)
        : dec(idle, options), context(std::move(c)) {}
    memory_source idle{std::string_view{}};  // the decoder's source until its first chunk
    decoder dec;
    Context context;
    [[no_unique_address]] std::conditional_t<is_document, dom::document, no_scratch> scratch;
  };

  // The next outcome: a value of the caller's own chunk is decoded into `here_target`
  // (then caller_value()), a value a worker decoded is given to worker_value(o).
  template <class CallerValue, class WorkerValue>
  decode_status next_with(Value& here_target, stream_error& error, CallerValue&& caller_value,
                          WorkerValue&& worker_value) {
    for (;;) {
      const next_outcome o = next(error);
      if (o.here != nullptr) {
        decode_status s;
        try {
          s = decode_one_(*o.here, workers_.back()->context, here_target, error);
        } catch (...) {
          caller_failed(std::current_exception());
          throw;
        }
        if (!caller_decoded(s, error)) continue;  // that chunk is done: on to the next
        if (s == decode_status::value) caller_value();
        return s;
      }
      if (o.status == decode_status::value) worker_value(o);
      return o.status;
    }
  }

  decode_one_fn decode_one_;  // read by every worker for every value
  // next_in_place(): the caller's chunks are decoded here. On cache lines of its own (as
  // worker_state): the caller writes it with every value (the builder's sizes), and on the line
  // of decode_one_, which the worker reads for every value, the line went from core to core
  // twice a value: two-thread decoding of small records (190-byte NDJSON lines, from memory)
  // took 1.11x the time it takes now (with 128 bytes of padding around it instead of the
  // alignment, 1.03x; AMD Zen 5).
  alignas(128) [[no_unique_address]] std::conditional_t<is_document, dom::document,
                                                        no_scratch> caller_document_;
  // Per slot, reused: the chunk's documents in one batch, or its values.
  alignas(128) std::conditional_t<is_document, std::vector<dom::detail::document_batch>,
                                  std::vector<std::vector<Value>>> values_;
  std::vector<std::unique_ptr<worker_state>> workers_;
};

struct no_context {};

}  // namespace detail

/// Decodes a stream of values into T (dom::document, dom::value, or a typed value of
/// jsonx/bind) on options.threads threads, in input order. See the top of this file.
///
/// With threads > 1, each value is decoded into a value-initialized T and moved into yours
/// (a dom::document is copied into your document's buffers, which are reused, so a warm
/// document does not allocate): members absent from the JSON have T's defaults, not what your
/// previous value had (the sequential decoder, which decodes into your T, leaves those to the
/// binding's rules).
template <class T>
class parallel_decoder {
 public:
  explicit parallel_decoder(source& in, const decoder_options& options = {}) {
    const unsigned workers = detail::parallel_workers(options);
    if (workers <= 1) {
      sequential_.emplace(in, options);
    } else {
      pipeline_ = std::make_unique<pipeline>(
          in, options, workers, [] { return detail::no_context{}; }, &decode_one);
    }
  }

  /// The next value into `target`: value, end_of_stream, or error (skip_bad_records: the next
  /// call goes on after the bad record; otherwise the error is final and repeated).
  decode_status decode(T& target, stream_error& error) {
    if (sequential_) return sequential_->decode(target, error);
    return pipeline_->next_into(target, error);
  }
  /// Throwing flavour: true for a value, false at the end; throws stream_exception.
  bool decode(T& target) {
    stream_error error;
    const decode_status s = decode(target, error);
    if (s == decode_status::error) throw stream_exception(std::move(error));
    return s == decode_status::value;
  }

  /// dom::document only: the next value without copying it into a document of yours, read
  /// where it was decoded (a worker's batch, or the decoder's own document): `root` stays
  /// valid until the next call or the decoder's end, as a simdjson parse_many element. The
  /// same outcomes as decode(); what it saves is the copy out of the workers' memory (on 2
  /// cores the copy cost more than a third of a pass over small records: stream/README).
  decode_status decode_in_place(dom::element& root,
                                stream_error& error) requires std::is_same_v<T, dom::document> {
    if (!sequential_) return pipeline_->next_in_place(root, error);
    const decode_status s = sequential_->decode(own_document_, error);
    if (s == decode_status::value) root = own_document_.root();
    return s;
  }

  /// True if a pipeline runs (threads > 1 and a framing with record ends).
  bool parallel() const noexcept { return pipeline_ != nullptr; }
  /// Threads decoding: the workers and, with parallel_caller_decodes, the calling thread (1
  /// when sequential).
  unsigned threads() const noexcept { return pipeline_ ? pipeline_->threads() : 1; }
  /// Values handed out so far (not counting errors).
  std::uint64_t values_decoded() const noexcept {
    return sequential_ ? sequential_->values_decoded() : pipeline_->values_delivered();
  }
  /// Per-stage times and chunk counts of the pipeline (zeros when sequential).
  parallel_stats stats() const { return pipeline_ ? pipeline_->stats() : parallel_stats{}; }

 private:
  using pipeline = detail::value_pipeline<T, detail::no_context>;

  static decode_status decode_one(decoder& dec, detail::no_context&, T& value,
                                  stream_error& error) {
    if constexpr (!std::is_same_v<T, dom::document>) value = T{};  // documents are emptied
    return dec.decode(value, error);
  }

  std::optional<decoder> sequential_;
  std::unique_ptr<pipeline> pipeline_;
  // decode_in_place() without a pipeline: the sequential decoder's values are built here.
  [[no_unique_address]] std::conditional_t<std::is_same_v<T, dom::document>, dom::document,
                                           detail::no_context>
      own_document_;
};

/// A SAX handler for parallel_sax_decoder: a jsonx handler that also gives, after each
/// top-level value, what it made of it (on the worker thread that parsed the value).
template <class H>
concept value_handler = handler<H> && requires(H& h) {
  h.take_value();
  requires std::is_default_constructible_v<std::remove_cvref_t<decltype(h.take_value())>>;
  requires std::is_move_assignable_v<std::remove_cvref_t<decltype(h.take_value())>>;
};

/// SAX in parallel: one handler per worker, made by a factory, and the results handed out in
/// input order.
///
///   struct field_counter {                  // a jsonx handler, plus take_value()
///     std::size_t keys = 0;
///     bool on_key(std::string_view) { ++keys; return true; }
///     ... the other events, returning true ...
///     std::size_t take_value() { return std::exchange(keys, 0); }
///   };
///   jsonx::stream::parallel_sax_decoder<field_counter> decoder(in, options,
///                                                              [] { return field_counter{}; });
///   std::size_t keys;
///   while (decoder.decode(keys)) total += keys;       // in input order, on this thread
///
/// The contract:
/// - make_handler() is called on the constructing thread, once per decoding thread (the
///   workers and, with parallel_caller_decodes, the calling thread; once when
///   sequential), before decode() returns anything.
/// - Each handler is used by one thread only (a worker's, or the calling thread's inside
///   decode()): it receives the events of whole values, one value at a time, in input order
///   within a chunk, but not every value (the others go to the other threads) and with no
///   promise about which values.
/// - After each top-level value the worker calls take_value(): its result (a self-contained
///   value: no string_view into the events, which end with the event) is what decode() hands
///   out, in input order, on the thread calling decode(). After a value that failed (a bad
///   record), take_value() is called as well and its result dropped, so the handler starts
///   the next value clean.
/// - Handlers may not share mutable state without their own synchronization, nor rely on
///   seeing values in order across the stream: merge in decode()'s loop, which is ordered.
/// - A handler returning false stops the stream (parse_errc::stopped_by_handler, final), as
///   with the sequential decoder.
template <value_handler H>
class parallel_sax_decoder {
 public:
  using value_type = std::remove_cvref_t<decltype(std::declval<H&>().take_value())>;

  parallel_sax_decoder(source& in, const decoder_options& options,
                       const std::function<H()>& make_handler) {
    const unsigned workers = detail::parallel_workers(options);
    if (workers <= 1) {
      sequential_.emplace(in, options);
      handler_.emplace(make_handler());
    } else {
      pipeline_ = std::make_unique<pipeline>(in, options, workers, make_handler, &decode_one);
    }
  }

  /// The result of the next value's handler (take_value()), an error, or the end.
  decode_status decode(value_type& out, stream_error& error) {
    if (pipeline_) return pipeline_->next_into(out, error);
    return decode_one(*sequential_, *handler_, out, error);
  }
  bool decode(value_type& out) {
    stream_error error;
    const decode_status s = decode(out, error);
    if (s == decode_status::error) throw stream_exception(std::move(error));
    return s == decode_status::value;
  }

  bool parallel() const noexcept { return pipeline_ != nullptr; }
  unsigned threads() const noexcept { return pipeline_ ? pipeline_->threads() : 1; }
  std::uint64_t values_decoded() const noexcept {
    return sequential_ ? sequential_->values_decoded() : pipeline_->values_delivered();
  }
  parallel_stats stats() const { return pipeline_ ? pipeline_->stats() : parallel_stats{}; }

 private:
  using pipeline = detail::value_pipeline<value_type, H>;

  static decode_status decode_one(decoder& dec, H& handler, value_type& out, stream_error& error) {
    const decode_status s = dec.decode(handler, error);
    if (s == decode_status::value) {
      out = handler.take_value();
    } else if (s == decode_status::error) {
      (void)handler.take_value();
    }
    return s;
  }

  std::optional<decoder> sequential_;
  std::optional<H> handler_;
  std::unique_ptr<pipeline> pipeline_;
};

}  // namespace jsonx::stream
