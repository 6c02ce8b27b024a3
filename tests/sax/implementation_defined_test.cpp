// JSONTestSuite's i_ files: the verdict jsonx documents for each (README, "Implementation-defined
// inputs"), checked file by file with the error it must report.
//   - numbers beyond double range or 64-bit integers: accepted, delivered as on_number_text;
//     numbers that underflow: accepted as the correctly rounded double (zero);
//   - invalid UTF-8 (overlong, surrogate code points, beyond U+10FFFF, truncated, Latin-1):
//   rejected;
//   - \u escapes that do not form a valid surrogate pair: rejected (lone_surrogate);
//   - UTF-16 input (with or without BOM) and a UTF-8 byte-order mark: rejected;
//   - 500 nested arrays: accepted (the depth limit is 1024).
#include <gtest/gtest.h>

#include <map>

#include "support/event_recorder.hpp"
#include "support/feeding.hpp"
#include "support/test_data.hpp"

namespace jsonx::test {
namespace {

struct expected_verdict {
  parse_errc error;         // ok: accepted
  const char* first_value;  // accepted: how the event after "[" must start
};

const std::map<std::string, expected_verdict>& documented_choices() {
  static const std::map<std::string, expected_verdict> choices = {
      {"i_number_double_huge_neg_exp.json", {parse_errc::ok, "d0p+0"}},
      {"i_number_huge_exp.json", {parse_errc::ok, "x0.4e0066999999999999999"}},
      {"i_number_neg_int_huge_exp.json", {parse_errc::ok, "x-1e+9999"}},
      {"i_number_pos_double_huge_exp.json", {parse_errc::ok, "x1.5e+9999"}},
      {"i_number_real_neg_overflow.json", {parse_errc::ok, "x-123123e100000"}},
      {"i_number_real_pos_overflow.json", {parse_errc::ok, "x123123e100000"}},
      {"i_number_real_underflow.json", {parse_errc::ok, "d0p+0"}},
      {"i_number_too_big_neg_int.json", {parse_errc::ok, "x-123123123123123123123123123123"}},
      {"i_number_too_big_pos_int.json", {parse_errc::ok, "x100000000000000000000"}},
      {"i_number_very_big_negative_int.json",
       {parse_errc::ok, "x-237462374673276894279832749832423479823246327846"}},
      {"i_object_key_lone_2nd_surrogate.json", {parse_errc::lone_surrogate, nullptr}},
      {"i_string_1st_surrogate_but_2nd_missing.json", {parse_errc::lone_surrogate, nullptr}},
      {"i_string_1st_valid_surrogate_2nd_invalid.json", {parse_errc::lone_surrogate, nullptr}},
      // FF FE: FF is no JSON value's first byte, and that is seen before FE breaks UTF-8.
      {"i_string_UTF-16LE_with_BOM.json", {parse_errc::expected_value, nullptr}},
      {"i_string_UTF-8_invalid_sequence.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_UTF8_surrogate_U+D800.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_incomplete_surrogate_and_escape_valid.json",
       {parse_errc::lone_surrogate, nullptr}},
      {"i_string_incomplete_surrogate_pair.json", {parse_errc::lone_surrogate, nullptr}},
      {"i_string_incomplete_surrogates_escape_valid.json", {parse_errc::lone_surrogate, nullptr}},
      {"i_string_invalid_lonely_surrogate.json", {parse_errc::lone_surrogate, nullptr}},
      {"i_string_invalid_surrogate.json", {parse_errc::lone_surrogate, nullptr}},
      {"i_string_invalid_utf-8.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_inverted_surrogates_U+1D11E.json", {parse_errc::lone_surrogate, nullptr}},
      {"i_string_iso_latin_1.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_lone_second_surrogate.json", {parse_errc::lone_surrogate, nullptr}},
      {"i_string_lone_utf8_continuation_byte.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_not_in_unicode_range.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_overlong_sequence_2_bytes.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_overlong_sequence_6_bytes.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_overlong_sequence_6_bytes_null.json", {parse_errc::invalid_utf8, nullptr}},
      {"i_string_truncated-utf-8.json", {parse_errc::invalid_utf8, nullptr}},
      // A NUL byte where a value must start: rejected before any UTF-16 question arises.
      {"i_string_utf16BE_no_BOM.json", {parse_errc::expected_value, nullptr}},
      {"i_string_utf16LE_no_BOM.json", {parse_errc::expected_value, nullptr}},
      {"i_structure_500_nested_arrays.json", {parse_errc::ok, "["}},
      // The byte-order mark is not JSON (RFC 8259 section 8.1 lets parsers reject it).
      {"i_structure_UTF-8_BOM_empty_object.json", {parse_errc::expected_value, nullptr}},
  };
  return choices;
}

class implementation_defined : public kernel_test {};

TEST_P(implementation_defined, each_i_file_gets_the_documented_verdict) {
  auto files = conformance_files("i_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite absent (set JSONX_CONFORMANCE_DIR)";
  std::size_t checked = 0;
  for (const named_input* file : files) {
    auto choice = documented_choices().find(file->name);
    ASSERT_NE(choice, documented_choices().end()) << file->name << " has no documented verdict";
    const parse_outcome outcome =
        parse_chunked_fresh<value_recorder>(file->bytes, chunking::whole(), with_kernel(kernel()));
    const expected_verdict& expected = choice->second;
    if (expected.error == parse_errc::ok) {
      ASSERT_TRUE(outcome.accepted) << file->name << ": " << verdict(outcome);
      auto events = split_events(outcome.log);
      ASSERT_GE(events.size(), 2u) << file->name;
      EXPECT_TRUE(events[1].starts_with(expected.first_value))
          << file->name << ": " << printable(events[1]);
    } else {
      EXPECT_EQ(outcome.error.code, make_error_code(expected.error))
          << file->name << ": " << verdict(outcome);
    }
    ++checked;
  }
  EXPECT_EQ(checked, documented_choices().size());
}

TEST_P(implementation_defined, big_integers_as_double_rounds_them) {
  using recorder = event_recorder<recorder_config{.big_integers_as_double = true}>;
  recorder handler;
  parse_outcome outcome = parse_chunked(R"([100000000000000000000, -1e+9999])", chunking::whole(),
                                        handler, with_kernel(kernel()));
  ASSERT_TRUE(outcome.accepted) << verdict(outcome);
  // The integer becomes the nearest double (1e20); the huge exponent is no integer: text.
  EXPECT_EQ(outcome.log, "[\nd1.5af1d78b58c4p+66\nx-1e+9999\n]2\n");
}

JSONX_INSTANTIATE_FOR_EVERY_KERNEL(implementation_defined);

}  // namespace
}  // namespace jsonx::test
