// Parses the compiled-in manifest (corpus/manifest.tsv) once.
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "jsonx/corpus/corpus.hpp"
#include "manifest_text.hpp"

namespace jsonx::corpus {
namespace {

// Splits off the text up to `separator` (or all of it), advancing `text` past the separator.
std::string_view take_field(std::string_view& text, char separator) {
  std::size_t end = text.find(separator);
  std::string_view field = text.substr(0, end);
  text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  return field;
}

std::vector<entry> parse_manifest(std::string_view text) {
  std::vector<entry> entries;
  while (!text.empty()) {
    std::string_view line = take_field(text, '\n');
    if (line.empty() || line.front() == '#') continue;
    entry e;
    e.name = take_field(line, '\t');
    e.file = take_field(line, '\t');
    std::string_view bytes = take_field(line, '\t');
    e.sha256 = take_field(line, '\t');
    e.shape_note = take_field(line, '\t');
    e.upstream = take_field(line, '\t');
    auto [end, ec] = std::from_chars(bytes.data(), bytes.data() + bytes.size(), e.bytes);
    // A malformed manifest is a build-time mistake: fail loudly rather than load wrong data.
    if (ec != std::errc{} || end != bytes.data() + bytes.size() || e.sha256.size() != 64) {
      std::fprintf(stderr, "jsonx_corpus: malformed manifest line for '%.*s'\n",
                   static_cast<int>(e.name.size()), e.name.data());
      std::abort();
    }
    entries.push_back(e);
  }
  return entries;
}

}  // namespace

std::span<const entry> manifest() {
  // The views point into the manifest text, a string literal: they never dangle.
  static const std::vector<entry> entries = parse_manifest(detail::manifest_text());
  return entries;
}

const entry* find(std::string_view name) {
  for (const entry& e : manifest())
    if (e.name == name || e.file == name) return &e;
  return nullptr;
}

}  // namespace jsonx::corpus
