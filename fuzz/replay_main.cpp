// Runs a fuzz target's entry point over files, without libFuzzer: the seed corpus and the
// conformance suite become ordinary tests, and a crash file from a fuzzing run can be
// replayed under a debugger.
//
//   fuzz_chunked_replay PATH...          files, or directories (read recursively)
//   fuzz_chunked_replay --conformance    $JSONX_CONFORMANCE_DIR/JSONTestSuite/test_parsing
//                                        (exit 77, "skipped", if it is not there)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#ifndef JSONX_CONFORMANCE_DIR_DEFAULT
#error "JSONX_CONFORMANCE_DIR_DEFAULT must be defined by the build"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

constexpr int exit_skipped = 77;  // ctest SKIP_RETURN_CODE

fs::path conformance_directory() {
  const char* from_environment = std::getenv("JSONX_CONFORMANCE_DIR");
  fs::path root = from_environment && *from_environment ? fs::path(from_environment)
                                                        : fs::path(JSONX_CONFORMANCE_DIR_DEFAULT);
  return root / "JSONTestSuite" / "test_parsing";
}

// Appends the regular files under `path` (or `path` itself), sorted for a stable order.
bool collect_inputs(const fs::path& path, std::vector<fs::path>& inputs) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) {
    inputs.push_back(path);
    return true;
  }
  if (!fs::is_directory(path, ec)) return false;
  std::vector<fs::path> found;
  for (const auto& entry : fs::recursive_directory_iterator(path)) {
    if (entry.is_regular_file()) found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  inputs.insert(inputs.end(), found.begin(), found.end());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "--conformance") {
      fs::path suite = conformance_directory();
      if (!collect_inputs(suite, inputs)) {
        std::printf("SKIPPED: no conformance suite at %s (set JSONX_CONFORMANCE_DIR)\n",
                    suite.c_str());
        return exit_skipped;
      }
    } else if (!collect_inputs(argument, inputs)) {
      std::fprintf(stderr, "replay: no such file or directory: %s\n", argument.c_str());
      return 2;
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "usage: %s [--conformance] FILE|DIR...\nreplay: no input files\n",
                 argv[0]);
    return 2;
  }

  std::uintmax_t total_bytes = 0;
  for (const fs::path& path : inputs) {
    std::ifstream file(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (!file.good() && !file.eof()) {
      std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
      return 2;
    }
    // An allocation of exactly the input's size, as libFuzzer makes, so that a sanitizer
    // build catches any read past the end.
    std::unique_ptr<std::uint8_t[]> data(new std::uint8_t[std::max<std::size_t>(bytes.size(), 1)]);
    std::copy(bytes.begin(), bytes.end(), data.get());
    // Named first, so that a failing input is the last one in the log.
    std::fprintf(stderr, "replay: %s\n", path.c_str());
    LLVMFuzzerTestOneInput(data.get(), bytes.size());
    total_bytes += bytes.size();
  }
  std::printf("replayed %zu inputs (%ju bytes): all checks passed\n", inputs.size(), total_bytes);
  return 0;
}
