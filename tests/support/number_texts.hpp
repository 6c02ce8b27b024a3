// Number texts for the number differential test and fuzz_numbers: a generator of number-like
// texts of every form, valid and invalid, and the reference that judges them, written apart
// from the parser: the RFC 8259 grammar as a plain recursive descent, values by std::from_chars.
//
//   number = [ "-" ] int [ frac ] [ exp ]
//   int    = "0" / ( digit1-9 *DIGIT )
//   frac   = "." 1*DIGIT
//   exp    = ( "e" / "E" ) [ "-" / "+" ] 1*DIGIT
//
// What jsonx delivers for a valid number (tests/sax/numbers_test.cpp pins each case): an
// integer (no fraction, no exponent) that fits int64 as on_int64 ("-0" is the integer 0), else
// a non-negative one that fits uint64 as on_uint64, else its text (on_number_text), or its
// nearest double for a handler with big_integers_as_double; any other number as the correctly
// rounded double (underflow gives a signed zero), or its text if it rounds beyond the double
// range (1e400). A handler with numbers_as_text gets every number as its text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "feeding.hpp"

namespace jsonx::test {

/// Where the generator's choices come from: a seeded PRNG (the tests), or the bytes of a fuzz
/// input, one byte a choice and 0 once they run out (so the fuzzer steers every choice).
class choice_source {
 public:
  static choice_source seeded(std::uint64_t seed) { return choice_source(seed, {}, true); }
  static choice_source from_bytes(std::string_view bytes) { return choice_source(0, bytes, false); }

  /// A choice in [0, n), n >= 1.
  std::size_t below(std::size_t n);
  /// True one time in n.
  bool one_in(std::size_t n) { return below(n) == 0; }

 private:
  choice_source(std::uint64_t state, std::string_view bytes, bool seeded)
      : state_(state), bytes_(bytes), seeded_(seeded) {}
  std::uint64_t state_;
  std::string_view bytes_;
  bool seeded_;
};

/// A number-like text, never empty: an optional '-', an integer part ("0", 1..40 digits, or a
/// leading zero: "00", "01"), an optional fraction ('.' and 0..40 digits), an optional exponent
/// (e/E, an optional sign, 0..5 digits, or a big one: e400, e-400, e+0000000000000000000005);
/// or the 64-bit integer boundaries, printed doubles, the double range's edges. About one text
/// in four is then mutated, mostly into an invalid one: a lone '-', "+1", ".5", "1.e5", "1e",
/// "0x1", "1.5.5", trailing letters, a byte inserted, deleted or replaced.
std::string generate_number_text(choice_source& choices);

/// True if every byte of `text` can occur in a JSON number (digits, '-', '+', '.', 'e', 'E').
bool is_number_alphabet(std::string_view text);

/// The grammar's verdict on `text` as one whole number.
struct number_grammar {
  bool valid = false;
  /// Invalid: the first byte that no number can continue with, or text.size() if the text is
  /// a number cut short ("-", "1.", "1e+").
  std::size_t bad_offset = 0;
  bool integer = false;  ///< valid and without fraction or exponent
};
number_grammar check_number_grammar(std::string_view text);

enum class reference_kind { invalid, int64, uint64, big_integer, float64, beyond_double };

/// "invalid", "int64", "uint64", "big_integer", "float64", "beyond_double".
const char* reference_kind_name(reference_kind kind);

/// What a number text is, by the grammar and std::from_chars.
struct reference_number {
  reference_kind kind = reference_kind::invalid;
  std::size_t bad_offset = 0;  ///< invalid: as number_grammar::bad_offset
  std::int64_t i = 0;          ///< int64
  std::uint64_t u = 0;         ///< uint64
  double d = 0;                ///< float64; big_integer: its nearest double
};
reference_number reference_of(std::string_view text);

/// "" if no decimal text with fewer significant digits than `text` (a number text) reads back
/// as `value` through std::from_chars; else one that does. (One with n - 1 digits would lie in
/// the value's rounding interval, and so would one of the two n - 1 digit decimals nearest the
/// value: the n digits cut to n - 1, and that plus one unit. Those two are tried.)
std::string shorter_text_reading_back(double value, std::string_view text);
std::string shorter_text_reading_back(float value, std::string_view text);

/// The handler switches a parse ran with (those of recorder_config that change events).
struct number_switches {
  bool numbers_as_text = false;
  bool big_integers_as_double = false;
  bool log_number_text = false;
};

/// The event an event_recorder with `switches` logs for a valid number, with its '\n'.
std::string reference_event(const reference_number& number, std::string_view text,
                            number_switches switches);

/// Where a number text is parsed: the JSON text is before + text + after, and a parse logs
/// log_before, the number's event, log_after.
struct number_context {
  const char* name;
  std::string_view before;
  std::string_view after;
  std::string_view log_before;
  std::string_view log_after;
};

/// The text alone, with whitespace around, in an array, in an object; and the first two again
/// with 40 bytes after the text, where the parser's straight-line number paths run (they read
/// up to 33 bytes from a number's first byte, and leave numbers nearer the end of the input to
/// the general path).
inline constexpr number_context number_contexts[] = {
    {"top level", "", "", "", ""},
    {"top level with whitespace", " ", "\n", "", ""},
    {"array element", "[", "]", "[\n", "]1\n"},
    {"object member", "{\"k\":", "}", "{\nk1:k\n", "}1\n"},
    {"top level, room after", "", "                                        ", "", ""},
    {"array element, room after", "[", ",                                   null]", "[\n",
     "n\n]2\n"},
};

/// before + text + after.
std::string in_context(const number_context& context, std::string_view text);

/// "" if `outcome`, a parse of in_context(context, text), is what the reference says: a valid
/// number accepted with exactly its event; an invalid one rejected with no event of its own, at
/// its bad byte, as expected_value if no number begins there, incomplete_input if the input
/// ends the number early, invalid_number otherwise; the recorder's and the feeding's checks
/// passed. Else what differs.
std::string check_number_outcome(const parse_outcome& outcome, std::string_view text,
                                 const reference_number& number, const number_context& context,
                                 number_switches switches);

}  // namespace jsonx::test
