// encode_context: what the encode rules share while they walk a value into a writer: the
// writer, the options, the nesting depth, and the error being reported. The path of an error
// is built only when there is one: each level adds its segment as the failure returns
// through it, so a successful encode pays nothing for paths.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "jsonx/bind/error.hpp"
#include "jsonx/bind/options.hpp"
#include "jsonx/encode/writer.hpp"

namespace jsonx {

class encode_context {
 public:
  encode_context(writer& out, const encode_options& options)
      : out_(&out), options_(&options), max_depth_(options.max_depth) {}

  writer& out() noexcept { return *out_; }
  const encode_options& options() const noexcept { return *options_; }

  /// Enters a container; false (a depth_limit error) past encode_options::max_depth.
  [[gnu::always_inline]] bool enter() {
    if (++depth_ > max_depth_) [[unlikely]]
      return fail(make_error_code(bind_errc::depth_limit));
    return true;
  }
  void leave() noexcept { --depth_; }

  /// Records an error (the first one) and returns false.
  [[gnu::cold]] bool fail(std::error_code code, std::string detail = {});
  /// Records the writer's error and returns false.
  [[gnu::cold]] bool writer_failed();
  /// While a failure returns through a container: the child's segment, innermost first.
  [[gnu::cold]] void add_key_segment(std::string_view key);
  [[gnu::cold]] void add_index_segment(std::size_t index);

  bool failed() const noexcept { return static_cast<bool>(code_); }
  /// The error, its path in outer-to-inner order.
  encode_error error() const;

 private:
  writer* out_;
  const encode_options* options_;
  std::size_t max_depth_;
  std::size_t depth_ = 0;
  std::error_code code_;
  std::string detail_;
  std::vector<std::string> reversed_path_;
};

}  // namespace jsonx
