// The two ways typed values are written agree byte for byte: compact output is printed
// straight into the writer's buffer (detail/encode_tree.hpp), while pretty output, and any
// caller of detail::encode_value, goes through the writer's events (detail/encode_rules.hpp).
// Random values of a type holding every bound kind, the corpus models, every write option, and
// the failures (invalid UTF-8, non-finite numbers, unnamed enum values, the depth limit, a
// sink that fails): the same text, or the same error at the same path.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"
#include "jsonx/bind_models/canada.hpp"
#include "jsonx/bind_models/citm_catalog.hpp"
#include "jsonx/bind_models/twitter.hpp"
#include "jsonx/corpus/corpus.hpp"
#include "jsonx/encode/output_sink.hpp"
#if JSONX_BIND_TESTS_WITH_DOM
#include "jsonx/bind/dom.hpp"
#include "jsonx/dom/parser.hpp"
#endif

namespace encode_paths_test {

enum class color { red, green, blue };
JSONX_DESCRIBE_ENUM(color, red, green)  // blue has no name: an error when written
enum plain_level : int { low = 1, high = 9 };

// A custom type written as a string (found by argument-dependent lookup).
struct version {
  int major = 0;
  int minor = 0;
};
inline std::string jsonx_encode(const version& v) {
  return std::to_string(v.major) + "." + std::to_string(v.minor);
}
inline bool jsonx_decode(std::string&&, version&) {
  return false;
}

struct scalars {
  bool flag = false;
  std::int8_t small = 0;
  std::uint8_t byte = 0;
  std::int64_t wide = 0;
  std::uint64_t unsigned_wide = 0;
  float single = 0;
  double number = 0;
  long double extended = 0;
  std::string text;
  color shade = color::red;
  plain_level level = low;
  std::nullptr_t nothing = nullptr;
  std::monostate empty;
};
JSONX_DESCRIBE(scalars, flag, small, byte, wide, unsigned_wide, single, number, extended, text,
               shade, level, nothing, empty)

struct node {
  std::string name;
  std::vector<std::unique_ptr<node>> children;
};
JSONX_DESCRIBE(node, name, children)

struct everything {
  scalars first;
  std::optional<int> maybe;
  std::unique_ptr<std::string> owned;
  std::shared_ptr<scalars> shared;
  std::variant<std::monostate, int, std::string, std::vector<int>> either;
  jsonx::raw_json raw;
  version release;
  std::vector<scalars> list;
  std::array<int, 3> triple{};
  std::vector<bool> bits;
  std::tuple<int, std::string, double> record;
  std::pair<bool, color> couple;
  std::map<std::string, int> by_name;
  std::map<int, std::string> by_number;
  std::map<color, int> by_color;
  std::unordered_map<std::string, std::vector<int>> unordered;
  std::vector<std::vector<int>> nested;
  node tree;
  std::string omitted_when_empty;
  std::optional<int> omitted_when_null;
  int skipped_member = 7;
  std::string quoted_name;
  std::string html_name;
  std::string non_ascii_name;
  std::string long_name;
#if JSONX_BIND_TESTS_WITH_DOM
  jsonx::dom::value any;
  std::optional<jsonx::dom::value> maybe_any;
#endif
};
constexpr auto jsonx_describe(const everything*) {
  return jsonx::fields(
      jsonx::field("first", &everything::first), jsonx::field("maybe", &everything::maybe),
      jsonx::field("owned", &everything::owned), jsonx::field("shared", &everything::shared),
      jsonx::field("either", &everything::either), jsonx::field("raw", &everything::raw),
      jsonx::field("release", &everything::release), jsonx::field("list", &everything::list),
      jsonx::field("triple", &everything::triple), jsonx::field("bits", &everything::bits),
      jsonx::field("record", &everything::record), jsonx::field("couple", &everything::couple),
      jsonx::field("by_name", &everything::by_name),
      jsonx::field("by_number", &everything::by_number),
      jsonx::field("by_color", &everything::by_color),
      jsonx::field("unordered", &everything::unordered),
      jsonx::field("nested", &everything::nested), jsonx::field("tree", &everything::tree),
      jsonx::field("omitted_when_empty", &everything::omitted_when_empty).omit_empty(),
      jsonx::field("omitted_when_null", &everything::omitted_when_null).omit_null(),
      jsonx::field("skipped_member", &everything::skipped_member).skip(),
      // Names the compile-time keys cannot hold: escaped by the writer, as on_key does.
      jsonx::field("say \"hi\"\\", &everything::quoted_name),
      jsonx::field("<b>&amp;</b>", &everything::html_name),
      jsonx::field("caf\xC3\xA9 \xE2\x80\xA8", &everything::non_ascii_name),
      jsonx::field("a_name_longer_than_the_forty_five_bytes_a_key_copy_holds",
                   &everything::long_name)
#if JSONX_BIND_TESTS_WITH_DOM
          ,
      jsonx::field("any", &everything::any), jsonx::field("maybe_any", &everything::maybe_any)
#endif
  );
}

// Leading omittable members: whether a comma comes first is known only at run time.
struct sparse {
  std::optional<int> a;
  std::string b;
  int c = 0;
  std::vector<int> d;
};
constexpr auto jsonx_describe(const sparse*) {
  return jsonx::fields(jsonx::field("a", &sparse::a).omit_null(),
                       jsonx::field("b", &sparse::b).omit_empty(), jsonx::field("c", &sparse::c),
                       jsonx::field("d", &sparse::d).omit_empty());
}

}  // namespace encode_paths_test

namespace {

using namespace encode_paths_test;

// What one way of writing gave: the text, or the error and its path.
struct outcome {
  bool ok = false;
  std::string text;
  std::error_code code;
  std::string message;
  friend bool operator==(const outcome&, const outcome&) = default;
};
std::ostream& operator<<(std::ostream& out, const outcome& o) {
  return out << (o.ok ? "ok: " + o.text : "error: " + o.message) << " (" << o.code.category().name()
             << " " << o.code.value() << ", " << o.text.size() << " bytes)";
}

template <class T>
outcome through_printer(const T& value, const jsonx::encode_options& options) {
  outcome o;
  {
    jsonx::writer w(o.text, options.write);
    jsonx::encode_error error;
    o.ok = jsonx::encode(value, w, error, options) && w.finish();
    if (!o.ok) {
      o.code = error.code ? error.code : w.error();
      o.message = error.code ? error.message() : w.error().message();
    }
  }
  // After a failure the text is whatever was written before it (the printer may have put a
  // separator down that the events had not yet): not compared.
  if (!o.ok) o.text.clear();
  return o;
}

template <class T>
outcome through_events(const T& value, const jsonx::encode_options& options) {
  outcome o;
  {
    jsonx::writer w(o.text, options.write);
    jsonx::encode_context context(w, options);
    o.ok = jsonx::detail::encode_value(context, value) && w.finish();
    if (!o.ok) {
      const jsonx::encode_error error = context.error();
      o.code = error.code ? error.code : w.error();
      o.message = error.code ? error.message() : w.error().message();
    }
  }
  if (!o.ok) o.text.clear();
  return o;
}

std::vector<jsonx::encode_options> option_sets() {
  std::vector<jsonx::encode_options> sets(7);
  sets[1].write.escape_html = true;
  sets[2].write.ascii_only = true;
  sets[3].write.escape_line_separators = true;
  sets[4].write.invalid_utf8 = jsonx::invalid_utf8_policy::replace;
  sets[5].write.non_finite = jsonx::non_finite_policy::write_null;
  sets[6].max_depth = 6;  // the tree member of some values goes deeper
  return sets;
}

class value_maker {
 public:
  explicit value_maker(std::uint64_t seed) : rng_(seed) {}

  bool chance(int percent) { return static_cast<int>(rng_() % 100) < percent; }
  int small_int() { return static_cast<int>(rng_() % 2001) - 1000; }

  std::string text() {
    static const char* const atoms[] = {
        "a",           "word", " ", "\"",   "\\",       "\n",           "\t",
        "<",           ">",    "&", "\x01", "\xC3\xA9", "\xE3\x81\x82", "\xF0\x9F\x98\x80",
        "\xE2\x80\xA8"};
    std::string s;
    const std::size_t atoms_wanted = chance(20) ? rng_() % 60 : rng_() % 8;
    for (std::size_t i = 0; i < atoms_wanted; ++i) s += atoms[rng_() % std::size(atoms)];
    if (chance(3)) s.insert(rng_() % (s.size() + 1), "\xFF");  // invalid UTF-8
    return s;
  }

  double number() {
    switch (rng_() % 8) {
      case 0:
        return 0.1 * small_int();
      case 1:
        return static_cast<double>(rng_()) / 3.0;
      case 2:
        return 1e300 * small_int();
      case 3:
        return chance(10) ? std::numeric_limits<double>::infinity() : 2.5;
      case 4:
        return chance(10) ? std::numeric_limits<double>::quiet_NaN() : -0.0;
      default:
        return small_int();
    }
  }

  scalars make_scalars() {
    scalars s;
    s.flag = chance(50);
    s.small = static_cast<std::int8_t>(rng_());
    s.byte = static_cast<std::uint8_t>(rng_());
    s.wide =
        chance(10) ? std::numeric_limits<std::int64_t>::min() : static_cast<std::int64_t>(rng_());
    s.unsigned_wide = rng_();
    s.single = static_cast<float>(number());
    s.number = number();
    s.extended = chance(5) ? std::numeric_limits<long double>::max() : number();
    s.text = text();
    s.shade = chance(3) ? color::blue : chance(50) ? color::red : color::green;
    s.level = chance(50) ? low : high;
    return s;
  }

  node make_tree(int depth) {
    node n;
    n.name = chance(80) ? "n" + std::to_string(depth) : text();
    if (depth < 8) {
      const std::size_t count = rng_() % 3;
      for (std::size_t i = 0; i < count; ++i)
        n.children.push_back(std::make_unique<node>(make_tree(depth + 1)));
    }
    return n;
  }

  everything make() {
    everything e;
    e.first = make_scalars();
    if (chance(50)) e.maybe = small_int();
    if (chance(50)) e.owned = std::make_unique<std::string>(text());
    if (chance(50)) e.shared = std::make_shared<scalars>(make_scalars());
    switch (rng_() % 4) {
      case 1:
        e.either = small_int();
        break;
      case 2:
        e.either = text();
        break;
      case 3:
        e.either = std::vector<int>{small_int(), small_int()};
        break;
      default:
        break;
    }
    if (chance(70)) e.raw.text = chance(50) ? R"({"k":[1,2,{"x":null}]})" : "12.50";
    e.release = {small_int(), small_int()};
    for (std::size_t n = rng_() % 4; n > 0; --n) e.list.push_back(make_scalars());
    e.triple = {small_int(), small_int(), small_int()};
    for (std::size_t n = rng_() % 70; n > 0; --n) e.bits.push_back(chance(50));
    e.record = {small_int(), text(), number()};
    e.couple = {chance(50), chance(5) ? color::blue : color::green};
    for (std::size_t n = rng_() % 5; n > 0; --n) e.by_name[text()] = small_int();
    for (std::size_t n = rng_() % 5; n > 0; --n) e.by_number[small_int()] = text();
    for (std::size_t n = rng_() % 3; n > 0; --n)
      e.by_color[chance(5) ? color::blue : chance(50) ? color::red : color::green] = small_int();
    for (std::size_t n = rng_() % 3; n > 0; --n) e.unordered[text()] = {small_int()};
    for (std::size_t n = rng_() % 4; n > 0; --n) {
      e.nested.emplace_back();
      for (std::size_t m = rng_() % 4; m > 0; --m) e.nested.back().push_back(small_int());
    }
    e.tree = make_tree(chance(30) ? 0 : 6);
    if (chance(50)) e.omitted_when_empty = text();
    if (chance(50)) e.omitted_when_null = small_int();
    e.quoted_name = text();
    e.html_name = text();
    e.non_ascii_name = text();
    e.long_name = text();
#if JSONX_BIND_TESTS_WITH_DOM
    if (chance(70)) {
      const jsonx::dom::document doc =
          jsonx::dom::parse(R"({"a":[1,-2.5,"x\u00e9\n",null,true,{}],"b":{"c":[]}})");
      e.any = jsonx::dom::value(doc.root());
    }
    if (chance(50)) e.maybe_any = jsonx::dom::value(text());
#endif
    return e;
  }

 private:
  std::mt19937_64 rng_;
};

TEST(BindEncodePaths, RandomValuesOfEveryKindPrintAsTheirEvents) {
  std::size_t compared = 0, failures = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    value_maker maker(seed);
    const everything value = maker.make();
    for (const jsonx::encode_options& options : option_sets()) {
      const outcome printed = through_printer(value, options);
      const outcome events = through_events(value, options);
      ASSERT_EQ(printed, events) << "seed " << seed << " options " << compared % 7;
      failures += printed.ok ? 0 : 1;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 300u * 7);
  // Both kinds of outcome were seen, so both were compared.
  EXPECT_GT(failures, 100u);
  EXPECT_LT(failures, compared - 100);
}

TEST(BindEncodePaths, OmittedLeadingMembersLeaveNoComma) {
  for (int mask = 0; mask < 16; ++mask) {
    sparse s;
    if (mask & 1) s.a = 1;
    if (mask & 2) s.b = "x";
    s.c = mask;
    if (mask & 4) s.d = {1, 2};
    const outcome printed = through_printer(s, {});
    EXPECT_EQ(printed, through_events(s, {})) << mask;
    EXPECT_TRUE(printed.ok);
    EXPECT_EQ(jsonx::decode<sparse>(printed.text).c, mask) << printed.text;
  }
}

TEST(BindEncodePaths, ErrorsAreTheSameAtTheSamePath) {
  everything e;
  e.list.resize(3);
  e.list[2].shade = color::blue;
  const outcome printed = through_printer(e, {});
  EXPECT_EQ(printed, through_events(e, {}));
  EXPECT_FALSE(printed.ok);
  EXPECT_EQ(printed.code, jsonx::bind_errc::unknown_enum_value);
  EXPECT_NE(printed.message.find("/list/2/shade"), std::string::npos) << printed.message;

  everything nan;
  nan.by_name["k"] = 1;
  nan.record = {1, "", std::numeric_limits<double>::quiet_NaN()};
  const outcome not_finite = through_printer(nan, {});
  EXPECT_EQ(not_finite, through_events(nan, {}));
  EXPECT_EQ(not_finite.code, jsonx::write_errc::non_finite_number);
  EXPECT_NE(not_finite.message.find("/record/2"), std::string::npos) << not_finite.message;
}

// A sink that fails once more than `limit` bytes have been handed to it.
class failing_sink final : public jsonx::output_sink {
 public:
  explicit failing_sink(std::size_t limit) : limit_(limit) {}
  std::span<char> next_region(char* written_end, std::size_t min_free,
                              std::error_code& ec) override {
    take(written_end);
    if (delivered_ > limit_) {
      ec = std::make_error_code(std::errc::no_space_on_device);
      return {};
    }
    region_.assign(min_free + 13, '\0');
    return {region_.data(), region_.size()};
  }
  void commit(char* written_end, bool, std::error_code& ec) override {
    take(written_end);
    if (delivered_ > limit_) ec = std::make_error_code(std::errc::no_space_on_device);
  }

 private:
  void take(char* written_end) {
    if (written_end) delivered_ += static_cast<std::size_t>(written_end - region_.data());
  }
  std::size_t limit_;
  std::size_t delivered_ = 0;
  std::string region_;
};

template <class T>
outcome into_failing_sink(const T& value, std::size_t limit, bool use_events) {
  failing_sink sink(limit);
  outcome o;
  jsonx::writer w(sink);
  jsonx::encode_options options;
  jsonx::encode_error error;
  if (use_events) {
    jsonx::encode_context context(w, options);
    o.ok = jsonx::detail::encode_value(context, value);
    if (!o.ok) error = context.error();
  } else {
    o.ok = jsonx::encode(value, w, error, options);
  }
  o.ok = o.ok && w.finish();
  o.code = error.code ? error.code : w.error();
  return o;
}

TEST(BindEncodePaths, ASinkThatFailsFailsBothTheSameWay) {
  value_maker maker(99);
  everything value = maker.make();
  value.first.text = "valid";
  value.first.shade = color::red;
  value.first.number = value.first.single = 1;
  value.first.extended = 1;
  value.list.clear();
  value.shared.reset();
  value.couple.second = color::green;
  value.by_color.clear();
  value.record = {1, "", 2};
  const outcome whole = through_printer(value, {});
  ASSERT_TRUE(whole.ok) << whole;
  for (std::size_t limit = 0; limit < whole.text.size(); limit += 7) {
    const outcome printed = into_failing_sink(value, limit, false);
    EXPECT_FALSE(printed.ok) << limit;
    EXPECT_EQ(printed.code, std::make_error_code(std::errc::no_space_on_device)) << limit;
    const outcome events = into_failing_sink(value, limit, true);
    EXPECT_EQ(printed.ok, events.ok) << limit;
    EXPECT_EQ(printed.code, events.code) << limit;
  }
}

// The corpus models, under every option set: the same text both ways.
template <class Model>
void check_model(const char* name) {
  const std::optional<std::string> text = jsonx::corpus::load(name);
  if (!text) GTEST_SKIP() << name << " is not in " << jsonx::corpus::directory();
  auto model = std::make_unique<Model>();
  jsonx::decode_error error;
  ASSERT_TRUE(jsonx::decode(*text, *model, error)) << error.message();
  for (const jsonx::encode_options& options : option_sets()) {
    const outcome printed = through_printer(*model, options);
    ASSERT_TRUE(printed.ok || options.max_depth < 10) << printed;
    ASSERT_EQ(printed, through_events(*model, options)) << name;
  }
}

TEST(BindEncodePaths, TwitterModel) {
  check_model<jsonx::models::twitter::document>("twitter.json");
}
TEST(BindEncodePaths, CitmCatalogModel) {
  check_model<jsonx::models::citm_catalog::document>("citm_catalog.json");
}
TEST(BindEncodePaths, CanadaModel) {
  check_model<jsonx::models::canada::document>("canada.json");
}

}  // namespace
