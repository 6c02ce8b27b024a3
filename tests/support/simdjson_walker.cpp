#include "simdjson_walker.hpp"

#include <cstddef>
#include <cstdint>

#include <simdjson.h>

#include "event_log.hpp"

namespace jsonx::test {
namespace {

// Walks one tree into a verdict's log, checking that every get() accepts the type() simdjson
// gave the element (a refusal is recorded and marked '!' instead of reading a wrong value).
class walker {
 public:
  explicit walker(simdjson_verdict& verdict)
      : log_(verdict.log), failures_(verdict.check_failures) {}

  void walk(simdjson::dom::element element) {
    using simdjson::dom::element_type;
    switch (element.type()) {
      case element_type::ARRAY: {
        log_ += '[';
        std::size_t count = 0;
        simdjson::dom::array array;
        const bool ok = got(element.get(array), "", "an ARRAY refuses get(array)");
        log_ += '\n';
        if (ok) {
          for (simdjson::dom::element child : array) {
            walk(child);
            ++count;
          }
        }
        append_end(log_, ']', count);
        break;
      }
      case element_type::OBJECT: {
        log_ += '{';
        std::size_t count = 0;
        simdjson::dom::object object;
        const bool ok = got(element.get(object), "", "an OBJECT refuses get(object)");
        log_ += '\n';
        if (ok) {
          for (simdjson::dom::key_value_pair member : object) {
            append_sized(log_, 'k', member.key);
            log_ += '\n';
            walk(member.value);
            ++count;
          }
        }
        append_end(log_, '}', count);
        break;
      }
      case element_type::INT64: {
        std::int64_t value = 0;
        if (got(element.get(value), "?int64", "an INT64 refuses get(int64_t)"))
          append_int64(log_, value);
        break;
      }
      case element_type::UINT64: {
        std::uint64_t value = 0;
        if (got(element.get(value), "?uint64", "a UINT64 refuses get(uint64_t)"))
          append_uint64(log_, value);
        break;
      }
      case element_type::DOUBLE: {
        double value = 0;
        if (got(element.get(value), "?double", "a DOUBLE refuses get(double)"))
          append_double(log_, value);
        break;
      }
      case element_type::STRING: {
        std::string_view value;
        if (got(element.get(value), "?string", "a STRING refuses get(string_view)"))
          append_sized(log_, 's', value);
        break;
      }
      case element_type::BOOL: {
        bool value = false;
        if (got(element.get(value), "?bool", "a BOOL refuses get(bool)")) log_ += value ? 't' : 'f';
        break;
      }
      case element_type::NULL_VALUE:
        log_ += 'n';
        break;
    }
    log_ += '\n';
  }

 private:
  // True if `error` is SUCCESS; else writes `event` marked '!' (a container's bracket is
  // already written; a scalar's is "?<type>", which no jsonx event equals) and records why.
  bool got(simdjson::error_code error, std::string_view event, const char* what) {
    if (error == simdjson::SUCCESS) return true;
    log_ += event;
    log_ += '!';
    failures_ += std::string("simdjson: ") + what + " (" + simdjson::error_message(error) + ")\n";
    return false;
  }

  std::string& log_;
  std::string& failures_;
};

}  // namespace

bool simdjson_verdict::depth_error() const {
  return code == simdjson::DEPTH_ERROR;
}
bool simdjson_verdict::number_error() const {
  return code == simdjson::NUMBER_ERROR;
}

simdjson_verdict simdjson_events(std::string_view input) {
  // One parser per thread, reused: its buffers grow to the largest document once.
  thread_local simdjson::dom::parser parser;
  simdjson::padded_string padded(input);
  simdjson_verdict verdict;
  simdjson::dom::element root;
  if (const simdjson::error_code error = parser.parse(padded).get(root)) {
    verdict.code = error;
    verdict.error = simdjson::error_message(error);
    return verdict;
  }
  verdict.accepted = true;
  walker(verdict).walk(root);
  return verdict;
}

}  // namespace jsonx::test
