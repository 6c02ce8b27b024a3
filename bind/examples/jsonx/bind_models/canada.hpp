// A typed model of canada.json (a GeoJSON FeatureCollection: one polygon of Canada's
// outline, ~111,000 coordinate pairs of 17-digit doubles), for the tests and the benchmarks.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "jsonx/bind/describe.hpp"

namespace jsonx::models::canada {

using point = std::array<double, 2>;  // [longitude, latitude]
using ring = std::vector<point>;

struct feature_properties {
  std::string name;
  friend bool operator==(const feature_properties&, const feature_properties&) = default;
};
JSONX_DESCRIBE(feature_properties, name)

struct polygon {
  std::string type;
  std::vector<ring> coordinates;
  friend bool operator==(const polygon&, const polygon&) = default;
};
JSONX_DESCRIBE(polygon, type, coordinates)

struct feature {
  std::string type;
  feature_properties properties;
  polygon geometry;
  friend bool operator==(const feature&, const feature&) = default;
};
JSONX_DESCRIBE(feature, type, properties, geometry)

/// The whole file.
struct document {
  std::string type;
  std::vector<feature> features;
  friend bool operator==(const document&, const document&) = default;
};
JSONX_DESCRIBE(document, type, features)

}  // namespace jsonx::models::canada
