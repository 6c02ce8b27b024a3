// Boost.JSON for the typed tasks: parse (reused parser and monotonic resource, as in parse_dom)
// then value_to<Model> (decode_typed), and value_from (into a reused monotonic resource) then a
// reused serializer into a reused buffer (encode_typed).
//
// The conversions of the models' structs are tag_invoke overloads generated from their
// description (model_fields.hpp). Boost 1.81's own conversion of described classes
// (Boost.Describe) cannot bind these models: it requires every member to be present and the
// object to have exactly as many members as the struct (twitter.json leaves some out), and
// converts neither std::unique_ptr, raw JSON, nor maps with integer keys. Everything else
// (strings, numbers, vectors, std::array, std::optional, maps with string keys) goes through
// Boost.JSON's own value_to / value_from.
#include <boost/json/monotonic_resource.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/parser.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/serializer.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <boost/json/value_to.hpp>

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "adapters.hpp"
#include "adapters/model_fields.hpp"
#include "bench_cases.hpp"
#include "typed_models.hpp"

namespace jsonx_bench::boost_binding {

namespace json = boost::json;
using namespace model_fields;

template <class T>
void read(const json::value& jv, T& member) {
  if constexpr (nullable<T>) {
    if (jv.is_null()) {
      member.reset();
    } else {
      read(jv, make_present(member));
    }
  } else if constexpr (std::is_same_v<T, jsonx::raw_json>) {
    member.text = json::serialize(jv);
  } else if constexpr (integer_keyed_map<T>) {
    member.clear();
    for (const json::key_value_pair& item : jv.as_object()) {
      std::string_view key = item.key();
      std::int64_t id = 0;
      auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), id);
      if (error != std::errc() || end != key.data() + key.size()) {
        throw std::runtime_error("key is not an integer");
      }
      read(item.value(), member[id]);
    }
  } else {
    member = json::value_to<T>(jv);
  }
}

template <class T>
json::value write(const T& member, const json::storage_ptr& storage) {
  if constexpr (nullable<T>) {
    return member ? write(*member, storage) : json::value(nullptr, storage);
  } else if constexpr (std::is_same_v<T, jsonx::raw_json>) {
    return member.text.empty() ? json::value(nullptr, storage) : json::parse(member.text, storage);
  } else if constexpr (integer_keyed_map<T>) {
    json::value result(json::object_kind, storage);
    json::object& object = result.get_object();
    object.reserve(member.size());
    for (const auto& [id, item] : member) {
      char key[24];
      auto end = std::to_chars(key, key + sizeof key, id).ptr;
      object.emplace(std::string_view(key, static_cast<std::size_t>(end - key)),
                     write(item, storage));
    }
    return result;
  } else {
    return json::value_from(member, storage);
  }
}

template <model_struct T>
T tag_invoke(json::value_to_tag<T>, const json::value& jv) {
  const json::object& object = jv.as_object();
  T result;
  for_each_field<T>([&](const auto& field) {
    if (field.skipped) return;
    auto& member = result.*(field.pointer);
    if (const json::value* found = object.if_contains(field.name)) {
      read(*found, member);
    } else if constexpr (!nullable<std::remove_cvref_t<decltype(member)>>) {
      throw std::runtime_error("member absent: " + std::string(field.name));
    }
  });
  return result;
}

template <model_struct T>
void tag_invoke(json::value_from_tag, json::value& jv, const T& value) {
  json::object& object = jv.emplace_object();
  object.reserve(std::tuple_size_v<std::remove_cvref_t<decltype(jsonx::fields_of<T>)>>);
  for_each_field<T>([&](const auto& field) {
    if (field.skipped) return;
    const auto& member = value.*(field.pointer);
    if constexpr (nullable<std::remove_cvref_t<decltype(member)>>) {
      if (field.omit_if_null && !member) return;
    }
    object.emplace(field.name, write(member, object.storage()));
  });
}

}  // namespace jsonx_bench::boost_binding

// Boost.JSON finds tag_invoke by argument-dependent lookup, in the namespaces of the models.
namespace jsonx::models::twitter {
using jsonx_bench::boost_binding::tag_invoke;
}
namespace jsonx::models::citm_catalog {
using jsonx_bench::boost_binding::tag_invoke;
}
namespace jsonx::models::canada {
using jsonx_bench::boost_binding::tag_invoke;
}

namespace jsonx_bench {
namespace {

namespace json = boost::json;

json::parse_options parser_options() {
  json::parse_options options;
  options.max_depth = 1024;
  return options;
}

std::vector<unsigned char> resource_buffer_for(const corpus_file& file) {
  return std::vector<unsigned char>(file.text.size() * 4 + 64 * 1024);
}

template <class Model>
void decode_case(benchmark::State& state, const corpus_file& file) {
  std::vector<unsigned char> buffer = resource_buffer_for(file);
  json::monotonic_resource resource(buffer.data(), buffer.size());
  json::parser parser(json::storage_ptr(), parser_options());
  Model model;
  for (auto _ : state) {
    resource.release();  // the previous iteration's document is gone
    parser.reset(&resource);
    json::error_code ec;
    parser.write(file.text.data(), file.text.size(), ec);
    if (ec) {
      state.SkipWithError(ec.message().c_str());
      break;
    }
    try {
      json::value document = parser.release();
      model = json::value_to<Model>(document);
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
  std::vector<unsigned char> resource_buffer = resource_buffer_for(file);
  json::monotonic_resource resource(resource_buffer.data(), resource_buffer.size());
  json::serializer serializer;
  std::vector<char> out(file.text.size() + 4096);  // grown (once) if the output is larger
  std::size_t out_size = 0;
  for (auto _ : state) {
    resource.release();
    {
      json::value document = json::value_from(*model, json::storage_ptr(&resource));
      serializer.reset(&document);
      out_size = 0;
      while (!serializer.done()) {
        if (out_size == out.size()) out.resize(out.size() * 2);
        out_size += serializer.read(out.data() + out_size, out.size() - out_size).size();
      }
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_encode_case<Model>(state, file, std::string_view(out.data(), out_size));
}

}  // namespace

void register_boostjson_typed_cases() {
  for_each_model_file([]<class Model>(const corpus_file& file) {
    register_case("decode_typed", "boostjson", file, decode_case<Model>);
    register_case("encode_typed", "boostjson", file, encode_case<Model>);
  });
}

}  // namespace jsonx_bench
