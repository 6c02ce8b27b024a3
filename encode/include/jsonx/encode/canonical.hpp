// Canonical JSON: the JSON Canonicalization Scheme of RFC 8785 (JCS), for signatures and
// content hashes: the same data always gives the same bytes.
//
//   std::string c = jsonx::canonicalize(R"({"b": 1.50, "a": [1E3, "\u00e9"]})");
//   // {"a":[1000,"é"],"b":1.5}
//
// What canonical output is (RFC 8785 section 3.2):
// - no whitespace;
// - object members sorted by their names as arrays of UTF-16 code units (not UTF-8 bytes: the
//   orders differ for names holding characters above U+FFFF and U+E000..U+FFFF), recursively;
//   array elements keep their order;
// - every number is an IEEE-754 double written as ECMAScript's Number.prototype.toString writes
//   it: the shortest digits that read back to the same double, exponent forms below 1e-6 and
//   from 1e21 ("1e+21", "1e-7"), -0 as "0"; integers beyond 2^53 become doubles
//   ("9007199254740993" is written 9007199254740992);
// - strings escaped minimally: only '"', '\' and the control characters (as \b \t \n \f \r, the
//   others as \u00xx with lowercase hex); '/', non-ASCII and U+2028/9 are written as they are.
//
// Errors: input that is not JSON (a parse_errc, with its location), an object with two members
// of the same name (write_errc::duplicate_key: I-JSON, which JCS requires, forbids them), a
// number beyond double range such as 1e400 (write_errc::number_out_of_range). A number below
// the smallest double (1e-400) reads as 0, as ECMAScript's JSON.parse reads it.
#pragma once

#include <string>
#include <string_view>

#include "jsonx/sax/error.hpp"
#include "jsonx/sax/parse_options.hpp"

namespace jsonx {

/// Appends the canonical form of the JSON text `json` (one value) to `out`. Returns false and
/// fills `error` on failure: its code is a parse_errc or a write_errc, its location where the
/// input stopped being acceptable (for a duplicate name: the end of its object). `out` may
/// then hold part of the output.
bool canonicalize(std::string_view json, std::string& out, parse_error& error,
                  const parse_options& parsing = {});

/// The canonical form of `json`; throws parse_exception (whatever the error's code).
std::string canonicalize(std::string_view json, const parse_options& parsing = {});

/// Appends a finite double as ECMAScript's Number.prototype.toString writes it (RFC 8785
/// section 3.2.2.3): "0" for both zeros, "5e-324", "1e+21", "0.000001", "123.456".
/// NaN and infinities (which JSON cannot hold) are not accepted: false, nothing appended.
bool append_ecmascript_number(double value, std::string& out);

/// Orders two UTF-8 strings as their UTF-16 code units would (RFC 8785 section 3.2.3):
/// negative, zero or positive. Both must be valid UTF-8.
int compare_as_utf16(std::string_view a, std::string_view b) noexcept;

}  // namespace jsonx
