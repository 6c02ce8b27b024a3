// nlohmann/json for the typed tasks: json::parse then get_to(model) (decode_typed), and
// json(model).dump() (encode_typed), through nlohmann's own customization point.
//
// The models' structs get an adl_serializer with from_json / to_json, generated from their
// description (model_fields.hpp) instead of written out with NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE:
// those macros call j.at(name) for every member, so they cannot bind the members twitter.json
// leaves out (retweeted_status, media, possibly_sensitive, ...), and nlohmann 3.11 converts
// neither std::optional, std::unique_ptr nor maps with integer keys. Everything else (strings,
// numbers, vectors, std::array, maps with string keys) is converted by nlohmann itself.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <type_traits>

#include "adapters.hpp"
#include "adapters/model_fields.hpp"
#include "bench_cases.hpp"
#include "typed_models.hpp"

namespace jsonx_bench::nlohmann_binding {

using namespace model_fields;
using json = nlohmann::json;

template <class T>
void read(const json& j, T& member) {
  if constexpr (nullable<T>) {
    if (j.is_null()) {
      member.reset();
    } else {
      read(j, make_present(member));
    }
  } else if constexpr (std::is_same_v<T, jsonx::raw_json>) {
    member.text = j.dump();
  } else if constexpr (integer_keyed_map<T>) {
    member.clear();
    for (const auto& [key, item] : j.items()) {
      read(item, member[std::stoll(key)]);
    }
  } else {
    j.get_to(member);
  }
}

template <class T>
json to_json_value(const T& member) {
  if constexpr (nullable<T>) {
    return member ? to_json_value(*member) : json(nullptr);
  } else if constexpr (std::is_same_v<T, jsonx::raw_json>) {
    return member.text.empty() ? json(nullptr) : json::parse(member.text);
  } else if constexpr (integer_keyed_map<T>) {
    json object = json::object();
    for (const auto& [id, item] : member) object[std::to_string(id)] = to_json_value(item);
    return object;
  } else {
    return json(member);
  }
}

}  // namespace jsonx_bench::nlohmann_binding

namespace nlohmann {

template <class T>
struct adl_serializer<T, std::enable_if_t<jsonx_bench::model_fields::model_struct<T>>> {
  static void from_json(const json& j, T& value) {
    using namespace jsonx_bench::nlohmann_binding;
    jsonx_bench::model_fields::for_each_field<T>([&](const auto& field) {
      if (field.skipped) return;
      auto& member = value.*(field.pointer);
      auto found = j.find(field.name);
      if (found != j.end()) {
        read(*found, member);
      } else if constexpr (nullable<std::remove_cvref_t<decltype(member)>>) {
        member.reset();
      } else {
        j.at(field.name);  // throws out_of_range, naming the key
      }
    });
  }
  static void to_json(json& j, const T& value) {
    using namespace jsonx_bench::nlohmann_binding;
    j = json::object();
    jsonx_bench::model_fields::for_each_field<T>([&](const auto& field) {
      if (field.skipped) return;
      const auto& member = value.*(field.pointer);
      if constexpr (nullable<std::remove_cvref_t<decltype(member)>>) {
        if (field.omit_if_null && !member) return;
      }
      j[std::string(field.name)] = to_json_value(member);
    });
  }
};

}  // namespace nlohmann

namespace jsonx_bench {
namespace {

using json = nlohmann::json;

template <class Model>
void decode_case(benchmark::State& state, const corpus_file& file) {
  Model model;
  for (auto _ : state) {
    try {
      json document = json::parse(file.text);
      document.get_to(model);
    } catch (const std::exception& error) {
      state.SkipWithError(error.what());
      break;
    }
    benchmark::DoNotOptimize(&model);
  }
  finish_decode_case(state, file, model);
}

template <class Model>
void encode_case(benchmark::State& state, const corpus_file& file) {
  const Model* model = reference_model<Model>(file);
  if (model == nullptr) {
    state.SkipWithError("jsonx cannot decode the file into its model");
    return;
  }
  std::string out;
  for (auto _ : state) {
    out = json(*model).dump();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_encode_case<Model>(state, file, out);
}

}  // namespace

void register_nlohmann_typed_cases() {
  for_each_model_file([]<class Model>(const corpus_file& file) {
    register_case("decode_typed", "nlohmann", file, decode_case<Model>);
    register_case("encode_typed", "nlohmann", file, encode_case<Model>);
  });
}

}  // namespace jsonx_bench
