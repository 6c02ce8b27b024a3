// The decoder's recycler (detail/recycler.hpp): values a reused target empties (optional and
// unique_ptr values, vector elements, map nodes) are kept and made into the next values the
// decode needs. Whatever they held, the result must be what a new target gets: a stream of
// random documents of one type, each decoded into one reused target through one decoder (and
// in chunks), is compared with a fresh decode of the same document, by their encodings.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <memory_resource>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "jsonx/bind/bind.hpp"
#include "jsonx/bind/dom.hpp"
#include "jsonx/bind/encode.hpp"

namespace recycler_test {

struct leaf {
  std::string name = "new";
  std::optional<std::string> note;
  std::vector<std::string> tags;
  std::int64_t n = 3;
};
JSONX_DESCRIBE(leaf, name, note, tags, n)

struct branch {
  std::optional<leaf> maybe;
  std::unique_ptr<leaf> owned;
  std::vector<leaf> leaves;
  std::map<std::string, leaf> by_name;
  std::map<std::int64_t, std::vector<std::int64_t>> by_id;
  std::unordered_map<std::string, std::string> words;
  std::optional<std::vector<leaf>> more;
  std::shared_ptr<leaf> shared;
};
JSONX_DESCRIBE(branch, maybe, owned, leaves, by_name, by_id, words, more, shared)

struct tree {
  std::vector<branch> branches;
  std::unique_ptr<tree> next;  // a type that holds itself: its objects are recycled too
  std::optional<leaf> top;
};
JSONX_DESCRIBE(tree, branches, next, top)

// Strings from a memory resource: a value kept in the recycler could outlive the resource.
struct with_resource {
  std::optional<std::pmr::string> text;
  std::vector<std::pmr::string> list;
};
JSONX_DESCRIBE(with_resource, text, list)

static_assert(jsonx::detail::std_allocated<leaf>());
// A tree holds itself (no endless check); its branches hold a shared_ptr, so they are not kept
// whole (their leaves are).
static_assert(jsonx::detail::std_allocated<std::unique_ptr<tree>, tree>());
static_assert(!jsonx::detail::std_allocated<tree>());
static_assert(!jsonx::detail::std_allocated<with_resource>());
static_assert(!jsonx::detail::worth_recycling<std::pmr::string>);
static_assert(!jsonx::detail::std_allocated<std::shared_ptr<leaf>>());

// A resource that fails the test if it is used after it is declared gone.
class checked_resource : public std::pmr::memory_resource {
 public:
  bool gone = false;

 private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    EXPECT_FALSE(gone) << "allocation from a resource that is gone";
    return std::pmr::new_delete_resource()->allocate(bytes, alignment);
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment) override {
    EXPECT_FALSE(gone) << "a value kept past its memory resource was freed";
    std::pmr::new_delete_resource()->deallocate(p, bytes, alignment);
  }
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
    return this == &other;
  }
};

// Vectors of structs inside elements of a vector of structs (citm_catalog's performances,
// their seat categories and areas): a reused performance's vectors go to the recycler whole
// when it is reset, and come back at the next array decoded into an empty one.
struct area {
  std::int64_t id = -1;
  std::vector<std::int64_t> blocks;
};
JSONX_DESCRIBE(area, id, blocks)
struct category {
  std::vector<area> areas;
  std::string name = "new";
};
JSONX_DESCRIBE(category, areas, name)
struct show {
  std::vector<category> categories;
  std::vector<area> extra;
};
JSONX_DESCRIBE(show, categories, extra)
struct catalog {
  std::vector<show> shows;
};
JSONX_DESCRIBE(catalog, shows)

static_assert(jsonx::detail::recycled_whole<std::vector<area>>());
static_assert(jsonx::detail::recycled_whole<std::vector<category>>());
static_assert(!jsonx::detail::recycled_whole<std::vector<std::int64_t>>());  // cleared in place

}  // namespace recycler_test

namespace {

using recycler_test::tree;

// Random JSON for `tree`: every member present, null or absent at random, strings of 0-40
// bytes (past the small-string buffer or not), containers of 0-5 entries, duplicate map keys.
class document_maker {
 public:
  explicit document_maker(std::uint32_t seed) : rng_(seed) {}

  // The root has both its members (absent ones would keep their values: missing_fields is
  // leave); below it, anything goes.
  std::string tree_text(int depth) {
    std::string out = "{";
    bool first = true;
    if (depth == 0 || coin(4))
      member(out, first, "branches", [&] { return array_of([&] { return branch_text(); }); });
    if (depth == 0 || (depth < 2 && coin(3)))
      member(out, first, "next",
             [&] { return depth < 2 && coin(4) ? tree_text(depth + 1) : std::string("null"); });
    if (depth == 0 || coin(3)) member(out, first, "top", [&] { return nullable_leaf(); });
    return out + "}";
  }

 private:
  bool coin(int odds_of_one_in) { return rng_() % odds_of_one_in != 0; }
  std::size_t below(std::size_t n) { return rng_() % n; }

  std::string string_text() {
    const std::size_t length = below(41);
    std::string s = "\"";
    for (std::size_t i = 0; i < length; ++i) s += static_cast<char>('a' + below(26));
    return s + "\"";
  }
  template <class F>
  std::string array_of(F element) {
    std::string out = "[";
    const std::size_t count = below(6);
    for (std::size_t i = 0; i < count; ++i) out += (i ? "," : "") + element();
    return out + "]";
  }
  template <class F>
  std::string object_of(F value, bool numeric_keys) {
    std::string out = "{";
    const std::size_t count = below(6);
    for (std::size_t i = 0; i < count; ++i) {
      out += i ? "," : "";
      const std::size_t key = below(8);  // few keys: duplicates happen
      out += numeric_keys ? "\"" + std::to_string(key) + "\"" : "\"k" + std::to_string(key) + "\"";
      out += ":" + value();
    }
    return out + "}";
  }
  // A member whose value make() writes; now and then the same key comes twice, with two
  // values (the last one wins).
  template <class F>
  void member(std::string& out, bool& first, const char* name, F make) {
    for (int times = below(6) == 0 ? 2 : 1; times > 0; --times) {
      out += first ? "\"" : ",\"";
      out += name;
      out += "\":" + make();
      first = false;
    }
  }
  std::string leaf_text() {
    std::string out = "{";
    bool first = true;
    if (coin(3)) member(out, first, "name", [&] { return string_text(); });
    if (coin(3))
      member(out, first, "note", [&] { return coin(3) ? string_text() : std::string("null"); });
    if (coin(3))
      member(out, first, "tags", [&] { return array_of([&] { return string_text(); }); });
    if (coin(3)) member(out, first, "n", [&] { return std::to_string(below(1000)); });
    return out + "}";
  }
  std::string nullable_leaf() { return coin(4) ? leaf_text() : "null"; }
  std::string branch_text() {
    std::string out = "{";
    bool first = true;
    if (coin(3)) member(out, first, "maybe", [&] { return nullable_leaf(); });
    if (coin(3)) member(out, first, "owned", [&] { return nullable_leaf(); });
    if (coin(3))
      member(out, first, "leaves", [&] { return array_of([&] { return leaf_text(); }); });
    if (coin(3))
      member(out, first, "by_name", [&] { return object_of([&] { return leaf_text(); }, false); });
    if (coin(3))
      member(out, first, "by_id", [&] {
        return object_of([&] { return array_of([&] { return std::to_string(below(100)); }); },
                         true);
      });
    if (coin(3))
      member(out, first, "words", [&] { return object_of([&] { return string_text(); }, false); });
    if (coin(3))
      member(out, first, "more",
             [&] { return coin(4) ? array_of([&] { return leaf_text(); }) : std::string("null"); });
    if (coin(3)) member(out, first, "shared", [&] { return nullable_leaf(); });
    return out + "}";
  }

  std::mt19937 rng_;
};

TEST(Recycler, ReusedTargetsDecodeAsNewOnes) {
  document_maker maker(20261203);
  tree reused;
  jsonx::typed_decoder<tree> decoder(reused);
  for (int i = 0; i < 400; ++i) {
    const std::string text = maker.tree_text(0);
    SCOPED_TRACE(text);
    jsonx::decode_error error;
    if (i % 2 == 0) {
      ASSERT_TRUE(decoder.decode(text, error)) << error.message();
    } else {  // in chunks of 7 bytes
      decoder.reset(reused);
      for (std::size_t at = 0; at < text.size(); at += 7)
        ASSERT_TRUE(decoder.feed(std::string_view(text).substr(at, 7), error)) << error.message();
      ASSERT_TRUE(decoder.finish(error)) << error.message();
    }
    tree fresh;
    ASSERT_TRUE(jsonx::decode(text, fresh, error)) << error.message();
    // As JSON values (objects as mappings: an unordered_map's order is its buckets').
    const std::string got = jsonx::encode(reused);
    const std::string want = jsonx::encode(fresh);
    ASSERT_TRUE(jsonx::decode<jsonx::dom::value>(got) == jsonx::decode<jsonx::dom::value>(want))
        << got << "\n"
        << want;
  }
}

// Values whose memory comes from a memory resource are freed where they are emptied, as
// before, not kept by the decoder (which may outlive the resource).
TEST(Recycler, ValuesFromAMemoryResourceAreNotKept) {
  recycler_test::with_resource target;
  jsonx::typed_decoder<recycler_test::with_resource> decoder(target);
  recycler_test::checked_resource resource;
  target.text.emplace("a string long enough to be allocated from the resource", &resource);
  target.list.emplace_back("another string long enough to be allocated from it", &resource);
  jsonx::decode_error error;
  ASSERT_TRUE(decoder.decode(R"({"text": null, "list": []})", error)) << error.message();
  EXPECT_FALSE(target.text.has_value());
  EXPECT_TRUE(target.list.empty());
  resource.gone = true;
  decoder.release_memory();  // frees nothing of the resource's
  ASSERT_TRUE(decoder.decode(R"({"text": "x", "list": ["y"]})", error)) << error.message();
  EXPECT_EQ(target.text, "x");
}

// Documents of varying shape through one reused catalog: arrays longer and shorter than the
// last time, absent (the vector the reset gave the recycler stays there) and back, empty, and
// two vectors of one type in one object (each takes whichever vector the recycler gives back).
TEST(Recycler, NestedVectorsOfStructsComeBackWhole) {
  std::mt19937 rng(20261205);
  auto below = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
  auto area_text = [&] {
    std::string out = "{";
    if (below(4) != 0) out += "\"id\":" + std::to_string(below(1000));
    if (below(3) != 0) {
      out += out.size() > 1 ? ",\"blocks\":[" : "\"blocks\":[";
      for (unsigned i = 0, n = below(4); i < n; ++i) out += (i ? "," : "") + std::to_string(i);
      out += "]";
    }
    return out + "}";
  };
  auto areas_text = [&] {
    std::string out = "[";
    for (unsigned i = 0, n = below(5); i < n; ++i) out += (i ? "," : "") + area_text();
    return out + "]";
  };
  recycler_test::catalog reused;
  jsonx::typed_decoder<recycler_test::catalog> decoder(reused);
  for (int round = 0; round < 300; ++round) {
    std::string text = "{\"shows\":[";
    for (unsigned s = 0, shows = below(4); s < shows; ++s) {
      text += s ? ",{" : "{";
      bool first = true;
      if (below(3) != 0) {
        text += "\"categories\":[";
        for (unsigned c = 0, n = below(4); c < n; ++c) {
          text += c ? "," : "";
          text += below(4) != 0 ? "{\"areas\":" + areas_text() + "}" : "{\"name\":\"x\"}";
        }
        text += "]";
        first = false;
      }
      if (below(2) != 0) text += std::string(first ? "" : ",") + "\"extra\":" + areas_text();
      text += "}";
    }
    text += "]}";
    SCOPED_TRACE(text);
    jsonx::decode_error error;
    ASSERT_TRUE(decoder.decode(text, error)) << error.message();
    recycler_test::catalog fresh;
    ASSERT_TRUE(jsonx::decode(text, fresh, error)) << error.message();
    ASSERT_EQ(jsonx::encode(reused), jsonx::encode(fresh));
  }
}

}  // namespace
