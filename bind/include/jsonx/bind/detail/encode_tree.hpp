// typed_printer: a typed value printed as compact JSON straight into the writer's buffer
// (encode/detail/tree_output.hpp), the walk placing its own commas, colons and brackets. The
// type says where everything goes, so the writer's event bookkeeping (a position per event, a
// separator table, a stack of containers) would only repeat what the compiler already knows.
// Pretty output goes through the events (encode_rules.hpp); both print the same bytes.
//
// What makes it fast:
//  - The write cursor stays in a local variable, passed down and returned: a store through a
//    char* may alias anything, so a cursor kept in the writer is reloaded around every byte.
//  - One room check per step (a separator and a key, or a scalar), for tree_output::step_room
//    bytes, which the longest inline step fits in.
//  - A described field's key is escaped at compile time: `"name":` is one fixed-size copy.
//
// Every function here returns the cursor after what it wrote, or nullptr after an error, with
// the error in the encode_context and the writer holding the bytes written before it (as the
// events leave them).
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "jsonx/bind/detail/encode_rules.hpp"
#include "jsonx/encode/detail/tree_output.hpp"

namespace jsonx::detail {

/// A described field's key as written after a separator: the quoted name and its colon,
/// escaped at compile time. Only for names that no write option escapes (printable ASCII but
/// " \ < > &): any other name goes through the writer's escape loop, as on_key does.
struct precomputed_key {
  static constexpr std::size_t capacity = 48;  // copied whole: within one step's room
  static_assert(capacity <= tree_output::step_room);
  char text[capacity] = {};
  std::size_t size = 0;
  bool usable = false;
};

constexpr precomputed_key make_precomputed_key(std::string_view name) {
  precomputed_key key;
  if (name.size() + 3 > precomputed_key::capacity) return key;
  for (const char c : name) {
    const bool plain =
        c >= 0x20 && c < 0x7F && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&';
    if (!plain) return key;
  }
  key.text[0] = '"';
  for (std::size_t i = 0; i < name.size(); ++i) key.text[1 + i] = name[i];
  key.text[1 + name.size()] = '"';
  key.text[2 + name.size()] = ':';
  key.size = name.size() + 3;
  key.usable = true;
  return key;
}

template <class T, std::size_t I>
inline constexpr precomputed_key precomputed_key_of =
    make_precomputed_key(std::get<I>(fields_of<T>).name);

class typed_printer {
 public:
  typed_printer(tree_output& out, encode_context& c) noexcept
      : out_(out),
        c_(c),
        non_finite_as_null_(out.options().non_finite == non_finite_policy::write_null) {}

  /// Prints `value` at the writer's cursor (its separator already written).
  template <class T>
  bool print(const T& value) {
    char* end = out_.limit();
    char* p = this->value(value, out_.cursor(), end);
    if (p == nullptr) return false;
    out_.set_cursor(p);
    return true;
  }

 private:
  static constexpr std::size_t step_room = tree_output::step_room;

  // Room for one step at `p`: the cursor (moved if the writer refilled), or nullptr.
  [[gnu::always_inline]] char* room(char* p, char*& end) {
    if (static_cast<std::size_t>(end - p) >= step_room) [[likely]]
      return p;
    p = out_.refill(p, step_room);
    if (p == nullptr) {
      c_.writer_failed();
      return nullptr;
    }
    end = out_.limit();
    return p;
  }

  // An error of the encode (not of the writer): the bytes so far go back to the writer first.
  char* fail(char* p, std::error_code code, std::string detail) {
    out_.set_cursor(p);
    c_.fail(code, std::move(detail));
    return nullptr;
  }

  template <class T>
  char* value(const T& v, char* p, char*& end) {
    constexpr type_category category = category_of<T>();
    if constexpr (category == type_category::boolean) {
      if ((p = room(p, end)) == nullptr) return nullptr;
      // "false" plus "true" padded: one 5-byte copy, then keep 4 or 5 bytes.
      std::memcpy(p, v ? "true " : "false", 5);
      return p + (v ? 4 : 5);
    } else if constexpr (category == type_category::integer) {
      if ((p = room(p, end)) == nullptr) return nullptr;
      if constexpr (std::is_signed_v<T>) {
        return format_int64(static_cast<std::int64_t>(v), p);
      } else {
        return format_uint64(static_cast<std::uint64_t>(v), p);
      }
    } else if constexpr (category == type_category::floating) {
      return floating(v, p, end);
    } else if constexpr (category == type_category::string) {
      return string(std::string_view(v.data(), v.size()), p, end, false);
    } else if constexpr (category == type_category::null) {
      return null(p, end);
    } else if constexpr (category == type_category::named_enum) {
      if (const std::string_view* name = enum_name(v)) return string(*name, p, end, false);
      return fail(p, make_error_code(bind_errc::unknown_enum_value),
                  "value " + std::to_string(static_cast<long long>(v)) + " has no name");
    } else if constexpr (category == type_category::plain_enum) {
      return value(static_cast<std::underlying_type_t<T>>(v), p, end);
    } else if constexpr (category == type_category::optional ||
                         category == type_category::pointer) {
      return v ? value(*v, p, end) : null(p, end);
    } else if constexpr (category == type_category::variant) {
      return std::visit([&](const auto& alternative) { return value(alternative, p, end); }, v);
    } else if constexpr (category == type_category::raw) {
      if (v.text.empty()) return null(p, end);
      return verbatim(v.text, p, end);
    } else if constexpr (category == type_category::custom) {
      return value(custom_codec<T>::to_json(v), p, end);
    } else if constexpr (category == type_category::extension) {
      return as_events(v, p, end);
    } else if constexpr (category == type_category::sequence ||
                         category == type_category::fixed_array) {
      return range(v, p, end);
    } else if constexpr (category == type_category::bit_vector) {
      return bits(v, p, end);
    } else if constexpr (category == type_category::tuple) {
      return tuple(v, p, end);
    } else if constexpr (category == type_category::map) {
      return map(v, p, end);
    } else if constexpr (category == type_category::described) {
      return described(v, p, end);
    } else {
      // The events' rule says why the type cannot be bound.
      return encoder_of<T>::encode(c_, v) ? p : nullptr;
    }
  }

  char* null(char* p, char*& end) {
    if ((p = room(p, end)) == nullptr) return nullptr;
    std::memcpy(p, "null", 4);
    return p + 4;
  }

  // double; long double as the nearest double (which may be an infinity), as the events do.
  template <class T>
  char* floating(T v, char* p, char*& end) {
    return finite_or_null(static_cast<double>(v), p, end,
                          [](double d, char* at) { return format_double(d, at); });
  }
  char* floating(float v, char* p, char*& end) {
    return finite_or_null(v, p, end, [](float f, char* at) { return format_float(f, at); });
  }

  template <class F, class Format>
  char* finite_or_null(F v, char* p, char*& end, Format format) {
    if (!std::isfinite(v)) [[unlikely]] {
      if (non_finite_as_null_) return null(p, end);
      out_.set_cursor(p);
      out_.fail_non_finite();
      c_.writer_failed();
      return nullptr;
    }
    if ((p = room(p, end)) == nullptr) return nullptr;
    return format(v, p);
  }

  // A string between quotes (a key followed by ':'): short plain ones inline, as on_string()
  // does, the rest through the writer's escape loop.
  char* string(std::string_view text, char* p, char*& end, bool is_key) {
    if ((p = room(p, end)) == nullptr) return nullptr;
    if (char* after = out_.plain_short_string(p, text, is_key)) return after;
    return handed_back(p, end, [&] { return out_.escaped_string(text, is_key); });
  }

  // JSON text copied as it is (raw_json).
  char* verbatim(std::string_view json, char* p, char*& end) {
    return handed_back(p, end, [&] { return out_.bytes(json.data(), json.size()); });
  }

  // A value the writer prints through its events (a DOM value inside a typed one).
  template <class T>
  char* as_events(const T& v, char* p, char*& end) {
    return handed_back(p, end, [&] {
      return out_.value_as_events([&](writer&) { return encoder_of<T>::encode(c_, v); });
    });
  }

  // Runs `write` with the cursor in the writer, then takes the cursor back. A failure is the
  // writer's unless the encode_context already holds one.
  template <class Write>
  char* handed_back(char* p, char*& end, Write write) {
    out_.set_cursor(p);
    if (!write()) {
      if (!c_.failed()) c_.writer_failed();
      return nullptr;
    }
    end = out_.limit();
    return out_.cursor();
  }

  // ---- arrays ----

  template <class Range>
  char* range(const Range& elements, char* p, char*& end) {
    if (!c_.enter()) return fail_entered(p);
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p++ = '[';
    std::size_t index = 0;
    for (const auto& element : elements) {
      if (index != 0) {
        p = room(p, end);
        if (p != nullptr) *p++ = ',';
      }
      if (p != nullptr) p = value(static_cast<const typename Range::value_type&>(element), p, end);
      if (p == nullptr) {
        c_.add_index_segment(index);
        return nullptr;
      }
      ++index;
    }
    return close(p, end, ']');
  }

  template <class Bits>
  char* bits(const Bits& elements, char* p, char*& end) {
    if (!c_.enter()) return fail_entered(p);
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p++ = '[';
    bool separated = false;
    for (const bool element : elements) {
      if ((p = room(p, end)) == nullptr) return nullptr;
      *p = ',';
      p += separated;
      separated = true;
      std::memcpy(p, element ? "true " : "false", 5);
      p += element ? 4 : 5;
    }
    return close(p, end, ']');
  }

  template <class Tuple>
  char* tuple(const Tuple& t, char* p, char*& end) {
    if (!c_.enter()) return fail_entered(p);
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p++ = '[';
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (((p = tuple_item<I>(t, p, end)) != nullptr) && ...);
    }
    (std::make_index_sequence<std::tuple_size_v<Tuple>>());
    if (!ok) return nullptr;
    return close(p, end, ']');
  }

  template <std::size_t I, class Tuple>
  char* tuple_item(const Tuple& t, char* p, char*& end) {
    if constexpr (I != 0) {
      p = room(p, end);
      if (p != nullptr) *p++ = ',';
    }
    if (p != nullptr && (p = value(std::get<I>(t), p, end)) != nullptr) return p;
    c_.add_index_segment(I);
    return nullptr;
  }

  // ---- objects ----

  template <class Map>
  char* map(const Map& m, char* p, char*& end) {
    if (!c_.enter()) return fail_entered(p);
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p++ = '{';
    bool separated = false;
    for (const auto& [key, member] : m) {
      if ((p = room(p, end)) == nullptr) return nullptr;
      *p = ',';
      p += separated;
      separated = true;
      if ((p = map_key(key, p, end)) == nullptr || (p = value(member, p, end)) == nullptr) {
        encoder_of<Map>::add_key(c_, key);
        return nullptr;
      }
    }
    return close(p, end, '}');
  }

  // A map key as encode_key() writes it: strings as they are, integers in decimal, enums by
  // name.
  template <class K>
  char* map_key(const K& key, char* p, char*& end) {
    if constexpr (is_std_string<K>::value) {
      return string(std::string_view(key.data(), key.size()), p, end, true);
    } else if constexpr (std::is_integral_v<K>) {
      if ((p = room(p, end)) == nullptr) return nullptr;
      *p++ = '"';
      // At most 20 digits and a sign: "-9223372036854775808": within the step's room.
      p = std::to_chars(p, p + 24, key).ptr;
      std::memcpy(p, "\":", 2);
      return p + 2;
    } else {
      if (const std::string_view* name = enum_name(key)) return string(*name, p, end, true);
      return fail(p, make_error_code(bind_errc::unknown_enum_value),
                  "key " + std::to_string(static_cast<long long>(key)) + " has no name");
    }
  }

  template <class T>
  char* described(const T& v, char* p, char*& end) {
    constexpr std::size_t count = std::tuple_size_v<std::remove_cvref_t<decltype(fields_of<T>)>>;
    if (!c_.enter()) return fail_entered(p);
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p++ = '{';
    // A ',' before every member written but the first; with no omittable member before a
    // field, the compiler knows the answer.
    bool separated = false;
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (((p = field<T, I>(v, p, end, separated)) != nullptr) && ...);
    }
    (std::make_index_sequence<count>());
    if (!ok) return nullptr;
    return close(p, end, '}');
  }

  template <class T, std::size_t I>
  [[gnu::always_inline]] char* field(const T& v, char* p, char*& end, bool& separated) {
    constexpr auto f = std::get<I>(fields_of<T>);
    if constexpr (f.skipped) {
      return p;
    } else {
      const auto& member = v.*(f.pointer);
      if (is_left_out<f.omit_if_empty, f.omit_if_null>(member)) return p;
      if ((p = room(p, end)) == nullptr) return nullptr;
      *p = ',';
      p += separated;
      separated = true;
      constexpr const precomputed_key& key = precomputed_key_of<T, I>;
      if constexpr (key.usable) {
        // The key's 16-byte pieces, padding and all, in fixed-size copies (vector stores): the
        // room is there, and the bytes past the key are overwritten next. Not the whole
        // 48-byte buffer in one copy: GCC's generic tuning makes any constant copy of more than
        // 32 bytes a `rep movs`, whose start-up cost (AMD Zen 5) was about a quarter of the
        // time of twitter.json's typed encoding.
        std::memcpy(p, key.text, 16);
        if constexpr (key.size > 16) std::memcpy(p + 16, key.text + 16, 16);
        if constexpr (key.size > 32) std::memcpy(p + 32, key.text + 32, 16);
        p += key.size;
      } else if ((p = string(f.name, p, end, true)) == nullptr) {
        return nullptr;
      }
      if ((p = value(member, p, end)) != nullptr) return p;
      c_.add_key_segment(f.name);
      return nullptr;
    }
  }

  // The closing bracket of a container entered with c_.enter().
  char* close(char* p, char*& end, char bracket) {
    if ((p = room(p, end)) == nullptr) return nullptr;
    *p++ = bracket;
    c_.leave();
    return p;
  }

  // Past encode_options::max_depth: enter() has recorded the error.
  char* fail_entered(char* p) {
    out_.set_cursor(p);
    return nullptr;
  }

  tree_output& out_;
  encode_context& c_;
  const bool non_finite_as_null_;
};

}  // namespace jsonx::detail
