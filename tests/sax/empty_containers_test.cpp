// Empty containers taken whole (handler_with_empty_arrays, handler_with_empty_objects): a
// handler that takes "[]" and "{}" in one call sees what a handler without the hooks sees,
// however the input is cut, with the same verdict, error code and offset; one that refuses an
// empty container stops the parse at its first byte; one that answers as_events is sent the
// two events.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/sax/push_parser.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"

namespace jsonx::test {
namespace {

/// An event_recorder that takes empty containers whole. `Answer` taken: it logs the two
/// events the plain recorder would (so the logs compare), then says taken (or stopped, if the
/// recorder's stop_at callback came); as_events or stopped: it logs nothing and says so.
template <empty_container Answer>
class empty_taker : public event_recorder<> {
  using base = event_recorder<>;

 public:
  using base::base;
  empty_container on_empty_array() {
    ++offered;
    if constexpr (Answer != empty_container::taken) return Answer;
    if (!base::on_array_begin() || !base::on_array_end(0)) return empty_container::stopped;
    return empty_container::taken;
  }
  empty_container on_empty_object() {
    ++offered;
    if constexpr (Answer != empty_container::taken) return Answer;
    if (!base::on_object_begin() || !base::on_object_end(0)) return empty_container::stopped;
    return empty_container::taken;
  }
  std::size_t offered = 0;
};

using taker = empty_taker<empty_container::taken>;
using events_asker = empty_taker<empty_container::as_events>;
using refuser = empty_taker<empty_container::stopped>;
static_assert(handler_with_empty_arrays<taker> && handler_with_empty_objects<taker>);
static_assert(!handler_with_empty_arrays<event_recorder<>>);

// Valid and invalid texts with empty containers where the parser may offer them (members
// written "[]" or "{}") and where it does not ("[ ]", elements, the top level).
const std::vector<std::string> documents = {
    R"({"a":[],"b":{},"c":[[],{}],"d":[ ],"e":{ }})",
    R"({"blockIds":[],"areaId":205706,"more":{"x":[],"y":{"z":[]}}})",
    R"([[],{},[[]],{"k":[]}])",
    R"([])",
    R"({})",
    R"({"a":[]]})",
    R"({"a":[],})",
    R"({"a":[] "b":1})",
    R"({"a":{]})",
    R"({"a":[})",
    R"({"a":[]})",
    R"({"a":[],"b":[)",
    R"({"a":{}})",
};

void expect_same(const parse_outcome& plain, const parse_outcome& hooked, const std::string& doc,
                 const std::string& how) {
  EXPECT_EQ(plain.accepted, hooked.accepted) << doc << " " << how;
  EXPECT_EQ(plain.error.code, hooked.error.code) << doc << " " << how;
  EXPECT_EQ(plain.error.offset, hooked.error.offset) << doc << " " << how;
  EXPECT_EQ(plain.log, hooked.log) << doc << " " << how;
  EXPECT_EQ(hooked.check_failures, "") << doc << " " << how;
}

TEST(empty_containers, a_handler_that_takes_them_whole_sees_the_same_at_every_cut) {
  for (const std::string& doc : documents) {
    std::vector<chunking> cuts = {chunking::whole(), chunking::fixed(1), chunking::fixed(3)};
    for (std::size_t at = 0; at <= doc.size(); ++at) cuts.push_back(chunking::split_at(at));
    for (const chunking& cut : cuts) {
      const parse_outcome plain = parse_chunked_fresh<event_recorder<>>(doc, cut);
      expect_same(plain, parse_chunked_fresh<taker>(doc, cut), doc, cut.describe());
      expect_same(plain, parse_chunked_fresh<events_asker>(doc, cut), doc, cut.describe());
    }
  }
}

TEST(empty_containers, members_written_whole_are_offered_and_the_rest_come_as_events) {
  taker t;
  const parse_outcome out =
      parse_chunked(R"({"a":[],"b":{},"c":[[],{}],"d":[ ],"e":{ }})", chunking::whole(), t);
  ASSERT_TRUE(out.accepted) << out.error.message();
  EXPECT_EQ(t.offered, 2u);  // "a" and "b": elements and spaced ones are not offered

  // Cut between its brackets, or before it, a member comes as events.
  const std::string doc = R"({"a":[]})";
  for (std::size_t at : {doc.find('['), doc.find(']')}) {
    taker cut;
    ASSERT_TRUE(parse_chunked(doc, chunking::split_at(at), cut).accepted);
    EXPECT_EQ(cut.offered, 0u) << at;
    EXPECT_EQ(cut.log(), parse_chunked_fresh<event_recorder<>>(doc, chunking::whole()).log);
  }
}

TEST(empty_containers, refusing_one_stops_at_its_first_byte) {
  const std::string doc = R"({"a":[1],"b":[],"c":{}})";
  // (Cuts that leave each empty member in one chunk with its colon: the parser offers only
  // those, see members_written_whole_are_offered...)
  for (const chunking& cut : {chunking::whole(), chunking::split_at(3), chunking::split_at(17)}) {
    const parse_outcome out = parse_chunked_fresh<refuser>(doc, cut);
    EXPECT_FALSE(out.accepted) << cut.describe();
    EXPECT_EQ(out.error.code, parse_errc::stopped_by_handler) << cut.describe();
    EXPECT_EQ(out.error.offset, doc.find("[]")) << cut.describe();
  }
  // A taker stopped inside its hook (the recorder's stop_at: callbacks 7 and 8 are the
  // begin and end of "b"'s array, 10 and 11 of "c"'s object) stops at the opening byte either
  // way; the plain recorder stops at the byte of the event it refused. Any other stop is
  // where the plain recorder's is.
  for (std::size_t stop_at = 1; stop_at <= 12; ++stop_at) {
    const parse_outcome plain =
        parse_chunked_fresh<event_recorder<>>(doc, chunking::whole(), {}, stop_at);
    const parse_outcome hooked = parse_chunked_fresh<taker>(doc, chunking::whole(), {}, stop_at);
    EXPECT_EQ(plain.error.code, hooked.error.code) << stop_at;
    EXPECT_EQ(plain.log, hooked.log) << stop_at;
    if (stop_at == 7 || stop_at == 8 || stop_at == 10 || stop_at == 11) {
      const std::size_t open = doc.find(stop_at <= 8 ? "[]" : "{}");
      const bool at_begin = stop_at == 7 || stop_at == 10;
      EXPECT_EQ(hooked.error.code, parse_errc::stopped_by_handler) << stop_at;
      EXPECT_EQ(hooked.error.offset, open) << stop_at;
      EXPECT_EQ(plain.error.offset, at_begin ? open : open + 1) << stop_at;
    } else {
      EXPECT_EQ(plain.error.offset, hooked.error.offset) << stop_at;
    }
  }
}

TEST(empty_containers, the_depth_limit_counts_them) {
  parse_options options;
  options.max_depth = 1;
  const std::string doc = R"({"a":[]})";
  const parse_outcome plain =
      parse_chunked_fresh<event_recorder<>>(doc, chunking::whole(), options);
  const parse_outcome hooked = parse_chunked_fresh<taker>(doc, chunking::whole(), options);
  EXPECT_EQ(plain.error.code, parse_errc::depth_limit);
  EXPECT_EQ(hooked.error.code, parse_errc::depth_limit);
  EXPECT_EQ(hooked.error.offset, 5u);
  EXPECT_EQ(plain.error.offset, hooked.error.offset);
}

}  // namespace
}  // namespace jsonx::test
