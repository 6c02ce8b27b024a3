// A typed model of citm_catalog.json (a ticketing catalog: dictionaries keyed by numeric ids,
// events, performances with prices and seat categories), for the tests and the benchmarks.
// The id-keyed dictionaries are maps with integer keys (written as strings in JSON).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jsonx/bind/describe.hpp"

namespace jsonx::models::citm_catalog {

using id_list = std::vector<std::int64_t>;
using names_by_id = std::map<std::int64_t, std::string>;

struct event {
  std::optional<std::string> description;
  std::int64_t id = 0;
  std::optional<std::string> logo;
  std::string name;
  id_list subTopicIds;
  std::optional<std::string> subjectCode;
  std::optional<std::string> subtitle;
  id_list topicIds;
  friend bool operator==(const event&, const event&) = default;
};
JSONX_DESCRIBE(event, description, id, logo, name, subTopicIds, subjectCode, subtitle, topicIds)

struct price {
  std::int64_t amount = 0;
  std::int64_t audienceSubCategoryId = 0;
  std::int64_t seatCategoryId = 0;
  friend bool operator==(const price&, const price&) = default;
};
JSONX_DESCRIBE(price, amount, audienceSubCategoryId, seatCategoryId)

struct area {
  std::int64_t areaId = 0;
  id_list blockIds;
  friend bool operator==(const area&, const area&) = default;
};
JSONX_DESCRIBE(area, areaId, blockIds)

struct seat_category {
  std::vector<area> areas;
  std::int64_t seatCategoryId = 0;
  friend bool operator==(const seat_category&, const seat_category&) = default;
};
JSONX_DESCRIBE(seat_category, areas, seatCategoryId)

struct performance {
  std::int64_t eventId = 0;
  std::int64_t id = 0;
  std::optional<std::string> logo;
  std::optional<std::string> name;
  std::vector<price> prices;
  std::vector<seat_category> seatCategories;
  std::optional<std::string> seatMapImage;
  std::int64_t start = 0;
  std::string venueCode;
  friend bool operator==(const performance&, const performance&) = default;
};
JSONX_DESCRIBE(performance, eventId, id, logo, name, prices, seatCategories, seatMapImage, start,
               venueCode)

/// The whole file.
struct document {
  names_by_id areaNames;
  names_by_id audienceSubCategoryNames;
  names_by_id blockNames;
  std::map<std::int64_t, event> events;
  std::vector<performance> performances;
  names_by_id seatCategoryNames;
  names_by_id subTopicNames;
  names_by_id subjectNames;
  names_by_id topicNames;
  std::map<std::int64_t, id_list> topicSubTopics;
  std::map<std::string, std::string> venueNames;
  friend bool operator==(const document&, const document&) = default;
};
JSONX_DESCRIBE(document, areaNames, audienceSubCategoryNames, blockNames, events, performances,
               seatCategoryNames, subTopicNames, subjectNames, topicNames, topicSubTopics,
               venueNames)

}  // namespace jsonx::models::citm_catalog
