// partial_mode: how a snapshot of a document still arriving treats the value cut by the end of
// what was fed (dom::parser::partial(), dom::parser::finish_partial(), the stream decoder's
// partial document, typed_decoder<T>::partial()).
//
// A snapshot is the best-effort value of the input so far, built by these rules:
//  - open arrays and objects are closed, recursively, and keep every member and element that
//    is complete; an open container that is itself a member or element is kept, closed:
//      {"a":[1,{"b":2        ->  {"a":[1,{"b":2}]}     (2 kept only with trailing_numbers)
//  - a member whose key is incomplete, or which has no value yet, is dropped:
//      {"a":1,"b   {"a":1,"b"   {"a":1,"b":   ->  {"a":1}
//  - a string value cut by the end is dropped with its key (or its array slot), unless
//    trailing_strings keeps its prefix. The prefix never invents text: an escape sequence cut
//    short ("\", "\u12", the first half of a surrogate pair "\ud83d") and a UTF-8 sequence cut
//    short are left out:  ["ab\u00   ->  ["ab"] with trailing_strings, [] without;
//  - a number at the end is ambiguous (12 may become 123): dropped, unless trailing_numbers
//    keeps it when it is a complete number by itself (12, -0.5, 1e3 yes; -, 1., 1e, 1e+ never);
//  - a literal cut short (tr, fals, nu) is dropped; a whole one (true) at the end is kept,
//    since nothing valid can follow it but a delimiter;
//  - a top-level value cut by the end follows the same rules; with nothing kept the snapshot
//    is an empty document (no root).
// Input that is already invalid is an error, exactly as without snapshots: a snapshot never
// truncates bad input silently, and taking one changes nothing of the parse (the events, the
// verdict and the final value are those of the same input fed with no snapshot).
//
// Where jsonx agrees with the partial parsers in use, and where not:
//  - jiter (pydantic; partial_mode "on" / "trailing-strings"): the same two string modes, and
//    the same dropping of an incomplete last string with its key. partial_mode::strict is
//    jiter's "on", trailing_strings its "trailing-strings".
//  - partial-json (npm; Allow flags): its STR flag keeps "hello \u12 as "hello " as
//    trailing_strings does. It differs on numbers and literals: NUM reads 123. as 123, and
//    NULL/BOOL complete nu and tr into null and true. jsonx keeps neither: 123. is not a
//    number, and "tr" is not yet known to be true (it may be "trx", an error); a snapshot only
//    holds values the final document can have.
//  - Vercel's fixJson (the AI SDK's partial object streaming) closes strings (keeping the
//    prefix, as trailing_strings), completes partial literals and cuts 12. to 12. jsonx
//    differs on literals and numbers, for the reason above.
//  - All three re-scan the whole prefix for every snapshot (jiter and the AI SDK then parse
//    it again): quadratic in the document. A jsonx snapshot costs the nesting depth plus the
//    token at the cut, whatever was fed before.
#pragma once

#include <cstdint>

namespace jsonx {

/// How a snapshot treats the value cut at the end (flags; combine with |).
enum class partial_mode : std::uint8_t {
  strict = 0,            ///< every value cut by the end is dropped (jiter's "on")
  trailing_strings = 1,  ///< a string cut by the end is kept as its prefix
  trailing_numbers = 2,  ///< a number at the end is kept if it is complete by itself
  trailing = 3,          ///< both
};

constexpr partial_mode operator|(partial_mode a, partial_mode b) noexcept {
  return static_cast<partial_mode>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}
/// True if `mode` has every flag of `flag`.
constexpr bool has(partial_mode mode, partial_mode flag) noexcept {
  return (static_cast<std::uint8_t>(mode) & static_cast<std::uint8_t>(flag)) ==
         static_cast<std::uint8_t>(flag);
}

}  // namespace jsonx
