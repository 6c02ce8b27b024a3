// The canonical benchmark corpus and synthetic documents, for tests and benchmarks.
//
//   for (const auto& e : jsonx::corpus::manifest())
//     if (auto text = jsonx::corpus::load(e.name)) run(*text);   // absent: skipped, one line
//   std::string doc = jsonx::corpus::generate(jsonx::corpus::shape::twitter, 64 << 10, 42);
//
// The corpus files are public data kept outside the repository, in $JSONX_CORPUS_DIR (default
// ../shared/corpus beside the source tree); the manifest records their size, SHA-256 and upstream.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace jsonx::corpus {

/// One file of the canonical corpus, as listed in corpus/manifest.tsv.
struct entry {
  std::string_view name;        ///< "twitter"
  std::string_view file;        ///< "twitter.json"
  std::string_view shape_note;  ///< what the file exercises
  std::string_view sha256;      ///< lower-case hex
  std::string_view upstream;    ///< where the file is published
  std::uint64_t bytes = 0;
};

/// The four canonical files, in manifest order.
std::span<const entry> manifest();

/// The manifest entry for "twitter" or "twitter.json"; nullptr if unknown.
const entry* find(std::string_view name);

/// $JSONX_CORPUS_DIR if set and not empty, else the compiled-in default.
std::filesystem::path directory();

/// Reads a corpus file by name ("twitter" or "twitter.json"). Returns nullopt, after one line
/// on stderr saying why, if the file is absent, unreadable, or not of the manifest's size.
std::optional<std::string> load(std::string_view name);

/// $JSONX_CONFORMANCE_DIR (default ../shared/conformance) + "/JSONTestSuite/test_parsing".
std::filesystem::path conformance_directory();

/// Lower-case hex SHA-256 of `bytes` (to check a loaded file against the manifest).
std::string sha256_hex(std::string_view bytes);

/// The shapes of the canonical files, for synthetic documents.
enum class shape { twitter, citm_catalog, canada, small };

/// "twitter", "citm_catalog", "canada", "small".
std::string_view shape_name(shape s) noexcept;

/// A valid JSON document of the given shape, about `approx_bytes` long (at least the size of
/// one record of the shape), the same for the same arguments on every platform. It holds
/// non-ASCII UTF-8 (2-, 3- and 4-byte sequences), every escape including \u surrogate pairs,
/// negative and large integers (up to the 64-bit limits, no further), tiny and huge doubles,
/// 17-significant-digit floats, and nesting several levels deep (never beyond 64).
std::string generate(shape s, std::size_t approx_bytes, std::uint64_t seed);

/// `json` with every non-ASCII character written as a \u escape (a surrogate pair beyond the
/// Basic Multilingual Plane; lower-case hex), everything else kept byte for byte: an
/// escape-heavy document of the same values, e.g. twitter.json's (the benchmarks'
/// "twitter_escaped"). Bytes that are not well-formed UTF-8 are kept as they are.
std::string escape_non_ascii(std::string_view json);

}  // namespace jsonx::corpus
