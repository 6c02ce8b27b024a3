// jsonx-generate: writes a synthetic document of a corpus shape to a file (or stdout), so that
// the tool, the examples and a first try of jsonx need no data from outside the repository.
//
//   jsonx-generate SHAPE BYTES [SEED] [-o FILE]
//   jsonx-generate escaped INPUT [-o FILE]
//
// SHAPE is twitter, citm_catalog, canada or small; BYTES the approximate size (suffix k or m for
// KiB and MiB); SEED (default 1) picks the document: the same arguments give the same bytes on
// every platform (corpus::generate()). `escaped` writes the JSON file INPUT with every non-ASCII
// character as a \u escape (corpus::escape_non_ascii(): the benchmarks' twitter_escaped is
// twitter.json so written).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "jsonx/corpus/corpus.hpp"

namespace {

std::optional<jsonx::corpus::shape> shape_from_name(std::string_view name) {
  for (auto s : {jsonx::corpus::shape::twitter, jsonx::corpus::shape::citm_catalog,
                 jsonx::corpus::shape::canada, jsonx::corpus::shape::small})
    if (jsonx::corpus::shape_name(s) == name) return s;
  return std::nullopt;
}

// "600000", "64k", "2m": a positive count; nullopt otherwise.
std::optional<std::size_t> parse_size(std::string_view text) {
  std::size_t multiplier = 1;
  if (!text.empty() && (text.back() == 'k' || text.back() == 'm')) {
    multiplier = text.back() == 'k' ? std::size_t{1} << 10 : std::size_t{1} << 20;
    text.remove_suffix(1);
  }
  if (text.empty() || text.size() > 12) return std::nullopt;
  std::size_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  if (value == 0) return std::nullopt;
  return value * multiplier;
}

int usage(const char* problem) {
  std::fprintf(stderr,
               "jsonx-generate: %s\nusage: jsonx-generate SHAPE BYTES [SEED] [-o FILE]\n"
               "       jsonx-generate escaped INPUT [-o FILE]\n"
               "  SHAPE: twitter, citm_catalog, canada or small; BYTES: e.g. 600000, 64k, 2m\n"
               "  escaped: INPUT with every non-ASCII character written as a \\u escape\n",
               problem);
  return 2;
}

// Writes the document to `output_path` (stdout if null); the exit status.
int write_document(const std::string& document, const char* output_path) {
  std::FILE* out = output_path ? std::fopen(output_path, "wb") : stdout;
  if (out == nullptr) {
    std::perror(output_path);
    return 1;
  }
  const bool written = std::fwrite(document.data(), 1, document.size(), out) == document.size();
  const bool closed = output_path ? std::fclose(out) == 0 : std::fflush(out) == 0;
  if (!written || !closed) {
    std::fprintf(stderr, "jsonx-generate: cannot write %s\n", output_path ? output_path : "stdout");
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string_view positional[3];
  int positionals = 0;
  const char* output_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "-o") {
      if (i + 1 == argc) return usage("-o needs a file name");
      output_path = argv[++i];
    } else if (positionals < 3) {
      positional[positionals++] = arg;
    } else {
      return usage("too many arguments");
    }
  }
  if (positionals < 2) return usage("a shape and a size are needed");
  if (positional[0] == "escaped") {
    if (positionals != 2) return usage("escaped takes one input file");
    std::ifstream in{std::string(positional[1]), std::ios::binary};
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
      std::fprintf(stderr, "jsonx-generate: cannot read %s\n", std::string(positional[1]).c_str());
      return 1;
    }
    return write_document(jsonx::corpus::escape_non_ascii(text.str()), output_path);
  }
  const auto shape = shape_from_name(positional[0]);
  if (!shape) return usage(("unknown shape '" + std::string(positional[0]) + "'").c_str());
  const auto bytes = parse_size(positional[1]);
  if (!bytes) return usage(("bad size '" + std::string(positional[1]) + "'").c_str());
  std::uint64_t seed = 1;
  if (positionals == 3) {
    const auto parsed = parse_size(positional[2]);
    if (!parsed || positional[2].back() == 'k' || positional[2].back() == 'm')
      return usage(("bad seed '" + std::string(positional[2]) + "'").c_str());
    seed = *parsed;
  }

  return write_document(jsonx::corpus::generate(*shape, *bytes, seed), output_path);
}
