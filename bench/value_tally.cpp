// The tally comparison and the reference tally from simdjson's DOM.
#include "value_tally.hpp"

#include <cmath>
#include <string>

#include <simdjson.h>

#include "adapters/simdjson_dom_walk.hpp"

namespace jsonx_bench {
namespace {

void compare_field(std::string& out, const char* name, std::uint64_t got, std::uint64_t expected) {
  if (got == expected) return;
  if (!out.empty()) out += ", ";
  out += name;
  out += ' ';
  out += std::to_string(got);
  out += " != ";
  out += std::to_string(expected);
}

}  // namespace

void tally_simdjson_element(simdjson::dom::element element, value_tally& tally) {
  using simdjson::dom::element_type;
  switch (element.type()) {
    case element_type::OBJECT:
      tally.add_object();
      for (simdjson::dom::key_value_pair member : simdjson::dom::object(element)) {
        tally.add_key(member.key.size());
        tally_simdjson_element(member.value, tally);
      }
      break;
    case element_type::ARRAY:
      tally.add_array();
      for (simdjson::dom::element item : simdjson::dom::array(element)) {
        tally_simdjson_element(item, tally);
      }
      break;
    case element_type::STRING:
      tally.add_string(std::string_view(element).size());
      break;
    case element_type::INT64:
      tally.add_int64(std::int64_t(element));
      break;
    case element_type::UINT64:
      tally.add_uint64(std::uint64_t(element));
      break;
    case element_type::DOUBLE:
      tally.add_double(double(element));
      break;
    case element_type::BOOL:
      tally.add_bool(bool(element));
      break;
    case element_type::NULL_VALUE:
      tally.add_null();
      break;
  }
}

void value_tally::add(const value_tally& other) noexcept {
  nulls += other.nulls;
  trues += other.trues;
  falses += other.falses;
  integers += other.integers;
  integer_sum += other.integer_sum;
  doubles += other.doubles;
  double_sum += other.double_sum;
  number_texts += other.number_texts;
  strings += other.strings;
  string_bytes += other.string_bytes;
  keys += other.keys;
  key_bytes += other.key_bytes;
  objects += other.objects;
  arrays += other.arrays;
}

std::string tally_difference(const value_tally& got, const value_tally& expected) {
  std::string out;
  compare_field(out, "nulls", got.nulls, expected.nulls);
  compare_field(out, "trues", got.trues, expected.trues);
  compare_field(out, "falses", got.falses, expected.falses);
  compare_field(out, "integers", got.integers, expected.integers);
  compare_field(out, "integer_sum", got.integer_sum, expected.integer_sum);
  compare_field(out, "doubles", got.doubles, expected.doubles);
  compare_field(out, "number_texts", got.number_texts, expected.number_texts);
  compare_field(out, "strings", got.strings, expected.strings);
  compare_field(out, "string_bytes", got.string_bytes, expected.string_bytes);
  compare_field(out, "keys", got.keys, expected.keys);
  compare_field(out, "key_bytes", got.key_bytes, expected.key_bytes);
  compare_field(out, "objects", got.objects, expected.objects);
  compare_field(out, "arrays", got.arrays, expected.arrays);
  double scale = std::fmax(std::fabs(expected.double_sum), 1.0);
  if (!(std::fabs(got.double_sum - expected.double_sum) <= 1e-9 * scale)) {
    if (!out.empty()) out += ", ";
    out += "double_sum " + std::to_string(got.double_sum) +
           " != " + std::to_string(expected.double_sum);
  }
  return out;
}

bool reference_tally(std::string_view json, value_tally& tally, std::string& error) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(json);
  simdjson::dom::element root;
  if (auto code = parser.parse(padded).get(root)) {
    error = simdjson::error_message(code);
    return false;
  }
  tally = {};
  tally_simdjson_element(root, tally);
  return true;
}

}  // namespace jsonx_bench
