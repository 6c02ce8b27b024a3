// The peers compiled from JSONX_PEERS_DIR (yyjson, sonic-cpp): which were built, with what, and
// the registration of their cases. CMake passes what it found as compile definitions:
// JSONX_BENCH_HAVE_<PEER>, _VERSION, _COMMIT and _FLAGS for a peer that was built,
// JSONX_BENCH_<PEER>_SKIPPED (the reason) for one that was not.
//
// This file is compiled without -march, so that it can check the CPU before sonic-cpp's
// -march=haswell code runs.
#include <string>
#include <vector>

#include "adapters.hpp"

namespace jsonx_bench {
namespace {

#if defined(JSONX_BENCH_HAVE_SONIC)
// Empty if this CPU runs what -march=haswell may emit (AVX2, BMI1/2, FMA, PCLMUL, ...);
// otherwise why not.
std::string sonic_cpu_problem() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  const char* missing = nullptr;
  if (!__builtin_cpu_supports("avx2")) {
    missing = "AVX2";
  } else if (!__builtin_cpu_supports("bmi") || !__builtin_cpu_supports("bmi2")) {
    missing = "BMI1/BMI2";
  } else if (!__builtin_cpu_supports("fma")) {
    missing = "FMA";
  } else if (!__builtin_cpu_supports("pclmul")) {
    missing = "PCLMUL";
  }
  if (missing == nullptr) return {};
  return std::string("this CPU has no ") + missing + " (sonic-cpp is compiled with -march=haswell)";
#else
  return "not an x86 CPU (sonic-cpp is compiled with -march=haswell)";
#endif
}
#endif

}  // namespace

std::vector<context_entry> external_peers_context() {
  std::vector<context_entry> context;
#if defined(JSONX_BENCH_HAVE_YYJSON)
  context.push_back({"yyjson_version", JSONX_BENCH_YYJSON_VERSION});
  context.push_back({"yyjson_commit", JSONX_BENCH_YYJSON_COMMIT});
  context.push_back({"yyjson_flags", JSONX_BENCH_YYJSON_FLAGS});
#else
  context.push_back({"yyjson", "skipped"});
#endif
#if defined(JSONX_BENCH_HAVE_SONIC)
  context.push_back({"sonic_cpp_version", JSONX_BENCH_SONIC_VERSION});
  context.push_back({"sonic_cpp_commit", JSONX_BENCH_SONIC_COMMIT});
  context.push_back({"sonic_cpp_flags", JSONX_BENCH_SONIC_FLAGS});
  if (!sonic_cpu_problem().empty()) context.push_back({"sonic_cpp", "skipped"});
#else
  context.push_back({"sonic_cpp", "skipped"});
#endif
  return context;
}

std::vector<std::string> skipped_external_peers() {
  std::vector<std::string> skipped;
#if !defined(JSONX_BENCH_HAVE_YYJSON)
  skipped.push_back(std::string("yyjson: ") + JSONX_BENCH_YYJSON_SKIPPED);
#endif
#if defined(JSONX_BENCH_HAVE_SONIC)
  if (std::string problem = sonic_cpu_problem(); !problem.empty()) {
    skipped.push_back("sonic_cpp: " + problem);
  }
#else
  skipped.push_back(std::string("sonic_cpp: ") + JSONX_BENCH_SONIC_SKIPPED);
#endif
  return skipped;
}

void register_external_peer_cases() {
#if defined(JSONX_BENCH_HAVE_YYJSON)
  register_yyjson_dom_cases();
#endif
#if defined(JSONX_BENCH_HAVE_SONIC)
  if (sonic_cpu_problem().empty()) register_sonic_dom_cases();
#endif
}

}  // namespace jsonx_bench
