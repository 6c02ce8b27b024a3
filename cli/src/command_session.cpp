#include "command_session.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "jsonx/simd/kernel.hpp"
#include "progress_bar.hpp"

namespace jsonx::cli {

namespace {

bool progress_wanted(progress_mode mode, std::FILE* out, std::FILE* err, bool writes_json) {
  switch (mode) {
    case progress_mode::always:
      return true;
    case progress_mode::never:
      return false;
    case progress_mode::automatic:
      // Only for a person watching a terminal: never into a pipe or a log file, and not when
      // the JSON being printed goes to the same screen.
      return ::isatty(::fileno(err)) && !(writes_json && ::isatty(::fileno(out)));
  }
  return false;
}

}  // namespace

command_session::command_session(const command_line& command, std::FILE* out, std::FILE* err,
                                 bool writes_json)
    : command_(command),
      out_(out),
      err_(err),
      context_{command,
               {},
               err,
               progress_wanted(command.progress, out, err, writes_json),
               command.progress == progress_mode::always ? 0 : progress_bar::threshold_bytes,
               out} {
  if (command.kernel && !simd::kernel_supported(*command.kernel)) {
    std::fprintf(err, "jsonx: --kernel %s: %s\n",
                 std::string(simd::kernel_name(*command.kernel)).c_str(),
                 simd::kernel_unavailable_reason(*command.kernel).c_str());
    ok_ = false;
    return;
  }
  buffer_.reset(new char[command.chunk_size]);
  context_.buffer = std::span<char>(buffer_.get(), command.chunk_size);
}

parse_options command_session::options() const {
  parse_options options;
  options.kernel = command_.kernel;
  options.multiple_values = command_.multiple_values;
  return options;
}

int command_session::finish_output() {
  if (std::fflush(out_) != 0 || std::ferror(out_)) {
    std::fprintf(err_, "jsonx: cannot write the output: %s\n", std::strerror(errno));
    return exit_usage_or_io;
  }
  return exit_ok;
}

}  // namespace jsonx::cli
