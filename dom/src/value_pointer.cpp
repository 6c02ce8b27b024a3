// JSON Pointer lookup and mutation of mutable values (rules at the top of value.hpp).
#include <string>

#include "jsonx/dom/value.hpp"
#include "jsonx/sax/json_pointer.hpp"

namespace jsonx::dom {
namespace {

// The child `token` names in `parent` (RFC 6901 evaluation of one token), or nullptr.
value* pointer_child(value& parent, std::string_view token, std::error_code& ec) noexcept {
  if (object* o = parent.if_object()) {
    value* found = o->find(token);
    if (found == nullptr) ec = access_errc::key_not_found;
    return found;
  }
  if (array* a = parent.if_array()) {
    std::size_t index = 0;
    if (token == "-") {
      ec = access_errc::index_out_of_range;  // the element after the last never exists
      return nullptr;
    }
    if (!parse_json_pointer_index(token, index)) {
      ec = access_errc::invalid_array_index;
      return nullptr;
    }
    value* found = a->find(index);
    if (found == nullptr) ec = access_errc::index_out_of_range;
    return found;
  }
  ec = access_errc::not_a_container;
  return nullptr;
}

// An array position named by a token: an index, or "-" for the size.
bool array_position(const array& a, std::string_view token, std::size_t& index,
                    std::error_code& ec) noexcept {
  if (token == "-") {
    index = a.size();
    return true;
  }
  if (!parse_json_pointer_index(token, index)) {
    ec = access_errc::invalid_array_index;
    return false;
  }
  return true;
}

std::string describe(std::string_view pointer, const std::error_code& ec) {
  return "pointer \"" + std::string(pointer) + "\": " + ec.message();
}

}  // namespace

value* value::at_pointer(std::string_view pointer, std::error_code& ec) noexcept {
  json_pointer_tokens tokens(pointer);
  if (!tokens.valid()) {
    ec = access_errc::invalid_pointer;
    return nullptr;
  }
  value* current = this;
  std::string_view token;
  while (current != nullptr && tokens.next(token)) current = pointer_child(*current, token, ec);
  return current;
}

const value* value::at_pointer(std::string_view pointer, std::error_code& ec) const noexcept {
  return const_cast<value*>(this)->at_pointer(pointer, ec);
}

value& value::at_pointer(std::string_view pointer) {
  std::error_code ec;
  value* found = at_pointer(pointer, ec);
  if (found == nullptr) detail::throw_access_error(ec, describe(pointer, ec));
  return *found;
}

const value& value::at_pointer(std::string_view pointer) const {
  return const_cast<value*>(this)->at_pointer(pointer);
}

value* value::find_pointer(std::string_view pointer) noexcept {
  std::error_code ec;
  return at_pointer(pointer, ec);
}

const value* value::find_pointer(std::string_view pointer) const noexcept {
  std::error_code ec;
  return const_cast<value*>(this)->at_pointer(pointer, ec);
}

value* value::parent_of(std::string_view pointer, std::string& last_token, std::error_code& ec) {
  json_pointer_tokens tokens(pointer);
  if (!tokens.valid()) {
    ec = access_errc::invalid_pointer;
    return nullptr;
  }
  value* current = this;
  std::string_view token;
  while (tokens.next(token)) {
    if (tokens.at_last()) {
      last_token.assign(token);
      return current;
    }
    current = pointer_child(*current, token, ec);
    if (current == nullptr) return nullptr;
  }
  ec = access_errc::invalid_pointer;  // "" has no parent; callers handle it first
  return nullptr;
}

namespace {

// set_at_pointer for a copied or a moved value (V is const value& or value).
template <class V>
value* set_at(value& root, std::string_view pointer, V&& v, std::error_code& ec) {
  if (pointer.empty()) {
    root = std::forward<V>(v);
    return &root;
  }
  json_pointer_tokens tokens(pointer);
  if (!tokens.valid()) {
    ec = access_errc::invalid_pointer;
    return nullptr;
  }
  // Nothing is created before the last step that can fail: failures come only from existing
  // values (a scalar, a bad or too large index), and once a member is created everything
  // below it is a fresh object, on which every token succeeds.
  value* current = &root;
  std::string_view token;
  while (tokens.next(token)) {
    const bool last = tokens.at_last();
    if (current->is_null()) current->emplace_object();
    if (object* o = current->if_object()) {
      if (last) return &o->set(token, std::forward<V>(v));
      value* child = o->find(token);
      current = child != nullptr ? child : &o->append(token, value(nullptr));
    } else if (array* a = current->if_array()) {
      std::size_t index = 0;
      if (!array_position(*a, token, index, ec)) return nullptr;
      if (index < a->size()) {
        if (last) {
          (*a)[index] = std::forward<V>(v);
          return &(*a)[index];
        }
        current = &(*a)[index];
      } else if (index == a->size()) {
        if (last) return &a->push_back(std::forward<V>(v));
        current = &a->push_back(value(nullptr));
      } else {
        ec = access_errc::index_out_of_range;
        return nullptr;
      }
    } else {
      ec = access_errc::not_a_container;
      return nullptr;
    }
  }
  return nullptr;  // not reached: the last token returns above
}

// insert_at_pointer (RFC 6902 "add") below the parent found by value::parent_of().
template <class V>
value* add_below(value* parent, const std::string& token, V&& v, std::error_code& ec) {
  if (parent == nullptr) return nullptr;
  if (object* o = parent->if_object()) return &o->set(token, std::forward<V>(v));
  if (array* a = parent->if_array()) {
    std::size_t index = 0;
    if (!array_position(*a, token, index, ec)) return nullptr;
    if (index > a->size()) {
      ec = access_errc::index_out_of_range;
      return nullptr;
    }
    return &a->insert(index, std::forward<V>(v));
  }
  ec = access_errc::not_a_container;
  return nullptr;
}

template <class Result>
Result& or_throw(Result* result, std::string_view pointer, const std::error_code& ec) {
  if (result == nullptr) detail::throw_access_error(ec, describe(pointer, ec));
  return *result;
}

}  // namespace

value* value::set_at_pointer(std::string_view pointer, const value& v, std::error_code& ec) {
  return set_at(*this, pointer, v, ec);
}
value* value::set_at_pointer(std::string_view pointer, value&& v, std::error_code& ec) {
  return set_at(*this, pointer, std::move(v), ec);
}
value& value::set_at_pointer(std::string_view pointer, const value& v) {
  std::error_code ec;
  return or_throw(set_at(*this, pointer, v, ec), pointer, ec);
}
value& value::set_at_pointer(std::string_view pointer, value&& v) {
  std::error_code ec;
  return or_throw(set_at(*this, pointer, std::move(v), ec), pointer, ec);
}

value* value::insert_at_pointer(std::string_view pointer, const value& v, std::error_code& ec) {
  if (pointer.empty()) {
    *this = v;
    return this;
  }
  std::string token;
  return add_below(parent_of(pointer, token, ec), token, v, ec);
}
value* value::insert_at_pointer(std::string_view pointer, value&& v, std::error_code& ec) {
  if (pointer.empty()) {
    *this = std::move(v);
    return this;
  }
  std::string token;
  return add_below(parent_of(pointer, token, ec), token, std::move(v), ec);
}
value& value::insert_at_pointer(std::string_view pointer, const value& v) {
  std::error_code ec;
  return or_throw(insert_at_pointer(pointer, v, ec), pointer, ec);
}
value& value::insert_at_pointer(std::string_view pointer, value&& v) {
  std::error_code ec;
  return or_throw(insert_at_pointer(pointer, std::move(v), ec), pointer, ec);
}

bool value::erase_at_pointer(std::string_view pointer, std::error_code& ec) {
  if (pointer.empty()) {
    ec = access_errc::invalid_pointer;  // the root has no container to be removed from
    return false;
  }
  std::string token;
  value* parent = parent_of(pointer, token, ec);
  if (parent == nullptr) return false;
  if (object* o = parent->if_object()) {
    if (o->erase(token) == 0) {
      ec = access_errc::key_not_found;
      return false;
    }
    return true;
  }
  if (array* a = parent->if_array()) {
    std::size_t index = 0;
    if (!array_position(*a, token, index, ec)) return false;
    if (index >= a->size()) {
      ec = access_errc::index_out_of_range;
      return false;
    }
    a->erase(index);
    return true;
  }
  ec = access_errc::not_a_container;
  return false;
}

void value::erase_at_pointer(std::string_view pointer) {
  std::error_code ec;
  if (!erase_at_pointer(pointer, ec)) detail::throw_access_error(ec, describe(pointer, ec));
}

}  // namespace jsonx::dom
