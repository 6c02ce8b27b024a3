// Decode rule of described structs: each key is matched against a table of the field names
// made at compile time, without building a string. A name is compared by its length and its
// first 8 bytes loaded as one integer, then the rest with memcmp; the field after the one
// matched last is tried first, since objects usually list their members in the order of
// the declaration, so most keys cost one comparison.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "jsonx/bind/describe.hpp"
#include "jsonx/bind/detail/decode_base.hpp"
#include "jsonx/bind/detail/decode_flat.hpp"
#include "jsonx/bind/options.hpp"

namespace jsonx::detail {

/// The first min(8, size) bytes of `name` as a little-endian integer, zero-padded.
constexpr std::uint64_t name_prefix(std::string_view name) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < name.size() && i < 8; ++i)
    v |= static_cast<std::uint64_t>(static_cast<unsigned char>(name[i])) << (8 * i);
  return v;
}

template <class U>
inline U load_little_endian(const char* p) {
  U v;
  std::memcpy(&v, p, sizeof(U));
  if constexpr (std::endian::native == std::endian::big) {
    if constexpr (sizeof(U) == 8) v = __builtin_bswap64(v);
    if constexpr (sizeof(U) == 4) v = __builtin_bswap32(v);
    if constexpr (sizeof(U) == 2) v = __builtin_bswap16(v);
  }
  return v;
}

/// name_prefix() of the `size` bytes at `p`, reading none outside them: below 8 bytes, two
/// overlapping loads (the bytes they share are equal, so or-ing them is exact).
[[gnu::noinline]] inline std::uint64_t load_key_prefix(const char* p, std::size_t size) {
  if (size >= 8) return load_little_endian<std::uint64_t>(p);
  if (size >= 4) {
    const std::uint64_t low = load_little_endian<std::uint32_t>(p);
    const std::uint64_t high = load_little_endian<std::uint32_t>(p + size - 4);
    return low | (high << (8 * (size - 4)));
  }
  if (size >= 2) {
    const std::uint64_t low = load_little_endian<std::uint16_t>(p);
    const std::uint64_t high = load_little_endian<std::uint16_t>(p + size - 2);
    return low | (high << (8 * (size - 2)));
  }
  return size == 1 ? static_cast<unsigned char>(p[0]) : 0;
}

/// name_prefix() of a key whose first 8 bytes are readable (decode_handler::can_load_8): one
/// 8-byte load, masked to the key's length.
[[gnu::always_inline]] inline std::uint64_t readable_key_prefix(std::string_view key) {
  static constexpr std::uint64_t masks[9] = {0,
                                             0xff,
                                             0xffff,
                                             0xffffff,
                                             0xffffffff,
                                             0xffffffffff,
                                             0xffffffffffff,
                                             0xffffffffffffff,
                                             ~std::uint64_t{0}};
  return load_little_endian<std::uint64_t>(key.data()) &
         masks[std::min<std::size_t>(key.size(), 8)];
}

/// The last min(8, size) bytes of `name` as a little-endian integer, zero-padded.
constexpr std::uint64_t name_suffix(std::string_view name) {
  return name.size() <= 8 ? name_prefix(name) : name_prefix(name.substr(name.size() - 8));
}

/// One decodable field of a struct.
struct field_entry {
  std::uint64_t prefix;  // name_prefix(name)
  std::uint64_t suffix;  // name_suffix(name): with the prefix, names up to 16 bytes entire
  std::uint32_t length;
  bool required_by_policy;  // must appear when missing_fields is error
  bool always_required;     // required_field
  const char* name;
  void* (*address)(void* object);
  const value_ops* ops;

  // matches() for a key of at most 16 bytes (no middle).
  [[gnu::always_inline]] bool matches_short(std::string_view key, std::uint64_t key_prefix) const {
    if (length != key.size() || prefix != key_prefix) return false;
    return key.size() <= 8 ||
           load_little_endian<std::uint64_t>(key.data() + key.size() - 8) == suffix;
  }
  // Same length, same first 8 bytes; then, for longer names, the same last 8 bytes (loaded
  // from the key's end: it overlaps the prefix below 16 bytes, which is fine, the bytes
  // they share being compared twice), and beyond 16 bytes the middle.
  [[gnu::always_inline]] bool matches(std::string_view key, std::uint64_t key_prefix) const {
    if (length != key.size() || prefix != key_prefix) return false;
    if (key.size() <= 8) return true;
    if (load_little_endian<std::uint64_t>(key.data() + key.size() - 8) != suffix) return false;
    // The middle, 8 bytes at a time (field names are short: no call to memcmp).
    for (std::size_t i = 8; i + 8 < key.size(); i += 8)
      if (load_little_endian<std::uint64_t>(key.data() + i) !=
          load_little_endian<std::uint64_t>(name + i))
        return false;
    return true;
  }
};

[[gnu::cold]] bool fail_unknown_field(decode_handler& h, type_name_function type,
                                      std::string_view key, const field_entry* fields,
                                      std::size_t count);
[[gnu::cold]] bool fail_missing_field(decode_handler& h, type_name_function type,
                                      const field_entry& missing);

/// A struct frame's index while the value of an unknown key is skipped: skipped_member plus
/// the index the next key is first tried at (a key matches the field after the previous one
/// on the fast path; this index is too large for it, so the next key takes the slow path,
/// which starts from the saved place). Below it: a field's index, or none before any key.
inline constexpr std::size_t no_field_yet = static_cast<std::size_t>(-1);
inline constexpr std::size_t skipped_member = std::size_t{1} << (sizeof(std::size_t) * 8 - 2);
/// Where the search for a key starts, from a struct frame's index.
inline std::size_t next_field_to_try(std::size_t index) noexcept {
  if (index == no_field_yet) return 0;
  return index >= skipped_member ? index - skipped_member : index + 1;
}

template <class T>
struct decoder_of<T, type_category::described> : decode_base<decoder_of<T>> {
  static constexpr const auto& all_fields = fields_of<T>;
  static constexpr std::size_t described_count =
      std::tuple_size_v<std::remove_cvref_t<decltype(fields_of<T>)>>;

  // Indices (in the description) of the fields that are not skipped.
  static constexpr std::size_t count = []<std::size_t... I>(std::index_sequence<I...>) {
    return (std::size_t{0} + ... + (std::get<I>(fields_of<T>).skipped ? 0 : 1));
  }
  (std::make_index_sequence<described_count>());
  static constexpr std::array<std::size_t, count> kept = [] {
    std::array<std::size_t, count> indices{};
    std::size_t n = 0;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((std::get<I>(fields_of<T>).skipped ? void() : void(indices[n++] = I)), ...);
    }
    (std::make_index_sequence<described_count>());
    return indices;
  }();

  template <std::size_t I>
  static void* address(void* o) {
    constexpr auto pointer = std::get<I>(fields_of<T>).pointer;
    return &(static_cast<T*>(o)->*pointer);
  }
  template <std::size_t I>
  static constexpr field_entry make_entry() {
    constexpr auto f = std::get<I>(fields_of<T>);
    using member = typename std::remove_cvref_t<decltype(f)>::member_type;
    return {name_prefix(f.name),
            name_suffix(f.name),
            static_cast<std::uint32_t>(f.name.size()),
            f.presence == field_presence::by_policy && !absent_is_natural<member>(),
            f.presence == field_presence::required,
            f.name.data(),
            &address<I>,
            ops_for<member>()};
  }
  static constexpr std::array<field_entry, count> table =
      []<std::size_t... J>(std::index_sequence<J...>) {
    return std::array<field_entry, count>{make_entry<kept[J]>()...};
  }
  (std::make_index_sequence<count>());

  // Two fields with one JSON name could never both be decoded: refused at compile time.
  static constexpr bool names_are_unique = [] {
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t j = i + 1; j < count; ++j)
        if (std::string_view(table[i].name, table[i].length) ==
            std::string_view(table[j].name, table[j].length))
          return false;
    return true;
  }();
  static_assert(names_are_unique, "jsonx: two fields of this struct have the same JSON name");

  static constexpr bool has_required_fields = [] {
    for (const field_entry& e : table)
      if (e.always_required) return true;
    return false;
  }();
  static constexpr std::size_t seen_words = (count + 63) / 64;

  static constexpr unsigned accepts = accepts_object;
  static void describe(std::string& out) { out += "an object"; }

  // Bit n set if a field's name has n bytes (63: 63 or more). A key of a length no name has is
  // unknown at once, with no search of the table: structs that take a few fields of large
  // objects (twitter's users and statuses in decode_partial) see mostly such keys. It is
  // tested once the expected field did not match: tested before, it cost the full models, whose
  // keys match the expected field, 1.5% more instructions (and gave decode_partial -7.5%
  // rather than -2.6%: 10 decodes of twitter.json, callgrind, 47.7M -> 46.4M instructions).
  static constexpr std::uint64_t name_lengths = [] {
    std::uint64_t bits = 0;
    for (const field_entry& e : table)
      bits |= std::uint64_t{1} << std::min<std::uint32_t>(e.length, 63);
    return bits;
  }();

  static bool some_name_has_length(std::size_t size) noexcept {
    return ((name_lengths >> std::min<std::size_t>(size, 63)) & 1) != 0;
  }

  // The key of the field after the previous one (JSON objects usually keep the declaration
  // order) is matched here, in a function small enough to need no saved registers: every call
  // it makes is its last act (a tail call), to on_other_key for any other key, to
  // on_unusual_key for a key whose 8 bytes cannot be loaded at once or that is longer than 16
  // bytes (the loop over its middle), to found_by_address for a member with no fixed offset.
  // (With load_key_prefix and the address function called in its body, it saved and restored
  // six registers: 20 of its 34 instructions a key on citm_catalog.json.) Tracked: the object
  // checks for missing fields.
  template <bool Tracked>
  static bool on_key(decode_handler& h, frame& f, std::string_view key) {
    if (!h.can_load_8(key.data()) || key.size() > 16) [[unlikely]]
      return on_unusual_key<Tracked>(h, f, key);
    const std::uint64_t prefix = readable_key_prefix(key);
    const std::size_t i = f.index + 1;  // from -1 before the first key
    if (i < count && table[i].matches_short(key, prefix)) [[likely]] {
      const std::ptrdiff_t offset = static_cast<const std::ptrdiff_t*>(f.aux)[i];
      if (offset < 0) [[unlikely]]
        return found_by_address<Tracked>(h, f, i);
      f.index = i;
      if constexpr (Tracked) h.seen_words(f.seen)[i / 64] |= std::uint64_t{1} << (i % 64);
      h.set_next({static_cast<char*>(f.object) + offset, table[i].ops});
      return true;
    }
    return on_other_key<Tracked>(h, f, key, prefix);
  }
  template <bool Tracked>
  [[gnu::noinline]] static bool on_unusual_key(decode_handler& h, frame& f, std::string_view key) {
    if (!some_name_has_length(key.size())) return unknown(h, f, key);
    const std::uint64_t prefix = h.can_load_8(key.data()) ? readable_key_prefix(key)
                                                          : load_key_prefix(key.data(), key.size());
    const std::size_t i = f.index + 1;
    if (i < count && table[i].matches(key, prefix)) return found<Tracked>(h, f, i);
    return on_other_key<Tracked>(h, f, key, prefix);
  }
  template <bool Tracked>
  [[gnu::noinline]] static bool found_by_address(decode_handler& h, frame& f, std::size_t i) {
    return found<Tracked>(h, f, i);
  }
  template <bool Tracked>
  [[gnu::noinline]] static bool on_other_key(decode_handler& h, frame& f, std::string_view key,
                                             std::uint64_t prefix) {
    if (!some_name_has_length(key.size())) return unknown(h, f, key);
    // After a skipped member the fast path did not try the expected field: find() does.
    const bool tried = f.index == no_field_yet || f.index < skipped_member;
    const std::size_t i = find(key, prefix, next_field_to_try(f.index), tried);
    if (i == count) return unknown(h, f, key);
    return found<Tracked>(h, f, i);
  }
  // The value of field i goes to its member: at its offset (f.aux, see offsets()), or
  // through its address function.
  template <bool Tracked>
  [[gnu::always_inline]] static bool found(decode_handler& h, frame& f, std::size_t i) {
    f.index = i;
    if constexpr (Tracked) h.seen_words(f.seen)[i / 64] |= std::uint64_t{1} << (i % 64);
    const std::ptrdiff_t offset = static_cast<const std::ptrdiff_t*>(f.aux)[i];
    h.set_next({offset >= 0 ? static_cast<char*>(f.object) + offset : table[i].address(f.object),
                table[i].ops});
    return true;
  }

  // A field is reached by a fixed offset from the object when its member is T's own or a
  // non-virtual base's (a virtual base's place depends on the most derived type: those go
  // through their address function). The offsets are taken from the first object decoded
  // (an object's members are where they are in every object of its type) rather than from
  // the member pointers' representation, which C++ leaves to the ABI. -1: no fixed offset.
  template <std::size_t I>
  static constexpr bool fixed_offset() {
    using declaring = typename std::remove_cvref_t<decltype(std::get<I>(fields_of<T>))>::class_type;
    return std::is_same_v<declaring, T> || requires(declaring * base) {
      static_cast<T*>(base);
    };
  }
  static const std::ptrdiff_t* offsets(void* object) {
    static const std::array<std::ptrdiff_t, count> measured = [object] {
      std::array<std::ptrdiff_t, count> o{};
      [&]<std::size_t... J>(std::index_sequence<J...>) {
        ((o[J] = fixed_offset<kept[J]>()
                     ? static_cast<char*>(address<kept[J]>(object)) - static_cast<char*>(object)
                     : -1),
         ...);
      }
      (std::make_index_sequence<count>());
      return o;
    }();
    return measured.data();
  }
  // Searches on from the expected field (an absent optional member was skipped; `tried`: the
  // fast path has tried the expected one), then from the start; count if no field has the key.
  static std::size_t find(std::string_view key, std::uint64_t prefix, std::size_t expected,
                          bool tried) {
    for (std::size_t i = tried ? expected + 1 : expected; i < count; ++i)
      if (table[i].matches(key, prefix)) return i;
    for (std::size_t i = 0; i < expected && i < count; ++i)
      if (table[i].matches(key, prefix)) return i;
    return count;
  }
  static bool unknown(decode_handler& h, frame& f, std::string_view key) {
    if (h.options().unknown_fields == unknown_field_policy::error)
      return fail_unknown_field(h, &type_name<T>, key, table.data(), count);
    // The path of an error inside the skipped value is this key's (not the previous
    // field's): kept for path() below.
    f.index = skipped_member + next_field_to_try(f.index);
    h.note_skipped_key(key);
    h.set_next(skip_target);
    return true;
  }
  // Only objects that check for missing fields have an end to check (tracked_frame).
  static bool on_end(decode_handler& h, frame& f) {
    const std::uint64_t* seen = h.seen_words(f.seen);
    const bool policy = h.options().missing_fields == missing_field_policy::error;
    for (std::size_t i = 0; i < count; ++i) {
      if ((seen[i / 64] >> (i % 64) & 1) != 0) continue;
      if (table[i].always_required || (policy && table[i].required_by_policy))
        return fail_missing_field(h, &type_name<T>, table[i]);
    }
    h.release_seen(f.seen);
    return true;
  }
  static bool path(const decode_handler& h, const frame& f, std::string& out) {
    if (f.index < count) {
      append_json_pointer_token(out, std::string_view(table[f.index].name, table[f.index].length));
    } else if (f.index != no_field_yet && f.index >= skipped_member) {
      append_json_pointer_token(out, h.skipped_key());
    }
    return true;
  }
  // remaining_member_policy::skip: a tracked frame whose keys first ask whether every field
  // has a value; the first key after that ends the object (decode_handler::skip_rest_of_object).
  static bool on_key_until_complete(decode_handler& h, frame& f, std::string_view key) {
    if (every_field_seen(h.seen_words(f.seen))) [[unlikely]]
      return h.skip_rest_of_object();
    return on_key<true>(h, f, key);
  }
  static bool every_field_seen(const std::uint64_t* seen) noexcept {
    for (std::size_t w = 0; w < count / 64; ++w)
      if (seen[w] != ~std::uint64_t{0}) return false;
    if constexpr (count % 64 != 0) {
      constexpr std::uint64_t last_word = (std::uint64_t{1} << (count % 64)) - 1;
      if (seen[count / 64] != last_word) return false;
    }
    return true;
  }

  static constexpr frame_ops untracked_frame{
      &ops_table<skip_value>, &on_key<false>, nullptr, &path, nullptr, false};
  static constexpr frame_ops tracked_frame{
      &ops_table<skip_value>, &on_key<true>, &on_end, &path, nullptr, false};
  static constexpr frame_ops tracked_until_complete_frame{
      &ops_table<skip_value>, &on_key_until_complete, &on_end, &path, nullptr, false};

  static bool on_object_begin(decode_handler& h, void* o) {
    void* field_offsets = const_cast<std::ptrdiff_t*>(offsets(o));
    if (h.options().remaining_members == remaining_member_policy::skip) {
      frame& f = h.push_frame(&tracked_until_complete_frame, o, field_offsets);
      f.index = static_cast<std::size_t>(-1);
      f.seen = h.reserve_seen(seen_words);
    } else if (has_required_fields || h.options().missing_fields == missing_field_policy::error) {
      frame& f = h.push_frame(&tracked_frame, o, field_offsets);
      f.index = static_cast<std::size_t>(-1);
      f.seen = h.reserve_seen(seen_words);
    } else {
      h.push_frame(&untracked_frame, o, field_offsets).index = static_cast<std::size_t>(-1);
    }
    return true;
  }

  // ---- flat objects (detail/decode_flat.hpp) ----

  template <std::size_t J>
  using kept_member =
      typename std::remove_cvref_t<decltype(std::get<kept[J]>(fields_of<T>))>::member_type;
  using kept_indices = std::make_index_sequence<count>;

  // Every member of a flat kind, and a field set that fits one 64-bit word of "seen" bits.
  static constexpr bool takes_flat_objects =
      count <= 64 &&[]<std::size_t... J>(std::index_sequence<J...>) {
    return (true && ... && (flat_member_kind<kept_member<J>>::kind != flat_kind::none));
  }
  (kept_indices{});

  // Objects with more members than T has fields have keys it skips: left to the events.
  static constexpr std::size_t flat_object_members = count;

  // The field of `key`, or count: the field after `expected` first, as on_key tries.
  static std::size_t flat_field(const decode_handler& h, std::string_view key,
                                std::size_t expected) {
    const std::uint64_t prefix = h.can_load_8(key.data()) ? readable_key_prefix(key)
                                                          : load_key_prefix(key.data(), key.size());
    if (expected < count && table[expected].matches(key, prefix)) return expected;
    return flat_field_search(key, prefix, expected);
  }
  // Any other field: out of line, as on_other_key (inlined here, the search made GCC warn of
  // 8-byte loads from short names, loads that a name's length test keeps from running).
  [[gnu::noinline]] static std::size_t flat_field_search(std::string_view key, std::uint64_t prefix,
                                                         std::size_t expected) {
    if (!some_name_has_length(key.size())) return count;
    return find(key, prefix, expected, /*tried=*/true);
  }
  // Field i's member takes `token` (flat_takes), by a compare per field: no call through a
  // table.
  template <std::size_t... J>
  static bool flat_field_takes(std::size_t i, const flat_token& token, const flat_object& object,
                               std::index_sequence<J...>) {
    bool takes = false;
    (void)((i == J && (takes = flat_takes<kept_member<J>>(token, object), true)) || ...);
    return takes;
  }
  template <std::size_t... J>
  static bool flat_field_store(decode_handler& h, T* t, std::size_t i, const flat_token& token,
                               const flat_object& object, std::index_sequence<J...>) {
    bool stored = false;
    (void)((i == J && (stored = flat_store(h, static_cast<kept_member<J>*>(address<kept[J]>(t)),
                                           token, object),
                       true)) ||
           ...);
    return stored;
  }

  // The first pass: true if every member would be stored without an error (see
  // decode_flat.hpp); nothing is changed. fields[k]: member k's field, or count (skipped).
  static bool flat_object_fits(const decode_handler& h, const flat_object& object,
                               flat_fields& fields) {
    std::uint64_t seen = 0;
    std::size_t expected = 0;
    std::size_t k = 0;
    for (const flat_member& member : object.members()) {
      if (member.key_escaped) return false;
      const std::size_t i = flat_field(h, member.key, expected);
      fields[k++] = static_cast<std::uint8_t>(i);
      if (i == count) {
        if (h.options().unknown_fields == unknown_field_policy::error) return false;
        continue;  // skipped, as its events would be
      }
      const std::uint64_t bit = std::uint64_t{1} << i;
      if ((seen & bit) != 0) return false;  // a field twice: the events decide
      seen |= bit;
      expected = i + 1;
      if (!flat_field_takes(i, member.value, object, kept_indices{})) return false;
    }
    const bool policy = h.options().missing_fields == missing_field_policy::error;
    if (has_required_fields || policy) {
      for (std::size_t i = 0; i < count; ++i) {
        if ((seen >> i & 1) == 0 &&
            (table[i].always_required || (policy && table[i].required_by_policy)))
          return false;
      }
    }
    return true;
  }
  // The second pass: each member through its rule, in order.
  static bool store_flat_object(decode_handler& h, T* t, const flat_object& object,
                                const flat_fields& fields) {
    std::size_t k = 0;
    for (const flat_member& member : object.members()) {
      const std::size_t i = fields[k++];
      if (i != count && !flat_field_store(h, t, i, member.value, object, kept_indices{}))
        return false;
    }
    return true;
  }
  static flat_object_result on_flat_object(decode_handler& h, void* o, const flat_object& value) {
    flat_fields fields;
    if (!flat_object_fits(h, value, fields)) return flat_object_result::declined;
    return store_flat_object(h, static_cast<T*>(o), value, fields) ? flat_object_result::taken
                                                                   : flat_object_result::stopped;
  }
};

}  // namespace jsonx::detail
