#include "simdjson_compare.hpp"

#include <simdjson.h>

#include <bit>
#include <cstdint>

#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::dom::test {
namespace {

std::string compare(const element& ours, simdjson::dom::element theirs, std::string& pointer) {
  using simdjson::dom::element_type;
  auto differ = [&](std::string_view what) {
    return (pointer.empty() ? std::string("(root)") : pointer) + ": " + std::string(what);
  };
  switch (theirs.type()) {
    case element_type::NULL_VALUE:
      return ours.is_null() ? "" : differ("simdjson has null");
    case element_type::BOOL:
      return ours.is_bool() && ours.get_bool() == bool(theirs.get_bool()) ? ""
                                                                          : differ("bool differs");
    case element_type::INT64:
      return ours.is_int64() && ours.get_int64() == std::int64_t(theirs.get_int64())
                 ? ""
                 : differ("simdjson has int64 " + std::to_string(std::int64_t(theirs.get_int64())));
    case element_type::UINT64:
      return ours.is_uint64() && ours.get_uint64() == std::uint64_t(theirs.get_uint64())
                 ? ""
                 : differ("simdjson has uint64");
    case element_type::DOUBLE: {
      const double d = theirs.get_double();
      return ours.is_double() && std::bit_cast<std::uint64_t>(ours.get_double()) ==
                                     std::bit_cast<std::uint64_t>(d)
                 ? ""
                 : differ("simdjson has double " + std::to_string(d));
    }
    case element_type::STRING:
      return ours.is_string() && ours.get_string() == std::string_view(theirs.get_string())
                 ? ""
                 : differ("string differs");
    case element_type::ARRAY: {
      if (!ours.is_array()) return differ("simdjson has an array");
      simdjson::dom::array items = theirs.get_array();
      if (ours.size() != items.size()) return differ("array sizes differ");
      const std::size_t length = pointer.size();
      std::size_t index = 0;
      auto mine = ours.get_array().begin();
      for (simdjson::dom::element item : items) {
        pointer += "/" + std::to_string(index++);
        std::string difference = compare(*mine++, item, pointer);
        if (!difference.empty()) return difference;
        pointer.resize(length);
      }
      return "";
    }
    case element_type::OBJECT: {
      if (!ours.is_object()) return differ("simdjson has an object");
      simdjson::dom::object members = theirs.get_object();
      if (ours.size() != members.size()) return differ("member counts differ");
      const std::size_t length = pointer.size();
      auto mine = ours.get_object().begin();
      for (simdjson::dom::key_value_pair m : members) {
        const member ours_member = *mine++;
        append_json_pointer_token(pointer, m.key);
        if (ours_member.key != m.key) return differ("keys differ");
        std::string difference = compare(ours_member.value, m.value, pointer);
        if (!difference.empty()) return difference;
        pointer.resize(length);
      }
      return "";
    }
  }
  return differ("unknown simdjson type");
}

}  // namespace

std::string compare_with_simdjson(const element& ours, std::string_view json, bool& accepted) {
  static simdjson::dom::parser parser;  // reused, as the oracle's documentation advises
  const simdjson::padded_string padded(json);
  simdjson::dom::element theirs;
  const auto error = parser.parse(padded).get(theirs);
  accepted = !error;
  if (error) return std::string("simdjson rejected it: ") + simdjson::error_message(error);
  std::string pointer;
  return compare(ours, theirs, pointer);
}

}  // namespace jsonx::dom::test
