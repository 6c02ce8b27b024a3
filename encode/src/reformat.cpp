// minify / pretty / reformat: the parser feeding a writer.
#include "jsonx/encode/reformat.hpp"

#include "jsonx/encode/writer.hpp"
#include "jsonx/sax/push_parser.hpp"

namespace jsonx {

bool reformat(std::string_view json, std::string& out, parse_error& error,
              const write_options& options, const parse_options& parsing) {
  write_options effective = options;
  // The parser has validated every string as UTF-8: checking again would only cost time.
  effective.invalid_utf8 = invalid_utf8_policy::assume_valid;
  writer w(out, effective);
  if (!parse(json, w, error, parsing)) {
    if (w.failed()) error.code = w.error();
    return false;
  }
  if (!w.finish()) {
    error = {};
    error.code = w.error();
    return false;
  }
  return true;
}

namespace {
std::string reformat_or_throw(std::string_view json, const write_options& options,
                              const parse_options& parsing) {
  std::string out;
  out.reserve(json.size() + json.size() / 8);
  parse_error error;
  if (!reformat(json, out, error, options, parsing)) {
    if (&error.code.category() == &write_category()) throw write_exception(error.code);
    throw parse_exception(std::move(error));
  }
  return out;
}
}  // namespace

std::string minify(std::string_view json, const parse_options& parsing) {
  return reformat_or_throw(json, write_options{}, parsing);
}

std::string pretty(std::string_view json, const write_options& options,
                   const parse_options& parsing) {
  return reformat_or_throw(json, options, parsing);
}

}  // namespace jsonx
