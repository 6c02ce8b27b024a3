// fuzz_partial: dom::parser's partial snapshots (jsonx/sax/partial.hpp) against the reference
// closer of the tests (tests/support/partial_reference.hpp), the same one
// tests/dom/partial_sweep_test.cpp compares with.
//
// For one input (see fuzz_input for how the cut points are chosen) it feeds the text to a
// dom::parser in the planned chunks, and in 1-byte chunks (texts up to 512 bytes), with a
// snapshot after every chunk in a mode chosen from the input (and now and then two more in a
// row: the same mode again must give the same document). Each snapshot
//   - serializes to JSON that parses back identical();
//   - is, while some JSON text begins with the prefix, the document of the reference's closed
//     text; nesting beyond the depth limit is an error, not a snapshot;
//   - if the text is valid, is consistent with its final value (each container a prefix of the
//     final one, the value at the cut a prefix of the final string or a number that may grow);
//   - if it is an error, is the plain parse's (code, offset), as a feed's error is.
// The parse then ends as a plain parse does (verdict: code, offset, line, column; the document
// identical()); finish_partial() on the same chunks gives finish()'s document (truncated()
// false) for a valid text, the reference's snapshot (truncated() true) for a valid beginning,
// and otherwise the plain parse's error.
//
// A snapshot without an error of a prefix that the parser itself finds invalid where it ends
// (a plain parse of the prefix fails with another error than incomplete_input) breaks the
// header's "a snapshot never truncates bad input silently" and fails the input. Prefixes only
// the grammar knows are dead ("\uD800\u1": the parser says incomplete_input) are not checked.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "fuzz_support.hpp"
#include "jsonx/dom/dom.hpp"
#include "support/partial_checks.hpp"
#include "support/partial_reference.hpp"

namespace {

using namespace jsonx::fuzz;
using jsonx::partial_mode;
using jsonx::test::closed_prefix;
using jsonx::test::describe_document;
using jsonx::test::every_partial_mode;
using jsonx::test::mode_name;
using jsonx::test::prefix_closer;

struct verdict_of {
  std::error_code code;
  std::uint64_t offset = 0;
  std::uint64_t line = 0;
  std::uint64_t column = 0;

  explicit verdict_of(const jsonx::parse_error& error)
      : code(error.code), offset(error.offset), line(error.line), column(error.column) {}
  std::string describe() const {
    if (!code) return "accepted";
    return code.message() + " at byte " + std::to_string(offset);
  }
  friend bool operator==(const verdict_of&, const verdict_of&) = default;
};

// Feeds `chunk` from a heap copy of its exact size, scribbled over once feed() returns.
std::size_t feed_copy(jsonx::dom::parser& p, std::string_view chunk, std::error_code& ec) {
  if (chunk.data() == nullptr) return p.feed(chunk, ec);
  auto copy = std::make_unique<char[]>(chunk.size());
  if (!chunk.empty()) std::memcpy(copy.get(), chunk.data(), chunk.size());
  const std::size_t used = p.feed(std::string_view(copy.get(), chunk.size()), ec);
  if (!chunk.empty()) std::memset(copy.get(), '"', chunk.size());
  return used;
}

// True if the parser itself finds `prefix` invalid where it ends.
bool parser_finds_invalid(std::string_view prefix) {
  jsonx::parse_error error;
  jsonx::dom::parse(prefix, error);
  return error.code && error.code != jsonx::parse_errc::incomplete_input;
}

void fail_at(const char* what, std::string_view text, std::size_t cut, partial_mode mode,
             const std::string& detail) {
  std::fprintf(stderr, "cut at byte %zu, mode %s: %s\nthe prefix: %s\n", cut,
               std::string(mode_name(mode)).c_str(), detail.c_str(),
               jsonx::test::printable(text.substr(0, cut), 2000).c_str());
  fail(what, text);
}

class snapshot_run {
 public:
  snapshot_run(std::string_view text, const verdict_of& plain,
               const jsonx::dom::document& final_doc, std::uint64_t seed)
      : text_(text), plain_(plain), final_(final_doc), seed_(seed) {}

  // Feeds the chunks, a snapshot after each, then finishes; checks everything said above.
  void run(const std::vector<std::string_view>& chunks) {
    std::size_t cut = 0;
    std::size_t turn = 0;
    for (std::string_view chunk : chunks) {
      std::error_code ec;
      const std::size_t used = feed_copy(parser_, chunk, ec);
      closer_.read(chunk);
      cut += chunk.size();
      const partial_mode mode = every_partial_mode[mix64(seed_ + turn++) % 4];
      if (ec) {
        check(verdict_of(parser_.error()) == plain_, "a feed's error is not the plain parse's",
              text_);
        std::error_code snapshot_ec;
        parser_.partial(mode, snapshot_ec);
        check(snapshot_ec == plain_.code, "partial() after a feed's error is not that error",
              text_);
        return;
      }
      check(used == chunk.size(), "dom::parser::feed() consumed less than its chunk", text_);
      if (!snapshot(cut, mode)) return;
      if (turn % 7 == 0 && text_.size() <= 4096) {  // more in a row, without a feed
        const std::string first = describe_document(parser_.doc(), std::string::npos);
        const partial_mode other = every_partial_mode[(static_cast<int>(mode) + 1 + turn) % 4];
        if (!snapshot(cut, other) || !snapshot(cut, mode)) return;
        check(describe_document(parser_.doc(), std::string::npos) == first,
              "the same snapshot taken again after another differs", text_);
      }
    }
    std::error_code ec;
    const jsonx::dom::document& done = parser_.finish(ec);
    if (!(verdict_of(parser_.error()) == plain_)) {
      std::fprintf(stderr, "plain: %s\nwith snapshots: %s\n", plain_.describe().c_str(),
                   verdict_of(parser_.error()).describe().c_str());
      fail("the verdict after snapshots is not the plain parse's", text_);
    }
    if (!ec && !identical(done.root(), final_.root()))
      fail("the document after snapshots differs from the plain parse's", text_);
  }

 private:
  // One snapshot, checked; false if the parse has ended (an error, as it must be).
  bool snapshot(std::size_t cut, partial_mode mode) {
    std::error_code ec;
    const jsonx::dom::document& doc = parser_.partial(mode, ec);
    const closed_prefix reference = closer_.close(mode);
    if (ec) {
      if (!(verdict_of(parser_.error()) == plain_) || ec != plain_.code)
        fail_at("a snapshot's error is not the plain parse's", text_, cut, mode,
                verdict_of(parser_.error()).describe() + ", plain: " + plain_.describe());
      if (reference.viable())
        fail_at("a snapshot of a prefix some JSON text begins with is an error", text_, cut, mode,
                ec.message());
      return false;
    }
    std::string problem = jsonx::test::round_trip_difference(doc, scratch_);
    if (!problem.empty()) fail_at("a snapshot does not round-trip", text_, cut, mode, problem);
    if (reference.status == closed_prefix::verdict::too_deep)
      fail_at("a snapshot nesting beyond the depth limit is no error", text_, cut, mode, "");
    if (reference.viable()) {
      problem = jsonx::test::snapshot_difference(doc, reference.text, reference_parser_);
      if (!problem.empty())
        fail_at("a snapshot differs from the reference", text_, cut, mode, problem);
      if (!plain_.code) {
        problem = jsonx::test::snapshot_inconsistency(doc, final_.root(), mode);
        if (!problem.empty())
          fail_at("a snapshot is not consistent with the final value", text_, cut, mode, problem);
      }
    } else if (parser_finds_invalid(text_.substr(0, cut))) {
      fail_at("a snapshot of a prefix the parser finds invalid is no error", text_, cut, mode,
              describe_document(doc));
    }
    return true;
  }

  std::string_view text_;
  const verdict_of& plain_;
  const jsonx::dom::document& final_;
  std::uint64_t seed_;
  jsonx::dom::parser parser_;
  jsonx::dom::parser scratch_;
  jsonx::dom::parser reference_parser_;
  prefix_closer closer_;
};

// finish_partial() on the chunks: finish()'s document, a truncated snapshot or the plain error.
void check_finish_partial(const std::vector<std::string_view>& chunks, std::string_view text,
                          const verdict_of& plain, const jsonx::dom::document& final_doc,
                          partial_mode mode) {
  jsonx::dom::parser p;
  std::error_code ec;
  for (std::string_view chunk : chunks) {
    feed_copy(p, chunk, ec);
    if (ec) return;  // a feed's error: checked by snapshot_run
  }
  const jsonx::dom::document& done = p.finish_partial(mode, ec);
  const closed_prefix reference = jsonx::test::close_prefix(text, mode);
  if (!plain.code) {
    check(!ec && !p.truncated(), "finish_partial() of a valid text is not complete", text);
    check(identical(done.root(), final_doc.root()),
          "finish_partial() of a valid text is not finish()'s document", text);
  } else if (reference.viable()) {
    if (ec)
      fail_at("finish_partial() of a valid beginning fails", text, text.size(), mode, ec.message());
    check(p.truncated(), "finish_partial() of a valid beginning is not truncated()", text);
    jsonx::dom::parser scratch;
    const std::string problem = jsonx::test::snapshot_difference(done, reference.text, scratch);
    if (!problem.empty())
      fail_at("finish_partial() differs from the reference", text, text.size(), mode, problem);
  } else if (ec) {
    check(verdict_of(p.error()) == plain, "finish_partial()'s error is not the plain parse's",
          text);
  } else if (plain.code != jsonx::parse_errc::incomplete_input) {
    fail_at("finish_partial() of invalid input is no error", text, text.size(), mode,
            describe_document(done) + ", plain: " + plain.describe());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input input = decode_fuzz_input(data, size);
  const std::string_view text = input.text;
  const std::uint64_t seed = hash_bytes(text);

  jsonx::parse_error error;
  const jsonx::dom::document final_doc = jsonx::dom::parse(text, error);
  const verdict_of plain(error);

  const std::vector<std::string_view> chunks = plan_chunks(text, input.chunk_lengths);
  snapshot_run(text, plain, final_doc, seed).run(chunks);
  if (text.size() <= 512)
    snapshot_run(text, plain, final_doc, seed + 1).run(single_byte_chunks(text));
  check_finish_partial(chunks, text, plain, final_doc, every_partial_mode[seed % 4]);
  return 0;
}
