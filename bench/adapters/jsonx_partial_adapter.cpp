// jsonx's partial documents: a dom::parser fed a document in small deltas with a snapshot of
// the document so far after every delta (partial, partial_strict), and a corpus file fed in
// 64 KiB chunks with a snapshot after every chunk (partial_64k); each beside the same feeding
// without snapshots (jsonx_no_snapshot), which says what the snapshots themselves cost.
//
// One parser per case, reused across documents (feed() after finish() starts the next one),
// as a program that shows many streamed responses would keep it.
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "adapters.hpp"
#include "adapters/jsonx_dom_walk.hpp"
#include "bench_cases.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/simd/kernel.hpp"
#include "partial_closer.hpp"
#include "partial_documents.hpp"

namespace jsonx_bench {
namespace {

namespace dom = jsonx::dom;
using jsonx::partial_mode;

partial_mode mode_of(bool trailing) {
  return trailing ? partial_mode::trailing : partial_mode::strict;
}

std::size_t deltas_of(std::string_view text, std::size_t delta) {
  return (text.size() + delta - 1) / delta;
}

// The check of a task's snapshots, outside timing: at the cuts checked_snapshot() picks, the
// snapshot serialized must equal the whole parse of the prefix closed by prefix_closer (the
// competitor's closing, which follows partial_mode's rules); the final document must equal the
// whole parse of the text. Returns "" or what differs.
std::string check_snapshots(std::string_view text, bool trailing, std::size_t delta) {
  const partial_mode mode = mode_of(trailing);
  const closer_mode closing{trailing, trailing};
  const std::size_t count = deltas_of(text, delta);
  dom::parser parser;
  dom::parser whole;
  prefix_closer closer;
  std::error_code ec;
  for (std::size_t i = 0, offset = 0; offset < text.size(); ++i, offset += delta) {
    std::string_view piece = text.substr(offset, delta);
    const std::size_t fed = offset + piece.size();
    parser.feed(piece, ec);
    if (ec) return "feed() failed: " + parser.error().message();
    closer.feed(piece);
    if (!checked_snapshot(i, count)) continue;
    const dom::document& snapshot = parser.partial(mode, ec);
    if (ec) return "partial() failed after byte " + std::to_string(fed) + ": " + ec.message();
    const std::string got = snapshot.empty() ? std::string() : dom::to_string(snapshot);
    const std::string closed = closer.closed_text(text.substr(0, fed), closing);
    std::string expected;
    if (!closed.empty()) {
      const dom::document& reparsed = whole.parse(closed, ec);
      if (ec) {
        return "the closed prefix of " + std::to_string(fed) + " bytes does not parse (" +
               whole.error().message() + "): " + first_difference(closed, "");
      }
      expected = dom::to_string(reparsed);
    }
    if (got != expected) {
      return "SNAPSHOT MISMATCH after byte " + std::to_string(fed) +
             " (snapshot vs re-parse of the closed prefix) " + first_difference(got, expected);
    }
  }
  const dom::document& final_document = parser.finish(ec);
  if (ec) return "finish() failed: " + parser.error().message();
  const std::string got = dom::to_string(final_document);
  const std::string expected = dom::to_string(whole.parse(text));
  if (got != expected) {
    return "FINAL DOCUMENT MISMATCH (snapshots taken vs whole parse) " +
           first_difference(got, expected);
  }
  return {};
}

// check_snapshots() once per input, mode and delta (repetitions reuse the verdict).
const std::string& cached_check(const corpus_file& file, bool trailing, std::size_t delta) {
  static std::map<std::string, std::string> verdicts;
  const std::string key =
      file.name + (trailing ? "/trailing/" : "/strict/") + std::to_string(delta);
  auto found = verdicts.find(key);
  if (found == verdicts.end()) {
    std::string verdict = check_snapshots(file.text, trailing, delta);
    if (!verdict.empty() && verdict.find("MISMATCH") == std::string::npos) {
      verdict = "SNAPSHOT MISMATCH: " + verdict;  // a failure is flagged as a mismatch too
    }
    found = verdicts.emplace(key, std::move(verdict)).first;
  }
  return found->second;
}

// One document: every delta fed, then (with `snapshots`) a snapshot in `mode`; then finish().
bool feed_document(dom::parser& parser, std::string_view text, std::size_t delta, bool snapshots,
                   partial_mode mode, std::error_code& ec) {
  for (std::size_t offset = 0; offset < text.size(); offset += delta) {
    parser.feed(text.substr(offset, delta), ec);
    if (ec) return false;
    if (snapshots) {
      const dom::document& snapshot = parser.partial(mode, ec);
      if (ec) return false;
      benchmark::DoNotOptimize(snapshot.node_count());
    }
  }
  parser.finish(ec);
  return !ec;
}

// The time per document (the case's time), with report_snapshot_counters()'s counters
// (ns_per_snapshot: the CPU time per delta, its feed and, with `snapshots`, its snapshot). The
// check (check_snapshots) is made before the loop, once per input.
void partial_case(benchmark::State& state, const corpus_file& file, std::size_t delta,
                  bool trailing, bool snapshots) {
  const std::string& verdict = cached_check(file, trailing, delta);
  const partial_mode mode = mode_of(trailing);
  dom::parser parser;
  std::error_code ec;
  // A first document untimed: the parser's buffers then hold a document of this size.
  if (!feed_document(parser, file.text, delta, snapshots, mode, ec)) {
    state.SkipWithError(parser.error().message().c_str());
    return;
  }
  for (auto _ : state) {
    if (!feed_document(parser, file.text, delta, snapshots, mode, ec)) {
      state.SkipWithError(parser.error().message().c_str());
      break;
    }
  }
  report_snapshot_counters(state, file.text, delta);
  value_tally tally;
  if (!state.error_occurred()) tally_jsonx_element(parser.doc().root(), tally);
  state.SetLabel("kernel " + std::string(jsonx::simd::kernel_name(jsonx::simd::default_kernel())));
  if (!verdict.empty()) flag_mismatch(state, verdict);
  finish_tally_case(state, file, tally);
}

}  // namespace

struct jsonx_snapshots::impl {
  explicit impl(partial_mode m) : mode(m) {}
  dom::parser parser;
  partial_mode mode;
};

jsonx_snapshots::jsonx_snapshots(bool trailing)
    : impl_(std::make_unique<impl>(mode_of(trailing))) {}
jsonx_snapshots::~jsonx_snapshots() = default;

bool jsonx_snapshots::feed(std::string_view bytes, std::string& error) {
  std::error_code ec;
  impl_->parser.feed(bytes, ec);
  if (ec) error = "jsonx: feed() failed: " + impl_->parser.error().message();
  return !ec;
}

bool jsonx_snapshots::snapshot(std::string& out, std::string& error) {
  std::error_code ec;
  const dom::document& snapshot = impl_->parser.partial(impl_->mode, ec);
  if (ec) {
    error = "jsonx: partial() failed: " + ec.message();
    return false;
  }
  out = snapshot.empty() ? std::string() : dom::to_string(snapshot);
  return true;
}

std::string jsonx_normal_form(std::string_view json) {
  static dom::parser parser;
  std::error_code ec;
  const dom::document& document = parser.parse(json, ec);
  return ec ? "(jsonx rejects it: " + parser.error().message() + ")" : dom::to_string(document);
}

void register_jsonx_partial_cases() {
  for (const partial_document& document : partial_documents()) {
    for (const partial_task& task : partial_tasks) {
      const bool trailing = task.trailing;
      register_case(task.name, "jsonx", document.file,
                    [trailing](benchmark::State& state, const corpus_file& f) {
                      partial_case(state, f, partial_delta, trailing, true);
                    });
      register_case(task.name, "jsonx_no_snapshot", document.file,
                    [trailing](benchmark::State& state, const corpus_file& f) {
                      partial_case(state, f, partial_delta, trailing, false);
                    });
    }
  }
  for (const corpus_file& file : corpus_files()) {
    if (file.text.size() <= chunk_64k) continue;  // one chunk: nothing to snapshot in between
    register_case("partial_64k", "jsonx", file, [](benchmark::State& state, const corpus_file& f) {
      partial_case(state, f, chunk_64k, true, true);
    });
    register_case("partial_64k", "jsonx_no_snapshot", file,
                  [](benchmark::State& state, const corpus_file& f) {
                    partial_case(state, f, chunk_64k, true, false);
                  });
  }
}

}  // namespace jsonx_bench
