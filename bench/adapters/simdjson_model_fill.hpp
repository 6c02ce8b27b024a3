// simdjson On-Demand filling the typed models of bind/examples by hand: the baseline of
// decode_typed, and the fastest typed path the Debian packages offer (simdjson 3.0.1 has no
// reflection). Written for these models (first draft by the bind engineer, for the measurements
// in bind/README.md).
//
// As a user of On-Demand would write it: one function per struct, each field read with
// object["name"] in declaration order (which is the files' order, so each lookup finds its key
// next), optional members tested for NO_SUCH_FIELD, containers cleared and refilled in place
// (so a reused model keeps its capacity), errors as exceptions (simdjson_error).
#pragma once

#include <simdjson.h>

#include <array>
#include <charconv>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "jsonx/bind_models/canada.hpp"
#include "jsonx/bind_models/citm_catalog.hpp"
#include "jsonx/bind_models/twitter.hpp"

namespace jsonx_bench::simdjson_fill {

using simdjson::ondemand::document;
using simdjson::ondemand::object;
using simdjson::ondemand::value;
namespace twitter = jsonx::models::twitter;
namespace citm = jsonx::models::citm_catalog;
namespace canada = jsonx::models::canada;

// Every fill is declared first: the container fills are templates that call the struct fills,
// and only declarations visible here are found (argument-dependent lookup does not look into
// this namespace).
template <class T>
void fill(value v, std::optional<T>& out);
template <class T>
void fill(value v, std::vector<T>& out);
template <class T, std::size_t N>
void fill(value v, std::array<T, N>& out);
template <class T>
void fill(value v, std::map<std::int64_t, T>& out);
template <class T>
void fill(value v, std::map<std::string, T>& out);
void fill(value v, twitter::status_metadata& out);
void fill(value v, twitter::hashtag& out);
void fill(value v, twitter::url_entity& out);
void fill(value v, twitter::user_mention& out);
void fill(value v, twitter::media_size& out);
void fill(value v, twitter::media_sizes& out);
void fill(value v, twitter::media_entity& out);
void fill(value v, twitter::status_entities& out);
void fill(value v, twitter::url_list& out);
void fill(value v, twitter::user_entities& out);
void fill(value v, twitter::user& out);
void fill(value v, twitter::status& out);
void fill(value v, twitter::search_metadata& out);
void fill(value v, citm::event& out);
void fill(value v, citm::price& out);
void fill(value v, citm::area& out);
void fill(value v, citm::seat_category& out);
void fill(value v, citm::performance& out);
void fill(value v, canada::feature_properties& out);
void fill(value v, canada::polygon& out);
void fill(value v, canada::feature& out);

// Scalars. get_string() unescapes into the parser's string buffer; the model owns a copy.
inline void fill(value v, std::string& out) {
  std::string_view text = v.get_string();
  out.assign(text);
}
inline void fill(value v, bool& out) {
  out = v.get_bool();
}
inline void fill(value v, std::int64_t& out) {
  out = v.get_int64();
}
inline void fill(value v, std::uint64_t& out) {
  out = v.get_uint64();
}
inline void fill(value v, std::int32_t& out) {
  std::int64_t wide = v.get_int64();
  if (wide < INT32_MIN || wide > INT32_MAX) throw std::runtime_error("integer out of range");
  out = static_cast<std::int32_t>(wide);
}
inline void fill(value v, double& out) {
  out = v.get_double();
}
// raw_json keeps a value's compact text; the only such members (twitter's geo, coordinates,
// place, contributors) are null in the file, whose token is its compact text.
inline void fill(value v, jsonx::raw_json& out) {
  out.text.assign(std::string_view(v.raw_json_token()));
}

// Containers.
template <class T>
void fill(value v, std::optional<T>& out) {
  if (v.is_null()) {
    out.reset();
  } else {
    fill(v, out.emplace());
  }
}
template <class T>
void fill(value v, std::vector<T>& out) {
  out.clear();
  for (auto item : v.get_array()) fill(item.value(), out.emplace_back());
}
template <class T, std::size_t N>
void fill(value v, std::array<T, N>& out) {
  std::size_t count = 0;
  for (auto item : v.get_array()) {
    if (count == N) throw std::runtime_error("array too long");
    fill(item.value(), out[count++]);
  }
  if (count != N) throw std::runtime_error("array too short");
}
template <class T>
void fill(value v, std::map<std::int64_t, T>& out) {
  out.clear();
  for (auto member : v.get_object()) {
    std::string_view key = member.unescaped_key();
    std::int64_t id = 0;
    auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), id);
    if (error != std::errc() || end != key.data() + key.size()) {
      throw std::runtime_error("key is not an integer");
    }
    fill(member.value(), out[id]);
  }
}
template <class T>
void fill(value v, std::map<std::string, T>& out) {
  out.clear();
  for (auto member : v.get_object()) {
    std::string_view key = member.unescaped_key();
    fill(member.value(), out[std::string(key)]);
  }
}

// Members: a required one, and one that may be absent (then empty).
template <class T>
void field(object& o, std::string_view name, T& out) {
  fill(o[name].value(), out);
}
template <class T>
void optional_field(object& o, std::string_view name, std::optional<T>& out) {
  auto found = o[name];
  if (found.error() == simdjson::NO_SUCH_FIELD) {
    out.reset();
  } else {
    fill(found.value(), out);
  }
}

// twitter.json
inline void fill(value v, twitter::status_metadata& out) {
  object o = v.get_object();
  field(o, "result_type", out.result_type);
  field(o, "iso_language_code", out.iso_language_code);
}
inline void fill(value v, twitter::hashtag& out) {
  object o = v.get_object();
  field(o, "text", out.text);
  field(o, "indices", out.indices);
}
inline void fill(value v, twitter::url_entity& out) {
  object o = v.get_object();
  field(o, "url", out.url);
  field(o, "expanded_url", out.expanded_url);
  field(o, "display_url", out.display_url);
  field(o, "indices", out.indices);
}
inline void fill(value v, twitter::user_mention& out) {
  object o = v.get_object();
  field(o, "screen_name", out.screen_name);
  field(o, "name", out.name);
  field(o, "id", out.id);
  field(o, "id_str", out.id_str);
  field(o, "indices", out.indices);
}
inline void fill(value v, twitter::media_size& out) {
  object o = v.get_object();
  field(o, "w", out.w);
  field(o, "h", out.h);
  field(o, "resize", out.resize);
}
inline void fill(value v, twitter::media_sizes& out) {
  object o = v.get_object();
  field(o, "medium", out.medium);
  field(o, "small", out.small);
  field(o, "thumb", out.thumb);
  field(o, "large", out.large);
}
inline void fill(value v, twitter::media_entity& out) {
  object o = v.get_object();
  field(o, "id", out.id);
  field(o, "id_str", out.id_str);
  field(o, "indices", out.indices);
  field(o, "media_url", out.media_url);
  field(o, "media_url_https", out.media_url_https);
  field(o, "url", out.url);
  field(o, "display_url", out.display_url);
  field(o, "expanded_url", out.expanded_url);
  field(o, "type", out.type);
  field(o, "sizes", out.sizes);
  optional_field(o, "source_status_id", out.source_status_id);
  optional_field(o, "source_status_id_str", out.source_status_id_str);
}
inline void fill(value v, twitter::status_entities& out) {
  object o = v.get_object();
  field(o, "hashtags", out.hashtags);
  field(o, "symbols", out.symbols);
  field(o, "urls", out.urls);
  field(o, "user_mentions", out.user_mentions);
  optional_field(o, "media", out.media);
}
inline void fill(value v, twitter::url_list& out) {
  object o = v.get_object();
  field(o, "urls", out.urls);
}
inline void fill(value v, twitter::user_entities& out) {
  object o = v.get_object();
  optional_field(o, "url", out.url);
  field(o, "description", out.description);
}
inline void fill(value v, twitter::user& out) {
  object o = v.get_object();
  field(o, "id", out.id);
  field(o, "id_str", out.id_str);
  field(o, "name", out.name);
  field(o, "screen_name", out.screen_name);
  field(o, "location", out.location);
  field(o, "description", out.description);
  field(o, "url", out.url);
  field(o, "entities", out.entities);
  field(o, "protected", out.protected_);
  field(o, "followers_count", out.followers_count);
  field(o, "friends_count", out.friends_count);
  field(o, "listed_count", out.listed_count);
  field(o, "created_at", out.created_at);
  field(o, "favourites_count", out.favourites_count);
  field(o, "utc_offset", out.utc_offset);
  field(o, "time_zone", out.time_zone);
  field(o, "geo_enabled", out.geo_enabled);
  field(o, "verified", out.verified);
  field(o, "statuses_count", out.statuses_count);
  field(o, "lang", out.lang);
  field(o, "contributors_enabled", out.contributors_enabled);
  field(o, "is_translator", out.is_translator);
  field(o, "is_translation_enabled", out.is_translation_enabled);
  field(o, "profile_background_color", out.profile_background_color);
  field(o, "profile_background_image_url", out.profile_background_image_url);
  field(o, "profile_background_image_url_https", out.profile_background_image_url_https);
  field(o, "profile_background_tile", out.profile_background_tile);
  field(o, "profile_image_url", out.profile_image_url);
  field(o, "profile_image_url_https", out.profile_image_url_https);
  optional_field(o, "profile_banner_url", out.profile_banner_url);
  field(o, "profile_link_color", out.profile_link_color);
  field(o, "profile_sidebar_border_color", out.profile_sidebar_border_color);
  field(o, "profile_sidebar_fill_color", out.profile_sidebar_fill_color);
  field(o, "profile_text_color", out.profile_text_color);
  field(o, "profile_use_background_image", out.profile_use_background_image);
  field(o, "default_profile", out.default_profile);
  field(o, "default_profile_image", out.default_profile_image);
  field(o, "following", out.following);
  field(o, "follow_request_sent", out.follow_request_sent);
  field(o, "notifications", out.notifications);
}
inline void fill(value v, twitter::status& out) {
  object o = v.get_object();
  field(o, "metadata", out.metadata);
  field(o, "created_at", out.created_at);
  field(o, "id", out.id);
  field(o, "id_str", out.id_str);
  field(o, "text", out.text);
  field(o, "source", out.source);
  field(o, "truncated", out.truncated);
  field(o, "in_reply_to_status_id", out.in_reply_to_status_id);
  field(o, "in_reply_to_status_id_str", out.in_reply_to_status_id_str);
  field(o, "in_reply_to_user_id", out.in_reply_to_user_id);
  field(o, "in_reply_to_user_id_str", out.in_reply_to_user_id_str);
  field(o, "in_reply_to_screen_name", out.in_reply_to_screen_name);
  field(o, "user", out.user);
  field(o, "geo", out.geo);
  field(o, "coordinates", out.coordinates);
  field(o, "place", out.place);
  field(o, "contributors", out.contributors);
  auto retweeted = o["retweeted_status"];
  if (retweeted.error() == simdjson::NO_SUCH_FIELD) {
    out.retweeted_status.reset();
  } else {
    out.retweeted_status = std::make_unique<twitter::status>();
    fill(retweeted.value(), *out.retweeted_status);
  }
  field(o, "retweet_count", out.retweet_count);
  field(o, "favorite_count", out.favorite_count);
  field(o, "entities", out.entities);
  field(o, "favorited", out.favorited);
  field(o, "retweeted", out.retweeted);
  optional_field(o, "possibly_sensitive", out.possibly_sensitive);
  field(o, "lang", out.lang);
}
inline void fill(value v, twitter::search_metadata& out) {
  object o = v.get_object();
  field(o, "completed_in", out.completed_in);
  field(o, "max_id", out.max_id);
  field(o, "max_id_str", out.max_id_str);
  field(o, "next_results", out.next_results);
  field(o, "query", out.query);
  field(o, "refresh_url", out.refresh_url);
  field(o, "count", out.count);
  field(o, "since_id", out.since_id);
  field(o, "since_id_str", out.since_id_str);
}
inline void fill_document(document& d, twitter::document& out) {
  object o = d.get_object();
  field(o, "statuses", out.statuses);
  field(o, "search_metadata", out.search_metadata);
}

// citm_catalog.json
inline void fill(value v, citm::event& out) {
  object o = v.get_object();
  field(o, "description", out.description);
  field(o, "id", out.id);
  field(o, "logo", out.logo);
  field(o, "name", out.name);
  field(o, "subTopicIds", out.subTopicIds);
  field(o, "subjectCode", out.subjectCode);
  field(o, "subtitle", out.subtitle);
  field(o, "topicIds", out.topicIds);
}
inline void fill(value v, citm::price& out) {
  object o = v.get_object();
  field(o, "amount", out.amount);
  field(o, "audienceSubCategoryId", out.audienceSubCategoryId);
  field(o, "seatCategoryId", out.seatCategoryId);
}
inline void fill(value v, citm::area& out) {
  object o = v.get_object();
  field(o, "areaId", out.areaId);
  field(o, "blockIds", out.blockIds);
}
inline void fill(value v, citm::seat_category& out) {
  object o = v.get_object();
  field(o, "areas", out.areas);
  field(o, "seatCategoryId", out.seatCategoryId);
}
inline void fill(value v, citm::performance& out) {
  object o = v.get_object();
  field(o, "eventId", out.eventId);
  field(o, "id", out.id);
  field(o, "logo", out.logo);
  field(o, "name", out.name);
  field(o, "prices", out.prices);
  field(o, "seatCategories", out.seatCategories);
  field(o, "seatMapImage", out.seatMapImage);
  field(o, "start", out.start);
  field(o, "venueCode", out.venueCode);
}
inline void fill_document(document& d, citm::document& out) {
  object o = d.get_object();
  field(o, "areaNames", out.areaNames);
  field(o, "audienceSubCategoryNames", out.audienceSubCategoryNames);
  field(o, "blockNames", out.blockNames);
  field(o, "events", out.events);
  field(o, "performances", out.performances);
  field(o, "seatCategoryNames", out.seatCategoryNames);
  field(o, "subTopicNames", out.subTopicNames);
  field(o, "subjectNames", out.subjectNames);
  field(o, "topicNames", out.topicNames);
  field(o, "topicSubTopics", out.topicSubTopics);
  field(o, "venueNames", out.venueNames);
}

// canada.json
inline void fill(value v, canada::feature_properties& out) {
  object o = v.get_object();
  field(o, "name", out.name);
}
inline void fill(value v, canada::polygon& out) {
  object o = v.get_object();
  field(o, "type", out.type);
  field(o, "coordinates", out.coordinates);
}
inline void fill(value v, canada::feature& out) {
  object o = v.get_object();
  field(o, "type", out.type);
  field(o, "properties", out.properties);
  field(o, "geometry", out.geometry);
}
inline void fill_document(document& d, canada::document& out) {
  object o = d.get_object();
  field(o, "type", out.type);
  field(o, "features", out.features);
}

}  // namespace jsonx_bench::simdjson_fill
