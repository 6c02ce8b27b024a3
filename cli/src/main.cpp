// jsonx: validate, count, reformat or query JSON inputs, streaming them through the push
// parser; or benchmark jsonx against simdjson.
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "command_line.hpp"
#include "commands.hpp"

#ifndef JSONX_VERSION
#error "JSONX_VERSION must be defined by the build"
#endif

int main(int argc, char** argv) {
  using namespace jsonx::cli;
  std::vector<std::string_view> arguments(argv + 1, argv + argc);
  std::string problem;
  auto command = parse_command_line(arguments, problem);
  if (!command) {
    std::fprintf(stderr, "jsonx: %s\nTry 'jsonx --help'.\n", problem.c_str());
    return exit_usage_or_io;
  }
  try {
    switch (command->command) {
      case command_kind::help:
        std::fwrite(usage_text().data(), 1, usage_text().size(), stdout);
        return exit_ok;
      case command_kind::version:
        std::printf("jsonx %s\n", JSONX_VERSION);
        return exit_ok;
      case command_kind::validate:
        return run_validate(*command, stdout, stderr);
      case command_kind::stats:
        return run_stats(*command, stdout, stderr);
      case command_kind::fmt:
      case command_kind::min:
        return run_reformat(*command, stdout, stderr);
      case command_kind::get:
        return run_get(*command, stdout, stderr);
      case command_kind::bench:
#if defined(JSONX_CLI_BENCH)
        return run_bench(*command, stdout, stderr);
#else
        std::fprintf(stderr,
                     "jsonx: bench is in jsonx-dev, the development build of this tool (configure "
                     "the source tree with -DJSONX_BUILD_CLI=ON and simdjson installed)\n");
        return 2;
#endif
    }
  } catch (const std::bad_alloc&) {
    // A --chunk-size larger than memory is the likely cause.
    std::fprintf(stderr, "jsonx: out of memory (chunk size %zu bytes)\n", command->chunk_size);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jsonx: %s\n", e.what());
  }
  return exit_usage_or_io;
}
