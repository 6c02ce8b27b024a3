// The decoder's snapshots of a document still arriving (decoder::partial): after would_block
// in the middle of a value, the document read so far equals dom::parser's snapshot of the same
// bytes, and taking snapshots changes nothing of what the decoder then reads.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "io_test_support.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/decoder.hpp"

namespace {

using jsonx::partial_mode;
using jsonx::stream::decode_status;
using jsonx::stream::decoder;
using jsonx::stream::decoder_options;
using jsonx::stream::stream_error;

// Hands out its pieces one a read, with would_block after each.
class scripted_source final : public jsonx::stream::source {
 public:
  explicit scripted_source(std::vector<std::string> pieces) : pieces_(std::move(pieces)) {}
  jsonx::stream::read_result read_some(char* buffer, std::size_t size) override {
    if (blocked_next_) {
      blocked_next_ = false;
      return {0, jsonx::stream::read_status::would_block, {}};
    }
    if (next_ == pieces_.size()) return {0, jsonx::stream::read_status::end, {}};
    const std::string& piece = pieces_[next_];
    const std::size_t n = std::min(size, piece.size() - at_);
    piece.copy(buffer, n, at_);
    at_ += n;
    if (at_ == piece.size()) {
      ++next_;
      at_ = 0;
      blocked_next_ = true;
    }
    return {n, jsonx::stream::read_status::ok, {}};
  }

 private:
  std::vector<std::string> pieces_;
  std::size_t next_ = 0;
  std::size_t at_ = 0;
  bool blocked_next_ = false;
};

std::string text_of(const jsonx::dom::document& doc) {
  return doc.empty() ? std::string("<empty>") : jsonx::dom::to_string(doc);
}

// dom::parser's snapshot of `prefix`: the reference for the decoder's.
std::string parser_snapshot(std::string_view prefix, partial_mode mode) {
  jsonx::dom::parser parser;
  parser.feed(prefix);
  return text_of(parser.partial(mode));
}

// One value cut into pieces of `piece` bytes: at every would_block the decoder's snapshot is
// the parser's of the bytes read so far, and the value decoded at the end is the whole one.
void check_value_in_pieces(const std::string& json, std::size_t piece, partial_mode mode,
                           decoder_options options = {}) {
  std::vector<std::string> pieces;
  for (std::size_t at = 0; at < json.size(); at += piece) pieces.push_back(json.substr(at, piece));
  scripted_source in(pieces);
  decoder d(in, options);
  jsonx::dom::document doc;
  stream_error error;
  std::size_t read = 0;
  decode_status s;
  std::size_t snapshots = 0;
  while ((s = d.decode(doc, error)) == decode_status::would_block) {
    read = std::min(json.size(), read + piece);
    if (read == json.size()) continue;  // the last piece: the value may still be a number
    ASSERT_TRUE(d.partial(doc, mode)) << json.substr(0, read);
    ++snapshots;
    EXPECT_EQ(text_of(doc), parser_snapshot(json.substr(0, read), mode))
        << "prefix " << json.substr(0, read);
    ASSERT_TRUE(d.partial(doc, mode));  // again, with no input between: the same
    EXPECT_EQ(text_of(doc), parser_snapshot(json.substr(0, read), mode));
  }
  ASSERT_EQ(s, decode_status::value) << error.message();
  EXPECT_EQ(text_of(doc), text_of(jsonx::dom::parse(json)));
  EXPECT_GT(snapshots, 0u);
  EXPECT_FALSE(d.partial(doc, mode));  // the value ended: nothing to snapshot
}

const std::string sample =
    R"({"id": 12345, "text": "caf\u00e9 \ud83d\ude00 ok", "tags": ["a", "b", [1, 2.5, -3e2]],)"
    R"( "user": {"name": "x\"y", "flags": [true, false, null], "n": 18446744073709551615},)"
    R"( "big": 123456789012345678901234567890, "e": {}, "f": []})";

TEST(decoder_partial, snapshots_equal_the_parsers_at_every_cut) {
  for (std::size_t piece : {1u, 2u, 3u, 7u, 16u})
    for (partial_mode mode : {partial_mode::strict, partial_mode::trailing_strings,
                              partial_mode::trailing_numbers, partial_mode::trailing})
      check_value_in_pieces(sample, piece, mode);
}

TEST(decoder_partial, with_use_number_numbers_stay_text) {
  decoder_options options;
  options.use_number = true;
  std::vector<std::string> pieces = {R"({"a": [1.50, 2)", R"(]})"};
  scripted_source in(pieces);
  decoder d(in, options);
  jsonx::dom::document doc;
  stream_error error;
  ASSERT_EQ(d.decode(doc, error), decode_status::would_block);
  ASSERT_TRUE(d.partial(doc, partial_mode::trailing));
  ASSERT_FALSE(doc.empty());
  EXPECT_TRUE(doc.root()["a"][0].is_raw_number());
  EXPECT_EQ(doc.root()["a"][0].get_raw_number(), "1.50");
  EXPECT_EQ(doc.root()["a"][1].get_raw_number(), "2");
  decode_status s;
  while ((s = d.decode(doc, error)) == decode_status::would_block) {
  }
  ASSERT_EQ(s, decode_status::value);
  EXPECT_EQ(doc.root()["a"].size(), 2u);
}

// The duplicate-name check watches the keys of the value: the events that close a snapshot
// do not reach it, so a duplicate is found exactly as without snapshots, and none invented.
TEST(decoder_partial, the_duplicate_name_check_sees_no_snapshot) {
  decoder_options options;
  options.allow_duplicate_names = false;
  check_value_in_pieces(sample, 5, partial_mode::trailing, options);

  const std::string twice = R"({"a": {"k": 1}, "b": 2, "a": 3})";
  std::vector<std::string> pieces;
  for (char c : twice) pieces.emplace_back(1, c);
  scripted_source in(pieces);
  decoder d(in, options);
  jsonx::dom::document doc;
  stream_error error;
  decode_status s;
  while ((s = d.decode(doc, error)) == decode_status::would_block) d.partial(doc);
  ASSERT_EQ(s, decode_status::error);
  EXPECT_EQ(error.code, jsonx::stream::stream_errc::duplicate_name);
  EXPECT_EQ(error.offset, twice.rfind("\"a\""));
}

TEST(decoder_partial, only_the_document_being_read) {
  std::vector<std::string> pieces = {R"([1, 2, )", R"(3] [4)", R"(, 5])"};
  scripted_source in(pieces);
  decoder d(in);
  jsonx::dom::document doc;
  jsonx::dom::document other;
  stream_error error;
  EXPECT_FALSE(d.partial(doc));  // nothing read yet
  ASSERT_EQ(d.decode(doc, error), decode_status::would_block);
  EXPECT_FALSE(d.partial(other));  // not the target being read
  ASSERT_TRUE(d.partial(doc));
  EXPECT_EQ(text_of(doc), "[1,2]");
  ASSERT_EQ(d.decode(doc, error), decode_status::value);
  EXPECT_EQ(text_of(doc), "[1,2,3]");
  ASSERT_EQ(d.decode(doc, error), decode_status::would_block);
  ASSERT_TRUE(d.partial(doc));
  EXPECT_EQ(text_of(doc), "[]");  // "4" may go on
  ASSERT_TRUE(d.partial(doc, partial_mode::trailing_numbers));
  EXPECT_EQ(text_of(doc), "[4]");
  ASSERT_EQ(d.decode(doc, error), decode_status::value);
  EXPECT_EQ(text_of(doc), "[4,5]");
}

// Snapshots taken at every would_block of a stream of values cut at random leave every value
// as the decoder reads it without snapshots.
TEST(decoder_partial, random_cuts_change_nothing) {
  const std::string stream = sample + "\n" + R"(["x", {"y": [null]}] 17 "s" {"z": -0.0})" + "\n";
  auto read_all = [&](bool snapshots) {
    jsonx::test::trickle_source in(stream, 6, 11, /*would_block_every=*/2);
    decoder d(in);
    jsonx::dom::document doc;
    stream_error error;
    std::string out;
    unsigned taken = 0;
    for (;;) {
      const decode_status s = d.decode(doc, error);
      if (s == decode_status::would_block) {
        if (snapshots &&
            d.partial(doc, taken++ % 2 ? partial_mode::trailing : partial_mode::strict)) {
          EXPECT_FALSE(text_of(doc).empty());
        }
        continue;
      }
      if (s != decode_status::value) break;
      out += text_of(doc) + "\n";
    }
    return out;
  };
  const std::string plain = read_all(false);
  EXPECT_EQ(read_all(true), plain);
  EXPECT_EQ(std::count(plain.begin(), plain.end(), '\n'), 5);
}

}  // namespace
