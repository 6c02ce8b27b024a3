#include "number_texts.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "event_log.hpp"

namespace jsonx::test {

std::size_t choice_source::below(std::size_t n) {
  if (n <= 1) return 0;
  if (!seeded_) {
    if (bytes_.empty()) return 0;
    const auto byte = static_cast<unsigned char>(bytes_.front());
    bytes_.remove_prefix(1);
    return byte % n;
  }
  // SplitMix64.
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<std::size_t>(z % n);
}

namespace {

template <std::size_t N>
std::string_view pick(choice_source& choices, const std::string_view (&from)[N]) {
  return from[choices.below(N)];
}

char digit_of(std::size_t d) {
  return static_cast<char>('0' + d);
}

// `count` digits, the first one 1-9 if `nonzero_first`: random ones, or runs of zeros or nines
// after the first (the carries and the trailing zeros of the conversions).
std::string digits(choice_source& choices, std::size_t count, bool nonzero_first) {
  std::string out;
  const std::size_t style = choices.below(6);
  for (std::size_t i = 0; i < count; ++i) {
    if (i == 0 && nonzero_first) {
      out += digit_of(1 + choices.below(9));
    } else if (style == 0) {
      out += '0';
    } else if (style == 1) {
      out += '9';
    } else {
      out += digit_of(choices.below(10));
    }
  }
  return out;
}

// A digit count: short, around the 64-bit and 17/19-digit boundaries, or anything to 40.
std::size_t digit_count(choice_source& choices) {
  switch (choices.below(4)) {
    case 0:
      return 1 + choices.below(3);
    case 1:
      return 15 + choices.below(7);
    case 2:
      return 1 + choices.below(20);
    default:
      return 1 + choices.below(40);
  }
}

std::string exponent(choice_source& choices) {
  static constexpr std::string_view big[] = {"400",
                                             "-400",
                                             "+400",
                                             "308",
                                             "309",
                                             "-308",
                                             "-307",
                                             "-323",
                                             "-324",
                                             "-325",
                                             "-330",
                                             "22",
                                             "23",
                                             "-22",
                                             "99999",
                                             "-99999",
                                             "+0000000000000000000005",
                                             "-0000000000000000000400",
                                             "00000000000000000000000000000309",
                                             "-2147483648",
                                             "4294967296",
                                             "18446744073709551617"};
  std::string out = choices.one_in(2) ? "e" : "E";
  if (choices.one_in(3)) return out += pick(choices, big);
  switch (choices.below(3)) {
    case 0:
      out += '-';
      break;
    case 1:
      out += '+';
      break;
    default:
      break;
  }
  // 0..5 digits, leading zeros allowed (no digit at all is the invalid "1e").
  std::size_t count = choices.one_in(8) ? 0 : 1 + choices.below(5);
  return out += digits(choices, count, false);
}

// sign, int, frac, exp: the grammar's parts, each in every form (some invalid).
std::string composed_number(choice_source& choices) {
  std::string out = choices.one_in(2) ? "-" : "";
  switch (choices.below(10)) {
    case 0:
      out += '0';
      break;
    case 1:
      out += '0';  // a leading zero: "00", "01", "0123"
      out += digits(choices, 1 + choices.below(3), false);
      break;
    default:
      out += digits(choices, digit_count(choices), true);
      break;
  }
  if (!choices.one_in(3)) {
    out += '.';  // "1." with no digit is invalid
    out += digits(choices, choices.one_in(8) ? 0 : digit_count(choices), false);
  }
  if (!choices.one_in(3)) out += exponent(choices);
  return out;
}

std::string integer_boundary(choice_source& choices) {
  static constexpr std::string_view boundaries[] = {"9223372036854775807",   "9223372036854775808",
                                                    "9223372036854775806",   "9223372036854775809",
                                                    "18446744073709551615",  "18446744073709551616",
                                                    "18446744073709551614",  "9999999999999999999",
                                                    "10000000000000000000",  "99999999999999999999",
                                                    "100000000000000000000", "9007199254740992",
                                                    "9007199254740993",      "4294967296",
                                                    "1000000000000000000",   "999999999999999999",
                                                    "12345678901234567890",  "1"};
  std::string out = choices.one_in(2) ? "-" : "";
  out += pick(choices, boundaries);
  if (choices.one_in(3)) out.back() = digit_of(choices.below(10));
  if (choices.one_in(6)) {
    static constexpr std::string_view suffixes[] = {".0", "e0", "E+0", ".5e-1", "0", "00"};
    out += pick(choices, suffixes);
  }
  return out;
}

std::string range_edge(choice_source& choices) {
  static constexpr std::string_view edges[] = {
      "0",
      "-0",
      "0.0",
      "-0.0",
      "0e0",
      "-0e-0",
      "0e400",
      "-0.0e-400",
      "1e400",
      "-1e400",
      "1e-400",
      "-1e-400",
      "1e308",
      "1e309",
      "10e308",
      "0.1e310",
      "1e+0000000000000000000005",
      "1E-0000000000000000000005",
      "1.7976931348623157e308",
      "1.7976931348623158e308",
      "1.7976931348623159e308",
      "-1.7976931348623159e308",
      "2.2250738585072011e-308",
      "2.2250738585072014e-308",
      "4.9406564584124654e-324",
      "2.4703282292062327e-324",
      "2.4703282292062328e-324",
      "1e-324",
      "3e-324",
      "9007199254740993.0",
      "1e23",
      "8.98846567431158e307",
      "0.000000000000000000000000000000000000000000001e-300",
      "123456789012345678901234567890e-30",
      "1.00000000000000011102230246251565404236316680908203125",
      "0.30000000000000004",
      "7.2057594037927933e16",
  };
  return std::string(pick(choices, edges));
}

// A double's decimal text: the shortest, or with a chosen number of digits, or the shortest
// text of a long double next to a point halfway between two doubles (hard to round).
std::string printed_double(choice_source& choices) {
  std::uint64_t bits = 0;
  for (int i = 0; i < 8; ++i) bits = (bits << 8) | choices.below(256);
  double d;
  std::memcpy(&d, &bits, sizeof d);
  if (!std::isfinite(d)) d = 1.0 / static_cast<double>(1 + (bits & 0xFFFF));
  char buffer[128];
  switch (choices.below(3)) {
    case 0:
      return {buffer, std::to_chars(buffer, buffer + sizeof buffer, d).ptr};
    case 1: {
      const int precision = static_cast<int>(choices.below(26));
      return {buffer, std::to_chars(buffer, buffer + sizeof buffer, d,
                                    std::chars_format::scientific, precision)
                          .ptr};
    }
    default: {
      const double next = std::nextafter(d, HUGE_VAL);
      if (!std::isfinite(next))
        return {buffer, std::to_chars(buffer, buffer + sizeof buffer, d).ptr};
      const long double halfway = (static_cast<long double>(d) + next) / 2;
      return {buffer, std::to_chars(buffer, buffer + sizeof buffer, halfway).ptr};
    }
  }
}

// Mostly invalid variants of a number text (some stay valid: the reference decides).
std::string mutated(choice_source& choices, std::string text) {
  static constexpr std::string_view alphabet = "0123456789+-.eE";
  static constexpr std::string_view inserted = "0123456789+-.eExX";
  switch (choices.below(13)) {
    case 0:
      return "-";
    case 1:
      return "+" + text;  // "+1"
    case 2: {
      // No integer part: ".5", "-.5".
      const std::size_t dot = text.find('.');
      if (dot == std::string::npos) return "." + text;
      const std::size_t sign = text[0] == '-' ? 1 : 0;
      return text.erase(sign, dot - sign);
    }
    case 3: {
      // A point with no digit after it, before an exponent: "1.e5".
      std::size_t end = text.find_first_of(".eE");
      if (end == std::string::npos) end = text.size();
      return text.substr(0, end) + "." + exponent(choices);
    }
    case 4: {
      // An exponent with no digits: "1e", "1E+".
      static constexpr std::string_view empty_exponents[] = {"e", "E", "e+", "E-"};
      const std::size_t e = text.find_first_of("eE");
      return text.substr(0, e) + std::string(pick(choices, empty_exponents));
    }
    case 5: {
      static constexpr std::string_view hex[] = {"0x1", "0X1F", "-0x10", "0x", "0xe5"};
      return std::string(pick(choices, hex));
    }
    case 6:
      return text + "." + digits(choices, 1 + choices.below(3), false);  // "1.5.5"
    case 7: {
      static constexpr std::string_view tails[] = {"a", "x",  "f",   "L",   "_1", "Infinity",
                                                   "e", "E+", "ee1", "e5e", "-",  "+"};
      return text + std::string(pick(choices, tails));
    }
    case 8:
      text.insert(choices.below(text.size() + 1), 1, inserted[choices.below(inserted.size())]);
      return text;
    case 9:
      if (text.size() > 1) text.erase(choices.below(text.size()), 1);
      return text;
    case 10:
      text[choices.below(text.size())] = alphabet[choices.below(alphabet.size())];
      return text;
    case 11: {
      static constexpr std::string_view words[] = {"Infinity", "-Infinity", "NaN", "--1", "-.5",
                                                   ".",        "e5",        "-e5", "-0-", "+0"};
      return std::string(pick(choices, words));
    }
    default:
      return text + text;  // "1.51.5", "-1-1"
  }
}

}  // namespace

std::string generate_number_text(choice_source& choices) {
  std::string text;
  switch (choices.below(16)) {
    case 0:
    case 1:
      text = printed_double(choices);
      break;
    case 2:
      text = integer_boundary(choices);
      break;
    case 3:
      text = range_edge(choices);
      break;
    default:
      text = composed_number(choices);
      break;
  }
  if (choices.one_in(4)) text = mutated(choices, std::move(text));
  if (text.empty()) text.push_back('-');  // "" would make "[]" a valid array
  return text;
}

bool is_number_alphabet(std::string_view text) {
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'))
      return false;
  }
  return true;
}

number_grammar check_number_grammar(std::string_view text) {
  std::size_t at = 0;
  auto is = [&](char c) { return at < text.size() && text[at] == c; };
  auto digit = [&] { return at < text.size() && text[at] >= '0' && text[at] <= '9'; };
  auto invalid = [&] { return number_grammar{false, at, false}; };

  // [ "-" ]
  if (is('-')) ++at;
  // int = "0" / ( digit1-9 *DIGIT )
  if (is('0')) {
    ++at;
  } else if (digit()) {
    while (digit()) ++at;
  } else {
    return invalid();
  }
  bool integer = true;
  // [ frac ]: "." 1*DIGIT
  if (is('.')) {
    ++at;
    integer = false;
    if (!digit()) return invalid();
    while (digit()) ++at;
  }
  // [ exp ]: ( "e" / "E" ) [ "-" / "+" ] 1*DIGIT
  if (is('e') || is('E')) {
    ++at;
    integer = false;
    if (is('-') || is('+')) ++at;
    if (!digit()) return invalid();
    while (digit()) ++at;
  }
  if (at != text.size()) return invalid();
  return {true, text.size(), integer};
}

const char* reference_kind_name(reference_kind kind) {
  switch (kind) {
    case reference_kind::invalid:
      return "invalid";
    case reference_kind::int64:
      return "int64";
    case reference_kind::uint64:
      return "uint64";
    case reference_kind::big_integer:
      return "big_integer";
    case reference_kind::float64:
      return "float64";
    case reference_kind::beyond_double:
      return "beyond_double";
  }
  return "?";
}

namespace {

// The correctly rounded double of a valid number text: std::from_chars, or where it reports the
// result out of range (libstdc++ does for underflow to zero and overflow to infinity, and leaves
// the value unset), glibc's strtod, correctly rounded too.
double nearest_double(std::string_view text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range) return std::strtod(std::string(text).c_str(), nullptr);
  if (ec != std::errc{} || end != text.data() + text.size()) std::abort();  // not a number
  return value;
}

template <class Integer>
bool integer_of(std::string_view text, Integer& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

reference_number reference_of(std::string_view text) {
  reference_number number;
  const number_grammar grammar = check_number_grammar(text);
  if (!grammar.valid) {
    number.bad_offset = grammar.bad_offset;
    return number;
  }
  if (grammar.integer) {
    if (integer_of(text, number.i)) {
      number.kind = reference_kind::int64;
    } else if (text[0] != '-' && integer_of(text, number.u)) {
      number.kind = reference_kind::uint64;
    } else {
      number.kind = reference_kind::big_integer;
      number.d = nearest_double(text);
    }
    return number;
  }
  number.d = nearest_double(text);
  number.kind = std::isinf(number.d) ? reference_kind::beyond_double : reference_kind::float64;
  return number;
}

std::string reference_event(const reference_number& number, std::string_view text,
                            number_switches switches) {
  std::string event;
  auto with_text = [&] {
    if (switches.log_number_text) event.append("=").append(text);
  };
  if (switches.numbers_as_text) {
    event.append("x").append(text);
  } else {
    switch (number.kind) {
      case reference_kind::int64:
        append_int64(event, number.i);
        with_text();
        break;
      case reference_kind::uint64:
        append_uint64(event, number.u);
        with_text();
        break;
      case reference_kind::float64:
        append_double(event, number.d);
        with_text();
        break;
      case reference_kind::big_integer:
        if (switches.big_integers_as_double) {
          append_double(event, number.d);
          with_text();
        } else {
          event.append("x").append(text);
        }
        break;
      case reference_kind::beyond_double:
        event.append("x").append(text);
        break;
      case reference_kind::invalid:
        return "(no event: invalid)\n";
    }
  }
  return event += '\n';
}

namespace {

// A number text as significant digits (no leading or trailing zeros; "0" for zero) and the
// power of ten they are multiplied by.
struct decimal {
  std::string digits;
  int exponent = 0;
};

decimal decimal_of(std::string_view text) {
  decimal out;
  std::size_t at = !text.empty() && text[0] == '-' ? 1 : 0;
  int fraction_digits = 0;
  bool in_fraction = false;
  for (; at < text.size() && text[at] != 'e' && text[at] != 'E'; ++at) {
    if (text[at] == '.') {
      in_fraction = true;
      continue;
    }
    if (in_fraction) ++fraction_digits;
    if (!out.digits.empty() || text[at] != '0') out.digits += text[at];
  }
  int written_exponent = 0;
  if (at + 1 < text.size()) {
    const std::size_t from = at + 1 + (text[at + 1] == '+' ? 1 : 0);
    std::from_chars(text.data() + from, text.data() + text.size(), written_exponent);
  }
  out.exponent = written_exponent - fraction_digits;
  while (out.digits.size() > 1 && out.digits.back() == '0') {
    out.digits.pop_back();
    ++out.exponent;
  }
  if (out.digits.empty()) out.digits.push_back('0');
  return out;
}

template <class T>
std::string shorter_text_of(T value, std::string_view text) {
  const decimal d = decimal_of(text);
  if (d.digits.size() <= 1) return {};
  // No double needs more than 17 significant digits (a float 9): a text with more than 20, whose
  // cut would not fit 64 bits, is not the shortest whatever it is.
  if (d.digits.size() > 20) return d.digits.substr(0, 17) + "... (17 digits)";
  std::uint64_t cut = 0;
  std::from_chars(d.digits.data(), d.digits.data() + d.digits.size() - 1, cut);
  for (std::uint64_t candidate : {cut, cut + 1}) {
    std::string other = std::signbit(value) ? "-" : "";
    other += std::to_string(candidate) + "e" + std::to_string(d.exponent + 1);
    T back{};
    const auto result = std::from_chars(other.data(), other.data() + other.size(), back);
    if (result.ec == std::errc{} && std::memcmp(&back, &value, sizeof value) == 0) return other;
  }
  return {};
}

}  // namespace

std::string shorter_text_reading_back(double value, std::string_view text) {
  return shorter_text_of(value, text);
}

std::string shorter_text_reading_back(float value, std::string_view text) {
  return shorter_text_of(value, text);
}

std::string in_context(const number_context& context, std::string_view text) {
  std::string json(context.before);
  json.append(text).append(context.after);
  return json;
}

std::string check_number_outcome(const parse_outcome& outcome, std::string_view text,
                                 const reference_number& number, const number_context& context,
                                 number_switches switches) {
  if (!outcome.check_failures.empty()) return "checks failed:\n" + outcome.check_failures;
  if (number.kind != reference_kind::invalid) {
    if (!outcome.accepted)
      return std::string("a valid number (") + reference_kind_name(number.kind) +
             ") rejected: " + verdict(outcome);
    std::string expected(context.log_before);
    expected.append(reference_event(number, text, switches)).append(context.log_after);
    return describe_difference(expected, outcome.log);
  }
  if (outcome.accepted)
    return std::string("an invalid number accepted, events:\n") + printable(outcome.log);
  if (outcome.log != context.log_before)
    return std::string("an invalid number gave events: ") +
           describe_difference(context.log_before, outcome.log);
  const std::size_t offset = context.before.size() + number.bad_offset;
  parse_errc code = parse_errc::invalid_number;
  if (number.bad_offset == 0) {
    code = parse_errc::expected_value;
  } else if (number.bad_offset == text.size() && context.after.empty()) {
    code = parse_errc::incomplete_input;
  }
  if (outcome.error.offset != offset || outcome.error.code != make_error_code(code)) {
    return verdict(outcome) + ", expected " + make_error_code(code).message() + " at byte " +
           std::to_string(offset);
  }
  return {};
}

}  // namespace jsonx::test
