#include "simdjson_walker.hpp"

#include <simdjson.h>

#include "event_log.hpp"

namespace jsonx::test {
namespace {

void walk(simdjson::dom::element element, std::string& log) {
  using simdjson::dom::element_type;
  switch (element.type()) {
    case element_type::ARRAY: {
      log += "[\n";
      std::size_t count = 0;
      // Copied out first: value_unsafe() of a temporary result would dangle in a range-for.
      simdjson::dom::array array = element.get_array().value_unsafe();
      for (simdjson::dom::element child : array) {
        walk(child, log);
        ++count;
      }
      append_end(log, ']', count);
      break;
    }
    case element_type::OBJECT: {
      log += "{\n";
      std::size_t count = 0;
      simdjson::dom::object object = element.get_object().value_unsafe();
      for (simdjson::dom::key_value_pair member : object) {
        append_sized(log, 'k', member.key);
        log += '\n';
        walk(member.value, log);
        ++count;
      }
      append_end(log, '}', count);
      break;
    }
    case element_type::INT64:
      append_int64(log, element.get_int64().value_unsafe());
      break;
    case element_type::UINT64:
      append_uint64(log, element.get_uint64().value_unsafe());
      break;
    case element_type::DOUBLE:
      append_double(log, element.get_double().value_unsafe());
      break;
    case element_type::STRING:
      append_sized(log, 's', element.get_string().value_unsafe());
      break;
    case element_type::BOOL:
      log += element.get_bool().value_unsafe() ? 't' : 'f';
      break;
    case element_type::NULL_VALUE:
      log += 'n';
      break;
  }
  log += '\n';
}

}  // namespace

simdjson_verdict simdjson_events(std::string_view input) {
  // One parser per thread, reused: its buffers grow to the largest document once.
  thread_local simdjson::dom::parser parser;
  simdjson::padded_string padded(input);
  simdjson_verdict verdict;
  simdjson::dom::element root;
  if (auto error = parser.parse(padded).get(root)) {
    verdict.error = simdjson::error_message(error);
    return verdict;
  }
  verdict.accepted = true;
  walk(root, verdict.log);
  return verdict;
}

}  // namespace jsonx::test
