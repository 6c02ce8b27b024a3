#include "test_data.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "jsonx/corpus/corpus.hpp"

namespace jsonx::test {

const std::vector<named_input>& conformance_files() {
  static const std::vector<named_input> files = [] {
    std::vector<named_input> loaded;
    std::filesystem::path folder = corpus::conformance_directory();
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) {
      std::fprintf(stderr, "jsonx tests: %s is absent (set JSONX_CONFORMANCE_DIR)\n",
                   folder.string().c_str());
      return loaded;
    }
    for (const auto& item : std::filesystem::directory_iterator(folder)) {
      if (item.path().extension() != ".json") continue;
      std::ifstream in(item.path(), std::ios::binary);
      loaded.push_back(
          {item.path().filename().string(),
           std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>())});
    }
    std::sort(loaded.begin(), loaded.end(),
              [](const named_input& a, const named_input& b) { return a.name < b.name; });
    return loaded;
  }();
  return files;
}

std::vector<const named_input*> conformance_files(std::string_view prefix) {
  std::vector<const named_input*> selected;
  for (const named_input& file : conformance_files())
    if (file.name.starts_with(prefix)) selected.push_back(&file);
  return selected;
}

const std::vector<named_input>& corpus_files() {
  static const std::vector<named_input> files = [] {
    std::vector<named_input> loaded;
    for (const corpus::entry& e : corpus::manifest())
      if (auto bytes = corpus::load(e.name)) loaded.push_back({std::string(e.file), *bytes});
    return loaded;
  }();
  return files;
}

std::vector<named_input> generated_documents(std::size_t approx_bytes, std::size_t seeds,
                                             std::uint64_t first_seed) {
  std::vector<named_input> documents;
  for (corpus::shape s : {corpus::shape::twitter, corpus::shape::citm_catalog,
                          corpus::shape::canada, corpus::shape::small}) {
    for (std::uint64_t seed = first_seed; seed < first_seed + seeds; ++seed) {
      documents.push_back({std::string(corpus::shape_name(s)) + "/" + std::to_string(approx_bytes) +
                               "/" + std::to_string(seed),
                           corpus::generate(s, approx_bytes, seed)});
    }
  }
  return documents;
}

void kernel_test::SetUp() {
  if (!simd::kernel_supported(GetParam()))
    GTEST_SKIP() << simd::kernel_unavailable_reason(GetParam()) << ": skipped";
}

std::string kernel_param_name(const testing::TestParamInfo<simd::kernel_id>& info) {
  return std::string(simd::kernel_name(info.param));
}

}  // namespace jsonx::test
