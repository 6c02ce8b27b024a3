// The jsonx.stream error category and stream_error's message.
#include "jsonx/stream/stream_error.hpp"

namespace jsonx::stream {

namespace {

class stream_category_impl final : public std::error_category {
 public:
  const char* name() const noexcept override { return "jsonx.stream"; }
  std::error_condition default_error_condition(int value) const noexcept override {
    if (value == 0) return {};
    switch (static_cast<stream_errc>(value)) {
      case stream_errc::missing_record_separator:
      case stream_errc::duplicate_name:
        return jsonx::condition::syntax_error;
      case stream_errc::write_failed:
        return jsonx::condition::io_error;
      case stream_errc::value_in_progress:
      case stream_errc::misplaced_value:
      case stream_errc::ok:
        return jsonx::condition::invalid_argument;
    }
    return jsonx::condition::invalid_argument;
  }
  std::string message(int code) const override {
    switch (static_cast<stream_errc>(code)) {
      case stream_errc::ok:
        return "no error";
      case stream_errc::missing_record_separator:
        return "expected a record separator (RS, 0x1E) before a value";
      case stream_errc::value_in_progress:
        return "another value is half decoded: resume it with the same call";
      case stream_errc::misplaced_value:
        return "a value cannot start here: a key, ',' or the end of the container is expected";
      case stream_errc::write_failed:
        return "the encoder's writer failed";
      case stream_errc::duplicate_name:
        return "duplicate object member name";
    }
    return "unknown stream error";
  }
};

}  // namespace

const std::error_category& stream_category() noexcept {
  static const stream_category_impl category;
  return category;
}

std::string stream_error::message() const {
  std::string out = "line " + std::to_string(line) + ", column " + std::to_string(column) +
                    " (byte " + std::to_string(offset) + "): ";
  if (!path.empty()) out += path + ": ";
  out += code.message();
  if (!expected.empty()) out += ": expected " + expected;
  if (!found.empty()) out += ", found " + found;
  if (code.category() == std::system_category() && inside_value) out += ", inside a value";
  if (!excerpt.empty()) out += ": " + excerpt;
  return out;
}

}  // namespace jsonx::stream
