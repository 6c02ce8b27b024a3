// in_register(v): v, made opaque to the optimizer by an empty asm that claims to change it in a
// general register. Used where GCC would merge neighbouring 8-byte fields into one 16-byte
// vector load or add: a load that spans two fields just written by narrower stores is not
// forwarded from them and waits until they reach the cache (see parser_core's copy_by_field
// and the stream decoder's start_value, where such loads stalled on every window or value).
#pragma once

namespace jsonx::detail {

template <class T>
[[gnu::always_inline]] inline T in_register(T value) noexcept {
  asm("" : "+r"(value));
  return value;
}

}  // namespace jsonx::detail
