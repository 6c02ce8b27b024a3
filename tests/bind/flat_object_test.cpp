// Flat objects taken at once (detail/decode_flat.hpp): a struct whose members are integers,
// doubles, bools, strings, their optionals and lists of integers takes an object of those in
// one call, and the result must be exactly the events' (values, errors, paths, offsets), in
// every chunking. Each input is decoded twice through a relay over decode_handler: one that
// offers the parser's flat objects to the handler (counting what it did with them), one that
// does not (every object as events), and the two targets and errors compared.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/citm_catalog.hpp"
#include "jsonx/corpus/corpus.hpp"

namespace {

struct point {
  std::int64_t id = 0;
  double x = 0;
  std::optional<double> y;
  bool visible = false;
  std::string label;
  std::optional<std::string> note;
  std::vector<std::int64_t> tags;
  std::array<std::int32_t, 2> span{};
  std::uint8_t level = 0;
  friend bool operator==(const point&, const point&) = default;
};
JSONX_DESCRIBE(point, id, x, y, visible, label, note, tags, span, level)

struct strict_point {
  std::int32_t a = 0;
  std::int32_t b = 0;
  friend bool operator==(const strict_point&, const strict_point&) = default;
};
JSONX_DESCRIBE(strict_point, a, b)
JSONX_FIELD_OPTIONS(strict_point, jsonx::required_field(&strict_point::b))

// A member that is not of a flat kind (a nested struct) keeps its struct on events.
struct outer {
  std::int64_t id = 0;
  point inner;
  friend bool operator==(const outer&, const outer&) = default;
};
JSONX_DESCRIBE(outer, id, inner)

struct document {
  std::vector<point> points;
  std::optional<strict_point> strict;
  std::vector<outer> outers;
  friend bool operator==(const document&, const document&) = default;
};
JSONX_DESCRIBE(document, points, strict, outers)

// Forwards every event to a decode_handler. With OfferFlat, it also forwards the flat-object
// hooks (and counts what the handler did); without, the parser sends every object as events.
template <bool OfferFlat>
class relay {
 public:
  explicit relay(jsonx::decode_handler& h) : h_(&h) {}
  bool on_null() { return h_->on_null(); }
  bool on_bool(bool v) { return h_->on_bool(v); }
  bool on_int64(std::int64_t v, std::string_view t) { return h_->on_int64(v, t); }
  bool on_uint64(std::uint64_t v, std::string_view t) { return h_->on_uint64(v, t); }
  bool on_double(double v, std::string_view t) { return h_->on_double(v, t); }
  bool on_number_text(std::string_view t) { return h_->on_number_text(t); }
  bool on_string(std::string_view v) { return h_->on_string(v); }
  bool on_key(std::string_view k) { return h_->on_key(k); }
  bool on_object_begin() { return h_->on_object_begin(); }
  bool on_array_begin() { return h_->on_array_begin(); }
  bool on_object_end(std::size_t n) { return h_->on_object_end(n); }
  bool on_array_end(std::size_t n) { return h_->on_array_end(n); }
  jsonx::empty_container on_empty_array() { return h_->on_empty_array(); }
  jsonx::skip_answer skip_next_value() { return h_->skip_next_value(); }
  std::size_t flat_object_members() requires OfferFlat { return h_->flat_object_members(); }
  jsonx::flat_object_result on_flat_object(const jsonx::flat_object& object) requires OfferFlat {
    const jsonx::flat_object_result r = h_->on_flat_object(object);
    ++(r == jsonx::flat_object_result::taken ? taken : declined);
    return r;
  }
  int taken = 0;
  int declined = 0;

 private:
  jsonx::decode_handler* h_;
};

static_assert(jsonx::handler_with_flat_objects<relay<true>>);
static_assert(!jsonx::handler_with_flat_objects<relay<false>>);

struct outcome {
  bool ok = false;
  jsonx::decode_error error;
  int taken = 0;
  int declined = 0;
};

// Decodes `json` into `target` through relay<OfferFlat>, in chunks as `cut` says, as
// typed_decoder does.
template <bool OfferFlat, class T>
outcome decode_through_relay(std::string_view json, T& target, jsonx::test::chunking cut,
                             const jsonx::decode_options& options = {}) {
  jsonx::decode_handler handler;
  handler.start(target, options);
  relay<OfferFlat> r(handler);
  jsonx::push_parser<relay<OfferFlat>> parser(r, options.parse);
  outcome result;
  std::error_code ec;
  std::size_t offset = 0;
  do {
    const std::size_t size = cut.next(offset, json.size() - offset);
    std::string chunk(json.substr(offset, size));
    handler.set_readable_input(chunk.data(), chunk.data() + chunk.size());
    parser.feed(chunk, ec);
    handler.set_readable_input(nullptr, nullptr);
    offset += size;
  } while (!ec && offset < json.size());
  if (!ec) parser.finish(ec);
  result.ok = !ec;
  if (ec) {
    handler.abandon_after_failure();
    result.error = handler.make_error(parser.error());
  }
  if constexpr (OfferFlat) {
    result.taken = r.taken;
    result.declined = r.declined;
  }
  return result;
}

// Both ways agree on `json` (whole, then in every two-chunk cut): success, error code, path,
// offset and message, and the target's value (both start from `start`). Returns the flat
// objects taken whole.
template <class T>
int expect_same_as_events(std::string_view json, const T& start,
                          const jsonx::decode_options& options = {}) {
  int taken_whole = -1;
  for (std::size_t cut = 0; cut <= json.size(); ++cut) {
    const auto chunking =
        cut == 0 ? jsonx::test::chunking::whole() : jsonx::test::chunking::split_at(cut);
    T with_flat = start;
    T with_events = start;
    const outcome flat = decode_through_relay<true>(json, with_flat, chunking, options);
    const outcome events = decode_through_relay<false>(json, with_events, chunking, options);
    const std::string where = std::string(json) + " / " + chunking.describe();
    EXPECT_EQ(flat.ok, events.ok) << where;
    EXPECT_EQ(flat.error.code, events.error.code) << where;
    EXPECT_EQ(flat.error.path, events.error.path) << where;
    EXPECT_EQ(flat.error.offset, events.error.offset) << where;
    EXPECT_EQ(flat.error.message(), events.error.message()) << where;
    if (flat.ok) {
      EXPECT_TRUE(with_flat == with_events) << where;
    }
    if (cut == 0) taken_whole = flat.taken;
  }
  return taken_whole;
}

const std::string_view full_point =
    R"({"id": -7, "x": 1.5, "y": null, "visible": true, "label": "a\tb\u00e9", "note": "n",)"
    R"( "tags": [1, 2, 3], "span": [4, 5], "level": 200})";

TEST(FlatObject, TakenWholeAndSameAsEvents) {
  const std::string json = std::string(R"({"points": [)") + std::string(full_point) + "]}";
  EXPECT_EQ(expect_same_as_events(json, document{}), 1);
  document d;
  ASSERT_TRUE(decode_through_relay<true>(json, d, jsonx::test::chunking::whole()).ok);
  ASSERT_EQ(d.points.size(), 1u);
  const point& p = d.points[0];
  EXPECT_EQ(p.id, -7);
  EXPECT_EQ(p.x, 1.5);
  EXPECT_FALSE(p.y.has_value());
  EXPECT_TRUE(p.visible);
  EXPECT_EQ(p.label, "a\tb\xC3\xA9");  // unescaped
  EXPECT_EQ(p.note, "n");
  EXPECT_EQ(p.tags, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(p.span, (std::array<std::int32_t, 2>{4, 5}));
  EXPECT_EQ(p.level, 200);
}

TEST(FlatObject, MembersInAnyOrderAndAbsentOnesLeftAsTheyWere) {
  point start;
  start.label = "kept";
  start.tags = {9};
  const std::string_view json = R"({"x": 2, "id": 3, "y": 0.25})";
  EXPECT_EQ(expect_same_as_events(json, start), 1);
}

TEST(FlatObject, ReusedElementsAreResetAsByEvents) {
  document start;
  start.points.resize(3);
  start.points[1].label = "old";
  start.points[1].tags = {1, 2};
  const std::string_view json = R"({"points": [{"id": 1}, {"x": 2.5}]})";
  EXPECT_EQ(expect_same_as_events(json, start), 2);
}

// Values the member's rule refuses are left to the events, which report them: the flat pass
// changes nothing first.
TEST(FlatObject, RefusedValuesAreTheEventsErrors) {
  const std::string_view refused[] = {
      R"({"points": [{"id": 1, "level": 256}]})",           // out of range
      R"({"points": [{"level": -1}]})",                     // out of range
      R"({"points": [{"id": 1.5}]})",                       // a fraction for an integer
      R"({"points": [{"id": 18446744073709551615}]})",      // beyond int64
      R"({"points": [{"id": 123456789012345678901234}]})",  // beyond 64 bits
      R"({"points": [{"x": "1"}]})",                        // a string for a double
      R"({"points": [{"x": 9007199254740993}]})",           // an integer a double rounds
      R"({"points": [{"visible": 1}]})",
      R"({"points": [{"label": 5}]})",
      R"({"points": [{"note": true}]})",
      R"({"points": [{"tags": [1, "2"]}]})",
      R"({"points": [{"tags": [1, 2.5]}]})",
      R"({"points": [{"tags": {}}]})",
      R"({"points": [{"span": [1, 2, 3]}]})",  // the wrong length
      R"({"points": [{"span": [1]}]})",
      R"({"points": [{"span": [1, 3000000000]}]})",
      R"({"strict": {"a": 1}})",  // a required field missing
  };
  for (std::string_view json : refused) EXPECT_EQ(expect_same_as_events(json, document{}), 0);
}

TEST(FlatObject, IntegralDoublesAndBigIntegersGoToTheEvents) {
  // 3.0 is an integer to the integer rules, and 2^63 a uint64: the events decide both.
  EXPECT_EQ(expect_same_as_events(R"({"points": [{"id": 3.0}]})", document{}), 0);
  EXPECT_EQ(expect_same_as_events(R"({"points": [{"x": 9007199254740992}]})", document{}), 1);
}

TEST(FlatObject, UnknownAndRepeatedKeysByPolicy) {
  const std::string_view unknown = R"({"points": [{"id": 1, "zz": [true, null], "x": 2}]})";
  EXPECT_EQ(expect_same_as_events(unknown, document{}), 1);  // skipped
  jsonx::decode_options strict;
  strict.unknown_fields = jsonx::unknown_field_policy::error;
  EXPECT_EQ(expect_same_as_events(unknown, document{}, strict), 0);
  jsonx::decode_options missing;
  missing.missing_fields = jsonx::missing_field_policy::error;
  EXPECT_EQ(expect_same_as_events(R"({"strict": {"b": 2}})", document{}, missing), 0);
  EXPECT_EQ(expect_same_as_events(R"({"strict": {"b": 2, "a": 1}})", document{}, missing), 1);
  // A key twice: the events' rules decide what the second value does.
  EXPECT_EQ(expect_same_as_events(R"({"points": [{"id": 1, "id": 2}]})", document{}), 0);
  // An escaped key is matched by the events.
  EXPECT_EQ(expect_same_as_events(R"({"points": [{"\u0069d": 1}]})", document{}), 0);
}

TEST(FlatObject, ObjectsThatAreNotOffered) {
  // outer has a struct member: its objects are events; the point inside is flat.
  EXPECT_EQ(expect_same_as_events(R"({"outers": [{"id": 1, "inner": {"id": 2}}]})", document{}), 1);
  const std::string_view events_only[] = {
      R"({"points": [{"tags": [[1]]}]})",            // nested array
      R"({"points": [{"id": 1, "zz": {"a": 1}}]})",  // an object inside
      R"({"points": [{}]})",                         // empty
      R"({"points": [{"id": 01}]})",                 // invalid number
      R"({"points": [{"visible": tru}]})",           // invalid literal
      R"({"points": [{"label": "\x"}]})",            // invalid escape
      R"({"points": [{"id": 1 "x": 2}]})",           // missing comma
      R"({"points": [{"id" 1}]})",                   // missing colon
      R"({"points": [{"id": 1,}]})",                 // trailing comma
      R"({"points": [{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":0}]})",
  };
  for (std::string_view json : events_only)
    EXPECT_EQ(expect_same_as_events(json, document{}), 0) << json;
}

TEST(FlatObject, DepthLimitLeavesTheObjectToTheEvents) {
  jsonx::decode_options shallow;
  shallow.parse.max_depth = 3;  // document, points, the point: no room for its tags' array
  EXPECT_EQ(expect_same_as_events(R"({"points": [{"id": 1, "tags": [2]}]})", document{}, shallow),
            0);
  shallow.parse.max_depth = 4;
  EXPECT_EQ(expect_same_as_events(R"({"points": [{"id": 1, "tags": [2]}]})", document{}, shallow),
            1);
}

TEST(FlatObject, TokenLimitLeavesTheObjectToTheEvents) {
  jsonx::decode_options small_tokens;
  small_tokens.parse.max_token_size = 10;
  EXPECT_EQ(
      expect_same_as_events(R"({"points": [{"label": "abcdefghijk"}]})", document{}, small_tokens),
      0);
  EXPECT_EQ(expect_same_as_events(R"({"points": [{"id": 12345678901}]})", document{}, small_tokens),
            0);
  EXPECT_EQ(expect_same_as_events(R"({"points": [{"label": "abc"}]})", document{}, small_tokens),
            1);
}

// The corpus model whose small objects are flat: the same document either way, in chunks of
// every size class (a flat object cut by a chunk end goes to the events).
TEST(FlatObject, CitmCatalogSameAsEventsInChunks) {
  const std::optional<std::string> text = jsonx::corpus::load("citm_catalog.json");
  if (!text)
    GTEST_SKIP() << "citm_catalog.json is not in " << jsonx::corpus::directory()
                 << " (set JSONX_CORPUS_DIR)";
  const std::string& json = *text;
  using model = jsonx::models::citm_catalog::document;
  for (const auto chunking : {jsonx::test::chunking::whole(), jsonx::test::chunking::fixed(4096),
                              jsonx::test::chunking::random(7, 300)}) {
    model with_flat, with_events;
    const outcome flat = decode_through_relay<true>(json, with_flat, chunking);
    const outcome events = decode_through_relay<false>(json, with_events, chunking);
    ASSERT_TRUE(flat.ok) << chunking.describe();
    ASSERT_TRUE(events.ok) << chunking.describe();
    // 8685 areas, 907 prices and 184 events whole; fewer in chunks (those cut go to events).
    EXPECT_GT(flat.taken, chunking.describe() == "whole" ? 9700 : 0) << chunking.describe();
    EXPECT_TRUE(with_flat == with_events) << chunking.describe();
  }
}

}  // namespace
