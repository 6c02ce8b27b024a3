#include "progress_bar.hpp"

#include <algorithm>
#include <utility>

namespace jsonx::cli {

namespace {
constexpr int bar_width = 30;
constexpr auto redraw_interval = std::chrono::milliseconds(100);

double megabytes(std::uint64_t bytes) {
  return static_cast<double>(bytes) / 1e6;
}
}  // namespace

progress_bar::progress_bar(std::FILE* err, bool enabled, std::uint64_t threshold, std::string name,
                           std::optional<std::uint64_t> total)
    : err_(err), enabled_(enabled), threshold_(threshold), name_(std::move(name)), total_(total) {
  // A known small input never gets a bar: skip the clock reads altogether.
  if (total_ && *total_ < threshold_) enabled_ = false;
}

void progress_bar::update(std::uint64_t position) {
  // Of unknown size (a pipe), an input gets a bar once it has proved large.
  if (!enabled_ || (!total_ && position < threshold_)) return;
  auto now = std::chrono::steady_clock::now();
  if (now < next_draw_) return;
  next_draw_ = now + redraw_interval;
  draw(position);
}

void progress_bar::draw(std::uint64_t position) {
  std::string line = "\r" + name_;
  char text[96];
  if (total_ && *total_ > 0) {
    std::uint64_t shown = std::min(position, *total_);
    int percent = static_cast<int>(shown * 100 / *total_);
    int filled = static_cast<int>(shown * bar_width / *total_);
    std::string bar(static_cast<std::size_t>(filled), '=');
    if (filled < bar_width) bar += '>';
    bar.resize(bar_width, ' ');
    std::snprintf(text, sizeof text, " %3d%% [%s] %.1f / %.1f MB", percent, bar.c_str(),
                  megabytes(shown), megabytes(*total_));
  } else {
    std::snprintf(text, sizeof text, "  %.1f MB", megabytes(position));
  }
  line += text;
  line += "\033[K";  // erase what a longer earlier line left
  std::fputs(line.c_str(), err_);
  std::fflush(err_);
  shown_ = true;
}

void progress_bar::clear() {
  if (!shown_) return;
  std::fputs("\r\033[K", err_);
  std::fflush(err_);
  shown_ = false;
  next_draw_ = {};
}

}  // namespace jsonx::cli
