// What every command that reads documents does around its inputs: check the kernel, allocate
// the chunk buffer once, decide whether to draw a progress bar, read each input in turn, and
// check at the end that the output was written.
#pragma once

#include <algorithm>
#include <cstdio>
#include <memory>
#include <span>
#include <string>

#include "command_line.hpp"
#include "document_driver.hpp"
#include "exit_status.hpp"
#include "jsonx/sax/parse_options.hpp"

namespace jsonx::cli {

/// "<stdin>" for "-", else the path.
inline std::string display_name(const std::string& path) {
  return path == "-" ? std::string("<stdin>") : path;
}

class command_session {
 public:
  /// `writes_json`: the command prints JSON to `out` as it reads (fmt, min, get), so a progress
  /// bar would mix with it when both go to the same terminal.
  command_session(const command_line& command, std::FILE* out, std::FILE* err, bool writes_json);

  /// False (after printing why) if the command cannot run: --kernel names a kernel this CPU
  /// lacks.
  bool ok() const noexcept { return ok_; }
  /// The parser options the command line asks for.
  parse_options options() const;

  /// Reads every input with `job_for(path)`'s job, calling `after(path, summary)` after each;
  /// stops early if the output fails. Returns the highest status, output errors included.
  template <class JobFor, class After>
  int for_each_input(JobFor&& job_for, After&& after) {
    int status = exit_ok;
    for (const std::string& path : command_.inputs) {
      auto&& job = job_for(path);
      input_summary summary = read_input(context_, path, job);
      status = worse_status(status, summary.status);
      after(path, summary);
      // The output failed, and the failure has been reported: nothing more can be written.
      if (summary.fatal) return exit_usage_or_io;
    }
    return worse_status(status, finish_output());
  }

 private:
  int finish_output();

  const command_line& command_;
  std::FILE* out_;
  std::FILE* err_;
  bool ok_ = true;
  // Not a std::vector: a large --chunk-size should not touch (zero) memory that the input
  // never fills.
  std::unique_ptr<char[]> buffer_;
  read_context context_;
};

}  // namespace jsonx::cli
