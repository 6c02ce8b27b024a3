// Typed partial values (typed_decoder<T>::partial()): a snapshot after every byte, in every
// partial_mode, equals what the DOM's snapshot of the same prefix (dom::parser::partial())
// decodes to, written out and decoded into the target as it was before; snapshots change
// nothing of the final value or of the errors, whatever the chunks; a reused target never
// shows the elements it kept from before; and the rules that are the typed decoder's own
// (refused cut values, missing fields, codecs, raw_json, fixed-length arrays, maps' keys).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/equal.hpp"
#if JSONX_BIND_TESTS_WITH_DOM
#include "jsonx/bind/dom.hpp"
#include "jsonx/dom/parser.hpp"
#include "jsonx/dom/serialize.hpp"
#endif

namespace partial_test {

struct point {
  double x = 0;
  double y = 0;
};
JSONX_DESCRIBE(point, x, y)

struct item {
  std::string name;
  std::int64_t count = 0;
  std::vector<int> tags;
  std::optional<point> where;
};
JSONX_DESCRIBE(item, name, count, tags, where)

struct order {
  std::string id = "none";
  std::uint32_t number = 7;
  double total = -1;
  bool paid = false;
  point origin{1, 2};
  std::vector<item> items;
  std::optional<std::string> note;
  std::optional<int> level = 5;
  std::map<std::string, std::int64_t> counts;
  std::unordered_map<std::string, item> by_name;
  std::vector<std::string> words;
  std::vector<std::vector<int>> grid;
  std::variant<std::monostate, std::int64_t, std::string, std::vector<int>> either;
  std::deque<std::string> queue;
  std::vector<bool> bits;
};
JSONX_DESCRIBE(order, id, number, total, paid, origin, items, note, level, counts, by_name, words,
               grid, either, queue, bits)

enum class level { low, high };
JSONX_DESCRIBE_ENUM(level, low, high)

struct alarm_rule {
  level severity = level::low;
  std::map<std::string, level> by_zone;
  std::int8_t small = 9;
  std::optional<std::int8_t> maybe_small = 4;
  std::vector<std::int8_t> smalls;
  std::deque<std::int8_t> more_smalls;
};
JSONX_DESCRIBE(alarm_rule, severity, by_zone, small, maybe_small, smalls, more_smalls)

struct strict_point {
  int x = 0;
  int y = 0;
  std::optional<int> z;
};
JSONX_DESCRIBE(strict_point, x, y, z)
struct with_required {
  std::string name;
  strict_point at;
};
JSONX_DESCRIBE(with_required, name, at)
JSONX_FIELD_OPTIONS(with_required, jsonx::required_field(&with_required::name))

struct lat_lon {
  double lat = 0, lon = 0;
};
struct money {
  long long cents = 0;
};
struct place {
  lat_lon at{-1, -1};
  money price{-1};
  jsonx::raw_json extra;
  std::string after;
};
JSONX_DESCRIBE(place, at, price, extra, after)

struct fixed_lengths {
  std::array<int, 3> triple{7, 8, 9};
  std::tuple<int, std::string> pair{5, "five"};
};
JSONX_DESCRIBE(fixed_lengths, triple, pair)

// A map that is not node-based: the snapshot copies a hidden key and makes its entry again.
struct flat_map {
  using key_type = std::string;
  using mapped_type = int;
  using value_type = std::pair<std::string, int>;
  using iterator = std::vector<value_type>::iterator;
  using const_iterator = std::vector<value_type>::const_iterator;
  std::vector<value_type> entries;

  std::pair<iterator, bool> try_emplace(std::string&& key) {
    iterator it = find(key);
    if (it != end()) return {it, false};
    entries.emplace_back(std::move(key), 0);
    return {entries.end() - 1, true};
  }
  iterator find(const std::string& key) {
    for (auto it = entries.begin(); it != entries.end(); ++it)
      if (it->first == key) return it;
    return entries.end();
  }
  iterator erase(iterator it) { return entries.erase(it); }
  void clear() { entries.clear(); }
  std::size_t size() const { return entries.size(); }
  bool empty() const { return entries.empty(); }
  iterator begin() { return entries.begin(); }
  iterator end() { return entries.end(); }
  const_iterator begin() const { return entries.begin(); }
  const_iterator end() const { return entries.end(); }
};
struct with_flat_map {
  flat_map values;
};
JSONX_DESCRIBE(with_flat_map, values)

#if JSONX_BIND_TESTS_WITH_DOM
struct with_tree {
  std::string kind;
  jsonx::dom::value body;
  int after = 0;
};
JSONX_DESCRIBE(with_tree, kind, body, after)
#endif

}  // namespace partial_test

template <>
struct jsonx::codec<partial_test::lat_lon> {
  using json_type = std::array<double, 2>;
  static json_type to_json(const partial_test::lat_lon& p) { return {p.lat, p.lon}; }
  static bool from_json(json_type&& j, partial_test::lat_lon& p) {
    p = {j[0], j[1]};
    return true;
  }
  static constexpr std::string_view expected = "[latitude, longitude]";
};

namespace partial_test {
// "12.34": a codec that would throw on a cut string ("12." -> stoll of "").
inline std::string jsonx_encode(const money& m) {
  return std::to_string(m.cents / 100) + "." + std::to_string(m.cents % 100 / 10) +
         std::to_string(m.cents % 10);
}
inline bool jsonx_decode(std::string&& text, money& m) {
  const auto dot = text.find('.');
  if (dot == std::string::npos || text.size() != dot + 3) throw std::runtime_error("cut money");
  m.cents = std::stoll(text.substr(0, dot)) * 100 + std::stoll(text.substr(dot + 1));
  return true;
}
}  // namespace partial_test

namespace {

using namespace partial_test;
using jsonx::partial_mode;
using jsonx::test::chunking;

constexpr partial_mode all_modes[] = {partial_mode::strict, partial_mode::trailing_strings,
                                      partial_mode::trailing_numbers, partial_mode::trailing};

const char* mode_name(partial_mode mode) {
  switch (mode) {
    case partial_mode::strict:
      return "strict";
    case partial_mode::trailing_strings:
      return "trailing_strings";
    case partial_mode::trailing_numbers:
      return "trailing_numbers";
    default:
      return "trailing";
  }
}

// The document streamed: escapes, UTF-8 and surrogate pairs, every number form, nested and
// empty containers, an unknown member the parser skips, null, duplicates.
const std::string document = R"( {
  "id": "ord\u00e9r-\ud83d\ude00-日本-\"q\"\\\n",
  "number": 4294967295,
  "total": -12.5e-3,
  "paid": true,
  "origin": {"x": 0.25, "y": -1E2},
  "unknown": {"skipped": [1, {"deep": [true, null, "s\u0041"]}], "x": "y"},
  "items": [
    {"name": "pen", "count": -3, "tags": [10, 20, 30], "where": null},
    {"name": "ink \u00e9", "tags": [], "where": {"x": 5, "y": 6}, "count": 12345678901},
    {}
  ],
  "note": null,
  "level": 42,
  "counts": {"x": 1, "y": -2, "zz": 300},
  "by_name": {"p": {"name": "pen", "count": 1}, "q": {"tags": [7]}},
  "words": ["alpha", "", "g\u00e4mma"],
  "grid": [[1, 2, 3], [], [4]],
  "either": [8, 9],
  "queue": ["one", "two"],
  "bits": [false, true],
  "paid": false
 } )";

// Decoded first into a target then decoded into again: more elements everywhere.
const std::string earlier = R"({"id": "A-1", "number": 1, "total": 10.5, "paid": true,
  "origin": {"x": 3, "y": 4},
  "items": [{"name": "a first name long enough to allocate", "count": 1, "tags": [1, 2, 3],
             "where": {"x": 1, "y": 1}},
            {"name": "second", "count": 2, "tags": [4]}, {"name": "third", "count": 3},
            {"name": "fourth"}, {"name": "fifth"}],
  "note": "a note", "counts": {"a": 1, "b": 2, "c": 3},
  "by_name": {"k": {"name": "kk", "tags": [9, 9]}, "p": {"count": 99}},
  "words": ["w1", "w2", "w3", "w4"], "grid": [[1, 2], [3, 3, 3, 3], [4, 5, 6], [7]],
  "either": "text", "queue": ["q1", "q2", "q3"], "bits": [true, true, false, true]})";

template <class T>
std::string text_of(const T& value) {
  return jsonx::encode(value);
}

template <class T>
T decoded(std::string_view json, T start = T{}) {
  jsonx::decode_error error;
  EXPECT_TRUE(jsonx::decode(json, start, error)) << error.message();
  return start;
}

// Feeds `json` to a typed decoder cut as `cut` says, taking snapshots as `snapshot(decoder,
// offset)` wants after each chunk (each chunk in a buffer of its own size, freed after the
// feed). Returns the finish() verdict.
template <class T, class Snapshot>
bool feed_with_snapshots(jsonx::typed_decoder<T>& decoder, std::string_view json, chunking cut,
                         jsonx::decode_error& error, Snapshot snapshot) {
  std::size_t offset = 0;
  while (offset < json.size()) {
    const std::size_t size = cut.next(offset, json.size() - offset);
    auto chunk = std::make_unique<char[]>(size == 0 ? 1 : size);
    if (size != 0) std::memcpy(chunk.get(), json.data() + offset, size);
    const bool ok = decoder.feed(std::string_view(chunk.get(), size), error);
    if (size != 0) std::memset(chunk.get(), '"', size);
    offset += size;
    if (!ok) return false;
    snapshot(decoder, offset);
  }
  return decoder.finish(error);
}

#if JSONX_BIND_TESTS_WITH_DOM

// The reference: the DOM's snapshot of the same prefix, written out, decoded into the target
// as it was before the typed decode (an empty snapshot leaves it as it was).
template <class T>
std::string reference(const T& before, const jsonx::dom::document& snapshot) {
  T value = before;
  if (!snapshot.empty()) {
    const std::string json = jsonx::dom::to_string(snapshot);
    jsonx::decode_error error;
    EXPECT_TRUE(jsonx::decode(json, value, error)) << json << ": " << error.message();
  }
  return text_of(value);
}

// Streams `json` into a copy of `before` byte by byte (or in `cut`'s chunks), and after each
// chunk takes the snapshot in every mode (the DOM fed the same chunks does the same); each
// typed snapshot must equal the reference. Then the final value must equal a whole decode.
template <class T>
void expect_snapshots_agree_with_the_dom(const T& before, std::string_view json, chunking cut) {
  T target = before;
  jsonx::typed_decoder<T> decoder(target);
  jsonx::dom::parser dom;
  std::size_t dom_offset = 0;
  std::size_t checked = 0;
  jsonx::decode_error error;
  const bool ok = feed_with_snapshots(
      decoder, json, cut, error, [&](jsonx::typed_decoder<T>& d, std::size_t offset) {
        dom.feed(json.substr(dom_offset, offset - dom_offset));
        dom_offset = offset;
        for (partial_mode mode : all_modes) {
          jsonx::decode_error snapshot_error;
          ASSERT_TRUE(d.partial(mode, snapshot_error)) << snapshot_error.message();
          const std::string expected = reference(before, dom.partial(mode));
          ASSERT_EQ(text_of(target), expected)
              << "after " << json.substr(0, offset) << "| in " << mode_name(mode) << " mode";
          ++checked;
        }
      });
  ASSERT_TRUE(ok) << error.message();
  EXPECT_EQ(text_of(target), text_of(decoded(json, before)));
  EXPECT_GT(checked, 0u);
}

TEST(BindPartial, EveryByteInEveryModeAgreesWithTheDomSnapshot) {
  expect_snapshots_agree_with_the_dom(order{}, document, chunking::fixed(1));
}

TEST(BindPartial, AReusedTargetNeverShowsTheElementsKeptFromBefore) {
  // The target holds `earlier` (more items, words, grid rows and bits than `document`): a
  // snapshot shows members not yet seen as `earlier` left them, and in the containers being
  // filled only the elements of `document` so far.
  expect_snapshots_agree_with_the_dom(decoded<order>(earlier), document, chunking::fixed(1));
}

TEST(BindPartial, RandomChunksAgreeWithTheDomSnapshot) {
  const order fresh{};
  const order used = decoded<order>(earlier);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    expect_snapshots_agree_with_the_dom(fresh, document, chunking::random(seed, 1 + seed % 17));
    expect_snapshots_agree_with_the_dom(used, document, chunking::random(seed, 1 + seed % 23));
  }
}

TEST(BindPartial, DomValuesHoldTheirTreeSoFar) {
  const std::string json =
      R"({"kind": "k", "body": {"a": [1, "two", {"b": null, "c": [true]}], "d": {}, "e": "end"},)"
      R"( "after": 3})";
  expect_snapshots_agree_with_the_dom(with_tree{}, json, chunking::fixed(1));
  with_tree used;
  used.body = jsonx::dom::value(std::string_view("before"));
  used.after = 9;
  expect_snapshots_agree_with_the_dom(used, json, chunking::fixed(1));
}

TEST(BindPartial, TopLevelValuesOfEveryKind) {
  expect_snapshots_agree_with_the_dom(std::vector<int>{9, 9, 9, 9}, " [1, -20, 35e1]",
                                      chunking::fixed(1));
  expect_snapshots_agree_with_the_dom(std::string("old"), R"("a\u00e9b\ud83d\ude00c")",
                                      chunking::fixed(1));
  expect_snapshots_agree_with_the_dom(std::optional<double>(2), "-1.5e3 ", chunking::fixed(1));
  expect_snapshots_agree_with_the_dom(std::optional<double>(2), "null", chunking::fixed(1));
  expect_snapshots_agree_with_the_dom(std::map<std::string, std::vector<std::string>>{{"z", {}}},
                                      R"({"a": ["x", "y"], "b": [], "c": ["zz"]})",
                                      chunking::fixed(1));
}

#endif  // JSONX_BIND_TESTS_WITH_DOM

// ---- the rules, case by case ------------------------------------------------------------

// The snapshot of `prefix` fed to a typed decoder into a copy of `before`, in `mode`.
template <class T>
T snapshot_of(std::string_view prefix, partial_mode mode, const T& before = T{}) {
  T target = before;
  jsonx::typed_decoder<T> decoder(target);
  jsonx::decode_error error;
  EXPECT_TRUE(decoder.feed(prefix, error)) << error.message();
  EXPECT_TRUE(decoder.partial(mode, error)) << prefix << ": " << error.message();
  return target;  // (the decoder's end leaves the snapshot as the target's value)
}

TEST(BindPartial, StringsNumbersAndLiteralsAtTheCut) {
  EXPECT_EQ(snapshot_of<order>(R"({"id": "ab)", partial_mode::strict).id, "none");
  EXPECT_EQ(snapshot_of<order>(R"({"id": "ab)", partial_mode::trailing_strings).id, "ab");
  EXPECT_EQ(snapshot_of<order>(R"({"id": "ab\)", partial_mode::trailing_strings).id, "ab");
  EXPECT_EQ(snapshot_of<order>(R"({"id": "ab\u00)", partial_mode::trailing_strings).id, "ab");
  EXPECT_EQ(snapshot_of<order>(R"({"id": "ab\ud83d)", partial_mode::trailing).id, "ab");
  EXPECT_EQ(snapshot_of<order>("{\"id\": \"ab\xE6\x97", partial_mode::trailing).id, "ab");
  EXPECT_EQ(snapshot_of<order>(R"({"id": "a\"b)", partial_mode::trailing).id, "a\"b");
  EXPECT_EQ(snapshot_of<order>(R"({"id": ")", partial_mode::trailing_strings).id, "");

  EXPECT_EQ(snapshot_of<order>(R"({"number": 12)", partial_mode::strict).number, 7u);
  EXPECT_EQ(snapshot_of<order>(R"({"number": 12)", partial_mode::trailing_numbers).number, 12u);
  EXPECT_EQ(snapshot_of<order>(R"({"total": 1.)", partial_mode::trailing).total, -1);
  EXPECT_EQ(snapshot_of<order>(R"({"total": -)", partial_mode::trailing).total, -1);
  EXPECT_EQ(snapshot_of<order>(R"({"total": 1e)", partial_mode::trailing).total, -1);
  EXPECT_EQ(snapshot_of<order>(R"({"total": 1e3)", partial_mode::trailing).total, 1000);

  EXPECT_FALSE(snapshot_of<order>(R"({"paid": tru)", partial_mode::trailing).paid);
  EXPECT_TRUE(snapshot_of<order>(R"({"paid": true)", partial_mode::strict).paid);
  order with_note;
  with_note.note = "kept";
  EXPECT_EQ(snapshot_of<order>(R"({"note": nul)", partial_mode::trailing, with_note).note, "kept");
  EXPECT_EQ(snapshot_of<order>(R"({"note": null)", partial_mode::strict, with_note).note,
            std::nullopt);
  EXPECT_EQ(snapshot_of<order>(R"({"note": "n)", partial_mode::trailing, with_note).note, "n");
}

TEST(BindPartial, KeysWithoutValuesAndOpenContainers) {
  // A member whose key is cut, or has no value yet, keeps its value.
  for (std::string_view prefix : {R"({"id": "x", "num)", R"({"id": "x", "number")",
                                  R"({"id": "x", "number":)", R"({"id": "x", "number": )"}) {
    const order o = snapshot_of<order>(prefix, partial_mode::trailing);
    EXPECT_EQ(o.id, "x") << prefix;
    EXPECT_EQ(o.number, 7u) << prefix;
  }
  // A nested struct being filled holds its completed members; the rest keep their values.
  order o = snapshot_of<order>(R"({"origin": {"x": 5, "y": 6)", partial_mode::strict);
  EXPECT_EQ(o.origin.x, 5);
  EXPECT_EQ(o.origin.y, 2);
  o = snapshot_of<order>(R"({"origin": {"x": 5, "y": 6)", partial_mode::trailing_numbers);
  EXPECT_EQ(o.origin.y, 6);
  // A vector holds the elements completed so far, and the one being filled when it is an
  // object (closed where it is).
  o = snapshot_of<order>(R"({"items": [{"name": "a"}, {"name": "b", "tags": [1, 2)",
                         partial_mode::strict);
  ASSERT_EQ(o.items.size(), 2u);
  EXPECT_EQ(o.items[1].name, "b");
  EXPECT_EQ(o.items[1].tags, (std::vector<int>{1}));
  o = snapshot_of<order>(R"({"items": [{"name": "a"}, {"na)", partial_mode::trailing);
  ASSERT_EQ(o.items.size(), 2u);
  EXPECT_EQ(o.items[1].name, "");
  o = snapshot_of<order>(R"({"words": ["a", "b)", partial_mode::strict);
  EXPECT_EQ(o.words, (std::vector<std::string>{"a"}));
  o = snapshot_of<order>(R"({"words": ["a", "b)", partial_mode::trailing_strings);
  EXPECT_EQ(o.words, (std::vector<std::string>{"a", "b"}));
  o = snapshot_of<order>(R"({"queue": ["a", "b)", partial_mode::strict);
  EXPECT_EQ(o.queue, (std::deque<std::string>{"a"}));
  o = snapshot_of<order>(R"({"bits": [true, false)", partial_mode::strict);
  EXPECT_EQ(o.bits, (std::vector<bool>{true, false}));
  // A map: the key without a value, or whose value is left out, is not there.
  for (std::string_view prefix : {R"({"counts": {"a": 1, "b)", R"({"counts": {"a": 1, "b")",
                                  R"({"counts": {"a": 1, "b":)", R"({"counts": {"a": 1, "b": 2)"}) {
    o = snapshot_of<order>(prefix, partial_mode::trailing_strings);
    EXPECT_EQ(o.counts, (std::map<std::string, std::int64_t>{{"a", 1}})) << prefix;
  }
  o = snapshot_of<order>(R"({"counts": {"a": 1, "b": 2)", partial_mode::trailing_numbers);
  EXPECT_EQ(o.counts, (std::map<std::string, std::int64_t>{{"a", 1}, {"b", 2}}));
  // A duplicate key replaces the value its key had as soon as the key comes (the last one
  // wins): until its own value is there, the key is out of sight (the DOM's snapshot, which
  // keeps duplicates, still shows the first value).
  o = snapshot_of<order>(R"({"counts": {"a": 1, "b": 2, "a": 3)", partial_mode::strict);
  EXPECT_EQ(o.counts, (std::map<std::string, std::int64_t>{{"b", 2}}));
  o = snapshot_of<order>(R"({"counts": {"a": 1, "b": 2, "a": 3)", partial_mode::trailing);
  EXPECT_EQ(o.counts, (std::map<std::string, std::int64_t>{{"a", 3}, {"b", 2}}));
  o = snapshot_of<order>(R"({"by_name": {"p": {"count": 3)", partial_mode::strict);
  ASSERT_EQ(o.by_name.size(), 1u);
  EXPECT_EQ(o.by_name.at("p").count, 0);
  // Not node-based: the key is made again after the snapshot, and the decode goes on.
  with_flat_map f;
  jsonx::typed_decoder<with_flat_map> decoder(f);
  decoder.feed(R"({"values": {"a": 1, "b": )");
  EXPECT_EQ(decoder.partial().values.size(), 1u);
  decoder.feed("2");
  EXPECT_EQ(decoder.partial(partial_mode::trailing_numbers).values.size(), 2u);
  EXPECT_EQ(decoder.partial(partial_mode::strict).values.size(), 1u);
  decoder.feed(R"(, "c": 3}})");
  decoder.finish();
  ASSERT_EQ(f.values.size(), 3u);
  EXPECT_EQ(f.values.entries[1], (std::pair<std::string, int>{"b", 2}));
}

TEST(BindPartial, CutValuesTheMemberRefusesAreLeftOut) {
  // An enumerator's name cut short is no enumerator yet; a whole one is taken.
  alarm_rule a = snapshot_of<alarm_rule>(R"({"severity": "hi)", partial_mode::trailing);
  EXPECT_EQ(a.severity, level::low);
  a = snapshot_of<alarm_rule>(R"({"severity": "high)", partial_mode::trailing);
  EXPECT_EQ(a.severity, level::high);
  // In a map its key goes with it.
  a = snapshot_of<alarm_rule>(R"({"by_zone": {"a": "high", "b": "lo)", partial_mode::trailing);
  EXPECT_EQ(a.by_zone, (std::map<std::string, level>{{"a", level::high}}));
  // 1000 does not fit an int8_t, 1000e-3 does: more input may bring a number into range.
  alarm_rule target;
  jsonx::typed_decoder<alarm_rule> decoder(target);
  decoder.feed(R"({"small": 1000)");
  EXPECT_EQ(decoder.partial(partial_mode::trailing).small, 9);
  decoder.feed("e-3");
  EXPECT_EQ(decoder.partial(partial_mode::trailing).small, 1);
  decoder.feed("}");
  decoder.finish();
  EXPECT_EQ(target.small, 1);
  // What the refused value began to change is put back: an optional keeps its value, a
  // sequence gets no element.
  a = snapshot_of<alarm_rule>(R"({"maybe_small": 1000)", partial_mode::trailing);
  EXPECT_EQ(a.maybe_small, 4);
  a = snapshot_of<alarm_rule>(R"({"smalls": [1, 1000)", partial_mode::trailing);
  EXPECT_EQ(a.smalls, (std::vector<std::int8_t>{1}));
  a = snapshot_of<alarm_rule>(R"({"more_smalls": [1, 1000)", partial_mode::trailing);
  EXPECT_EQ(a.more_smalls, (std::deque<std::int8_t>{1}));
  a = snapshot_of<alarm_rule>(R"({"smalls": [1, 100)", partial_mode::trailing);
  EXPECT_EQ(a.smalls, (std::vector<std::int8_t>{1, 100}));
  // A string where a struct is expected: not an error yet (the feed that ends it says so).
  order o;
  jsonx::typed_decoder<order> d(o);
  jsonx::decode_error error;
  ASSERT_TRUE(d.feed(R"({"origin": "somewh)", error));
  EXPECT_TRUE(d.partial(partial_mode::trailing, error)) << error.message();
  EXPECT_EQ(o.origin.x, 1);
  EXPECT_FALSE(d.feed(R"(ere"})", error));
  EXPECT_EQ(error.code, jsonx::bind_errc::type_mismatch);
  EXPECT_EQ(error.path, "/origin");
}

TEST(BindPartial, MissingAndRequiredFieldsAreCheckedWhenTheObjectEnds) {
  jsonx::decode_options options;
  options.missing_fields = jsonx::missing_field_policy::error;
  with_required target;
  jsonx::typed_decoder<with_required> decoder(target, options);
  jsonx::decode_error error;
  ASSERT_TRUE(decoder.feed(R"({"at": {"x": 1)", error));
  for (partial_mode mode : all_modes)
    EXPECT_TRUE(decoder.partial(mode, error)) << error.message();  // name and y not there yet
  EXPECT_TRUE(decoder.partial(partial_mode::strict, error)) << error.message();
  EXPECT_EQ(target.at.x, 0);
  EXPECT_TRUE(decoder.partial(partial_mode::trailing_numbers, error)) << error.message();
  EXPECT_EQ(target.at.x, 1);
  ASSERT_TRUE(decoder.feed(R"(, "y": 2}, "name": "n")", error)) << error.message();
  EXPECT_TRUE(decoder.partial(partial_mode::trailing, error)) << error.message();
  EXPECT_EQ(target.name, "n");
  ASSERT_TRUE(decoder.feed("}", error));
  EXPECT_TRUE(decoder.finish(error)) << error.message();

  // The object that ends without its required member fails in the feed, as without snapshots.
  with_required other;
  jsonx::typed_decoder<with_required> d(other);
  ASSERT_TRUE(d.feed(R"({"at": {"x": 1, "y": 2})", error));
  EXPECT_TRUE(d.partial(partial_mode::strict, error));
  EXPECT_FALSE(d.feed("}", error));
  EXPECT_EQ(error.code, jsonx::bind_errc::missing_field);
  EXPECT_FALSE(d.partial(partial_mode::strict, error));
  EXPECT_EQ(error.code, jsonx::bind_errc::missing_field);
}

TEST(BindPartial, CodecsSeeOnlyCompleteValuesAndRawJsonIsEmptyUntilComplete) {
  const std::string json =
      R"({"at": [48.5, 2.25], "price": "12.50", "extra": {"k": [1, "x"]}, "after": "z"})";
  place target;
  jsonx::typed_decoder<place> decoder(target);
  jsonx::decode_error error;
  for (std::size_t i = 0; i < json.size(); ++i) {
    ASSERT_TRUE(decoder.feed(json.substr(i, 1), error)) << error.message();
    const std::string_view fed = std::string_view(json).substr(0, i + 1);
    for (partial_mode mode : all_modes) {
      ASSERT_TRUE(decoder.partial(mode, error)) << fed << ": " << error.message();
      const bool at_done = fed.find(']') != std::string_view::npos;
      EXPECT_EQ(target.at.lat, at_done ? 48.5 : -1) << fed;
      const bool price_done = fed.find(R"("12.50")") != std::string_view::npos;
      EXPECT_EQ(target.price.cents, price_done ? 1250 : -1) << fed;
      const bool extra_done = fed.find(R"("x"]})") != std::string_view::npos;
      EXPECT_EQ(target.extra.text, extra_done ? R"({"k":[1,"x"]})" : "") << fed;
    }
  }
  ASSERT_TRUE(decoder.finish(error)) << error.message();
  EXPECT_EQ(text_of(target), text_of(decoded<place>(json)));
}

TEST(BindPartial, FixedLengthArraysKeepTheValuesNotReached) {
  fixed_lengths f = snapshot_of<fixed_lengths>(R"({"triple": [1, 2)", partial_mode::strict);
  EXPECT_EQ(f.triple, (std::array<int, 3>{1, 8, 9}));
  f = snapshot_of<fixed_lengths>(R"({"triple": [1, 2)", partial_mode::trailing_numbers);
  EXPECT_EQ(f.triple, (std::array<int, 3>{1, 2, 9}));
  f = snapshot_of<fixed_lengths>(R"({"pair": [1, "o)", partial_mode::trailing);
  EXPECT_EQ(f.pair, (std::tuple<int, std::string>{1, "o"}));
  f = snapshot_of<fixed_lengths>(R"({"pair": [1, "o)", partial_mode::strict);
  EXPECT_EQ(f.pair, (std::tuple<int, std::string>{1, "five"}));
  // The length is checked when the array ends.
  fixed_lengths target;
  jsonx::typed_decoder<fixed_lengths> decoder(target);
  jsonx::decode_error error;
  ASSERT_TRUE(decoder.feed(R"({"triple": [1, 2, 3, 4)", error));
  EXPECT_TRUE(decoder.partial(partial_mode::trailing, error)) << error.message();
  EXPECT_EQ(target.triple, (std::array<int, 3>{1, 2, 3}));
  EXPECT_FALSE(decoder.feed("]}", error));
  EXPECT_EQ(error.code, jsonx::bind_errc::wrong_array_size);
}

TEST(BindPartial, FeedingAfterSnapshotsGivesTheSameValue) {
  const order whole = decoded<order>(document);
  const order used_whole = decoded<order>(document, decoded<order>(earlier));
  std::mt19937_64 random(7);
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    for (bool reused : {false, true}) {
      order target = reused ? decoded<order>(earlier) : order{};
      jsonx::typed_decoder<order> decoder(target);
      jsonx::decode_error error;
      ASSERT_TRUE(feed_with_snapshots(decoder, document, chunking::random(seed, 1 + seed % 29),
                                      error,
                                      [&](jsonx::typed_decoder<order>& d, std::size_t) {
                                        for (int n = static_cast<int>(random() % 3); n > 0; --n)
                                          d.partial(all_modes[random() % 4]);
                                      }))
          << error.message();
      EXPECT_TRUE(jsonx::models::equal(target, reused ? used_whole : whole)) << seed;
    }
  }
}

TEST(BindPartial, TheDecoderGoesOnFromAReusedVectorsSpare) {
  // 5 items from before; snapshots hide items 2..5 (to the vector's spare), then the decode
  // takes its next elements from there: the names' memory is reused.
  order target = decoded<order>(earlier);
  const char* second_name = target.items[1].name.data();
  jsonx::typed_decoder<order> decoder(target);
  decoder.feed(R"({"items": [{"name": "x"}, )");
  EXPECT_EQ(decoder.partial().items.size(), 1u);
  decoder.feed(R"({"name": "y"}, )");
  EXPECT_EQ(decoder.partial().items.size(), 2u);
  EXPECT_EQ(target.items[1].name, "y");
  EXPECT_EQ(target.items[1].count, 0);
  EXPECT_EQ(target.items[1].name.data(), second_name) << "the element kept from before";
  decoder.feed(R"({}]})");
  decoder.finish();
  ASSERT_EQ(target.items.size(), 3u);
  EXPECT_EQ(text_of(target), text_of(decoded<order>(R"({"items": [{"name": "x"}, {"name": "y"},)"
                                                    R"( {}]})",
                                                    decoded<order>(earlier))));
}

// Bad documents: the error (code, path, offset, expected, found) and the target after it are
// those of the same chunks fed without snapshots.
TEST(BindPartial, ErrorsAreTheSameWithSnapshots) {
  const std::string bad_documents[] = {
      R"({"id": "a", "number": 1x})",                      // not JSON
      R"({"id": "ab\q", "number": 1})",                    // a bad escape
      R"({"items": [{"name": "a"}, {"count": "many"}]})",  // a binding error
      R"({"number": 4294967296})",                         // out of range
      R"({"counts": {"a": 1, "b": true}, "id": "x"})",     // in a map
      R"({"words": ["a", "b", 3], "id": "x"})",            // in a vector
      R"({"id": "x", "origin": {"x": 1, "y": [)",          // a type mismatch, then cut
      R"({"id": "\ud83d\u0041"})",                         // a lone surrogate
  };
  for (const std::string& bad : bad_documents) {
    for (std::size_t step : {1, 3, 7}) {
      for (bool reused : {false, true}) {
        order plain = reused ? decoded<order>(earlier) : order{};
        jsonx::decode_error plain_error;
        EXPECT_FALSE(jsonx::test::decode_chunked(bad, plain, chunking::fixed(step), plain_error));

        order target = reused ? decoded<order>(earlier) : order{};
        jsonx::typed_decoder<order> decoder(target);
        jsonx::decode_error error;
        EXPECT_FALSE(feed_with_snapshots(decoder, bad, chunking::fixed(step), error,
                                         [&](jsonx::typed_decoder<order>& d, std::size_t) {
                                           jsonx::decode_error ignored;
                                           for (partial_mode mode : all_modes)
                                             d.partial(mode, ignored);
                                         }))
            << bad;
        EXPECT_EQ(error.code, plain_error.code) << bad << " " << error.message();
        EXPECT_EQ(error.path, plain_error.path) << bad;
        EXPECT_EQ(error.offset, plain_error.offset) << bad;
        EXPECT_EQ(error.expected, plain_error.expected) << bad;
        EXPECT_EQ(error.found, plain_error.found) << bad;
        EXPECT_EQ(text_of(target), text_of(plain)) << bad;
        // And partial() reports it from then on.
        jsonx::decode_error again;
        EXPECT_FALSE(decoder.partial(partial_mode::strict, again));
        EXPECT_EQ(again.code, plain_error.code);
        EXPECT_EQ(again.offset, plain_error.offset);
      }
    }
  }
}

// The string at the cut is checked by a snapshot in every mode, kept or not: input already
// invalid is an error (a DOM parser, which takes strings in parts, finds it at the feed).
TEST(BindPartial, AnInvalidEscapeAtTheCutIsFoundByASnapshot) {
  order target;
  jsonx::typed_decoder<order> decoder(target);
  jsonx::decode_error error;
  ASSERT_TRUE(decoder.feed(R"({"id": "ab\q)", error));
  EXPECT_FALSE(decoder.partial(partial_mode::strict, error));
  EXPECT_FALSE(decoder.partial(partial_mode::trailing_strings, error));
  jsonx::decode_error whole;
  order other;
  EXPECT_FALSE(jsonx::decode(R"({"id": "ab\q"})", other, whole));
  EXPECT_EQ(error.code, whole.code) << error.message();
  EXPECT_EQ(error.offset, whole.offset);
  EXPECT_EQ(error.path, whole.path);
  EXPECT_FALSE(decoder.feed(R"("})", error));
  EXPECT_EQ(error.offset, whole.offset);
}

// Cut inside a value the parser skips (an unknown member): the containers open inside it sent
// no event, so the snapshot closes only the target's own, and the members around it stand.
TEST(BindPartial, ACutInsideASkippedValueClosesOnlyTheTargetsContainers) {
  const std::string text = R"({"id": "a", "items": [{"name": "n", "zz": {"k": [1, [2, {"d": [3)";
  for (partial_mode mode : {partial_mode::strict, partial_mode::trailing}) {
    order target;
    jsonx::typed_decoder<order> decoder(target);
    jsonx::decode_error error;
    ASSERT_TRUE(decoder.feed(text, error)) << error.message();
    ASSERT_TRUE(decoder.partial(mode, error)) << error.message();
    EXPECT_EQ(target.id, "a");
    ASSERT_EQ(target.items.size(), 1u);  // the item being filled, closed where it is
    EXPECT_EQ(target.items[0].name, "n");
    ASSERT_TRUE(decoder.feed(R"(]}]], "q": 1}, "count": 4}], "level": 9})", error))
        << error.message();
    ASSERT_TRUE(decoder.finish(error)) << error.message();
    ASSERT_EQ(target.items.size(), 1u);
    EXPECT_EQ(target.items[0].count, 4);
    EXPECT_EQ(target.level, 9);
  }
}

TEST(BindPartial, FinishPartialEndsATruncatedInput) {
  order target;
  jsonx::typed_decoder<order> decoder(target);
  decoder.feed(R"({"id": "abc", "items": [{"name": "x"}, {"name": "trunc)");
  decoder.finish_partial(partial_mode::trailing_strings);
  EXPECT_TRUE(decoder.truncated());
  EXPECT_EQ(target.id, "abc");
  ASSERT_EQ(target.items.size(), 2u);
  EXPECT_EQ(target.items[1].name, "trunc");
  // Complete input: finish() itself.
  decoder.reset(target);
  decoder.feed(R"({"id": "done"} )");
  decoder.finish_partial();
  EXPECT_FALSE(decoder.truncated());
  EXPECT_EQ(target.id, "done");
  EXPECT_EQ(target.items.size(), 2u) << "absent: left as it was";
  // Invalid input: an error, as finish() says.
  decoder.reset(target);
  jsonx::decode_error error;
  EXPECT_FALSE(decoder.feed(R"({"id": 1, )", error));
  EXPECT_FALSE(decoder.finish_partial(partial_mode::strict, error));
  EXPECT_EQ(error.code, jsonx::bind_errc::type_mismatch);
  EXPECT_FALSE(decoder.truncated());
  // Nothing at all: nothing to show, the target as it was.
  order untouched;
  jsonx::typed_decoder<order> empty(untouched);
  empty.feed("  ");
  empty.finish_partial();
  EXPECT_TRUE(empty.truncated());
  EXPECT_EQ(text_of(untouched), text_of(order{}));
}

TEST(BindPartial, TheSnapshotStaysWhenTheDecoderIsResetOrGone) {
  // A map key hidden, a vector's elements from before put aside, a raw_json being captured,
  // a cut string: all stay as the snapshot shows them.
  order target = decoded<order>(earlier);
  std::string shown;
  {
    jsonx::typed_decoder<order> decoder(target);
    decoder.feed(R"({"items": [{"name": "x"}], "counts": {"a": 1, "b": 2, "c":)");
    shown = text_of(decoder.partial(partial_mode::trailing));
  }
  EXPECT_EQ(text_of(target), shown);
  EXPECT_EQ(target.items.size(), 1u);
  EXPECT_EQ(target.counts.size(), 2u);

  place p;
  jsonx::typed_decoder<place> decoder(p);
  decoder.feed(R"({"after": "abc", "extra": {"a": [1, )");
  EXPECT_EQ(decoder.partial(partial_mode::trailing).extra.text, "");
  decoder.reset(p);
  EXPECT_EQ(p.extra.text, "");
  EXPECT_EQ(p.after, "abc");
  decoder.feed(R"({"extra": [2]})");
  decoder.finish();
  EXPECT_EQ(p.extra.text, "[2]");
}

TEST(BindPartial, SnapshotsBetweenParsesAndBeforeAnyInput) {
  order target;
  jsonx::typed_decoder<order> decoder(target);
  EXPECT_EQ(text_of(decoder.partial(partial_mode::trailing)), text_of(order{}));
  decoder.feed("   ");
  EXPECT_EQ(text_of(decoder.partial(partial_mode::trailing)), text_of(order{}));
  decoder.feed(R"({"id": "a"})");
  EXPECT_EQ(decoder.partial().id, "a");
  decoder.finish();
  EXPECT_EQ(decoder.partial().id, "a");
  jsonx::decode_error error;
  ASSERT_TRUE(decoder.decode(R"({"id": "b"})", error));
  EXPECT_EQ(decoder.partial().id, "b");
}

TEST(BindPartial, TheHandlerWithAPushParserDirectly) {
  order target;
  jsonx::decode_handler handler;
  handler.start(target);
  jsonx::push_parser<jsonx::decode_handler> parser(handler);
  parser.feed(R"({"words": ["a", "b)");
  ASSERT_TRUE(handler.take_snapshot(parser, partial_mode::trailing_strings));
  EXPECT_TRUE(handler.snapshot_taken());
  EXPECT_EQ(target.words, (std::vector<std::string>{"a", "b"}));
  handler.take_back_snapshot();
  EXPECT_FALSE(handler.snapshot_taken());
  parser.feed(R"(c"]})");
  parser.finish();
  EXPECT_EQ(target.words, (std::vector<std::string>{"a", "bc"}));
}

}  // namespace
