// Decode rules of the types that wrap another: std::optional and the smart pointers (null, or
// the inner type), std::variant (the alternative chosen by the JSON type), custom codecs
// (decoded as their JSON type, then converted) and raw_json (the value's text).
#pragma once

#include <array>
#include <charconv>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "jsonx/bind/codec.hpp"
#include "jsonx/bind/detail/decode_base.hpp"
#include "jsonx/bind/detail/element_reuse.hpp"
#include "jsonx/bind/raw_json.hpp"

namespace jsonx::detail {

// ---- std::optional, std::unique_ptr, std::shared_ptr ------------------------------------

template <class U>
void describe_nullable(std::string& out) {
  out += "null or ";
  decoder_of<U>::describe(out);
}

template <class T>
struct decoder_of<T, type_category::optional>
    : forwarding<typename T::value_type, decoder_of<T>, decoder_of<T>> {
  using inner_type = typename T::value_type;
  static constexpr unsigned accepts = accepts_null | decoder_of<inner_type>::accepts;
  static void describe(std::string& out) { describe_nullable<inner_type>(out); }
  // A value replaces what the optional held (the last duplicate key wins): a new value,
  // made in the memory of the one held or of one from the recycler (element_reuse.hpp).
  static inner_type* prepare(decode_handler& h, void* o) {
    return &fill_optional(*static_cast<T*>(o), h.recycler());
  }
  static bool on_null(decode_handler& h, void* o) {
    empty_optional(*static_cast<T*>(o), h.recycler());
    return true;
  }
};

template <class T>
struct decoder_of<T, type_category::pointer>
    : forwarding<typename T::element_type, decoder_of<T>, decoder_of<T>> {
  using inner_type = typename T::element_type;
  static constexpr unsigned accepts = accepts_null | decoder_of<inner_type>::accepts;
  static void describe(std::string& out) { describe_nullable<inner_type>(out); }
  // A new object: a unique_ptr's own or one from the recycler, brought to a new one's state.
  static inner_type* prepare(decode_handler& h, void* o) {
    return &fill_pointer(*static_cast<T*>(o), h.recycler());
  }
  static bool on_null(decode_handler& h, void* o) {
    empty_pointer(*static_cast<T*>(o), h.recycler());
    return true;
  }
};

// ---- std::variant -----------------------------------------------------------------------

template <class V>
struct decoder_of<V, type_category::variant> : decode_base<decoder_of<V>> {
  static constexpr std::size_t count = std::variant_size_v<V>;
  template <std::size_t I>
  using alternative = std::variant_alternative_t<I, V>;

  static constexpr auto alternative_accepts = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<unsigned, count>{decoder_of<alternative<I>>::accepts...};
  }
  (std::make_index_sequence<count>());
  static constexpr auto alternative_category = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<type_category, count>{category_of<alternative<I>>()...};
  }
  (std::make_index_sequence<count>());

  // The first alternative that accepts `bits`; count if none.
  static constexpr std::size_t first_accepting(unsigned bits) {
    for (std::size_t i = 0; i < count; ++i)
      if ((alternative_accepts[i] & bits) != 0) return i;
    return count;
  }
  static constexpr std::size_t first_of(type_category c, unsigned fallback_bits) {
    for (std::size_t i = 0; i < count; ++i)
      if (alternative_category[i] == c) return i;
    return first_accepting(fallback_bits);
  }
  // Which alternative each JSON type goes to: integers prefer an integer alternative,
  // fractions a floating-point one; otherwise the first alternative that accepts it.
  static constexpr std::size_t for_null = first_accepting(accepts_null);
  static constexpr std::size_t for_bool = first_accepting(accepts_bool);
  static constexpr std::size_t for_integer = first_of(type_category::integer, accepts_integer);
  static constexpr std::size_t for_fraction = first_of(type_category::floating, accepts_fraction);
  static constexpr std::size_t for_big_number = first_accepting(accepts_big_number);
  static constexpr std::size_t for_string = first_accepting(accepts_string);
  static constexpr std::size_t for_array = first_accepting(accepts_array);
  static constexpr std::size_t for_object = first_accepting(accepts_object);

  static constexpr unsigned accepts = [] {
    unsigned bits = 0;
    for (unsigned a : alternative_accepts) bits |= a;
    return bits;
  }();
  static void describe(std::string& out) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((out += (I == 0 ? "" : " or "), decoder_of<alternative<I>>::describe(out)), ...);
    }
    (std::make_index_sequence<count>());
  }

  template <std::size_t I>
  static auto* emplace(void* o) {
    return &static_cast<V*>(o)->template emplace<I>();
  }

  static bool on_null(decode_handler& h, void* o) {
    if constexpr (for_null < count) {
      return decoder_of<alternative<for_null>>::on_null(h, emplace<for_null>(o));
    } else {
      return decoder_of::mismatch(h, found_null());
    }
  }
  static bool on_bool(decode_handler& h, void* o, bool v) {
    if constexpr (for_bool < count) {
      return decoder_of<alternative<for_bool>>::on_bool(h, emplace<for_bool>(o), v);
    } else {
      return decoder_of::mismatch(h, found_bool(v));
    }
  }
  static bool on_int64(decode_handler& h, void* o, std::int64_t v, std::string_view t) {
    if constexpr (for_integer < count) {
      return decoder_of<alternative<for_integer>>::on_int64(h, emplace<for_integer>(o), v, t);
    } else {
      return decoder_of::mismatch(h, found_number(t));
    }
  }
  static bool on_uint64(decode_handler& h, void* o, std::uint64_t v, std::string_view t) {
    if constexpr (for_integer < count) {
      return decoder_of<alternative<for_integer>>::on_uint64(h, emplace<for_integer>(o), v, t);
    } else {
      return decoder_of::mismatch(h, found_number(t));
    }
  }
  static bool on_double(decode_handler& h, void* o, double v, std::string_view t) {
    if constexpr (for_fraction < count) {
      return decoder_of<alternative<for_fraction>>::on_double(h, emplace<for_fraction>(o), v, t);
    } else {
      return decoder_of::mismatch(h, found_number(t));
    }
  }
  static bool on_number_text(decode_handler& h, void* o, std::string_view t) {
    if constexpr (for_big_number < count) {
      return decoder_of<alternative<for_big_number>>::on_number_text(h, emplace<for_big_number>(o),
                                                                     t);
    } else if constexpr (for_integer < count) {
      // An integer alternative reports the integer as out of its range.
      return decoder_of<alternative<for_integer>>::on_number_text(h, emplace<for_integer>(o), t);
    } else {
      return decoder_of::mismatch(h, found_number(t));
    }
  }
  static bool on_string(decode_handler& h, void* o, std::string_view v) {
    if constexpr (for_string < count) {
      return decoder_of<alternative<for_string>>::on_string(h, emplace<for_string>(o), v);
    } else {
      return decoder_of::mismatch(h, found_string(v));
    }
  }
  static bool on_object_begin(decode_handler& h, void* o) {
    if constexpr (for_object < count) {
      return decoder_of<alternative<for_object>>::on_object_begin(h, emplace<for_object>(o));
    } else {
      return decoder_of::mismatch(h, found_object());
    }
  }
  static bool on_array_begin(decode_handler& h, void* o) {
    if constexpr (for_array < count) {
      return decoder_of<alternative<for_array>>::on_array_begin(h, emplace<for_array>(o));
    } else {
      return decoder_of::mismatch(h, found_array());
    }
  }
};

// ---- custom codecs ----------------------------------------------------------------------

template <class T>
struct decoder_of<T, type_category::custom> : decode_base<decoder_of<T>> {
  using codec_type = custom_codec<T>;
  using json_type = typename codec_type::json_type;
  using json_rule = decoder_of<json_type>;
  static constexpr unsigned accepts = json_rule::accepts;
  static void describe(std::string& out) { out.append(codec_type::expected()); }

  [[gnu::cold]] static bool invalid(decode_handler& h, decode_handler::error_at where,
                                    found_value found) {
    return h.fail(bind_errc::invalid_value, where, &type_name<T>, &describe, found);
  }
  // A scalar: decoded into a temporary of the JSON type, then converted.
  template <class Decode>
  static bool convert_scalar(decode_handler& h, void* o, found_value found, Decode decode) {
    json_type temporary{};
    if (!decode(&temporary)) return false;
    if (!codec_type::from_json(std::move(temporary), *static_cast<T*>(o)))
      return invalid(h, decode_handler::error_at::child, found);
    return true;
  }
  static bool on_null(decode_handler& h, void* o) {
    return convert_scalar(h, o, found_null(),
                          [&](json_type* j) { return json_rule::on_null(h, j); });
  }
  static bool on_bool(decode_handler& h, void* o, bool v) {
    return convert_scalar(h, o, found_bool(v),
                          [&](json_type* j) { return json_rule::on_bool(h, j, v); });
  }
  static bool on_int64(decode_handler& h, void* o, std::int64_t v, std::string_view t) {
    return convert_scalar(h, o, found_number(t),
                          [&](json_type* j) { return json_rule::on_int64(h, j, v, t); });
  }
  static bool on_uint64(decode_handler& h, void* o, std::uint64_t v, std::string_view t) {
    return convert_scalar(h, o, found_number(t),
                          [&](json_type* j) { return json_rule::on_uint64(h, j, v, t); });
  }
  static bool on_double(decode_handler& h, void* o, double v, std::string_view t) {
    return convert_scalar(h, o, found_number(t),
                          [&](json_type* j) { return json_rule::on_double(h, j, v, t); });
  }
  static bool on_number_text(decode_handler& h, void* o, std::string_view t) {
    return convert_scalar(h, o, found_number(t),
                          [&](json_type* j) { return json_rule::on_number_text(h, j, t); });
  }
  static bool on_string(decode_handler& h, void* o, std::string_view v) {
    return convert_scalar(h, o, found_string(v),
                          [&](json_type* j) { return json_rule::on_string(h, j, v); });
  }

  // A container: the temporary lives in a wrapper frame under the container's own frame,
  // and is converted when that frame ends. index: 1 for an object, 0 for an array.
  static bool on_wrapper_end(decode_handler& h, frame& f) {
    json_type* temporary = static_cast<json_type*>(f.aux);
    const bool ok = codec_type::from_json(std::move(*temporary), *static_cast<T*>(f.object));
    delete temporary;
    f.aux = nullptr;
    if (ok) return true;
    return invalid(h, decode_handler::error_at::container,
                   f.index == 1 ? found_object() : found_array());
  }
  static void discard(frame& f) noexcept { delete static_cast<json_type*>(f.aux); }
  static constexpr frame_ops wrapper_frame{
      &ops_table<skip_value>, nullptr, &on_wrapper_end, nullptr, &discard, true};

  // The frame owns the temporary once pushed (discard frees it if the parse is abandoned);
  // until then the unique_ptr does, should the push throw.
  static json_type* push_wrapper(decode_handler& h, void* o, std::size_t kind) {
    auto temporary = std::make_unique<json_type>();
    h.push_frame(&wrapper_frame, o, temporary.get()).index = kind;
    return temporary.release();
  }
  static bool on_object_begin(decode_handler& h, void* o) {
    return json_rule::on_object_begin(h, push_wrapper(h, o, 1));
  }
  static bool on_array_begin(decode_handler& h, void* o) {
    return json_rule::on_array_begin(h, push_wrapper(h, o, 0));
  }
};

// ---- raw_json ---------------------------------------------------------------------------

/// Values inside a captured container: every event goes to the capture's writer.
struct raw_inner {
  static bool on_null(decode_handler& h, void*) { return h.raw_writer().on_null(); }
  static bool on_bool(decode_handler& h, void*, bool v) { return h.raw_writer().on_bool(v); }
  static bool on_int64(decode_handler& h, void*, std::int64_t v, std::string_view t) {
    return h.raw_writer().on_int64(v, t);
  }
  static bool on_uint64(decode_handler& h, void*, std::uint64_t v, std::string_view t) {
    return h.raw_writer().on_uint64(v, t);
  }
  static bool on_double(decode_handler& h, void*, double v, std::string_view t) {
    return h.raw_writer().on_double(v, t);
  }
  static bool on_number_text(decode_handler& h, void*, std::string_view t) {
    return h.raw_writer().on_number_text(t);
  }
  static bool on_string(decode_handler& h, void*, std::string_view v) {
    return h.raw_writer().on_string(v);
  }
  static bool on_object_begin(decode_handler& h, void*);
  static bool on_array_begin(decode_handler& h, void*);
  // A snapshot sends no cut value into a capture (it would reach the writer).
  static bool prepare_cut_value(decode_handler&, void*, json_kind) { return false; }
};
inline constexpr value_target raw_inner_target{nullptr, &ops_table<raw_inner>};

// A captured container's frame: index 1 for an object, 0 for an array; object is the
// raw_json for the outermost (whose end delivers the text), null inside.
inline bool raw_key(decode_handler& h, frame&, std::string_view key) {
  h.set_next(raw_inner_target);
  return h.raw_writer().on_key(key);
}
inline bool raw_end(decode_handler& h, frame& f) {
  writer& w = h.raw_writer();
  if (!(f.index == 1 ? w.on_object_end() : w.on_array_end())) return false;
  return f.object == nullptr || w.flush();
}
// A snapshot shows a raw_json still being captured as empty (null): its text is the writer's
// unfinished output, put aside (swapped, in place) until the snapshot is taken back. Kept,
// the capture ends there: the writer is let go, the text emptied.
inline void show_raw_text(decode_handler&, snapshot_change& c) {
  static_cast<std::string*>(c.object)->swap(*static_cast<std::string*>(c.saved));
  free_saved<std::string>(c);
}
inline void keep_raw_empty(decode_handler& h, snapshot_change& c) noexcept {
  std::string& text = *static_cast<std::string*>(c.object);
  text.swap(*static_cast<std::string*>(c.saved));
  free_saved<std::string>(c);
  h.release_raw_writer();
  text.clear();
}
[[gnu::cold]] inline void hide_raw_text(decode_handler& h, frame& f) {
  if (f.object == nullptr) return;  // a container inside the capture
  snapshot_change* c = h.next_change();
  if (c == nullptr) return;
  static_assert(snapshot_change::fits_in_storage<std::string>);
  std::string& text = static_cast<raw_json*>(f.object)->text;
  auto* aside = ::new (static_cast<void*>(c->storage)) std::string();
  aside->swap(text);
  c->undo = &show_raw_text;
  c->keep = &keep_raw_empty;
  c->object = &text;
  c->value = 0;
  c->saved = aside;
  h.commit_change();
}
inline constexpr frame_ops raw_frame{
    &ops_table<raw_inner>, &raw_key, &raw_end, &no_path, nullptr, false, nullptr, &hide_raw_text};

inline bool raw_inner::on_object_begin(decode_handler& h, void*) {
  h.push_frame(&raw_frame, nullptr).index = 1;
  return h.raw_writer().on_object_begin();
}
inline bool raw_inner::on_array_begin(decode_handler& h, void*) {
  h.push_frame(&raw_frame, nullptr).index = 0;
  return h.raw_writer().on_array_begin();
}

template <>
struct decoder_of<raw_json, type_category::raw> : decode_base<decoder_of<raw_json>> {
  static constexpr unsigned accepts = accepts_any;
  static void describe(std::string& out) { out += "any JSON value"; }
  static std::string& text(void* o) { return static_cast<raw_json*>(o)->text; }

  static bool on_null(decode_handler&, void* o) {
    text(o).assign("null");
    return true;
  }
  static bool on_bool(decode_handler&, void* o, bool v) {
    text(o).assign(v ? "true" : "false");
    return true;
  }
  // Numbers keep the text they had (it is valid JSON: the parser checked it).
  static bool on_int64(decode_handler& h, void* o, std::int64_t v, std::string_view t) {
    if (t.empty()) return capture_scalar(h, o, [v](writer& w) { return w.on_int64(v); });
    text(o).assign(t);
    return true;
  }
  static bool on_uint64(decode_handler& h, void* o, std::uint64_t v, std::string_view t) {
    if (t.empty()) return capture_scalar(h, o, [v](writer& w) { return w.on_uint64(v); });
    text(o).assign(t);
    return true;
  }
  static bool on_double(decode_handler& h, void* o, double v, std::string_view t) {
    if (t.empty()) return capture_scalar(h, o, [v](writer& w) { return w.on_double(v); });
    text(o).assign(t);
    return true;
  }
  static bool on_number_text(decode_handler&, void* o, std::string_view t) {
    text(o).assign(t);
    return true;
  }
  static bool on_string(decode_handler& h, void* o, std::string_view v) {
    return capture_scalar(h, o, [v](writer& w) { return w.on_string(v); });
  }
  template <class Write>
  static bool capture_scalar(decode_handler& h, void* o, Write write) {
    writer& w = h.start_raw_capture(text(o));
    return write(w) && w.flush();
  }
  static bool on_object_begin(decode_handler& h, void* o) {
    writer& w = h.start_raw_capture(text(o));
    h.push_frame(&raw_frame, o).index = 1;
    return w.on_object_begin();
  }
  static bool on_array_begin(decode_handler& h, void* o) {
    writer& w = h.start_raw_capture(text(o));
    h.push_frame(&raw_frame, o).index = 0;
    return w.on_array_begin();
  }
};

}  // namespace jsonx::detail
