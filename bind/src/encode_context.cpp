#include "jsonx/bind/encode_context.hpp"

#include <string>

#include "jsonx/bind/detail/json_pointer.hpp"

namespace jsonx {

bool encode_context::fail(std::error_code code, std::string detail) {
  if (!code_) {
    code_ = code;
    detail_ = std::move(detail);
  }
  return false;
}

bool encode_context::writer_failed() {
  return fail(out_->error() ? out_->error() : make_error_code(write_errc::sink_full));
}

void encode_context::add_key_segment(std::string_view key) {
  std::string segment;
  append_json_pointer_token(segment, key);
  reversed_path_.push_back(std::move(segment));
}

void encode_context::add_index_segment(std::size_t index) {
  std::string segment;
  append_json_pointer_index(segment, index);
  reversed_path_.push_back(std::move(segment));
}

encode_error encode_context::error() const {
  encode_error error;
  error.code = code_;
  error.detail = detail_;
  for (auto it = reversed_path_.rbegin(); it != reversed_path_.rend(); ++it) error.path += *it;
  return error;
}

}  // namespace jsonx
