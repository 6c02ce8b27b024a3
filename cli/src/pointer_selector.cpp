#include "pointer_selector.hpp"

#include <charconv>

namespace jsonx::cli {

namespace {

// RFC 6901 section 4: an array index is "0" or digits without a leading zero. Anything else
// ("01", "-", "x") selects nothing in an array.
std::optional<std::uint64_t> array_index(std::string_view token) {
  std::size_t index = 0;
  if (!parse_json_pointer_index(token, index)) return std::nullopt;
  return index;
}

}  // namespace

pointer_selector::pointer_selector(std::string_view pointer, const write_options& options)
    : tokens_(split_json_pointer(pointer)), writer_(captured_, options) {
  for (const std::string& token : tokens_) token_indexes_.push_back(array_index(token));
  path_.reserve(tokens_.size());
}

void pointer_selector::reset() {
  path_.clear();
  depth_ = 0;
  capture_depth_.reset();
  in_string_ = false;
  capturing_string_ = false;
  found_ = false;
  writer_.reset();  // see start_capture()
  captured_.clear();
  writer_.reset(captured_);
}

const std::string& pointer_selector::value_text() {
  writer_.flush();  // sizes the string
  return captured_;
}

void pointer_selector::start_capture() {
  // Give the string sink's region back before emptying the string: giving it back afterwards
  // would size the string to the earlier capture again.
  writer_.reset();
  captured_.clear();
  writer_.reset(captured_);
  found_ = true;
}

pointer_selector::role pointer_selector::begin_value() {
  if (depth_ != path_.size()) return role::outside;  // inside a container off the path
  if (frame* parent = selecting_frame()) {
    bool selected = false;
    if (parent->is_array) {
      const auto& wanted = token_indexes_[depth_ - 1];
      selected = wanted && *wanted == parent->next_index;
      ++parent->next_index;
    } else {
      selected = parent->key_matches;
    }
    if (!selected) return role::outside;
  }
  // A value on the path: the root, or a later duplicate of a key on the path, which replaces
  // the earlier one and whatever was found under it.
  found_ = false;
  return depth_ == tokens_.size() ? role::target : role::on_path;
}

bool pointer_selector::skip_next_value() {
  if (capture_depth_) return false;         // inside the target: every event is written
  if (depth_ != path_.size()) return true;  // inside a container off the path (not asked)
  frame* parent = selecting_frame();
  if (parent == nullptr) return false;  // the root
  if (parent->is_array) {
    const auto& wanted = token_indexes_[depth_ - 1];
    if (wanted && *wanted == parent->next_index) return false;
    ++parent->next_index;  // (begin_value() counts the elements that arrive)
    return true;
  }
  return !parent->key_matches;
}

bool pointer_selector::container_begin(bool is_array) {
  if (!capture_depth_) {
    switch (begin_value()) {
      case role::target:
        start_capture();
        capture_depth_ = depth_;
        break;
      case role::on_path:
        path_.push_back(frame{is_array});
        ++depth_;
        return true;
      case role::outside:
        ++depth_;
        return true;
    }
  }
  ++depth_;
  return is_array ? writer_.on_array_begin() : writer_.on_object_begin();
}

bool pointer_selector::container_end(bool is_array, std::size_t count) {
  --depth_;
  if (capture_depth_) {
    bool ok = is_array ? writer_.on_array_end(count) : writer_.on_object_end(count);
    if (depth_ == *capture_depth_) capture_depth_.reset();  // the target is complete
    return ok;
  }
  if (path_.size() > depth_) path_.pop_back();
  return true;
}

bool pointer_selector::on_string_part(std::string_view piece) {
  if (!in_string_) {
    in_string_ = true;
    if (!capture_depth_ && begin_value() == role::target) {
      start_capture();
      capture_depth_ = depth_;
      capturing_string_ = true;
    }
  }
  return capture_depth_ ? writer_.on_string_part(piece) : true;
}

bool pointer_selector::on_string(std::string_view last_piece) {
  if (!in_string_) return scalar([&] { return writer_.on_string(last_piece); });
  in_string_ = false;
  if (!capture_depth_) return true;
  bool ok = writer_.on_string(last_piece);
  if (capturing_string_) {
    capture_depth_.reset();
    capturing_string_ = false;
  }
  return ok;
}

void pointer_selector::match_key_piece(std::string_view piece) {
  frame* parent = selecting_frame();
  if (!parent) return;
  const std::string& token = tokens_[depth_ - 1];
  if (parent->key_prefix_matches && token.size() - parent->key_bytes >= piece.size() &&
      token.compare(parent->key_bytes, piece.size(), piece) == 0) {
    parent->key_bytes += piece.size();
  } else {
    parent->key_prefix_matches = false;
  }
}

bool pointer_selector::on_key_part(std::string_view piece) {
  if (capture_depth_) return writer_.on_key_part(piece);
  match_key_piece(piece);
  return true;
}

bool pointer_selector::on_key(std::string_view last_piece) {
  if (capture_depth_) return writer_.on_key(last_piece);
  match_key_piece(last_piece);
  if (frame* parent = selecting_frame()) {
    parent->key_matches =
        parent->key_prefix_matches && parent->key_bytes == tokens_[depth_ - 1].size();
    parent->key_prefix_matches = true;
    parent->key_bytes = 0;
  }
  return true;
}

}  // namespace jsonx::cli
