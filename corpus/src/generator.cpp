// Deterministic synthetic documents shaped like the canonical corpus files.
//
// Everything is derived from a 64-bit seed through our own PRNG and integer arithmetic (no
// std::*_distribution, whose output differs between standard libraries), so a test that fails
// on one machine fails identically on every other. Numbers are written digit by digit as text:
// the generator never formats a double, so what it emits does not depend on a libc either.
#include <array>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include "jsonx/corpus/corpus.hpp"

namespace jsonx::corpus {
namespace {

// SplitMix64: tiny, statistically decent, and fully specified.
class random_source {
 public:
  explicit random_source(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, bound) (bound > 0); the modulo bias is irrelevant for test data.
  std::uint64_t below(std::uint64_t bound) { return next() % bound; }
  /// Uniform in [low, high].
  std::int64_t between(std::int64_t low, std::int64_t high) {
    return low + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(high - low) + 1));
  }
  bool percent(unsigned chance) { return below(100) < chance; }
  template <class T, std::size_t N>
  const T& pick(const std::array<T, N>& items) {
    return items[below(N)];
  }

 private:
  std::uint64_t state_;
};

// Words for string values: ASCII, 2-, 3- and 4-byte UTF-8, and pieces that must be escaped
// (written here already escaped, as they appear in JSON text).
constexpr std::array<std::string_view, 40> words = {
    "the",
    "parser",
    "stream",
    "chunk",
    "value",
    "caf\xc3\xa9",
    "na\xc3\xafve",
    "\xc3\x9c"
    "ber",
    "se\xc3\xb1or",
    "gar\xc3\xa7on",
    "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",              // 日本語
    "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82",  // Привет
    "\xce\x95\xce\xbb\xce\xbb\xce\xac\xce\xb4\xce\xb1",  // Ελλάδα
    "\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a",                  // عربي
    "\xf0\x9f\x98\x80",                                  // 😀
    "\xf0\x9f\x8c\x8d\xf0\x9f\x9a\x80",                  // 🌍🚀
    "\xe2\x82\xac"
    "100",           // €100
    "\xe2\x80\x94",  // em dash
    "\\\"quoted\\\"",
    "back\\\\slash",
    "a\\/b",
    "line\\nbreak",
    "tab\\there",
    "\\r\\n",
    "\\b\\f",
    "\\u00e9t\\u00e9",
    "\\u2028sep",
    "\\ud83d\\ude00",  // surrogate pair for 😀
    "\\uD834\\uDD1E",  // surrogate pair for 𝄞, upper-case hex
    "\\u0000nul",
    "\\u001f",
    "http://t.co/x",
    "#hashtag",
    "@mention",
    "RT",
    "\xe3\x81\x82\xe3\x82\x8a\xe3\x81\x8c\xe3\x81\xa8\xe3\x81\x86",  // ありがとう
    "\xed\x95\x9c\xea\xb5\xad\xec\x96\xb4",                          // 한국어
    "<a href=\\\"http://x.y/\\\" rel=\\\"nofollow\\\">",
    "     ",
    "",
};

constexpr std::array<std::string_view, 7> languages = {"en", "ja", "es", "fr", "ru", "ar", "ko"};

class document_writer {
 public:
  document_writer(std::uint64_t seed, std::size_t budget) : random_(seed), budget_(budget) {
    text_.reserve(budget + 1024);
  }

  bool has_room() const { return text_.size() < budget_; }
  std::size_t size() const { return text_.size(); }
  std::string take() { return std::move(text_); }
  random_source& random() { return random_; }

  void raw(std::string_view piece) { text_ += piece; }
  void key(std::string_view name) {
    text_ += '"';
    text_ += name;
    text_ += "\":";
  }
  void quoted(std::string_view already_escaped) {
    text_ += '"';
    text_ += already_escaped;
    text_ += '"';
  }
  void sentence(unsigned max_words) {
    text_ += '"';
    unsigned count = static_cast<unsigned>(random_.below(max_words + 1));
    for (unsigned i = 0; i < count; ++i) {
      if (i != 0) text_ += ' ';
      text_ += random_.pick(words);
    }
    text_ += '"';
  }
  void integer(std::int64_t value) { append_number(value); }
  void unsigned_integer(std::uint64_t value) { append_number(value); }
  void boolean() { text_ += random_.percent(50) ? "true" : "false"; }

  /// `digits` significant digits, the decimal point after `integer_digits` of them.
  void decimal(bool negative, int digits, int integer_digits) {
    if (negative) text_ += '-';
    if (integer_digits <= 0) {
      text_ += "0.";
      text_.append(static_cast<std::size_t>(-integer_digits), '0');
      append_digits(digits, true);
      return;
    }
    append_digits(integer_digits, true);
    if (digits > integer_digits) {
      text_ += '.';
      append_digits(digits - integer_digits, false);
    }
  }

  /// d.ddd...e±XX with 1..17 significant digits, within double range.
  void scientific(int exponent_low, int exponent_high) {
    if (random_.percent(40)) text_ += '-';
    int digits = static_cast<int>(random_.between(1, 17));
    append_digits(1, true);
    if (digits > 1) {
      text_ += '.';
      append_digits(digits - 1, false);
    }
    text_ += random_.percent(50) ? 'e' : 'E';
    std::int64_t exponent = random_.between(exponent_low, exponent_high);
    if (exponent >= 0 && random_.percent(30)) text_ += '+';
    append_number(exponent);
  }

  /// A number of any kind JSON and 64-bit integers/doubles can hold.
  void any_number() {
    switch (random_.below(10)) {
      case 0:
        integer(random_.between(-1000, 1000));
        break;
      case 1:
        integer(static_cast<std::int64_t>(random_.next()));
        break;
      case 2:
        unsigned_integer(random_.next() | (std::uint64_t{1} << 63));
        break;  // > INT64_MAX
      case 3:
        raw(random_.pick(extreme_numbers));
        break;
      case 4:
        decimal(random_.percent(50), 17, static_cast<int>(random_.between(-3, 5)));
        break;
      case 5:
        decimal(random_.percent(30), static_cast<int>(random_.between(1, 8)), 3);
        break;
      case 6:
        scientific(-300, 300);
        break;
      case 7:
        scientific(-20, 20);
        break;
      case 8:
        decimal(false, 2, 1);
        break;
      default:
        integer(random_.between(0, 9));
        break;
    }
  }

  /// Nested arrays and objects `depth` levels deep, a scalar at the bottom.
  void nested(int depth) {
    if (depth <= 0) {
      any_scalar();
      return;
    }
    if (random_.percent(50)) {
      raw("{");
      key(random_.pick(nest_keys));
      nested(depth - 1);
      raw("}");
    } else {
      raw("[");
      nested(depth - 1);
      if (random_.percent(50)) {
        raw(",");
        any_scalar();
      }
      raw("]");
    }
  }

  void any_scalar() {
    switch (random_.below(6)) {
      case 0:
        raw("null");
        break;
      case 1:
        boolean();
        break;
      case 2:
      case 3:
        sentence(3);
        break;
      default:
        any_number();
        break;
    }
  }

 private:
  static constexpr std::array<std::string_view, 14> extreme_numbers = {
      "-9223372036854775808",
      "9223372036854775807",
      "18446744073709551615",
      "9223372036854775808",
      "0",
      "1.7976931348623157e308",
      "2.2250738585072014e-308",
      "4.9406564584124654e-324",
      "5e-324",
      "-1.7976931348623157E+308",
      "9007199254740993",
      "0.1",
      "123456789012345678e-20",  // 18 digits: needs exact scaling
      "0.30000000000000004"};
  static constexpr std::array<std::string_view, 5> nest_keys = {
      "a", "items", "\xc3\xa9l\xc3\xa9ment", "n\\u00famero", "x y"};

  template <class Integer>
  void append_number(Integer value) {
    char buffer[24];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    text_.append(buffer, end);
  }
  void append_digits(int count, bool no_leading_zero) {
    for (int i = 0; i < count; ++i) {
      std::uint64_t digit = (i == 0 && no_leading_zero) ? 1 + random_.below(9) : random_.below(10);
      text_ += static_cast<char>('0' + digit);
    }
  }

  random_source random_;
  std::size_t budget_;
  std::string text_;
};

// ---- twitter: statuses with nested users, entities, retweets, much text -------------------------

void twitter_user(document_writer& w) {
  auto& r = w.random();
  w.raw("{");
  w.key("id");
  w.integer(r.between(1, 3000000000));
  w.raw(",");
  w.key("name");
  w.sentence(3);
  w.raw(",");
  w.key("screen_name");
  w.sentence(1);
  w.raw(",");
  w.key("location");
  w.sentence(2);
  w.raw(",");
  w.key("description");
  w.sentence(12);
  w.raw(",");
  w.key("followers_count");
  w.integer(r.between(0, 5000000));
  w.raw(",");
  w.key("verified");
  w.boolean();
  w.raw(",");
  w.key("utc_offset");
  if (r.percent(30))
    w.raw("null");
  else
    w.integer(r.between(-43200, 43200));
  w.raw(",");
  w.key("profile_background_color");
  w.quoted("C0DEED");
  if (r.percent(15)) {  // the deep part: some users carry a deeply nested settings tree
    w.raw(",");
    w.key("settings");
    w.nested(static_cast<int>(r.between(2, 48)));
  }
  w.raw("}");
}

void twitter_status(document_writer& w, bool may_retweet) {
  auto& r = w.random();
  std::uint64_t id = 505874924095815681ULL + r.below(1000000000);
  w.raw("{");
  w.key("metadata");
  w.raw("{");
  w.key("result_type");
  w.quoted("recent");
  w.raw(",");
  w.key("iso_language_code");
  w.quoted(r.pick(languages));
  w.raw("},");
  w.key("created_at");
  w.quoted("Sun Aug 31 00:29:15 +0000 2014");
  w.raw(",");
  w.key("id");
  w.unsigned_integer(id);
  w.raw(",");
  w.key("id_str");
  w.raw("\"");
  w.unsigned_integer(id);
  w.raw("\",");
  w.key("text");
  w.sentence(20);
  w.raw(",");
  w.key("source");
  w.sentence(2);
  w.raw(",");
  w.key("truncated");
  w.raw("false,");
  w.key("in_reply_to_status_id");
  if (r.percent(70))
    w.raw("null");
  else
    w.unsigned_integer(id - r.below(1000));
  w.raw(",");
  w.key("user");
  twitter_user(w);
  w.raw(",");
  w.key("geo");
  if (r.percent(80)) {
    w.raw("null");
  } else {
    w.raw("{\"type\":\"Point\",\"coordinates\":[");
    w.decimal(r.percent(50), 17, 2);
    w.raw(",");
    w.decimal(r.percent(50), 17, 3);
    w.raw("]}");
  }
  w.raw(",");
  w.key("entities");
  w.raw("{");
  w.key("hashtags");
  w.raw("[");
  for (std::uint64_t i = 0, n = r.below(4); i < n; ++i) {
    if (i != 0) w.raw(",");
    w.raw("{");
    w.key("text");
    w.sentence(1);
    w.raw(",");
    w.key("indices");
    w.raw("[");
    w.integer(r.between(0, 70));
    w.raw(",");
    w.integer(r.between(70, 140));
    w.raw("]}");
  }
  w.raw("],");
  w.key("urls");
  w.raw("[],");
  w.key("user_mentions");
  w.raw("[");
  for (std::uint64_t i = 0, n = r.below(3); i < n; ++i) {
    if (i != 0) w.raw(",");
    w.raw("{");
    w.key("screen_name");
    w.sentence(1);
    w.raw(",");
    w.key("id");
    w.integer(r.between(1, 3000000000));
    w.raw("}");
  }
  w.raw("]},");
  w.key("retweet_count");
  w.integer(r.between(0, 100000));
  w.raw(",");
  w.key("favorited");
  w.boolean();
  w.raw(",");
  w.key("possibly_sensitive");
  w.any_scalar();
  w.raw(",");
  w.key("lang");
  w.quoted(r.pick(languages));
  if (may_retweet && r.percent(30)) {
    w.raw(",");
    w.key("retweeted_status");
    twitter_status(w, false);
  }
  w.raw("}");
}

void twitter_document(document_writer& w) {
  auto& r = w.random();
  w.raw("{");
  w.key("statuses");
  w.raw("[");
  bool first = true;
  do {
    if (!first) w.raw(",");
    first = false;
    twitter_status(w, true);
  } while (w.has_room());
  w.raw("],");
  w.key("search_metadata");
  w.raw("{");
  w.key("completed_in");
  w.decimal(false, 3, 0);
  w.raw(",");
  w.key("max_id");
  w.unsigned_integer(505874924095815681ULL + r.below(1000000));
  w.raw(",");
  w.key("query");
  w.sentence(2);
  w.raw(",");
  w.key("count");
  w.integer(100);
  w.raw("}}");
}

// ---- citm_catalog: large dictionaries keyed by numeric ids, many small arrays -------------------

void id_list(document_writer& w, std::uint64_t max_count) {
  auto& r = w.random();
  w.raw("[");
  for (std::uint64_t i = 0, n = r.below(max_count + 1); i < n; ++i) {
    if (i != 0) w.raw(",");
    w.integer(r.between(100000000, 999999999));
  }
  w.raw("]");
}

void citm_document(document_writer& w, std::size_t budget) {
  auto& r = w.random();
  w.raw("{");
  w.key("areaNames");
  w.raw("{");
  bool first = true;
  std::size_t section_end = budget / 10;
  std::int64_t next_id = 205705993;
  do {
    if (!first) w.raw(",");
    first = false;
    w.raw("\"");
    w.integer(next_id += r.between(1, 50));
    w.raw("\":");
    w.sentence(4);
  } while (w.size() < section_end);
  w.raw("},");
  w.key("events");
  w.raw("{");
  first = true;
  section_end = budget * 4 / 10;
  do {
    if (!first) w.raw(",");
    first = false;
    std::int64_t id = r.between(138586341, 339420802);
    w.raw("\"");
    w.integer(id);
    w.raw("\":{");
    w.key("description");
    if (r.percent(80))
      w.raw("null");
    else
      w.sentence(10);
    w.raw(",");
    w.key("id");
    w.integer(id);
    w.raw(",");
    w.key("logo");
    if (r.percent(50))
      w.raw("null");
    else
      w.quoted("/images/UE0AAAAACEKo6QAAAAZDSVRN");
    w.raw(",");
    w.key("name");
    w.sentence(5);
    w.raw(",");
    w.key("subTopicIds");
    id_list(w, 4);
    w.raw(",");
    w.key("subjectCode");
    w.raw("null,");
    w.key("topicIds");
    id_list(w, 3);
    w.raw("}");
  } while (w.size() < section_end);
  w.raw("},");
  w.key("performances");
  w.raw("[");
  first = true;
  do {
    if (!first) w.raw(",");
    first = false;
    w.raw("{");
    w.key("eventId");
    w.integer(r.between(138586341, 339420802));
    w.raw(",");
    w.key("id");
    w.integer(r.between(339887544, 339999999));
    w.raw(",");
    w.key("logo");
    w.raw("null,");
    w.key("prices");
    w.raw("[");
    for (std::uint64_t i = 0, n = r.below(4); i < n; ++i) {
      if (i != 0) w.raw(",");
      w.raw("{");
      w.key("amount");
      w.integer(r.between(1000, 200000));
      w.raw(",");
      w.key("audienceSubCategoryId");
      w.integer(337100890);
      w.raw(",");
      w.key("seatCategoryId");
      w.integer(r.between(338937000, 338937999));
      w.raw("}");
    }
    w.raw("],");
    w.key("seatCategories");
    w.raw("[");
    for (std::uint64_t i = 0, n = r.below(3); i < n; ++i) {
      if (i != 0) w.raw(",");
      w.raw("{");
      w.key("areas");
      w.raw("[{");
      w.key("areaId");
      w.integer(r.between(205705993, 205706100));
      w.raw(",");
      w.key("blockIds");
      id_list(w, 2);
      w.raw("}],");
      w.key("seatCategoryId");
      w.integer(r.between(338937000, 338937999));
      w.raw("}");
    }
    w.raw("],");
    w.key("seatMapImage");
    w.raw("null,");
    w.key("start");
    w.integer(r.between(1372701600000, 1404237600000));
    w.raw(",");
    w.key("venueCode");
    w.quoted("PLEYEL_PLEYEL");
    w.raw(",");
    w.key("extra");
    w.any_scalar();
    w.raw("}");
  } while (w.has_room());
  w.raw("],");
  w.key("venueNames");
  w.raw("{");
  w.key("PLEYEL_PLEYEL");
  w.quoted("Salle Pleyel");
  w.raw("}}");
}

// ---- canada: a polygon of rings of coordinate pairs, 17-digit floats
// ------------------------------

void canada_document(document_writer& w) {
  auto& r = w.random();
  w.raw("{");
  w.key("type");
  w.quoted("FeatureCollection");
  w.raw(",");
  w.key("features");
  w.raw("[{");
  w.key("type");
  w.quoted("Feature");
  w.raw(",");
  w.key("properties");
  w.raw("{");
  w.key("name");
  w.quoted("Canada");
  w.raw("},");
  w.key("geometry");
  w.raw("{");
  w.key("type");
  w.quoted("Polygon");
  w.raw(",");
  w.key("coordinates");
  w.raw("[");
  bool first_ring = true;
  do {
    if (!first_ring) w.raw(",");
    first_ring = false;
    w.raw("[");
    for (std::uint64_t i = 0, n = 1 + r.below(200); i < n; ++i) {
      if (i != 0) w.raw(",");
      w.raw("[");
      // Mostly like the original (-65.613616999999977), sometimes integers or exponents.
      if (r.percent(90))
        w.decimal(true, 17, 2);
      else
        w.any_number();
      w.raw(",");
      if (r.percent(90))
        w.decimal(false, 17, 2);
      else
        w.any_number();
      w.raw("]");
    }
    w.raw("]");
  } while (w.has_room());
  w.raw("]}}]}");
}

// ---- small: one small object (more members only when asked for more bytes) ---------------------

void small_document(document_writer& w) {
  auto& r = w.random();
  w.raw("{");
  w.key("Image");
  w.raw("{");
  w.key("Width");
  w.integer(r.between(100, 1920));
  w.raw(",");
  w.key("Height");
  w.integer(r.between(100, 1080));
  w.raw(",");
  w.key("Title");
  w.sentence(4);
  w.raw(",");
  w.key("Thumbnail");
  w.raw("{");
  w.key("Url");
  w.quoted("http://www.example.com/image/481989943");
  w.raw(",");
  w.key("Height");
  w.integer(125);
  w.raw(",");
  w.key("Width");
  w.quoted("100");
  w.raw("},");
  w.key("Animated");
  w.boolean();
  w.raw(",");
  w.key("IDs");
  w.raw("[");
  for (std::uint64_t i = 0, n = 1 + r.below(5); i < n; ++i) {
    if (i != 0) w.raw(",");
    w.integer(r.between(0, 40000));
  }
  w.raw("]");
  for (int extra = 0; w.has_room(); ++extra) {
    w.raw(",\"Extra");
    w.integer(extra);
    w.raw("\":");
    w.any_scalar();
  }
  w.raw("}}");
}

}  // namespace

std::string_view shape_name(shape s) noexcept {
  switch (s) {
    case shape::twitter:
      return "twitter";
    case shape::citm_catalog:
      return "citm_catalog";
    case shape::canada:
      return "canada";
    case shape::small:
      return "small";
  }
  return "unknown";
}

std::string generate(shape s, std::size_t approx_bytes, std::uint64_t seed) {
  // Mix the shape into the seed so that the same seed gives unrelated data per shape.
  document_writer writer(seed ^ (0x51ed270b27f1c3a5ULL * (static_cast<std::uint64_t>(s) + 1)),
                         approx_bytes);
  switch (s) {
    case shape::twitter:
      twitter_document(writer);
      break;
    case shape::citm_catalog:
      citm_document(writer, approx_bytes);
      break;
    case shape::canada:
      canada_document(writer);
      break;
    case shape::small:
      small_document(writer);
      break;
  }
  return writer.take();
}

}  // namespace jsonx::corpus
