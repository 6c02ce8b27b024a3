// The handler stub documented in sax/include/jsonx/sax/handler.hpp, compiled exactly as written
// there (tests/CMakeLists.txt extracts it from the comment), must satisfy the concept, take parts
// and parse a document.
#include <gtest/gtest.h>

#include "handler_stub_from_docs.hpp"
#include "jsonx/sax/push_parser.hpp"

namespace jsonx::test {
namespace {

using docs::my_handler;

static_assert(handler<my_handler>, "the documented stub must be a handler");
static_assert(handler_with_parts<my_handler>, "the documented stub declares the part callbacks");
static_assert(handler_with_empty_arrays<my_handler> && handler_with_empty_objects<my_handler>,
              "the documented stub declares the empty-container callbacks");
static_assert(!detail::numbers_as_text_of<my_handler>());
static_assert(!detail::big_integers_as_double_of<my_handler>());

TEST(handler_stub_from_docs, parses_a_document) {
  my_handler h;
  parse_error error;
  EXPECT_TRUE(
      parse(R"({"a":[1,-2,3.5,"s",true,null,123456789012345678901234567890,[],{}]})", h, error))
      << error.message();
  push_parser<my_handler> parser(h);
  parser.feed(R"(["long string cut)");
  parser.feed(R"( by a chunk end"])");
  EXPECT_NO_THROW(parser.finish());
}

}  // namespace
}  // namespace jsonx::test
