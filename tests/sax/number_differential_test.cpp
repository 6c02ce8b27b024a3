// The number parser against a reference written apart from it (support/number_texts: the
// RFC 8259 grammar as a recursive descent, values by std::from_chars), over generated number
// texts of every form, valid and invalid: each parsed alone, with whitespace around, as an array
// element and as an object member, and alone and as an element with 40 bytes of room after it
// (where the parser's straight-line number paths run); whole, in 1-byte chunks and cut in two (at
// every byte alone and in an array, at a few places elsewhere); with a handler taking values
// (number text logged), one taking numbers_as_text and one taking big_integers_as_double. A valid
// text must give exactly its event, bit for bit; an invalid one no event, and the error the
// reference predicts at the byte it predicts; every cut the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "support/event_log.hpp"
#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/number_texts.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

using text_only = event_recorder<recorder_config{.numbers_as_text = true}>;
using big_as_double =
    event_recorder<recorder_config{.big_integers_as_double = true, .log_number_text = true}>;

constexpr number_switches value_switches{.log_number_text = true};
constexpr number_switches text_only_switches{.numbers_as_text = true};
constexpr number_switches big_as_double_switches{.big_integers_as_double = true,
                                                 .log_number_text = true};

// Texts per kernel in the generated run (each kernel its own seed): 5 kernels make 15,000.
constexpr int texts_per_kernel = 3000;

// How a text is cut: at every byte, or at `random_cuts` places chosen from the seed; always in
// 1-byte chunks too.
struct cuts {
  bool every = false;
  std::size_t random_cuts = 0;
};

// Parses `json` (`text` in `context`) whole, then cut as `how` says, each parse checked against
// the reference.
template <class Recorder>
testing::AssertionResult parses_as_reference(reused_parser<Recorder>& parser, std::string_view text,
                                             const reference_number& number,
                                             const number_context& context,
                                             number_switches switches, cuts how,
                                             std::uint64_t seed) {
  const std::string json = in_context(context, text);
  auto check = [&](const chunking& cut) -> std::string {
    const std::string problem =
        check_number_outcome(parser.parse(json, cut), text, number, context, switches);
    if (problem.empty()) return {};
    return std::string(context.name) + " '" + printable(json) + "' (" +
           reference_kind_name(number.kind) + "), " + cut.describe() + ": " + problem;
  };
  std::string problem = check(chunking::whole());
  if (how.every) {
    for (std::size_t k = 0; k <= json.size() && problem.empty(); ++k)
      problem = check(chunking::split_at(k));
  } else {
    for (std::size_t i = 0; i < how.random_cuts && problem.empty(); ++i)
      problem = check(chunking::split_at((seed + i * 7919) % (json.size() + 1)));
  }
  if (problem.empty()) problem = check(chunking::fixed(1));
  if (problem.empty()) return testing::AssertionSuccess();
  return testing::AssertionFailure() << problem;
}

// The three handlers, each with one reused parser on the kernel under test.
class number_parsers {
 public:
  explicit number_parsers(simd::kernel_id kernel)
      : values_(with_kernel(kernel)), texts_(with_kernel(kernel)), doubles_(with_kernel(kernel)) {}

  // `text` in every context with every handler: with the handler taking values, cut at every
  // byte alone and in an array, at three places in the other contexts; with the others at one
  // place (the verdict does not depend on the handler: numbers_as_text validates all the same).
  testing::AssertionResult check(std::string_view text, std::uint64_t seed) {
    const reference_number number = reference_of(text);
    for (const number_context& context : number_contexts) {
      const bool every = context.before.empty() || context.before == "[";
      auto result = parses_as_reference(values_, text, number, context, value_switches,
                                        {.every = every, .random_cuts = 3}, seed);
      if (result) {
        result = parses_as_reference(texts_, text, number, context, text_only_switches,
                                     {.random_cuts = 1}, seed);
      }
      if (result && number.kind == reference_kind::big_integer) {
        result = parses_as_reference(doubles_, text, number, context, big_as_double_switches,
                                     {.random_cuts = 1}, seed);
      }
      if (!result) return result;
    }
    return testing::AssertionSuccess();
  }

 private:
  reused_parser<text_recorder> values_;
  reused_parser<text_only> texts_;
  reused_parser<big_as_double> doubles_;
};

struct hand_written {
  std::string_view text;
  reference_kind kind;
  std::size_t bad_offset = 0;  // invalid texts only
};

// Every form the generator is meant to reach, with the reference's verdict written out by hand.
constexpr hand_written hand_written_cases[] = {
    {"0", reference_kind::int64},
    {"-0", reference_kind::int64},
    {"00", reference_kind::invalid, 1},
    {"01", reference_kind::invalid, 1},
    {"-01", reference_kind::invalid, 2},
    {"-00.5", reference_kind::invalid, 2},
    {"9223372036854775807", reference_kind::int64},
    {"-9223372036854775808", reference_kind::int64},
    {"9223372036854775808", reference_kind::uint64},
    {"18446744073709551615", reference_kind::uint64},
    {"18446744073709551616", reference_kind::big_integer},
    {"-9223372036854775809", reference_kind::big_integer},
    {"1234567890123456789012345678901234567890", reference_kind::big_integer},
    {"1.", reference_kind::invalid, 2},
    {"1.0", reference_kind::float64},
    {"-0.0", reference_kind::float64},
    {"1e5", reference_kind::float64},
    {"1E-5", reference_kind::float64},
    {"1e+0000000000000000000005", reference_kind::float64},
    {"1e400", reference_kind::beyond_double},
    {"-1e400", reference_kind::beyond_double},
    {"1e-400", reference_kind::float64},
    {"-1e-400", reference_kind::float64},
    {"0e400", reference_kind::float64},
    {"1.7976931348623157e308", reference_kind::float64},
    {"1.7976931348623158e308", reference_kind::float64},  // rounds down to the largest double
    {"1.7976931348623159e308", reference_kind::beyond_double},
    {"4.9406564584124654e-324", reference_kind::float64},
    {"2.4703282292062327e-324", reference_kind::float64},  // below half the smallest: zero
    {"-", reference_kind::invalid, 1},
    {"+1", reference_kind::invalid, 0},
    {".5", reference_kind::invalid, 0},
    {"-.5", reference_kind::invalid, 1},
    {"1.e5", reference_kind::invalid, 2},
    {"1e", reference_kind::invalid, 2},
    {"1e+", reference_kind::invalid, 3},
    {"1E-", reference_kind::invalid, 3},
    {"1e+-3", reference_kind::invalid, 3},
    {"0x1", reference_kind::invalid, 1},
    {"1.5.5", reference_kind::invalid, 3},
    {"2e3e4", reference_kind::invalid, 3},
    {"1a", reference_kind::invalid, 1},
    {"12.5f", reference_kind::invalid, 4},
    {"1_000", reference_kind::invalid, 1},
    {"--1", reference_kind::invalid, 1},
    {"Infinity", reference_kind::invalid, 0},
    {"-Infinity", reference_kind::invalid, 1},
    {"NaN", reference_kind::invalid, 0},
    {"e5", reference_kind::invalid, 0},
};

TEST(number_reference, hand_written_verdicts) {
  for (const hand_written& c : hand_written_cases) {
    const reference_number number = reference_of(c.text);
    EXPECT_EQ(reference_kind_name(number.kind), std::string_view(reference_kind_name(c.kind)))
        << c.text;
    if (c.kind == reference_kind::invalid) {
      EXPECT_EQ(number.bad_offset, c.bad_offset) << c.text;
    }
  }
  // A few values, so that the reference is seen to convert.
  EXPECT_EQ(reference_of("-9223372036854775808").i, INT64_MIN);
  EXPECT_EQ(reference_of("18446744073709551615").u, UINT64_MAX);
  EXPECT_EQ(reference_of("1e+0000000000000000000005").d, 1e5);
  EXPECT_EQ(reference_of("1.7976931348623158e308").d, 1.7976931348623157e308);
  EXPECT_TRUE(std::signbit(reference_of("-1e-400").d));
  EXPECT_EQ(reference_of("-1e-400").d, 0.0);
  EXPECT_EQ(reference_of("18446744073709551616").d, 18446744073709551616.0);
  EXPECT_EQ(reference_event(reference_of("18446744073709551616"), "18446744073709551616", {}),
            "x18446744073709551616\n");
  EXPECT_EQ(reference_event(reference_of("0.5"), "0.5", value_switches), "d1p-1=0.5\n");
}

// The generator reaches every kind, every kind of error position, and the lengths it promises.
TEST(number_texts, the_generator_reaches_every_form) {
  std::array<int, 6> kinds{};
  int at_first_byte = 0, cut_short = 0, inside = 0, leading_zero = 0, big_exponent = 0;
  std::size_t longest_integer = 0, longest_fraction = 0;
  choice_source choices = choice_source::seeded(1);
  for (int i = 0; i < 6000; ++i) {
    const std::string text = generate_number_text(choices);
    ASSERT_FALSE(text.empty());
    const reference_number number = reference_of(text);
    ++kinds[static_cast<std::size_t>(number.kind)];
    if (number.kind == reference_kind::invalid) {
      if (number.bad_offset == 0) {
        ++at_first_byte;
      } else if (number.bad_offset == text.size()) {
        ++cut_short;
      } else {
        ++inside;
      }
    }
    const std::size_t sign = text[0] == '-' ? 1 : 0;
    const std::size_t integer_end = text.find_first_not_of("0123456789", sign);
    const std::size_t integer_digits =
        (integer_end == std::string::npos ? text.size() : integer_end) - sign;
    if (integer_digits >= 2 && text[sign] == '0') ++leading_zero;
    if (number.kind != reference_kind::invalid) {
      longest_integer = std::max(longest_integer, integer_digits);
      const std::size_t dot = text.find('.');
      const std::size_t e = text.find_first_of("eE");
      if (dot != std::string::npos)
        longest_fraction = std::max(longest_fraction, std::min(e, text.size()) - dot - 1);
      if (e != std::string::npos && text.size() - e > 6) ++big_exponent;
    }
  }
  for (std::size_t k = 0; k < kinds.size(); ++k)
    EXPECT_GE(kinds[k], 50) << reference_kind_name(static_cast<reference_kind>(k));
  EXPECT_GE(kinds[0], 6000 / 8);  // invalid texts: a good share
  EXPECT_GE(at_first_byte, 20);
  EXPECT_GE(cut_short, 20);
  EXPECT_GE(inside, 20);
  EXPECT_GE(leading_zero, 20);
  EXPECT_GE(big_exponent, 20);
  EXPECT_GE(longest_integer, 40u);
  EXPECT_GE(longest_fraction, 40u);
}

// The same choices from the same bytes: a fuzz input is a text, reproducibly.
TEST(number_texts, bytes_choose_the_same_text_every_time) {
  const std::string_view bytes = "\x05\x01\x07\x13\x02\x00\x09\xff\x30";
  choice_source first = choice_source::from_bytes(bytes);
  choice_source second = choice_source::from_bytes(bytes);
  EXPECT_EQ(generate_number_text(first), generate_number_text(second));
  choice_source none = choice_source::from_bytes("");
  EXPECT_FALSE(generate_number_text(none).empty());
  EXPECT_EQ(none.below(10), 0u);  // exhausted: every further choice is 0
}

class number_differential : public kernel_test {};

TEST_P(number_differential, hand_written_forms_in_every_context_and_cut) {
  number_parsers parsers(kernel());
  for (const hand_written& c : hand_written_cases)
    ASSERT_TRUE(parsers.check(c.text, c.text.size())) << c.text;
}

TEST_P(number_differential, generated_texts_in_every_context_and_cut) {
  number_parsers parsers(kernel());
  choice_source choices = choice_source::seeded(0x6e756d62 + static_cast<std::uint64_t>(kernel()));
  std::array<int, 6> kinds{};
  for (int i = 0; i < texts_per_kernel; ++i) {
    const std::string text = generate_number_text(choices);
    ++kinds[static_cast<std::size_t>(reference_of(text).kind)];
    ASSERT_TRUE(parsers.check(text, static_cast<std::uint64_t>(i))) << "text #" << i;
  }
  for (std::size_t k = 0; k < kinds.size(); ++k)
    EXPECT_GT(kinds[k], 0) << reference_kind_name(static_cast<reference_kind>(k));
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(number_differential);

}  // namespace
}  // namespace jsonx::test
