// RapidJSON for the typed tasks: Document::Parse (reused pool allocator, as in parse_dom) then
// a manual fill of the model from the DOM (decode_typed), and the model written by hand
// through Writer<StringBuffer> with a reused buffer (encode_typed). RapidJSON has no binding of
// its own: this is the code its users write, one FindMember per field, generated here from the
// models' description (model_fields.hpp).
#if defined(__SSE4_2__) && !defined(RAPIDJSON_SSE42)
#define RAPIDJSON_SSE42
#endif
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <array>
#include <charconv>
#include <concepts>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "adapters.hpp"
#include "adapters/model_fields.hpp"
#include "bench_cases.hpp"
#include "typed_models.hpp"

namespace jsonx_bench {
namespace {

using namespace model_fields;
using pool_allocator = rapidjson::MemoryPoolAllocator<>;
using document_type = rapidjson::GenericDocument<rapidjson::UTF8<>, pool_allocator>;
using value_type = document_type::ValueType;
using writer_type = rapidjson::Writer<rapidjson::StringBuffer>;

[[noreturn]] void wrong_type(const char* expected) {
  throw std::runtime_error(std::string("expected ") + expected);
}

// Decoding: fill(value, member) for each kind of member. Declared first, defined below, so
// that the templates find each other whatever the nesting.
void fill(const value_type& v, std::string& out);
void fill(const value_type& v, bool& out);
void fill(const value_type& v, double& out);
void fill(const value_type& v, jsonx::raw_json& out);
template <std::integral T>
void fill(const value_type& v, T& out);
template <nullable T>
void fill(const value_type& v, T& out);
template <class T>
void fill(const value_type& v, std::vector<T>& out);
template <class T, std::size_t N>
void fill(const value_type& v, std::array<T, N>& out);
template <class T>
void fill(const value_type& v, std::map<std::string, T>& out);
template <integer_keyed_map T>
void fill(const value_type& v, T& out);
template <model_struct T>
void fill(const value_type& v, T& out);

void fill(const value_type& v, std::string& out) {
  if (!v.IsString()) wrong_type("a string");
  out.assign(v.GetString(), v.GetStringLength());
}
void fill(const value_type& v, bool& out) {
  if (!v.IsBool()) wrong_type("a boolean");
  out = v.GetBool();
}
void fill(const value_type& v, double& out) {
  if (!v.IsNumber()) wrong_type("a number");
  out = v.GetDouble();
}
void fill(const value_type& v, jsonx::raw_json& out) {
  rapidjson::StringBuffer text;
  rapidjson::Writer<rapidjson::StringBuffer> writer(text);
  v.Accept(writer);
  out.text.assign(text.GetString(), text.GetSize());
}
template <std::integral T>
void fill(const value_type& v, T& out) {
  if (v.IsInt64()) {
    std::int64_t x = v.GetInt64();
    if (!std::in_range<T>(x)) wrong_type("an integer in range");
    out = static_cast<T>(x);
  } else if (v.IsUint64()) {
    std::uint64_t x = v.GetUint64();
    if (!std::in_range<T>(x)) wrong_type("an integer in range");
    out = static_cast<T>(x);
  } else {
    wrong_type("an integer");
  }
}
template <nullable T>
void fill(const value_type& v, T& out) {
  if (v.IsNull()) {
    out.reset();
  } else {
    fill(v, make_present(out));
  }
}
template <class T>
void fill(const value_type& v, std::vector<T>& out) {
  if (!v.IsArray()) wrong_type("an array");
  out.clear();
  out.reserve(v.Size());
  for (const value_type& item : v.GetArray()) fill(item, out.emplace_back());
}
template <class T, std::size_t N>
void fill(const value_type& v, std::array<T, N>& out) {
  if (!v.IsArray() || v.Size() != N) wrong_type("an array of the right length");
  for (std::size_t i = 0; i < N; ++i) fill(v[static_cast<rapidjson::SizeType>(i)], out[i]);
}
template <class T>
void fill(const value_type& v, std::map<std::string, T>& out) {
  if (!v.IsObject()) wrong_type("an object");
  out.clear();
  for (const auto& member : v.GetObject()) {
    fill(member.value, out[std::string(member.name.GetString(), member.name.GetStringLength())]);
  }
}
template <integer_keyed_map T>
void fill(const value_type& v, T& out) {
  if (!v.IsObject()) wrong_type("an object");
  out.clear();
  for (const auto& member : v.GetObject()) {
    const char* key = member.name.GetString();
    const char* key_end = key + member.name.GetStringLength();
    std::int64_t id = 0;
    auto [end, error] = std::from_chars(key, key_end, id);
    if (error != std::errc() || end != key_end) wrong_type("an integer key");
    fill(member.value, out[id]);
  }
}
template <model_struct T>
void fill(const value_type& v, T& out) {
  if (!v.IsObject()) wrong_type("an object");
  for_each_field<T>([&](const auto& field) {
    if (field.skipped) return;
    auto& member = out.*(field.pointer);
    auto found = v.FindMember(rapidjson::StringRef(
        field.name.data(), static_cast<rapidjson::SizeType>(field.name.size())));
    if (found != v.MemberEnd()) {
      fill(found->value, member);
    } else if constexpr (nullable<std::remove_cvref_t<decltype(member)>>) {
      clear_nullable(member);
    } else {
      wrong_type("a member that is absent");
    }
  });
}

// Encoding: write(writer, member) for each kind of member.
void write(writer_type& w, const std::string& v) {
  w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
}
void write(writer_type& w, bool v) {
  w.Bool(v);
}
void write(writer_type& w, double v) {
  w.Double(v);
}
void write(writer_type& w, const jsonx::raw_json& v) {
  if (v.text.empty()) {
    w.Null();
  } else {
    w.RawValue(v.text.data(), v.text.size(), rapidjson::kObjectType);
  }
}
template <std::integral T>
void write(writer_type& w, T v) {
  if constexpr (std::is_same_v<T, bool>) {
    w.Bool(v);
  } else if constexpr (std::is_signed_v<T>) {
    w.Int64(v);
  } else {
    w.Uint64(v);
  }
}
template <nullable T>
void write(writer_type& w, const T& v);
template <class T>
void write(writer_type& w, const std::vector<T>& v);
template <class T, std::size_t N>
void write(writer_type& w, const std::array<T, N>& v);
template <class T>
void write(writer_type& w, const std::map<std::string, T>& v);
template <integer_keyed_map T>
void write(writer_type& w, const T& v);
template <model_struct T>
void write(writer_type& w, const T& v);

template <nullable T>
void write(writer_type& w, const T& v) {
  if (v) {
    write(w, *v);
  } else {
    w.Null();
  }
}
template <class T>
void write(writer_type& w, const std::vector<T>& v) {
  w.StartArray();
  for (const T& item : v) write(w, item);
  w.EndArray(static_cast<rapidjson::SizeType>(v.size()));
}
template <class T, std::size_t N>
void write(writer_type& w, const std::array<T, N>& v) {
  w.StartArray();
  for (const T& item : v) write(w, item);
  w.EndArray(N);
}
template <class T>
void write(writer_type& w, const std::map<std::string, T>& v) {
  w.StartObject();
  for (const auto& [key, item] : v) {
    w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
    write(w, item);
  }
  w.EndObject(static_cast<rapidjson::SizeType>(v.size()));
}
template <integer_keyed_map T>
void write(writer_type& w, const T& v) {
  w.StartObject();
  for (const auto& [id, item] : v) {
    char key[24];
    auto end = std::to_chars(key, key + sizeof key, id).ptr;
    w.Key(key, static_cast<rapidjson::SizeType>(end - key), /*copy=*/true);
    write(w, item);
  }
  w.EndObject(static_cast<rapidjson::SizeType>(v.size()));
}
template <model_struct T>
void write(writer_type& w, const T& v) {
  w.StartObject();
  for_each_field<T>([&](const auto& field) {
    if (field.skipped) return;
    const auto& member = v.*(field.pointer);
    if constexpr (nullable<std::remove_cvref_t<decltype(member)>>) {
      if (field.omit_if_null && !member) return;
    }
    w.Key(field.name.data(), static_cast<rapidjson::SizeType>(field.name.size()));
    write(w, member);
  });
  w.EndObject();
}

std::vector<char> pool_buffer_for(const corpus_file& file) {
  return std::vector<char>(file.text.size() * 4 + 64 * 1024);
}

template <class Model>
void decode_case(benchmark::State& state, const corpus_file& file) {
  std::vector<char> pool_buffer = pool_buffer_for(file);
  pool_allocator allocator(pool_buffer.data(), pool_buffer.size());
  document_type document(&allocator);
  Model model;
  for (auto _ : state) {
    document.SetNull();
    allocator.Clear();
    document.Parse<rapidjson::kParseDefaultFlags>(file.text.c_str());
    if (document.HasParseError()) {
      state.SkipWithError("RapidJSON rejected the file");
      break;
    }
    try {
      fill(document, model);
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
  rapidjson::StringBuffer buffer;
  writer_type writer(buffer);
  for (auto _ : state) {
    buffer.Clear();
    writer.Reset(buffer);
    write(writer, *model);
    benchmark::DoNotOptimize(buffer.GetString());
    benchmark::ClobberMemory();
  }
  finish_encode_case<Model>(state, file, std::string_view(buffer.GetString(), buffer.GetSize()));
}

}  // namespace

void register_rapidjson_typed_cases() {
  for_each_model_file([]<class Model>(const corpus_file& file) {
    register_case("decode_typed", "rapidjson", file, decode_case<Model>);
    register_case("encode_typed", "rapidjson", file, encode_case<Model>);
  });
}

}  // namespace jsonx_bench
