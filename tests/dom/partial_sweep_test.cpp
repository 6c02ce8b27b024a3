// Snapshots of real documents at every cut: every byte of the JSONTestSuite y_ files (and of the
// i_ files jsonx accepts), of generated documents and of the small corpus file; thousands of
// evenly spread and random cuts of the large corpus files. At each cut, in each mode checked,
// the snapshot (a) serializes to JSON that parses back identical(), (b) is the document of the
// reference closer's text (tests/support/partial_reference.hpp), and (c) is consistent with the
// final value (tests/support/partial_checks.hpp). The snapshots are taken between feeds of the
// same parser, so the final document (finish()) must still be a whole parse's.
//
// Invalid inputs (n_ files, the i_ files jsonx rejects), in random chunks and byte by byte with
// a snapshot after each chunk: the verdict stays the plain parse's (code and offset), and a
// snapshot after the error is that error. finish_partial() on every prefix: finish()'s document,
// a snapshot, or finish()'s error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/dom/dom.hpp"
#include "partial_test_support.hpp"
#include "support/event_log.hpp"
#include "support/test_data.hpp"

namespace jsonx::dom {
namespace {

using jsonx::test::closed_prefix;
using jsonx::test::describe_document;
using jsonx::test::every_partial_mode;
using jsonx::test::mode_name;
using jsonx::test::named_input;
using jsonx::test::prefix_closer;
using jsonx::test::printable;
using jsonx::test::round_trip_difference;
using jsonx::test::snapshot_difference;
using jsonx::test::snapshot_inconsistency;

// The bytes before `cut`, the last 60 of them, for messages.
std::string before_cut(std::string_view text, std::size_t cut) {
  const std::size_t from = cut > 60 ? cut - 60 : 0;
  return (from > 0 ? "..." : "") + printable(text.substr(from, cut - from));
}

std::uint64_t next_random(std::uint64_t& state) {
  state = state * 6364136223846793005u + 1442695040888963407u;
  return state >> 33;
}

// One valid text fed to one parser up to increasing cuts, its snapshots checked at each.
class valid_text_sweep {
 public:
  valid_text_sweep(std::string name, std::string_view text)
      : name_(std::move(name)), text_(text), final_(parse(text)) {}

  // Feeds the text up to `cut` (not before what was fed) and takes a snapshot in each of
  // `modes`, in a row, checking each unless `check` is false (then only that it succeeds).
  // False after a failure (reported), so that a broken input stops early.
  bool snapshot_at(std::size_t cut, std::initializer_list<partial_mode> modes, bool check = true) {
    if (cut > fed_) {
      const std::string_view piece = text_.substr(fed_, cut - fed_);
      std::error_code ec;
      const std::size_t used = test::feed_copy(parser_, piece, ec);
      if (ec || used != piece.size()) return fail(cut, "feed", "error " + ec.message());
      closer_.read(piece);
      fed_ = cut;
    }
    for (partial_mode mode : modes) {
      ++snapshots_;
      std::error_code ec;
      const document& snapshot = parser_.partial(mode, ec);
      if (ec) return fail(cut, mode_name(mode), "partial() failed: " + ec.message());
      if (!check) continue;
      const closed_prefix reference = closer_.close(mode);
      if (!reference.viable())
        return fail(cut, mode_name(mode), "the reference finds a prefix of a valid text invalid");
      std::string problem = snapshot_difference(snapshot, reference.text, reference_parser_);
      if (problem.empty() && check_round_trip_) problem = round_trip_difference(snapshot, scratch_);
      if (problem.empty()) problem = snapshot_inconsistency(snapshot, final_.root(), mode);
      if (!problem.empty()) return fail(cut, mode_name(mode), problem);
    }
    return true;
  }

  // Feeds the rest and finishes: the document must be identical() to the whole parse's.
  bool finish() {
    std::error_code ec;
    if (fed_ < text_.size()) test::feed_copy(parser_, text_.substr(fed_), ec);
    const document& done = ec ? parser_.doc() : parser_.finish(ec);
    if (ec) return fail(text_.size(), "finish", ec.message());
    if (!identical(done.root(), final_.root()) || done.node_count() != final_.node_count())
      return fail(text_.size(), "finish", "the document differs from the whole parse's");
    return true;
  }

  // Skips the serialization round trip (for the large files: the reference check covers what it
  // would find, at the same cost).
  void without_round_trip() { check_round_trip_ = false; }
  std::size_t snapshots() const noexcept { return snapshots_; }

 private:
  bool fail(std::size_t cut, std::string_view what, const std::string& problem) {
    ADD_FAILURE() << name_ << ", cut at byte " << cut << " (" << what << "): " << problem
                  << "\n  the prefix ends: " << before_cut(text_, cut);
    return false;
  }

  std::string name_;
  std::string_view text_;
  document final_;
  parser parser_;
  parser reference_parser_;
  parser scratch_;
  prefix_closer closer_;
  std::size_t fed_ = 0;
  std::size_t snapshots_ = 0;
  bool check_round_trip_ = true;
};

// Every byte, every mode, the modes in a row and one of them again (a snapshot taken twice
// without a feed between is the same).
bool sweep_every_byte(const std::string& name, std::string_view text) {
  valid_text_sweep sweep(name, text);
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    if (!sweep.snapshot_at(cut, {partial_mode::strict, partial_mode::trailing_strings,
                                 partial_mode::trailing_numbers, partial_mode::trailing,
                                 every_partial_mode[cut % 4]}))
      return false;
  }
  return sweep.finish();
}

std::vector<const named_input*> accepted(std::vector<const named_input*> files) {
  std::erase_if(files, [](const named_input* file) {
    parse_error error;
    parse(file->bytes, error);
    return static_cast<bool>(error.code);
  });
  return files;
}

TEST(DomPartialSweep, ConformanceFilesAtEveryByteInEveryMode) {
  const auto files = jsonx::test::conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  for (const named_input* file : files) sweep_every_byte(file->name, file->bytes);
}

TEST(DomPartialSweep, ImplementationDefinedFilesAcceptedAtEveryByte) {
  const auto files = accepted(jsonx::test::conformance_files("i_"));
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  for (const named_input* file : files) sweep_every_byte(file->name, file->bytes);
}

TEST(DomPartialSweep, GeneratedDocumentsAtEveryByteInEveryMode) {
  // Every shape: non-ASCII UTF-8, every escape, surrogate pairs, big and tiny numbers, nesting.
  for (const named_input& doc : jsonx::test::generated_documents(3 << 10, 2))
    sweep_every_byte(doc.name, doc.bytes);
}

// The corpus: small.json at every byte; the large files at `cuts` evenly spread cuts and as many
// random ones, each cut in one mode (in turn), and every byte of the first 2 KiB.
TEST(DomPartialSweep, CorpusFilesAtThousandsOfCuts) {
  const auto& files = jsonx::test::corpus_files();
  if (files.empty()) GTEST_SKIP() << "corpus absent (set JSONX_CORPUS_DIR)";
  for (const named_input& file : files) {
    const std::size_t size = file.bytes.size();
    if (size < 4096) {
      sweep_every_byte(file.name, file.bytes);
      continue;
    }
    // Fewer cuts where each costs more: a snapshot's checks are linear in the prefix.
    const std::size_t evenly = size < (1 << 20) ? 1500 : 1000;
    std::vector<std::size_t> cuts;
    for (std::size_t i = 0; i <= 2048; ++i) cuts.push_back(i);
    std::uint64_t state = size;
    for (std::size_t i = 1; i <= evenly; ++i) {
      cuts.push_back(size * i / evenly);
      cuts.push_back(next_random(state) % (size + 1));
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    valid_text_sweep sweep(file.name, file.bytes);
    sweep.without_round_trip();
    std::size_t turn = 0;
    bool ok = true;
    for (std::size_t cut : cuts) {
      if (!(ok = sweep.snapshot_at(cut, {every_partial_mode[turn++ % 4]}))) break;
    }
    if (ok) sweep.finish();
    std::printf("%s: %zu snapshots checked\n", file.name.c_str(), sweep.snapshots());
  }
}

// Interleaving: random chunk sizes, a snapshot after every chunk (the modes alternating, and now
// and then two in a row), the final document unchanged.
TEST(DomPartialSweep, ConformanceFilesInRandomChunksWithASnapshotAfterEach) {
  const auto files = jsonx::test::conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  for (const named_input* file : files) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      valid_text_sweep sweep(file->name + ", seed " + std::to_string(seed), file->bytes);
      std::uint64_t state = seed;
      std::size_t cut = 0;
      std::size_t turn = seed;
      bool ok = true;
      while (ok && cut < file->bytes.size()) {
        cut = std::min(file->bytes.size(), cut + next_random(state) % 9);  // 0: no feed
        const partial_mode mode = every_partial_mode[turn++ % 4];
        ok = turn % 5 ? sweep.snapshot_at(cut, {mode})
                      : sweep.snapshot_at(cut, {mode, every_partial_mode[turn % 4], mode});
      }
      if (ok) sweep.finish();
    }
  }
}

// A large document fed in 1-byte chunks and in random chunks, a snapshot after every one of
// them; the snapshots are checked now and then (each check reads the whole prefix), the final
// document always.
TEST(DomPartialSweep, LargeDocumentsWithASnapshotAfterEveryChunk) {
  std::vector<named_input> inputs = jsonx::test::generated_documents(64 << 10, 1);
  for (const named_input& file : jsonx::test::corpus_files()) inputs.push_back(file);
  for (const named_input& input : inputs) {
    const std::string_view text = input.bytes;
    const bool byte_by_byte = text.size() < (1 << 20);
    for (int run = byte_by_byte ? 0 : 1; run < 2; ++run) {
      valid_text_sweep sweep(input.name + (run == 0 ? ", 1-byte chunks" : ", random chunks"), text);
      std::uint64_t state = text.size();
      std::size_t cut = 0;
      std::size_t turn = 0;
      const std::size_t check_every = run == 0 ? 4096 : 64;
      bool ok = true;
      while (ok && cut < text.size()) {
        cut = std::min(text.size(), cut + (run == 0 ? 1 : 1 + next_random(state) % 4096));
        ok = sweep.snapshot_at(cut, {every_partial_mode[turn % 4]}, turn % check_every == 0);
        ++turn;
      }
      if (ok) sweep.finish();
      std::printf("%s, %s: %zu snapshots\n", input.name.c_str(),
                  run == 0 ? "1-byte chunks" : "random chunks", sweep.snapshots());
    }
  }
}

std::vector<const named_input*> rejected_files() {
  std::vector<const named_input*> files = jsonx::test::conformance_files("n_");
  for (const named_input* file : jsonx::test::conformance_files("i_")) {
    parse_error error;
    parse(file->bytes, error);
    if (error.code) files.push_back(file);
  }
  return files;
}

std::string describe(const parse_error& error) {
  return error.code.message() + " at byte " + std::to_string(error.offset);
}

// Snapshots given, without an error, of prefixes no JSON text begins with: those the parser
// itself finds invalid when the prefix ends there (finish() gives another error than
// incomplete_input: "[-N", "[\"\\\xF0"), and those only the grammar knows are dead (finish()
// says incomplete_input: "[\"\\uD800\\u1", whose low half cannot begin with 1).
struct silent_snapshots {
  std::vector<std::string> known_to_the_parser;
  std::vector<std::string> known_to_the_grammar;

  void add(std::string_view prefix, std::string what) {
    parse_error plain;
    parse(prefix, plain);
    if (plain.code && plain.code != parse_errc::incomplete_input) {
      known_to_the_parser.push_back(what + "; finish() there: " + describe(plain));
    } else {
      known_to_the_grammar.push_back(std::move(what));
    }
  }
  static std::string list(const std::vector<std::string>& items, std::size_t limit) {
    std::string listed;
    for (std::size_t i = 0; i < items.size() && i < limit; ++i) listed += "  " + items[i] + "\n";
    return listed;
  }
};

// An invalid text fed in chunks of `next_size()` bytes, a snapshot after each (the modes in
// turn, from `first_turn`): a feed's error, and a snapshot's, is the plain parse's (code and
// offset); so is the verdict at the end; a snapshot given is valid JSON and, while some JSON
// text begins with the prefix, the reference's. A snapshot of a prefix no JSON text begins with
// is listed in `silent` (see InvalidPrefixesAreErrorsNotSnapshots).
template <class NextSize>
void expect_the_plain_verdict(const named_input& file, NextSize next_size, silent_snapshots& silent,
                              std::size_t first_turn = 0) {
  const std::string_view text = file.bytes;
  parse_error plain;
  parse(text, plain);
  ASSERT_TRUE(plain.code) << file.name << " parses";
  parser p;
  parser scratch;
  parser reference_parser;
  prefix_closer closer;
  std::size_t cut = 0;
  std::size_t turn = first_turn;
  auto same_error = [&](const char* when) {
    const parse_error& error = p.error();
    EXPECT_TRUE(error.code == plain.code && error.offset == plain.offset)
        << file.name << ", " << when << " at byte " << cut << ": " << describe(error)
        << ", the plain parse: " << describe(plain);
  };
  while (cut < text.size()) {
    const std::string_view piece = text.substr(cut, next_size());
    std::error_code ec;
    test::feed_copy(p, piece, ec);
    closer.read(piece);
    cut += piece.size();
    const partial_mode mode = every_partial_mode[turn++ % 4];
    if (ec) {
      same_error("the feed's error");
      std::error_code snapshot_ec;
      EXPECT_TRUE(p.partial(mode, snapshot_ec).empty()) << file.name;
      EXPECT_EQ(snapshot_ec, plain.code) << file.name << ": partial() after the feed's error";
      EXPECT_THROW(p.partial(mode), parse_exception) << file.name;
      return;
    }
    const document& snapshot = p.partial(mode, ec);
    if (ec) {
      same_error("partial()'s error");
      EXPECT_EQ(ec, plain.code) << file.name;
      return;
    }
    const closed_prefix reference = closer.close(mode);
    const std::string where = file.name + ", cut at byte " + std::to_string(cut) + " (" +
                              std::string(mode_name(mode)) + "), the prefix ends " +
                              before_cut(text, cut) + ": ";
    std::string problem = round_trip_difference(snapshot, scratch);
    if (problem.empty() && reference.viable())
      problem = snapshot_difference(snapshot, reference.text, reference_parser);
    ASSERT_EQ(problem, "") << where;
    ASSERT_NE(reference.status, closed_prefix::verdict::too_deep)
        << where << "nesting beyond the depth limit, and no error";
    if (!reference.viable() && cut <= (64 << 10))
      silent.add(text.substr(0, cut),
                 where + "no JSON text begins so (byte " + std::to_string(reference.invalid_at) +
                     "), yet the snapshot is " + describe_document(snapshot, 80));
  }
  std::error_code ec;
  p.finish(ec);
  EXPECT_EQ(ec, plain.code) << file.name;
  same_error("finish()'s error");
  EXPECT_EQ(p.error().line, plain.line) << file.name;
  EXPECT_EQ(p.error().column, plain.column) << file.name;
}

TEST(DomPartialSweep, InvalidFilesInChunksFailAsAPlainParseWhateverTheSnapshots) {
  const auto files = rejected_files();
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  silent_snapshots silent;
  for (const named_input* file : files) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      std::uint64_t state = seed;
      expect_the_plain_verdict(
          *file, [&] { return next_random(state) % 9; }, silent, seed);
    }
  }
}

// partial.hpp: "Input that is already invalid is an error, exactly as without snapshots: a
// snapshot never truncates bad input silently". Every prefix of the invalid files, byte by byte
// in every mode, that the parser itself finds invalid where it ends (finish() there reports
// another error than incomplete_input) and no JSON text begins with (the reference) must give
// an error, not a snapshot. Those only the grammar knows are dead, which the parser reports as
// cut short, are counted, not failed.
TEST(DomPartialSweep, InvalidPrefixesAreErrorsNotSnapshots) {
  const auto files = rejected_files();
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  silent_snapshots silent;
  for (const named_input* file : files) {
    for (std::size_t first_turn = 0; first_turn < 4; ++first_turn)
      expect_the_plain_verdict(
          *file, [] { return std::size_t{1}; }, silent, first_turn);
  }
  std::printf("%zu snapshots of prefixes only the grammar knows are dead, e.g.\n%s",
              silent.known_to_the_grammar.size(),
              silent_snapshots::list(silent.known_to_the_grammar, 3).c_str());
  EXPECT_TRUE(silent.known_to_the_parser.empty())
      << silent.known_to_the_parser.size()
      << " snapshots, without an error, of prefixes the parser finds invalid:\n"
      << silent_snapshots::list(silent.known_to_the_parser, 400);
}

// finish_partial() on every prefix of the small y_ and invalid files, on one parser, fed whole
// and byte by byte: a prefix that parses gives finish()'s document (truncated() false); one that
// some JSON text begins with, its snapshot, partial()'s and the reference's (truncated() true);
// any other, the plain parse's error (but for a prefix the parser itself calls cut short,
// incomplete_input, though the grammar knows it is dead: "[\"\\uD800\\u1").
TEST(DomPartialSweep, FinishPartialAtEveryPrefix) {
  std::vector<const named_input*> files = jsonx::test::conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  for (const named_input* file : rejected_files())
    if (file->bytes.size() <= 2048) files.push_back(file);
  parser p;
  parser snapshotted;
  parser scratch;
  std::vector<std::string> silent;
  for (const named_input* file : files) {
    for (std::size_t cut = 0; cut <= file->bytes.size(); ++cut) {
      const std::string_view prefix = std::string_view(file->bytes).substr(0, cut);
      const partial_mode mode = every_partial_mode[cut % 4];
      const bool byte_by_byte = cut % 3 == 0;
      const std::string where = file->name + " cut at byte " + std::to_string(cut) + " (" +
                                std::string(mode_name(mode)) +
                                (byte_by_byte ? ", fed byte by byte)" : ")");
      const closed_prefix reference = jsonx::test::close_prefix(prefix, mode);
      parse_error plain;
      const document whole = parse(prefix, plain);
      std::error_code ec;
      for (std::size_t at = 0; at < prefix.size() && !ec; at += byte_by_byte ? 1 : prefix.size())
        test::feed_copy(p, prefix.substr(at, byte_by_byte ? 1 : prefix.size()), ec);
      const document& done = ec ? p.doc() : p.finish_partial(mode, ec);
      if (!plain.code) {
        ASSERT_FALSE(ec) << where << ": " << ec.message();
        ASSERT_FALSE(p.truncated()) << where;
        ASSERT_TRUE(identical(done.root(), whole.root())) << where;
      } else if (reference.viable()) {
        ASSERT_FALSE(ec) << where << ": " << ec.message();
        ASSERT_TRUE(p.truncated()) << where;
        snapshotted.reset();
        if (!prefix.empty()) snapshotted.feed(prefix, ec);
        ASSERT_FALSE(ec) << where;
        const std::string expected = describe_document(snapshotted.partial(mode, ec));
        ASSERT_FALSE(ec) << where;
        ASSERT_EQ(describe_document(done), expected) << where;
        ASSERT_EQ(snapshot_difference(done, reference.text, scratch), "") << where;
      } else if (ec) {
        ASSERT_EQ(ec, plain.code) << where;
        ASSERT_EQ(p.error().offset, plain.offset) << where;
        p.reset();
      } else if (plain.code != parse_errc::incomplete_input) {
        silent.push_back(where + ": " + describe_document(done, 80) +
                         ", the plain parse: " + describe(plain));
      }  // else dead to the grammar only, cut short to the parser: a snapshot too
    }
  }
  // finish_partial() ends the input: what is invalid is an error "as for finish()", whatever the
  // chunks were.
  std::string listed;
  for (std::size_t i = 0; i < silent.size() && i < 400; ++i) listed += "  " + silent[i] + "\n";
  EXPECT_TRUE(silent.empty()) << silent.size()
                              << " invalid prefixes given as a truncated snapshot:\n"
                              << listed;
}

}  // namespace
}  // namespace jsonx::dom
