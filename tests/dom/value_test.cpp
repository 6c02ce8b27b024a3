// value, array, object: construction, conversion from a document, getters, mutation,
// equality, and allocator control through std::pmr::memory_resource.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory_resource>
#include <string>

#include "jsonx/dom/dom.hpp"

namespace jsonx::dom {
namespace {

// Counts what goes through it, forwarding to new/delete.
class counting_resource : public std::pmr::memory_resource {
 public:
  std::size_t allocations = 0;
  std::size_t live_bytes = 0;

 private:
  void* do_allocate(std::size_t bytes, std::size_t align) override {
    ++allocations;
    live_bytes += bytes;
    return std::pmr::new_delete_resource()->allocate(bytes, align);
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t align) override {
    live_bytes -= bytes;
    std::pmr::new_delete_resource()->deallocate(p, bytes, align);
  }
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
    return this == &other;
  }
};

// Installed as the default resource: any allocation that does not use the resource it was
// given lands here and is counted as a leak of allocator control.
class default_resource_guard {
 public:
  default_resource_guard() : previous_(std::pmr::set_default_resource(&counter)) {}
  ~default_resource_guard() { std::pmr::set_default_resource(previous_); }
  counting_resource counter;

 private:
  std::pmr::memory_resource* previous_;
};

constexpr std::string_view sample_json =
    R"({"name":"a string longer than the small string buffer","list":[1,-2,3.5,true,null,)"
    R"("another string long enough to allocate",{"deep":["x","yy"]}],"big":1e400,)"
    R"("u":18446744073709551615,"empty":{}})";

TEST(DomValue, ConstructsEveryKind) {
  EXPECT_TRUE(value().is_null());
  EXPECT_TRUE(value(nullptr).is_null());
  EXPECT_EQ(value(true).get_bool(), true);
  EXPECT_EQ(value(-5).type(), kind::int64);
  EXPECT_EQ(value(std::int64_t{-5}).get_int64(), -5);
  EXPECT_EQ(value(5u).type(), kind::uint64);
  EXPECT_EQ(value(5u).get_int64(), 5);  // a small uint64 is readable as int64
  EXPECT_EQ(value(2.5).get_double(), 2.5);
  EXPECT_EQ(value(2.5f).type(), kind::double_);
  EXPECT_EQ(value("text").get_string(), "text");
  EXPECT_EQ(value(std::string("s")).get_string(), "s");
  EXPECT_EQ(value(std::string_view("v")).get_string(), "v");
  EXPECT_EQ(value(0).type(), kind::int64);  // not a null const char*
  const value a = array{1, "two", array{3}};
  ASSERT_TRUE(a.is_array());
  EXPECT_EQ(a.size(), 3u);
  EXPECT_EQ(a.at(2).at(0).get_int64(), 3);
  const value o = object{{"k", 1}, {"l", "m"}};
  ASSERT_TRUE(o.is_object());
  EXPECT_EQ(o.at("l").get_string(), "m");
  EXPECT_EQ(value::raw_number("1e400").get_raw_number(), "1e400");
  EXPECT_TRUE(value::raw_number("-0.5E+3").is_raw_number());
  for (std::string_view bad : {"", "01", "1.", ".5", "+1", "1e", "--1", "1x", "NaN"}) {
    try {
      value::raw_number(bad);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const access_exception& e) {
      EXPECT_EQ(e.code(), access_errc::invalid_number_text);
    }
  }
}

TEST(DomValue, GettersFollowTheElementRules) {
  std::error_code ec;
  value(std::uint64_t{1} << 63).get_int64(ec);
  EXPECT_EQ(ec, access_errc::number_out_of_range);
  ec.clear();
  value(-1).get_uint64(ec);
  EXPECT_EQ(ec, access_errc::number_out_of_range);
  ec.clear();
  value(9007199254740993).get_double(ec);
  EXPECT_EQ(ec, access_errc::number_not_exact);
  ec.clear();
  EXPECT_EQ(value(4.0).get_int64(), 4);
  value(4.5).get_uint64(ec);
  EXPECT_EQ(ec, access_errc::number_not_exact);
  ec.clear();
  value::raw_number("1e400").get_double(ec);
  EXPECT_EQ(ec, access_errc::number_out_of_range);
  EXPECT_THROW(value("x").get_int64(), access_exception);
  EXPECT_THROW(value(1).get_string(), access_exception);
  EXPECT_THROW(value(1).as_array(), access_exception);
  EXPECT_THROW(value(1).as_object(), access_exception);
  EXPECT_EQ(value(1).if_array(), nullptr);
}

TEST(DomValue, ConvertsFromADocument) {
  document doc = parse(sample_json);
  const value v(doc.root());
  ASSERT_TRUE(v.is_object());
  EXPECT_EQ(v.size(), 5u);
  EXPECT_EQ(v.at("list").at(6).at("deep").at(1).get_string(), "yy");
  EXPECT_EQ(v.at("big").get_raw_number(), "1e400");
  EXPECT_EQ(v.at("u").get_uint64(), 18446744073709551615u);
  EXPECT_TRUE(v.at("empty").is_object());
  // The same events, so the same text.
  EXPECT_EQ(to_string(v), to_string(doc));
  // And back: a document built from the value's events is identical to the original.
  document back;
  dom_builder builder(back);
  ASSERT_TRUE(write_events(v, builder));
  EXPECT_TRUE(identical(back.root(), doc.root()));
}

TEST(DomValue, EveryAllocationUsesTheGivenResource) {
  document doc = parse(sample_json);
  default_resource_guard guard;
  counting_resource mine;
  {
    value v(doc.root(), &mine);
    EXPECT_GT(mine.allocations, 5u);
    // Mutations allocate from the value's resource too (temporaries are given it as well:
    // a temporary built with the default resource would be copied in, but built there).
    v.as_object().set("added", value("a string long enough to need the heap, surely", &mine));
    v.as_object().at("list").as_array().push_back(
        object({{"k", value("long enough string value!!", &mine)}}, &mine));
    v.set_at_pointer("/new/deeper/still", array({1, 2, 3}, &mine));
    v.at("list").as_array().insert(std::size_t{0}, value(array({"x"}, &mine), &mine));
    value copy(v, &mine);
    EXPECT_EQ(copy, v);
    value moved(std::move(copy));
    EXPECT_EQ(moved.resource(), &mine);
    EXPECT_EQ(guard.counter.allocations, 0u) << "an allocation escaped to the default resource";
    EXPECT_EQ(v.resource(), &mine);
    EXPECT_EQ(v.at("list").resource(), &mine);
    EXPECT_EQ(v.at("list").at(8).at("k").resource(), &mine);
  }
  EXPECT_EQ(mine.live_bytes, 0u);
}

TEST(DomValue, MonotonicResourceConversion) {
  document doc = parse(sample_json);
  std::pmr::monotonic_buffer_resource arena;
  value v(doc.root(), &arena);
  EXPECT_EQ(to_string(v), to_string(doc));
  EXPECT_EQ(v.at("list").at(6).resource(), &arena);
}

TEST(DomValue, CopyAndAssignmentAcrossResources) {
  counting_resource a_resource;
  counting_resource b_resource;
  value a(object{{"k", "a value too long for the small string buffer"}}, &a_resource);
  value b(&b_resource);
  b = a;  // assignment keeps the target's resource
  EXPECT_EQ(b.resource(), &b_resource);
  EXPECT_EQ(b, a);
  value c(&b_resource);
  c = std::move(a);  // different resource: copied, the target's resource kept
  EXPECT_EQ(c.resource(), &b_resource);
  EXPECT_EQ(c, b);
  value d(std::move(c), &b_resource);  // same resource: moved
  EXPECT_EQ(d.resource(), &b_resource);
  EXPECT_TRUE(c.is_null());
  value e(d, std::pmr::get_default_resource());
  EXPECT_EQ(e.resource(), std::pmr::get_default_resource());
  EXPECT_EQ(e, d);
}

TEST(DomValue, AssigningADescendantIsSafe) {
  value v = object{{"a", object{{"b", array{1, 2, "a long string to be really sure of it"}}}}};
  v = v.at("a");  // copy of a part of itself
  EXPECT_EQ(v.at("b").size(), 3u);
  v = std::move(v.at("b"));  // move of a part of itself
  ASSERT_TRUE(v.is_array());
  EXPECT_EQ(v.at(2).get_string(), "a long string to be really sure of it");
  const value& self = v;
  v = self;  // self-assignment (through a reference, which compilers do not warn about)
  EXPECT_EQ(v.size(), 3u);
}

TEST(DomObject, SetInsertAppendEraseAndLookup) {
  object o;
  o.append("a", 1);
  o.append("b", 2);
  o.append("a", 3);  // a duplicate, on purpose
  EXPECT_EQ(o.size(), 3u);
  EXPECT_EQ(o.at("a").get_int64(), 3);  // the last wins
  EXPECT_EQ(o.count("a"), 2u);
  o.set("a", "x");  // replaces what a lookup finds: the last "a"
  EXPECT_EQ(o.at("a").get_string(), "x");
  EXPECT_EQ(o.begin()->value.get_int64(), 1);
  o.set("c", true);  // absent: appended
  EXPECT_EQ((o.end() - 1)->key, "c");
  auto [found, inserted] = o.insert("b", 20);  // present: not overwritten
  EXPECT_FALSE(inserted);
  EXPECT_EQ(found->get_int64(), 2);
  auto [added, was_added] = o.insert("d", 4);
  EXPECT_TRUE(was_added);
  EXPECT_EQ(added->get_int64(), 4);
  EXPECT_TRUE(o["e"].is_null());  // operator[] appends a null
  EXPECT_EQ(o.size(), 6u);
  EXPECT_EQ(o.erase("a"), 2u);  // every member with the key
  EXPECT_FALSE(o.contains("a"));
  EXPECT_EQ(o.erase("a"), 0u);
  EXPECT_EQ(o.find("zz"), nullptr);
  EXPECT_THROW(o.at("zz"), access_exception);
  o.erase(o.begin());
  EXPECT_EQ(o.begin()->key, "c");
  std::string keys;
  for (const object_member& m : o) keys += m.key;
  EXPECT_EQ(keys, "cde");
  o.clear();
  EXPECT_TRUE(o.empty());
}

TEST(DomArray, PushInsertEraseAndIndex) {
  array a{1, 2};
  a.push_back("three");
  a.emplace_back(4.0);
  a.insert(std::size_t{0}, value(0));
  a.insert(a.begin() + 2, value(1.5));
  ASSERT_EQ(a.size(), 6u);
  EXPECT_EQ(a[0].get_int64(), 0);
  EXPECT_EQ(a[2].get_double(), 1.5);
  EXPECT_EQ(a.back().get_double(), 4.0);
  EXPECT_THROW(a.insert(std::size_t{7}, value(1)), access_exception);
  a.erase(std::size_t{2});
  EXPECT_EQ(a[2].get_int64(), 2);
  EXPECT_THROW(a.erase(std::size_t{5}), access_exception);
  EXPECT_THROW(a.at(5), access_exception);
  EXPECT_EQ(a.find(5), nullptr);
  EXPECT_EQ(a.find(4)->get_double(), 4.0);
  a.pop_back();
  EXPECT_EQ(a.size(), 4u);
  a[1] = object{{"k", "v"}};
  EXPECT_EQ(a.at(1).at("k").get_string(), "v");
}

TEST(DomValue, EmplaceReplacesTheKind) {
  value v = 5;
  v.emplace_array().push_back(1);
  EXPECT_EQ(v.size(), 1u);
  v.emplace_object().set("k", 2);
  EXPECT_EQ(v.at("k").get_int64(), 2);
  v.emplace_string() = "s";
  EXPECT_EQ(v.get_string(), "s");
  v.emplace_null();
  EXPECT_TRUE(v.is_null());
}

TEST(DomValue, LookupAndPathGet) {
  value v(parse(R"({"statuses":[{"user":{"id":7}}]})").root());
  EXPECT_EQ(v.get("statuses", 0, "user", "id").get_int64(), 7);
  v.get("statuses", 0, "user", "id") = 8;
  EXPECT_EQ(v.at_pointer("/statuses/0/user/id").get_int64(), 8);
  std::error_code ec;
  EXPECT_EQ(v.get(ec, "statuses", 1), nullptr);
  EXPECT_EQ(ec, access_errc::index_out_of_range);
  ec.clear();
  EXPECT_EQ(v.get(ec, "statuses", "x"), nullptr);
  EXPECT_EQ(ec, access_errc::type_mismatch);
  ec.clear();
  EXPECT_EQ(v.get(ec, "statuses", 0, "user", "id", 0), nullptr);
  EXPECT_EQ(ec, access_errc::not_a_container);
  EXPECT_THROW(v.get("nope"), access_exception);
  EXPECT_EQ(v.find("statuses")->size(), 1u);
  EXPECT_EQ(v.find("nope"), nullptr);
  EXPECT_THROW(v.at("nope"), access_exception);
  EXPECT_THROW(v.at(0), access_exception);
  const value& cv = v;
  EXPECT_EQ(cv.get("statuses", 0).size(), 1u);
}

TEST(DomValue, EqualityAndIdentical) {
  const value a = object{{"x", 1}, {"y", array{1, 2}}};
  const value b = object{{"y", array{1, 2}}, {"x", 1}};
  EXPECT_EQ(a, b);
  EXPECT_FALSE(identical(a, b));
  EXPECT_TRUE(identical(a, value(a)));
  EXPECT_NE(value(array{1, 2}), value(array{2, 1}));
  EXPECT_EQ(value(1), value(1u));  // integers by value
  EXPECT_NE(value(1), value(1.0));
  EXPECT_FALSE(identical(value(1), value(1u)));
  object dup;
  dup.append("k", 1);
  dup.append("k", 2);
  EXPECT_EQ(value(dup), value(object{{"k", 2}}));
  EXPECT_NE(value(dup), value(object{{"k", 1}}));
  EXPECT_NE(value("a"), value::raw_number("1"));
  EXPECT_EQ(value::raw_number("1e400"), value::raw_number("1e400"));
}

TEST(DomValue, Swap) {
  value a = "left";
  value b = array{1};
  swap(a, b);
  EXPECT_TRUE(a.is_array());
  EXPECT_EQ(b.get_string(), "left");
}

}  // namespace
}  // namespace jsonx::dom
