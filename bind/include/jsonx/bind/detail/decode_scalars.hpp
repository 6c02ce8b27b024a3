// Decode rules of the scalar types: bool, integers (range-checked), floating point, strings,
// enums (by name when described, by value otherwise), and null-only types.
#pragma once

#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

#include "jsonx/bind/detail/decode_base.hpp"
#include "jsonx/sax/number_conversion.hpp"

namespace jsonx::detail {

template <>
struct decoder_of<bool, type_category::boolean> : decode_base<decoder_of<bool>> {
  static constexpr unsigned accepts = accepts_bool;
  static void describe(std::string& out) { out += "a boolean"; }
  static bool on_bool(decode_handler&, void* o, bool v) {
    *static_cast<bool*>(o) = v;
    return true;
  }
};

/// Appends "an integer in [min, max]" for T.
template <class T>
void describe_integer_range(std::string& out) {
  out += "an integer in [";
  if constexpr (std::is_signed_v<T>) {
    append_integer(out, static_cast<std::int64_t>(std::numeric_limits<T>::min()));
  } else {
    out += '0';
  }
  out += ", ";
  append_unsigned(out, static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
  out += ']';
}

/// The standard integer type of T's range (std::in_range takes no character types).
template <class T>
using range_type_of =
    std::conditional_t<std::is_signed_v<T>, std::make_signed_t<T>, std::make_unsigned_t<T>>;

/// An integer of type T, from a JSON number whose value is an integer that fits T: the rule
/// of jsonx/sax/number_conversion.hpp, shared with the DOM's accessors. 3, 3.0 and 3e0 are 3;
/// 3.5 is a type mismatch; 300 into a uint8_t, or 1e300, is out of range.
/// `Named`: the type errors name (a plain enum is decoded as its underlying integer).
template <class T, class Named = T>
struct integer_rule : decode_base<integer_rule<T, Named>> {
  using target_type = Named;
  static constexpr unsigned accepts = accepts_integer | accepts_fraction;
  static void describe(std::string& out) { describe_integer_range<T>(out); }
  static bool on_int64(decode_handler& h, void* o, std::int64_t v, std::string_view text) {
    if (!std::in_range<range_type_of<T>>(v)) [[unlikely]]
      return out_of_range(h, text);
    *static_cast<T*>(o) = static_cast<T>(v);
    return true;
  }
  static bool on_uint64(decode_handler& h, void* o, std::uint64_t v, std::string_view text) {
    if (!std::in_range<range_type_of<T>>(v)) [[unlikely]]
      return out_of_range(h, text);
    *static_cast<T*>(o) = static_cast<T>(v);
    return true;
  }
  static bool on_double(decode_handler& h, void* o, double v, std::string_view text) {
    // Through the widest integer of T's signedness, then T's own range.
    using wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    wide w = 0;
    number_conversion converted;
    if constexpr (std::is_signed_v<T>) {
      converted = int64_from_double(v, w);
    } else {
      converted = uint64_from_double(v, w);
    }
    if (converted == number_conversion::not_exact) [[unlikely]]
      return integer_rule::mismatch(h, found_number(text));
    if (converted == number_conversion::out_of_range) [[unlikely]]
      return out_of_range(h, text);
    if constexpr (std::is_signed_v<T>) {
      return on_int64(h, o, w, text);
    } else {
      return on_uint64(h, o, w, text);
    }
  }
  // Integers beyond 64 bits and numbers beyond double range: out of range either way (a
  // number too large for a double is an integer).
  static bool on_number_text(decode_handler& h, void*, std::string_view text) {
    return out_of_range(h, text);
  }
  [[gnu::cold]] static bool out_of_range(decode_handler& h, std::string_view text) {
    return h.fail(bind_errc::integer_out_of_range, decode_handler::error_at::child,
                  &type_name<Named>, &describe, found_number(text));
  }
};

template <class T>
struct decoder_of<T, type_category::integer> : integer_rule<T> {};

/// The decimal order of magnitude of a JSON number's text: the power of ten of its first
/// significant digit plus one (12.5 -> 2, 0.05 -> -1, 1e400 -> 401), saturated far beyond
/// any floating-point range; a zero gives the lowest value.
long long decimal_magnitude(std::string_view text);

/// The float nearest a number's text, from the double nearest it (the parser's value), where
/// that decides it; false where the text must be read again (std::from_chars). Rounding is
/// monotonic and every float, and every midpoint between two adjacent floats, is a double: so
/// the double nearest a text that lies strictly between two adjacent midpoints lies between
/// them too, or on one of them. Off the midpoints it rounds to the text's own float; on one it
/// is ambiguous (the text may lie on it or on either side: rounding it again would round a
/// tie to even), so false. False outside the normal float range too, zero aside: there the
/// text's own rounding decides subnormals, underflow and overflow (from_chars' errors).
/// (Reading every float's text again took 41 ms for a million floats, this 24: AMD Zen 3.)
inline bool float_from_nearest_double(double nearest, float& out) noexcept {
  if (nearest == 0) {  // the text is a zero, or below half the smallest double: as from_chars
    out = static_cast<float>(nearest);  // (keeps the sign of -0)
    return true;
  }
  const double magnitude = std::fabs(nearest);
  if (!(magnitude >= FLT_MIN && magnitude <= FLT_MAX)) return false;
  std::uint64_t bits;
  std::memcpy(&bits, &nearest, sizeof bits);
  // In a normal float's binade a double has 29 significand bits below the float's last one;
  // a midpoint is exactly the highest of them.
  constexpr std::uint64_t below_float = (std::uint64_t{1} << 29) - 1;
  if ((bits & below_float) == (std::uint64_t{1} << 28)) return false;
  out = static_cast<float>(nearest);
  return true;
}

/// float, double, long double: from any JSON number. A number beyond the type's range is an
/// error (not an infinity), a number too small for it rounds to zero, and an integer beyond
/// 64 bits is converted (rounded).
template <class T>
struct decoder_of<T, type_category::floating> : decode_base<decoder_of<T>> {
  static constexpr unsigned accepts = accepts_integer | accepts_fraction | accepts_big_number;
  static void describe(std::string& out) {
    out += std::is_same_v<T, float> ? "a number in float range" : "a number";
  }
  static bool on_int64(decode_handler&, void* o, std::int64_t v, std::string_view) {
    *static_cast<T*>(o) = static_cast<T>(v);
    return true;
  }
  static bool on_uint64(decode_handler&, void* o, std::uint64_t v, std::string_view) {
    *static_cast<T*>(o) = static_cast<T>(v);
    return true;
  }
  static bool on_double(decode_handler& h, void* o, double v, std::string_view text) {
    if constexpr (sizeof(T) < sizeof(double)) {
      // The float nearest the text, not the double's nearest float: rounding the text to a
      // double, then the double to a float, can differ from it (and 3.4028235e38, the float
      // maximum as written, is above it as a double). The double decides it off the midpoints
      // between floats; the text is read again on them.
      if (!text.empty()) {
        if constexpr (std::is_same_v<T, float>) {
          if (float_from_nearest_double(v, *static_cast<T*>(o))) return true;
        }
        return on_number_text(h, o, text);
      }
      if (!(std::fabs(v) <= static_cast<double>(std::numeric_limits<T>::max()))) [[unlikely]]
        return out_of_range(h, text);
    }
    *static_cast<T*>(o) = static_cast<T>(v);
    return true;
  }
  static bool on_number_text(decode_handler& h, void* o, std::string_view text) {
    T value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range) {
      // Out of range either way: below the smallest magnitude rounds to zero; above the
      // largest is an error.
      if (decimal_magnitude(text) > 0) return out_of_range(h, text);
      value = text.starts_with('-') ? -T(0) : T(0);
    } else if (ec != std::errc() || end != text.data() + text.size()) {
      return decoder_of::mismatch(h, found_number(text));
    }
    *static_cast<T*>(o) = value;
    return true;
  }
  [[gnu::cold]] static bool out_of_range(decode_handler& h, std::string_view text) {
    return h.fail(bind_errc::number_out_of_range, decode_handler::error_at::child, &type_name<T>,
                  &describe, found_number(text));
  }
};

template <class T>
struct decoder_of<T, type_category::string> : decode_base<decoder_of<T>> {
  static constexpr unsigned accepts = accepts_string;
  static void describe(std::string& out) { out += "a string"; }
  static bool on_string(decode_handler&, void* o, std::string_view v) {
    static_cast<T*>(o)->assign(v.data(), v.size());
    return true;
  }
};

template <class T>
struct decoder_of<T, type_category::null> : decode_base<decoder_of<T>> {
  static constexpr unsigned accepts = accepts_null;
  static void describe(std::string& out) { out += "null"; }
  static bool on_null(decode_handler&, void* o) {
    *static_cast<T*>(o) = T{};
    return true;
  }
};

// ---- enums ------------------------------------------------------------------------------

/// Finds the enumerator named `name`; false if none.
template <class E>
bool enum_from_name(std::string_view name, E& out) {
  for (const auto& e : enumerators_of<E>) {
    if (e.name.size() == name.size() && std::memcmp(e.name.data(), name.data(), name.size()) == 0) {
      out = e.value;
      return true;
    }
  }
  return false;
}

/// Appends `one of "a", "b", "c"` (the first dozen names).
template <class E>
void describe_enum(std::string& out) {
  out += "one of ";
  std::size_t listed = 0;
  for (const auto& e : enumerators_of<E>) {
    if (listed != 0) out += ", ";
    if (listed == 12) {
      out += "...";
      break;
    }
    out += '"';
    out.append(e.name);
    out += '"';
    ++listed;
  }
}

template <class E>
struct decoder_of<E, type_category::named_enum> : decode_base<decoder_of<E>> {
  static constexpr unsigned accepts = accepts_string;
  static void describe(std::string& out) { describe_enum<E>(out); }
  static bool on_string(decode_handler& h, void* o, std::string_view v) {
    if (enum_from_name(v, *static_cast<E*>(o))) return true;
    return h.fail(bind_errc::unknown_enum_value, decode_handler::error_at::child, &type_name<E>,
                  &describe, found_string(v));
  }
};

/// An enum without a description: its underlying integer, range-checked like one.
template <class E>
struct decoder_of<E, type_category::plain_enum> : decode_base<decoder_of<E>> {
  using underlying = std::underlying_type_t<E>;
  static constexpr unsigned accepts = accepts_integer | accepts_fraction;
  static void describe(std::string& out) { describe_integer_range<underlying>(out); }
  static bool on_int64(decode_handler& h, void* o, std::int64_t v, std::string_view text) {
    underlying u{};
    if (!integer_rule<underlying, E>::on_int64(h, &u, v, text)) return false;
    *static_cast<E*>(o) = static_cast<E>(u);
    return true;
  }
  static bool on_uint64(decode_handler& h, void* o, std::uint64_t v, std::string_view text) {
    underlying u{};
    if (!integer_rule<underlying, E>::on_uint64(h, &u, v, text)) return false;
    *static_cast<E*>(o) = static_cast<E>(u);
    return true;
  }
  static bool on_double(decode_handler& h, void* o, double v, std::string_view text) {
    underlying u{};
    if (!integer_rule<underlying, E>::on_double(h, &u, v, text)) return false;
    *static_cast<E*>(o) = static_cast<E>(u);
    return true;
  }
  static bool on_number_text(decode_handler& h, void* o, std::string_view text) {
    return integer_rule<underlying, E>::on_number_text(h, o, text);
  }
};

}  // namespace jsonx::detail
