// object: member lookup and mutation (the last member with a key is the one found).
#include <algorithm>

#include "jsonx/dom/value.hpp"

namespace jsonx::dom {

// ---- object members ----

value* object::find(std::string_view key) noexcept {
  for (auto it = members_.rbegin(); it != members_.rend(); ++it) {
    if (it->key == key) return &it->value;
  }
  return nullptr;
}

std::size_t object::count(std::string_view key) const noexcept {
  return static_cast<std::size_t>(std::count_if(
      members_.begin(), members_.end(), [&](const object_member& m) { return m.key == key; }));
}

value& object::at(std::string_view key) {
  value* found = find(key);
  if (found == nullptr) {
    detail::throw_access_error(access_errc::key_not_found,
                               "key \"" + std::string(key) + "\": no such member");
  }
  return *found;
}

value& object::operator[](std::string_view key) {
  if (value* found = find(key)) return *found;
  return members_.emplace_back(key, value(nullptr)).value;
}

value& object::set(std::string_view key, const value& v) {
  if (value* found = find(key)) {
    *found = v;
    return *found;
  }
  return members_.emplace_back(key, v).value;
}

value& object::set(std::string_view key, value&& v) {
  if (value* found = find(key)) {
    *found = std::move(v);
    return *found;
  }
  return members_.emplace_back(key, std::move(v)).value;
}

std::pair<value*, bool> object::insert(std::string_view key, const value& v) {
  if (value* found = find(key)) return {found, false};
  return {&members_.emplace_back(key, v).value, true};
}

std::pair<value*, bool> object::insert(std::string_view key, value&& v) {
  if (value* found = find(key)) return {found, false};
  return {&members_.emplace_back(key, std::move(v)).value, true};
}

value& object::append(std::string_view key, const value& v) {
  return members_.emplace_back(key, v).value;
}

value& object::append(std::string_view key, value&& v) {
  return members_.emplace_back(key, std::move(v)).value;
}

std::size_t object::erase(std::string_view key) noexcept {
  const auto first = std::remove_if(members_.begin(), members_.end(),
                                    [&](const object_member& m) { return m.key == key; });
  const auto erased = static_cast<std::size_t>(members_.end() - first);
  members_.erase(first, members_.end());
  return erased;
}

}  // namespace jsonx::dom
