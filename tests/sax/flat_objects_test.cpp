// Flat objects offered whole (handler_with_flat_objects, jsonx/sax/flat_object.hpp): a handler
// that takes them sees, in each offered object, exactly what the events of that object would
// have said (so a taker that logs an offered object as those events keeps the plain
// recorder's log), at every cut of the input, with the same verdict, error code and offset;
// objects that are not flat, not valid, over a limit or cut by a chunk end are not offered.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/sax/detail/string_unescape.hpp"
#include "jsonx/sax/push_parser.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/outcome_compare.hpp"

namespace jsonx::test {
namespace {

/// An event_recorder that takes flat objects of up to `Most` members. `Answer` taken: it logs
/// the object's events as the plain recorder would (tokens replayed: numbers by their kind
/// and value, strings unescaped by the parser's rules), then says taken; declined: it logs
/// nothing and the parser sends the events; stopped: the parse stops.
template <flat_object_result Answer, std::size_t Most = flat_object::max_members>
class flat_taker : public text_recorder {
  using base = text_recorder;

 public:
  using base::base;
  std::size_t flat_object_members() const { return Most; }
  flat_object_result on_flat_object(const flat_object& object) {
    ++offered;
    if constexpr (Answer != flat_object_result::taken) return Answer;
    if (!base::on_object_begin()) return flat_object_result::stopped;
    for (const flat_member& member : object.members()) {
      if (!member.key_escaped ? !base::on_key(member.key) : !base::on_key(unescaped(member.key)))
        return flat_object_result::stopped;
      if (!replay(member.value, object)) return flat_object_result::stopped;
    }
    return base::on_object_end(object.members().size()) ? flat_object_result::taken
                                                        : flat_object_result::stopped;
  }
  std::size_t offered = 0;

 private:
  static std::string unescaped(std::string_view raw) {
    std::string out;
    EXPECT_EQ(jsonx::detail::unescape_string(raw.data(), raw.data() + raw.size(), out, false).error,
              parse_errc::ok);
    return out;
  }
  bool replay(const flat_token& token, const flat_object& object) {
    switch (token.what) {
      case flat_token::kind::null:
        return base::on_null();
      case flat_token::kind::boolean:
        return base::on_bool(token.boolean);
      case flat_token::kind::int64:
        return base::on_int64(token.i, token.text);
      case flat_token::kind::uint64:
        return base::on_uint64(token.u, token.text);
      case flat_token::kind::float64:
        return base::on_double(token.d, token.text);
      case flat_token::kind::big_number:
        return base::on_number_text(token.text);
      case flat_token::kind::string:
        return token.escaped ? base::on_string(unescaped(token.text)) : base::on_string(token.text);
      case flat_token::kind::array: {
        if (!base::on_array_begin()) return false;
        for (const flat_token& item : object.elements(token))
          if (!replay(item, object)) return false;
        return base::on_array_end(token.element_count);
      }
    }
    return false;
  }
};

using taker = flat_taker<flat_object_result::taken>;
using decliner = flat_taker<flat_object_result::declined>;
using refuser = flat_taker<flat_object_result::stopped>;
static_assert(handler_with_flat_objects<taker>);
static_assert(!handler_with_flat_objects<text_recorder>);

const std::vector<std::string> documents = {
    R"({"a":1,"b":-2.5e3,"c":"x\ty\u00e9","d":[1,true,null,"s"],"e":[],"f":false})",
    R"([{"id":9007199254740993,"big":123456789012345678901234,"u":18446744073709551615},{}])",
    R"({"outer":{"inner":{"k":[1,2]},"after":1},"list":[{"a":1},{"b":[{"c":2}]}]})",
    R"({"esc\"key":1, "s" : "\/\\" , "n":[ 0 , -0.0 ,1e-400, 1e400 ]})",
    R"({"a":01})",
    R"({"a":tru})",
    R"({"a":"\x"})",
    R"({"a":1 "b":2})",
    R"({"a" 1})",
    R"({"a":1,})",
    R"({"a":[1,]})",
    R"({"a":[1 2]})",
    R"({"a":1}x)",
    R"({"a":"caf)"
    "\xC3"
    R"("})",  // invalid UTF-8 in a string
    R"({"a":1,"b":)",
};

void expect_same(const parse_outcome& plain, const parse_outcome& hooked, const std::string& doc,
                 const std::string& how) {
  EXPECT_EQ(compare_outcomes(plain, hooked), "") << doc << " " << how;
  EXPECT_EQ(hooked.check_failures, "") << doc << " " << how;
}

TEST(flat_objects, a_taker_sees_what_the_events_say_at_every_cut) {
  for (const std::string& doc : documents) {
    std::vector<chunking> cuts = {chunking::whole(), chunking::fixed(1), chunking::fixed(5)};
    for (std::size_t at = 0; at <= doc.size(); ++at) cuts.push_back(chunking::split_at(at));
    for (const chunking& cut : cuts) {
      const parse_outcome plain = parse_chunked_fresh<text_recorder>(doc, cut);
      expect_same(plain, parse_chunked_fresh<taker>(doc, cut), doc, cut.describe());
      expect_same(plain, parse_chunked_fresh<decliner>(doc, cut), doc, cut.describe());
    }
  }
}

TEST(flat_objects, which_objects_are_offered) {
  const auto offered = [](std::string_view doc, const parse_options& options = {}) {
    taker t;
    parse_chunked(doc, chunking::whole(), t, options);
    return t.offered;
  };
  EXPECT_EQ(offered(documents[0]), 1u);
  EXPECT_EQ(offered(documents[1]), 1u);  // "{}" is not offered
  // Only {"k":[1,2]} and {"a":1}, {"c":2}: the others hold an object or an array of them.
  EXPECT_EQ(offered(documents[2]), 3u);
  EXPECT_EQ(offered(documents[3]), 1u);  // an escaped key is offered raw, flagged
  ASSERT_EQ(documents.size(), 15u);
  for (std::size_t i = 4; i <= 11; ++i) EXPECT_EQ(offered(documents[i]), 0u) << documents[i];
  EXPECT_EQ(offered(documents[12]), 1u);  // valid: the garbage after it is the events' error
  EXPECT_EQ(offered(documents[13]), 0u);  // invalid UTF-8: the index stops before its end
  EXPECT_EQ(offered(documents[14]), 0u);  // cut by the end of the input
  // More members than the handler takes, or an array inside that would pass the depth limit.
  EXPECT_EQ((offered(R"({"a":1,"b":2})")), 1u);
  flat_taker<flat_object_result::taken, 1> at_most_one;
  parse_chunked(R"({"a":1,"b":2})", chunking::whole(), at_most_one);
  EXPECT_EQ(at_most_one.offered, 0u);
  parse_options shallow;
  shallow.max_depth = 1;
  EXPECT_EQ(offered(R"({"a":[1]})", shallow), 0u);
  EXPECT_EQ(offered(R"({"a":1})", shallow), 0u);  // (the object and a possible array: 2 deep)
  shallow.max_depth = 2;
  EXPECT_EQ(offered(R"({"a":[1]})", shallow), 1u);
  parse_options short_tokens;
  short_tokens.max_token_size = 3;
  EXPECT_EQ(offered(R"({"a":"abcd"})", short_tokens), 0u);
  EXPECT_EQ(offered(R"({"a":"abc"})", short_tokens), 1u);
}

TEST(flat_objects, the_tokens_hold_kinds_values_and_raw_text) {
  struct inspector : text_recorder {
    using text_recorder::text_recorder;
    std::size_t flat_object_members() const { return flat_object::max_members; }
    flat_object_result on_flat_object(const flat_object& object) {
      const auto m = object.members();
      EXPECT_EQ(m.size(), 4u);
      EXPECT_EQ(m[0].key, "a\\n");
      EXPECT_TRUE(m[0].key_escaped);
      EXPECT_EQ(m[0].value.what, flat_token::kind::uint64);
      EXPECT_EQ(m[0].value.u, 18446744073709551615u);
      EXPECT_EQ(m[1].value.what, flat_token::kind::float64);
      EXPECT_EQ(m[1].value.d, -0.5);
      EXPECT_EQ(m[1].value.text, "-5e-1");
      EXPECT_EQ(m[2].value.what, flat_token::kind::string);
      EXPECT_EQ(m[2].value.text, "x\\u0041");
      EXPECT_TRUE(m[2].value.escaped);
      EXPECT_EQ(m[3].value.what, flat_token::kind::array);
      const auto items = object.elements(m[3].value);
      EXPECT_EQ(items.size(), 3u);
      EXPECT_EQ(items[0].what, flat_token::kind::int64);
      EXPECT_EQ(items[0].i, -3);
      EXPECT_EQ(items[1].what, flat_token::kind::null);
      EXPECT_EQ(items[2].what, flat_token::kind::boolean);
      EXPECT_FALSE(items[2].boolean);
      ++seen;
      return flat_object_result::declined;
    }
    int seen = 0;
  } inspect;
  const parse_outcome out =
      parse_chunked(R"({"a\n":18446744073709551615,"b":-5e-1,"c":"x\u0041","d":[-3,null,false]})",
                    chunking::whole(), inspect);
  EXPECT_TRUE(out.accepted);
  EXPECT_EQ(inspect.seen, 1);
}

TEST(flat_objects, a_refusal_stops_at_the_opening_brace) {
  const std::string doc = R"([1,{"a":2}])";
  const parse_outcome out = parse_chunked_fresh<refuser>(doc, chunking::whole());
  EXPECT_FALSE(out.accepted);
  EXPECT_EQ(out.error.code, parse_errc::stopped_by_handler);
  EXPECT_EQ(out.error.offset, doc.find('{'));
}

}  // namespace
}  // namespace jsonx::test
