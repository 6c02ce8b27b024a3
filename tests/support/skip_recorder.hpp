// skip_recorder: an event_recorder that skips chosen values (handler_with_skip), and the log a
// full parse's log becomes when those values are skipped (tests/sax skip tests).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "support/event_recorder.hpp"

namespace jsonx::test {

/// An event_recorder that skips chosen values: the k-th value the parser asks about, or every
/// value at a chosen depth, and with `rest` the rest of the container each of them is in
/// (skip_answer::value_and_rest). Without a skip it notes the span of log each value's events take.
template <recorder_config Config>
class skip_recorder : public event_recorder<Config> {
  using base = event_recorder<Config>;

 public:
  static constexpr std::size_t never = static_cast<std::size_t>(-1);
  struct value_span {
    static constexpr std::size_t never = skip_recorder::never;
    std::size_t depth;
    std::size_t begin;        // in the log
    std::size_t end = never;  // never: the value did not end (the parse failed inside it)
  };

  explicit skip_recorder(std::size_t = 0) {}
  void configure(std::size_t skip_query, std::size_t skip_depth, bool rest = false) {
    base::clear();
    skip_query_ = skip_query;
    skip_depth_ = skip_depth;
    rest_ = rest;
    queries_ = 0;
    depth_ = 0;
    skips_ = 0;
    spans_.clear();
    open_.clear();
  }

  skip_answer skip_next_value() {
    ++queries_;
    if (queries_ == skip_query_ || depth_ == skip_depth_) {
      ++skips_;
      if (!rest_) return skip_answer::value;
      // The container the value is in is taken as ended here (its end event will not come);
      // at the top level the parser passes over the value alone.
      if (depth_ != 0) {
        --depth_;
        value_done(true);
      }
      return skip_answer::value_and_rest;
    }
    open_.push_back(spans_.size());
    spans_.push_back({depth_, base::log().size()});
    return skip_answer::read;
  }

  bool on_null() { return value_done(base::on_null()); }
  bool on_bool(bool v) { return value_done(base::on_bool(v)); }
  bool on_int64(std::int64_t v, std::string_view t) { return value_done(base::on_int64(v, t)); }
  bool on_uint64(std::uint64_t v, std::string_view t) { return value_done(base::on_uint64(v, t)); }
  bool on_double(double v, std::string_view t) { return value_done(base::on_double(v, t)); }
  bool on_number_text(std::string_view t) { return value_done(base::on_number_text(t)); }
  bool on_string(std::string_view v) { return value_done(base::on_string(v)); }
  bool on_object_begin() {
    ++depth_;
    return base::on_object_begin();
  }
  bool on_array_begin() {
    ++depth_;
    return base::on_array_begin();
  }
  bool on_object_end(std::size_t n) {
    --depth_;
    return value_done(base::on_object_end(n));
  }
  bool on_array_end(std::size_t n) {
    --depth_;
    return value_done(base::on_array_end(n));
  }

  std::size_t queries() const { return queries_; }
  std::size_t skips() const { return skips_; }
  const std::vector<value_span>& spans() const { return spans_; }

 private:
  // A value event at depth_ ends the innermost open value (a scalar, or a container's end).
  bool value_done(bool go_on) {
    if (!open_.empty() && spans_[open_.back()].depth == depth_) {
      spans_[open_.back()].end = base::log().size();
      open_.pop_back();
    }
    return go_on;
  }

  std::size_t skip_query_ = 0;
  std::size_t skip_depth_ = never;
  bool rest_ = false;
  std::size_t queries_ = 0;
  std::size_t depth_ = 0;
  std::size_t skips_ = 0;
  std::vector<value_span> spans_;
  std::vector<std::size_t> open_;
};

/// The parts of a full parse's log that a skip_recorder configured with `rest` leaves out, as
/// spans (disjoint, in order; for without_spans): from each skipped value's start to the end of
/// the container it is in (a top-level value: its own end). `spans` are the full parse's
/// (every value's, in document order), `first` the skipped values, in order: of those inside a
/// span already left out, only the first counts.
template <class Span>
std::vector<Span> rest_spans(const std::vector<Span>& spans,
                             const std::vector<const Span*>& first) {
  std::vector<Span> out;
  for (const Span* s : first) {
    if (!out.empty() && (out.back().end == Span::never || s->begin < out.back().end)) continue;
    if (s->depth == 0) {
      out.push_back(*s);
      continue;
    }
    // The container: the last value one level up that begins before it (document order).
    const Span* container = nullptr;
    for (const Span& t : spans)
      if (t.depth + 1 == s->depth && t.begin < s->begin) container = &t;
    Span cut = *s;
    cut.end = container->end;
    out.push_back(cut);
  }
  return out;
}

/// The log expected when the values whose spans are listed are skipped (disjoint, in order).
template <class Span>
std::string without_spans(const std::string& log, const std::vector<const Span*>& skipped) {
  std::string out;
  std::size_t from = 0;
  for (const Span* s : skipped) {
    out.append(log, from, s->begin - from);
    if (s->end == Span::never) return out;  // the parse failed inside: nothing after
    from = s->end;
  }
  out.append(log, from);
  return out;
}

}  // namespace jsonx::test
