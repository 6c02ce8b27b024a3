// The re-parse approach to partial documents, with the fastest whole-document parser among the
// peers: after every delta, the prefix so far is closed by prefix_closer (fed only the new
// bytes; closing costs O(depth)) and parsed again by simdjson's DOM (partial, partial_strict).
//
// The prefix lives in one buffer, padded for simdjson, that the deltas are copied into as they
// arrive. To close it, the closing suffix is written in place after the bytes kept, the buffer
// is parsed in place (no copy: parse(buf, len, false)), and the few bytes the suffix covered
// are put back: the only O(prefix) work per snapshot is simdjson's parse. The parser's memory is
// allocated once, for the longest closed prefix, before the loop.
//
// The check, outside timing and once per document and mode: at the snapshots checked_snapshot()
// picks, the value simdjson parsed must be the value of jsonx's snapshot (both serialized through
// jsonx's writer, so that number and escape formatting cannot differ: jsonx_snapshots and
// jsonx_normal_form, defined with jsonx's cases, since this file is compiled with -march=native
// and includes no jsonx header), so that both sides do the same work. The last snapshot (the whole
// document) is checked against the document's tally.
#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "adapters.hpp"
#include "adapters/simdjson_dom_walk.hpp"
#include "bench_cases.hpp"
#include "partial_closer.hpp"
#include "partial_documents.hpp"

namespace jsonx_bench {
namespace {

// The reused state of one case: the prefix buffer, the closer and the parser.
class reparser {
 public:
  explicit reparser(std::string_view text) : text_(text) {
    // The longest closed prefix, in either mode: a snapshot's kept bytes plus its suffix (one
    // pass of the closer over the text, before any timing).
    for (std::size_t offset = 0; offset < text.size(); offset += partial_delta) {
      closer_.feed(text.substr(offset, partial_delta));
      for (bool trailing : {false, true}) {
        prefix_closer::closing c = closer_.close({trailing, trailing});
        longest_ = std::max(longest_, c.keep + closer_.suffix_size(c));
        saved_size_ = std::max(saved_size_, closer_.suffix_size(c));
      }
    }
    buffer_.assign(std::max(longest_, text.size()) + simdjson::SIMDJSON_PADDING, ' ');
    saved_.resize(saved_size_);
  }

  // Memory for the longest closed prefix: one parse of the document followed by spaces up to
  // that length (the parser and its document are sized for it, and never grow afterwards).
  simdjson::error_code allocate() {
    if (auto error = parser_.allocate(buffer_.size())) return error;
    std::memcpy(buffer_.data(), text_.data(), text_.size());
    simdjson::dom::element root;
    return parser_.parse(buffer_.data(), std::max(longest_, text_.size()), false).get(root);
  }

  // One document: every delta copied in, then its closed prefix parsed; on_snapshot(fed, root,
  // empty) after each (empty: the closed prefix holds no value, nothing was parsed).
  template <class OnSnapshot>
  simdjson::error_code run(closer_mode mode, OnSnapshot&& on_snapshot) {
    closer_.reset();
    char* buffer = buffer_.data();
    for (std::size_t offset = 0; offset < text_.size(); offset += partial_delta) {
      const std::size_t size = std::min(partial_delta, text_.size() - offset);
      std::memcpy(buffer + offset, text_.data() + offset, size);
      closer_.feed({buffer + offset, size});
      const std::size_t fed = offset + size;
      const prefix_closer::closing c = closer_.close(mode);
      simdjson::dom::element root;
      if (closer_.closes_to_nothing(c)) {
        on_snapshot(fed, root, true);
        continue;
      }
      const std::size_t suffix = closer_.suffix_size(c);
      const std::size_t covered = std::min(suffix, fed - c.keep);
      std::memcpy(saved_.data(), buffer + c.keep, covered);
      closer_.write_suffix(c, buffer + c.keep);
      simdjson::error_code error = parser_.parse(buffer, c.keep + suffix, false).get(root);
      std::memcpy(buffer + c.keep, saved_.data(), covered);
      if (error) return error;
      on_snapshot(fed, root, false);
    }
    return simdjson::SUCCESS;
  }

 private:
  std::string_view text_;
  prefix_closer closer_;
  simdjson::dom::parser parser_;
  std::vector<char> buffer_;
  std::vector<char> saved_;
  std::size_t longest_ = 0;
  std::size_t saved_size_ = 0;
};

// The agreement of the re-parse with jsonx's snapshots (see the file's comment). "" or what
// differs.
std::string check_agreement(const corpus_file& file, bool trailing) {
  reparser re(file.text);
  if (auto error = re.allocate()) return std::string("simdjson: ") + simdjson::error_message(error);
  const std::size_t count = (file.text.size() + partial_delta - 1) / partial_delta;
  jsonx_snapshots incremental(trailing);
  std::string difference;
  std::size_t index = 0, jsonx_fed = 0;
  simdjson::error_code error =
      re.run({trailing, trailing}, [&](std::size_t fed, simdjson::dom::element root, bool empty) {
        if (!difference.empty()) return;
        const std::string_view piece =
            std::string_view(file.text).substr(jsonx_fed, fed - jsonx_fed);
        jsonx_fed = fed;
        if (!incremental.feed(piece, difference) || !checked_snapshot(index++, count)) return;
        std::string jsonx_value;
        if (!incremental.snapshot(jsonx_value, difference)) return;
        const std::string reparsed =
            empty ? std::string() : jsonx_normal_form(simdjson::to_string(root));
        if (jsonx_value != reparsed) {
          difference = "SNAPSHOT MISMATCH after byte " + std::to_string(fed) +
                       " (simdjson's re-parse vs jsonx's snapshot) " +
                       first_difference(reparsed, jsonx_value);
        }
      });
  if (error) return std::string("simdjson: ") + simdjson::error_message(error);
  return difference;
}

const std::string& cached_agreement(const corpus_file& file, bool trailing) {
  static std::map<std::string, std::string> verdicts;
  const std::string key = file.name + (trailing ? "/trailing" : "/strict");
  auto found = verdicts.find(key);
  if (found == verdicts.end()) {
    std::string verdict = check_agreement(file, trailing);
    if (!verdict.empty() && verdict.find("MISMATCH") == std::string::npos) {
      verdict = "SNAPSHOT MISMATCH: " + verdict;  // a failure is flagged as a mismatch too
    }
    found = verdicts.emplace(key, std::move(verdict)).first;
  }
  return found->second;
}

// The time per document, with report_snapshot_counters()'s counters (as jsonx's cases).
void reparse_case(benchmark::State& state, const corpus_file& file, bool trailing) {
  const std::string& verdict = cached_agreement(file, trailing);
  reparser re(file.text);
  if (auto error = re.allocate()) {
    state.SkipWithError(simdjson::error_message(error));
    return;
  }
  simdjson::dom::element last;
  for (auto _ : state) {
    simdjson::error_code error =
        re.run({trailing, trailing}, [&](std::size_t, simdjson::dom::element root, bool) {
          benchmark::DoNotOptimize(root);
          last = root;
        });
    if (error) {
      state.SkipWithError(simdjson::error_message(error));
      break;
    }
  }
  report_snapshot_counters(state, file.text, partial_delta);
  // The last snapshot is the whole document: its tally is the document's.
  value_tally tally;
  if (!state.error_occurred()) tally_simdjson_element(last, tally);
  state.SetLabel(std::string("kernel ") + simdjson::get_active_implementation()->name());
  if (!verdict.empty()) flag_mismatch(state, verdict);
  finish_tally_case(state, file, tally);
}

}  // namespace

void register_simdjson_partial_cases() {
  for (const partial_document& document : partial_documents()) {
    for (const partial_task& task : partial_tasks) {
      const bool trailing = task.trailing;
      register_case(task.name, "simdjson", document.file,
                    [trailing](benchmark::State& state, const corpus_file& f) {
                      reparse_case(state, f, trailing);
                    });
    }
  }
}

}  // namespace jsonx_bench
