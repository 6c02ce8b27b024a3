// What the typed tasks (decode_typed, decode_typed_chunked_64k, encode_typed, decode_partial)
// share: which
// corpus file has which model (bind/examples: jsonx_bind_models), the reference model of each
// file, and the checks of a library's result against it.
//
// The reference is jsonx's own decode of the file (one-shot jsonx::decode); every library's
// filled model must equal it (jsonx::models::equal: member by member, following the
// description), and every library's encoded output, decoded again by jsonx, must equal it too.
// A difference is flagged as "MODEL MISMATCH: ..." (compare.py marks it with `!`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bench_cases.hpp"
#include "jsonx/bind/describe.hpp"
#include "jsonx/bind_models/canada.hpp"
#include "jsonx/bind_models/citm_catalog.hpp"
#include "jsonx/bind_models/twitter.hpp"

namespace jsonx_bench {

namespace models = jsonx::models;

/// Calls `visit.template operator()<Model>(file)` for each loaded corpus file that has a model
/// (twitter, citm_catalog, canada; small has none).
template <class Visitor>
void for_each_model_file(Visitor&& visit) {
  for (const corpus_file& file : corpus_files()) {
    if (file.name == "twitter") {
      visit.template operator()<models::twitter::document>(file);
    } else if (file.name == "citm_catalog") {
      visit.template operator()<models::citm_catalog::document>(file);
    } else if (file.name == "canada") {
      visit.template operator()<models::canada::document>(file);
    }
  }
}

/// decode_partial: a few fields of each twitter status (id, text, user.screen_name), every other
/// member of the file unknown to the model (jsonx skips them; On-Demand steps over them).
namespace partial {
struct user {
  std::string screen_name;
};
JSONX_DESCRIBE(user, screen_name)
struct status {
  std::uint64_t id = 0;
  std::string text;
  partial::user user;
};
JSONX_DESCRIBE(status, id, text, user)
struct twitter_document {
  std::vector<status> statuses;
};
JSONX_DESCRIBE(twitter_document, statuses)
}  // namespace partial

/// Calls `visit(file)` for the loaded twitter file (the one decode_partial runs on).
template <class Visitor>
void for_each_partial_file(Visitor&& visit) {
  for (const corpus_file& file : corpus_files())
    if (file.name == "twitter") visit(file);
}

/// jsonx's decode of `file` into `Model`, made on first use; nullptr (with a line on stderr) if
/// jsonx cannot decode it, and then the checks below are skipped.
template <class Model>
const Model* reference_model(const corpus_file& file);

/// After a decode case: flags the case if `last` (the model filled by the last iteration)
/// differs from the reference.
template <class Model>
void finish_decode_case(benchmark::State& state, const corpus_file& file, const Model& last);

/// After an encode case: reports the output's size (as finish_output_case does) and flags the
/// case if `output`, decoded by jsonx, does not give the reference back.
template <class Model>
void finish_encode_case(benchmark::State& state, const corpus_file& file, std::string_view output);

}  // namespace jsonx_bench
