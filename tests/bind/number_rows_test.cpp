// Rows of numbers (detail::number_row_size): the std::array<double, N> elements of a container
// are filled by the handler itself while they hold numbers with a fraction, and get their
// frame when anything else happens. The oracle is the same document decoded into
// std::array<float, N> rows, which always go through the rules: every value below is exact in
// a float, so the two must agree on every value, every error (code, path, place) and every
// snapshot, whatever the chunks.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "bind_test_support.hpp"
#include "jsonx/bind/bind.hpp"

namespace {

using jsonx::decode_error;
using jsonx::partial_mode;
using jsonx::test::chunking;

template <class Number>
struct shape {
  std::vector<std::array<Number, 2>> points;
  std::vector<std::array<Number, 3>> triples;
  std::array<std::array<Number, 2>, 2> box{};
};
using double_shape = shape<double>;
using float_shape = shape<float>;
JSONX_DESCRIBE(double_shape, points, triples, box)
JSONX_DESCRIBE(float_shape, points, triples, box)

template <std::size_t N>
bool same_rows(const std::vector<std::array<double, N>>& d,
               const std::vector<std::array<float, N>>& f) {
  if (d.size() != f.size()) return false;
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t j = 0; j < N; ++j)
      if (d[i][j] != static_cast<double>(f[i][j])) return false;
  return true;
}
bool same(const double_shape& d, const float_shape& f) {
  if (!same_rows(d.points, f.points) || !same_rows(d.triples, f.triples)) return false;
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t j = 0; j < 2; ++j)
      if (d.box[i][j] != static_cast<double>(f.box[i][j])) return false;
  return true;
}

// The parts of an error that do not name the C++ type.
void expect_same_error(const decode_error& d, const decode_error& f, std::string_view what) {
  EXPECT_EQ(d.code, f.code) << what << ": " << d.message() << " / " << f.message();
  EXPECT_EQ(d.path, f.path) << what << ": " << d.message() << " / " << f.message();
  EXPECT_EQ(d.offset, f.offset) << what;
  EXPECT_EQ(d.line, f.line) << what;
  EXPECT_EQ(d.column, f.column) << what;
  EXPECT_EQ(d.found_kind, f.found_kind) << what;
  EXPECT_EQ(d.found, f.found) << what;
}

// Both decodes from the same start (`before` kept in both: reuse), cut as `cut` says.
void expect_rows_agree(std::string_view json, chunking cut, const float_shape& before = {}) {
  float_shape f = before;
  double_shape d;
  d.points.assign(before.points.size(), {});
  for (std::size_t i = 0; i < before.points.size(); ++i)
    d.points[i] = {before.points[i][0], before.points[i][1]};
  decode_error f_error;
  decode_error d_error;
  const bool f_ok = jsonx::test::decode_chunked(json, f, cut, f_error);
  const bool d_ok = jsonx::test::decode_chunked(json, d, cut, d_error);
  ASSERT_EQ(d_ok, f_ok) << json << ": " << d_error.message() << " / " << f_error.message();
  if (!f_ok) expect_same_error(d_error, f_error, json);
  EXPECT_TRUE(same(d, f)) << json;
}

const char* const documents[] = {
    // Rows of fractions only: the handler fills them.
    R"({"points": [[1.5, -2.25], [0.5, 25e-2], [3.75, 2E3]], "triples": [[1.5, 2.5, 3.5]]})",
    R"({"points": [], "triples": [], "box": [[0.5, 1.5], [2.5, 3.5]]})",
    // Integers, in any place: the row takes its frame there.
    R"({"points": [[1, 2.5], [3.5, 4], [5, 6]]})",
    R"({"box": [[1.5, 2], [3, 4.5]]})",
    // Wrong counts.
    R"({"points": [[1.5]]})",
    R"({"points": [[1.5, 2.5, 3.5]]})",
    R"({"points": [[]]})",
    R"({"triples": [[1.5, 2.5], [1.5, 2.5, 3.5]]})",
    // Anything but a number in a row.
    R"({"points": [[1.5, "x"]]})",
    R"({"points": [[null, 1.5]]})",
    R"({"points": [[1.5, [2.5]]]})",
    R"({"points": [[1.5, {"a": 1}]]})",
    R"({"points": [[1.5, true]]})",
    R"({"points": [[1.5, 1e400]]})",
    R"({"points": [1.5]})",
    // Not JSON, inside a row and after one.
    R"({"points": [[1.5, 2.5], [3.5, x]]})",
    R"({"points": [[1.5, 2.5], [3.5,)",
    "{\"points\": [[1.5,\n 2.5], [3.5, -]]}",
    R"({"points": [[1.5, 2.5]] x})",
};

TEST(BindNumberRows, AgreeWithRowsOfFloatsWholeAndInEveryTwoChunks) {
  for (std::string_view json : documents) {
    expect_rows_agree(json, chunking::whole());
    for (std::size_t cut = 0; cut <= json.size(); ++cut)
      expect_rows_agree(json, chunking::split_at(cut));
    expect_rows_agree(json, chunking::fixed(1));
  }
}

TEST(BindNumberRows, ReusedVectorsAgreeWithRowsOfFloats) {
  float_shape before;
  before.points = {{9.5f, 8.5f}, {7.5f, 6.5f}, {5.5f, 4.5f}};
  for (std::string_view json : documents) {
    expect_rows_agree(json, chunking::whole(), before);
    expect_rows_agree(json, chunking::fixed(3), before);
  }
}

TEST(BindNumberRows, ErrorsInsideRowsSayWhere) {
  // (The same as the rules' own errors: the float rows above agree with these.)
  using jsonx::bind_errc;
  const decode_error mismatch = jsonx::test::expect_decode_failure<double_shape>(
      R"({"points": [[1.5, 2.5], [0.5, "x"]]})", bind_errc::type_mismatch, "/points/1/1");
  EXPECT_EQ(mismatch.expected_type, "double");
  EXPECT_EQ(mismatch.found_kind, jsonx::json_kind::string);
  jsonx::test::expect_decode_failure<double_shape>(R"({"points": [[1.5, 2.5], [0.5]]})",
                                                   bind_errc::wrong_array_size, "/points/1");
  jsonx::test::expect_decode_failure<double_shape>(R"({"points": [[1.5, 2.5, 3.5]]})",
                                                   bind_errc::wrong_array_size, "/points/0");
  // A parse error inside a row has the row's element in its path.
  const decode_error parse = jsonx::test::expect_decode_failure<double_shape>(
      R"({"points": [[1.5, 2.5], [0.5, -x]]})", jsonx::parse_errc::invalid_number, "/points/1/0");
  EXPECT_EQ(parse.offset, 31u);
}

TEST(BindNumberRows, TheOuterLimitStillHolds) {
  jsonx::decode_options options;
  options.max_elements = 2;
  jsonx::test::expect_decode_failure<double_shape>(
      R"({"points": [[1.5, 2.5], [0.5, 1.5], [2.5, 3.5]]})", jsonx::bind_errc::too_many_elements,
      "/points", options);
}

// Snapshots: after every byte of a document, in every mode, the rows of doubles show what the
// rows of floats show, and the decode then goes on to the same value. (Numbers whose every
// prefix that is a number is exact in a float: trailing_numbers keeps a cut "3.7" as 3.7.)
TEST(BindNumberRows, SnapshotsAtEveryByteAgreeWithRowsOfFloats) {
  const std::string json =
      R"({"points": [[1.5, -2.5], [0.5, 1], [3.5, 2E3]], "box": [[1.5, 2.5], [3.5, 4.5]]})";
  for (partial_mode mode : {partial_mode::strict, partial_mode::trailing_strings,
                            partial_mode::trailing_numbers, partial_mode::trailing}) {
    for (std::size_t cut = 0; cut <= json.size(); ++cut) {
      float_shape f;
      double_shape d;
      jsonx::typed_decoder<float_shape> fd(f);
      jsonx::typed_decoder<double_shape> dd(d);
      decode_error error;
      const std::string_view head = std::string_view(json).substr(0, cut);
      ASSERT_TRUE(fd.feed(head, error)) << error.message();
      ASSERT_TRUE(dd.feed(head, error)) << error.message();
      ASSERT_TRUE(fd.partial(mode, error)) << error.message();
      ASSERT_TRUE(dd.partial(mode, error)) << error.message();
      EXPECT_TRUE(same(d, f)) << "snapshot after " << cut << " bytes, mode "
                              << static_cast<int>(mode);
      const std::string_view tail = std::string_view(json).substr(cut);
      ASSERT_TRUE(fd.feed(tail, error) && fd.finish(error)) << error.message();
      ASSERT_TRUE(dd.feed(tail, error) && dd.finish(error)) << error.message();
      EXPECT_TRUE(same(d, f)) << "after " << cut << " bytes";
      EXPECT_EQ(d.points.size(), 3u);
      EXPECT_EQ(d.points[2][1], 2000.0);
    }
  }
}

}  // namespace
