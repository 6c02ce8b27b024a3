// Finds and reads the corpus and conformance folders, honouring the environment overrides.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <system_error>

#include "jsonx/corpus/corpus.hpp"

namespace jsonx::corpus {
namespace {

std::filesystem::path from_environment(const char* variable, const char* fallback) {
  const char* value = std::getenv(variable);
  return std::filesystem::path(value != nullptr && *value != '\0' ? value : fallback);
}

void report_skip(std::string_view name, const std::string& why) {
  std::fprintf(stderr, "jsonx_corpus: skipping %.*s: %s\n", static_cast<int>(name.size()),
               name.data(), why.c_str());
}

}  // namespace

std::filesystem::path directory() {
  return from_environment("JSONX_CORPUS_DIR", JSONX_DEFAULT_CORPUS_DIR);
}

std::filesystem::path conformance_directory() {
  return from_environment("JSONX_CONFORMANCE_DIR", JSONX_DEFAULT_CONFORMANCE_DIR) /
         "JSONTestSuite" / "test_parsing";
}

std::optional<std::string> load(std::string_view name) {
  const entry* known = find(name);
  if (known == nullptr) {
    report_skip(name, "not in corpus/manifest.tsv");
    return std::nullopt;
  }
  std::filesystem::path path = directory() / known->file;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    report_skip(name, path.string() + " is absent (set JSONX_CORPUS_DIR)");
    return std::nullopt;
  }
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    report_skip(name, "cannot read " + path.string());
    return std::nullopt;
  }
  if (bytes.size() != known->bytes) {
    report_skip(name, path.string() + " has " + std::to_string(bytes.size()) +
                          " bytes, the manifest says " + std::to_string(known->bytes));
    return std::nullopt;
  }
  return bytes;
}

}  // namespace jsonx::corpus
