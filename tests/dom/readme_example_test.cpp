// The example of dom/README.md, compiled and run, so that the README does not lie.
#include <gtest/gtest.h>

#include <string>

#include "jsonx/dom/dom.hpp"

namespace {

TEST(DomReadme, Example) {
  const std::string text = R"({"statuses":[{},{},{},{"user":{"id":42,"screen_name":"jsonx"}}]})";
  // --- as in the README ---
  jsonx::dom::parser parser;                             // keep it: reuse does not allocate
  const jsonx::dom::document& doc = parser.parse(text);  // or feed(chunk)... finish()
  std::int64_t id = doc.root().get("statuses", 3, "user", "id").get_int64();
  auto name = doc.root().at_pointer("/statuses/3/user/screen_name").get_string();

  jsonx::dom::value v(doc.root());  // mutable copy (std::pmr aware)
  v.set_at_pointer("/meta/seen", true);
  std::string json = jsonx::dom::to_string(v);  // through the writer (encode/)
  // --- end ---
  EXPECT_EQ(id, 42);
  EXPECT_EQ(name, "jsonx");
  EXPECT_EQ(json, R"({"statuses":[{},{},{},{"user":{"id":42,"screen_name":"jsonx"}}],)"
                  R"("meta":{"seen":true}})");
}

}  // namespace
