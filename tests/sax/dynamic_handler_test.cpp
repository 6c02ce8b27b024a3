// Handlers chosen at run time: dynamic_handler (a virtual base) and dynamic_handler_adapter,
// which forwards a compile-time handler through it. Events and stops must be those of the
// compile-time handler itself.
#include <gtest/gtest.h>

#include <memory>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

static_assert(handler<dynamic_handler>);

// A plug-in implemented directly on the virtual interface: counts values by kind.
class kind_counter final : public dynamic_handler {
 public:
  std::size_t scalars = 0, strings = 0, containers = 0, members = 0;
  bool on_null() override { return ++scalars; }
  bool on_bool(bool) override { return ++scalars; }
  bool on_int64(std::int64_t, std::string_view) override { return ++scalars; }
  bool on_uint64(std::uint64_t, std::string_view) override { return ++scalars; }
  bool on_double(double, std::string_view) override { return ++scalars; }
  bool on_number_text(std::string_view) override { return ++scalars; }
  bool on_string(std::string_view) override { return ++strings; }
  bool on_key(std::string_view) override { return true; }
  bool on_object_begin() override { return true; }
  bool on_object_end(std::size_t n) override {
    members += n;
    return ++containers;
  }
  bool on_array_begin() override { return true; }
  bool on_array_end(std::size_t) override { return ++containers; }
};

class dynamic_handlers : public kernel_test {};

TEST_P(dynamic_handlers, the_adapter_forwards_every_event) {
  for (const named_input& doc : generated_documents(4000, 2)) {
    const parse_outcome direct =
        parse_chunked_fresh<text_recorder>(doc.bytes, chunking::whole(), with_kernel(kernel()));
    text_recorder target;
    dynamic_handler_adapter<text_recorder> adapter(target);
    dynamic_handler& plug_in = adapter;
    push_parser<dynamic_handler> parser(plug_in, with_kernel(kernel()));
    chunking cut = chunking::random(4, 100);
    for (std::size_t offset = 0; offset < doc.bytes.size();) {
      std::size_t size = cut.next(offset, doc.bytes.size() - offset);
      parser.feed(std::string_view(doc.bytes).substr(offset, size));
      offset += size;
    }
    parser.finish();
    EXPECT_EQ(describe_difference(direct.log, target.log()), "") << doc.name;
  }
}

TEST_P(dynamic_handlers, a_plug_in_chosen_at_run_time) {
  std::unique_ptr<dynamic_handler> plug_in = std::make_unique<kind_counter>();
  parse_error error;
  ASSERT_TRUE(parse(R"({"a":[1,2.5,"x",null,{"b":true}],"c":"y","d":1e999})", *plug_in, error,
                    with_kernel(kernel())))
      << error.message();
  const auto& counts = static_cast<const kind_counter&>(*plug_in);
  EXPECT_EQ(counts.scalars, 5u);
  EXPECT_EQ(counts.strings, 2u);
  EXPECT_EQ(counts.containers, 3u);
  EXPECT_EQ(counts.members, 4u);
}

TEST_P(dynamic_handlers, a_stop_goes_through_the_adapter) {
  text_recorder target(/*stop_at_callback=*/4);
  dynamic_handler_adapter<text_recorder> adapter(target);
  push_parser<dynamic_handler> parser(adapter, with_kernel(kernel()));
  std::error_code ec;
  parser.feed("[1,[2,3],4]", ec);
  EXPECT_EQ(ec, make_error_code(parse_errc::stopped_by_handler));
  EXPECT_EQ(target.log(), "[\ni1=1\n[\ni2=2\n");
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(dynamic_handlers);

}  // namespace
}  // namespace jsonx::test
