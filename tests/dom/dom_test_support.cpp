#include "dom_test_support.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::dom::test {

const document& parse_in_chunks(parser& p, std::string_view input, jsonx::test::chunking cut,
                                std::error_code& ec) {
  p.reset();
  std::size_t offset = 0;
  do {
    const std::size_t size = cut.next(offset, input.size() - offset);
    auto chunk = std::make_unique<char[]>(size);
    if (size != 0) std::memcpy(chunk.get(), input.data() + offset, size);
    p.feed(std::string_view(chunk.get(), size), ec);
    // A builder that kept a view into the chunk would now read quotes.
    if (size != 0) std::memset(chunk.get(), '"', size);
    offset += size;
    if (ec) return p.doc();
  } while (offset < input.size());
  return p.finish(ec);
}

namespace {
void walk(const element& e, std::string& pointer,
          const std::function<void(const std::string&, const element&)>& visit) {
  visit(pointer, e);
  const std::size_t length = pointer.size();
  if (e.is_array()) {
    std::size_t index = 0;
    for (element child : e.get_array()) {
      pointer += '/';
      pointer += std::to_string(index++);
      walk(child, pointer, visit);
      pointer.resize(length);
    }
  } else if (e.is_object()) {
    for (const member m : e.get_object()) {
      append_json_pointer_token(pointer, m.key);
      walk(m.value, pointer, visit);
      pointer.resize(length);
    }
  }
}
}  // namespace

void for_each_element(const element& root,
                      const std::function<void(const std::string&, const element&)>& visit) {
  std::string pointer;
  walk(root, pointer, visit);
}

std::size_t depth_of(const element& e) {
  std::size_t deepest = 0;
  if (e.is_array()) {
    for (element child : e.get_array()) deepest = std::max(deepest, depth_of(child));
    return deepest + 1;
  }
  if (e.is_object()) {
    for (const member m : e.get_object()) deepest = std::max(deepest, depth_of(m.value));
    return deepest + 1;
  }
  return 0;
}

bool contains_raw_number(const element& e) {
  if (e.is_raw_number()) return true;
  if (e.is_array()) {
    for (element child : e.get_array())
      if (contains_raw_number(child)) return true;
  }
  if (e.is_object()) {
    for (const member m : e.get_object())
      if (contains_raw_number(m.value)) return true;
  }
  return false;
}

}  // namespace jsonx::dom::test
