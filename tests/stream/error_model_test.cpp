// One error model across the layers: every exception jsonx throws is a jsonx::exception and a
// std::system_error whose what() is the layer's message, every layer's code compares equal to
// its jsonx::condition, and every error record carries its location as an error_location.
// (Here, at the top of the tests, because it exercises every layer.)
#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <system_error>
#include <vector>

#include "jsonx/jsonx.hpp"

namespace jsonx::test {
namespace {

struct null_handler {
  bool on_null() { return true; }
  bool on_bool(bool) { return true; }
  bool on_int64(std::int64_t, std::string_view) { return true; }
  bool on_uint64(std::uint64_t, std::string_view) { return true; }
  bool on_double(double, std::string_view) { return true; }
  bool on_number_text(std::string_view) { return true; }
  bool on_string(std::string_view) { return true; }
  bool on_key(std::string_view) { return true; }
  bool on_object_begin() { return true; }
  bool on_object_end(std::size_t) { return true; }
  bool on_array_begin() { return true; }
  bool on_array_end(std::size_t) { return true; }
};

// Runs `throws`, which must throw a jsonx exception; checks it is caught as std::system_error
// and as jsonx::exception with the code and condition given, and returns its location.
error_location expect_jsonx_exception(const std::function<void()>& throws, std::error_code code,
                                      condition kind) {
  try {
    throws();
    ADD_FAILURE() << "nothing thrown";
  } catch (const jsonx::exception& e) {
    const std::system_error& base = e;
    EXPECT_EQ(base.code(), code) << e.what();
    EXPECT_EQ(e.code(), kind) << e.what();
    EXPECT_NE(std::string(e.what()), "") << "an exception without a message";
    // what() is the layer's message alone, not followed by the code's message again.
    const std::string what = e.what();
    const std::string code_text = code.message();
    EXPECT_EQ(what.find(code_text), what.rfind(code_text)) << what;
    return e.where();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not a jsonx::exception: " << e.what();
  }
  return {};
}

TEST(error_model, every_layer_throws_a_jsonx_exception_with_its_code_and_condition) {
  // sax: the parser.
  null_handler handler;
  const error_location parse_at = expect_jsonx_exception(
      [&] { parse("{\"a\":1 \"b\":2}", handler); },
      make_error_code(parse_errc::expected_object_comma), condition::syntax_error);
  EXPECT_EQ(parse_at.offset, 7u);
  EXPECT_EQ(parse_at.line, 1u);
  EXPECT_EQ(parse_at.column, 8u);
  EXPECT_FALSE(parse_at.excerpt.empty());

  // encode: the writer (through minify, whose input is valid but whose writer refuses).
  expect_jsonx_exception(
      [] {
        std::string out;
        writer w(out);
        if (!w.on_array_end(0)) throw write_exception(w.error());
      },
      make_error_code(write_errc::unbalanced_end), condition::invalid_argument);

  // dom: an accessor asked for the wrong type.
  dom::parser dom_parser;
  const dom::document& doc = dom_parser.parse(R"({"id": "seven"})");
  expect_jsonx_exception([&] { (void)doc.root()["id"].get_int64(); },
                         make_error_code(dom::access_errc::type_mismatch),
                         condition::type_mismatch);

  // bind: a value that does not fit, with its path and location.
  const error_location bind_at = expect_jsonx_exception(
      [] { (void)decode<std::map<std::string, std::uint8_t>>(R"({"a": 1, "b": 300})"); },
      make_error_code(bind_errc::integer_out_of_range), condition::out_of_range);
  EXPECT_EQ(bind_at.path, "/b");
  EXPECT_EQ(bind_at.offset, 14u);
  EXPECT_EQ(bind_at.line, 1u);

  // bind: encoding a NaN (a write_errc through the binding layer's exception).
  expect_jsonx_exception(
      [] {
        (void)encode(std::vector<double>{1.0, std::nan("")});
      },
      make_error_code(write_errc::non_finite_number), condition::invalid_argument);

  // stream: a bad value in the second line, located in the whole stream.
  const error_location stream_at = expect_jsonx_exception(
      [] {
        stream::memory_source source("[1]\n[2,,]\n");
        stream::decoder values(source);
        for (dom::document d; values.decode(d);) {
        }
      },
      make_error_code(parse_errc::expected_value), condition::syntax_error);
  EXPECT_EQ(stream_at.line, 2u);
  EXPECT_EQ(stream_at.column, 4u);
  EXPECT_EQ(stream_at.offset, 7u);
}

TEST(error_model, conditions_group_the_codes_of_every_layer) {
  EXPECT_EQ(make_error_code(parse_errc::invalid_utf8), condition::invalid_utf8);
  EXPECT_EQ(make_error_code(write_errc::invalid_utf8), condition::invalid_utf8);
  EXPECT_EQ(make_error_code(parse_errc::depth_limit), condition::limit_exceeded);
  EXPECT_EQ(make_error_code(bind_errc::depth_limit), condition::limit_exceeded);
  EXPECT_EQ(make_error_code(bind_errc::too_many_elements), condition::limit_exceeded);
  EXPECT_EQ(make_error_code(bind_errc::number_out_of_range), condition::out_of_range);
  EXPECT_EQ(make_error_code(dom::access_errc::number_out_of_range), condition::out_of_range);
  EXPECT_EQ(make_error_code(dom::access_errc::number_not_exact), condition::out_of_range);
  EXPECT_EQ(make_error_code(bind_errc::type_mismatch), condition::type_mismatch);
  EXPECT_EQ(make_error_code(dom::access_errc::type_mismatch), condition::type_mismatch);
  EXPECT_EQ(make_error_code(bind_errc::missing_field), condition::not_found);
  EXPECT_EQ(make_error_code(dom::access_errc::key_not_found), condition::not_found);
  EXPECT_EQ(make_error_code(parse_errc::stopped_by_handler), condition::stopped);
  EXPECT_EQ(make_error_code(write_errc::sink_full), condition::io_error);
  EXPECT_EQ(make_error_code(stream::stream_errc::write_failed), condition::io_error);
  EXPECT_EQ(std::error_code(EPIPE, std::system_category()), condition::io_error);
  EXPECT_EQ(make_error_code(stream::stream_errc::missing_record_separator),
            condition::syntax_error);
  for (parse_errc e : {parse_errc::expected_value, parse_errc::trailing_content,
                       parse_errc::invalid_number, parse_errc::lone_surrogate,
                       parse_errc::control_char_in_string, parse_errc::incomplete_input}) {
    EXPECT_EQ(make_error_code(e), condition::syntax_error) << make_error_code(e).message();
  }
  // Not the wrong ones, and no code compares equal to a condition when it is ok.
  EXPECT_NE(make_error_code(parse_errc::invalid_utf8), condition::syntax_error);
  EXPECT_NE(make_error_code(bind_errc::type_mismatch), condition::out_of_range);
  EXPECT_NE(std::error_code(), condition::io_error);
  EXPECT_NE(make_error_code(parse_errc::ok), condition::syntax_error);
  EXPECT_STREQ(condition_category().name(), "jsonx");
}

TEST(error_model, error_records_share_the_location) {
  // decode_error and stream_error are error_locations: code written against the base reads
  // each layer's errors the same way.
  decode_error decoded;
  std::uint8_t small = 0;
  ASSERT_FALSE(decode("\n  300", small, decoded));
  const error_location& a = decoded;
  EXPECT_EQ(a.line, 2u);
  EXPECT_EQ(a.column, 3u);
  EXPECT_EQ(a.offset, 3u);

  decode_error not_json;
  ASSERT_FALSE(decode("tru", small, not_json));
  EXPECT_EQ(not_json.code, condition::syntax_error);
  EXPECT_NE(not_json.message().find("line 1"), std::string::npos) << not_json.message();

  stream::memory_source source("{\"a\": tru}");
  stream::decoder values(source);
  dom::document d;
  stream::stream_error failed;
  ASSERT_EQ(values.decode(d, failed), stream::decode_status::error);
  const error_location& b = failed;
  EXPECT_EQ(b.offset, 6u);
  EXPECT_FALSE(b.excerpt.empty());
}

}  // namespace
}  // namespace jsonx::test
