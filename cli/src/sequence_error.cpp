#include "sequence_error.hpp"

#include <string>

namespace jsonx::cli {

namespace {

class sequence_error_category final : public std::error_category {
 public:
  const char* name() const noexcept override { return "jsonx.cli.seq"; }
  std::string message(int value) const override {
    switch (static_cast<sequence_errc>(value)) {
      case sequence_errc::ok:
        return "no error";
      case sequence_errc::missing_record_separator:
        return "expected RS (0x1E) before a JSON text (RFC 7464)";
      case sequence_errc::possibly_truncated:
        return "possibly truncated: a number, true, false or null must be followed by "
               "whitespace in its record (RFC 7464)";
    }
    return "unknown JSON text sequence error";
  }
};

}  // namespace

const std::error_category& sequence_category() noexcept {
  static const sequence_error_category category;
  return category;
}

}  // namespace jsonx::cli
