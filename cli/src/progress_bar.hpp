// The progress bar jsonx draws on standard error while it reads a large input:
//
//   twitter_big.json  42% [===========>                ] 113.2 / 268.4 MB
//   <stdin>  51.0 MB                                  (a pipe: no size to compare with)
//
// One line, redrawn in place with '\r' at most ten times a second, erased when the input is
// done or before a message is printed, so that it never mixes with the output.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace jsonx::cli {

class progress_bar {
 public:
  /// Inputs smaller than this finish too soon for a bar to help.
  static constexpr std::uint64_t threshold_bytes = std::uint64_t{4} << 20;

  /// `enabled`: whether the command wants a bar at all (see progress_mode). `total`: the
  /// input's size if known. Nothing is drawn until the input is known (or found) to be larger
  /// than `threshold` bytes (0 for --progress: always).
  progress_bar(std::FILE* err, bool enabled, std::uint64_t threshold, std::string name,
               std::optional<std::uint64_t> total);
  ~progress_bar() { clear(); }
  progress_bar(const progress_bar&) = delete;
  progress_bar& operator=(const progress_bar&) = delete;

  /// Bytes of the input read so far; redraws if enough time has passed.
  void update(std::uint64_t position);
  /// Erases the bar (it comes back at the next update).
  void clear();

 private:
  void draw(std::uint64_t position);

  std::FILE* err_;
  bool enabled_;
  std::uint64_t threshold_;
  bool shown_ = false;
  std::string name_;
  std::optional<std::uint64_t> total_;
  std::chrono::steady_clock::time_point next_draw_{};
};

}  // namespace jsonx::cli
