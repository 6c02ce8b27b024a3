// A typed model of twitter.json (the search API's response: 100 statuses with their users,
// entities and retweeted statuses), for the tests and the benchmarks. Every member of the
// file is bound; absent-or-null members are std::optional or std::unique_ptr, written back
// only when set (omit_null) so that encode -> decode gives equal values.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jsonx/bind/describe.hpp"
#include "jsonx/bind/raw_json.hpp"

namespace jsonx::models::twitter {

using indices = std::array<std::int32_t, 2>;

struct status_metadata {
  std::string result_type;
  std::string iso_language_code;
};
JSONX_DESCRIBE(status_metadata, result_type, iso_language_code)

struct hashtag {
  std::string text;
  twitter::indices indices;
};
JSONX_DESCRIBE(hashtag, text, indices)

struct url_entity {
  std::string url;
  std::string expanded_url;
  std::string display_url;
  twitter::indices indices;
};
JSONX_DESCRIBE(url_entity, url, expanded_url, display_url, indices)

struct user_mention {
  std::string screen_name;
  std::string name;
  std::uint64_t id = 0;
  std::string id_str;
  twitter::indices indices;
};
JSONX_DESCRIBE(user_mention, screen_name, name, id, id_str, indices)

struct media_size {
  std::int32_t w = 0;
  std::int32_t h = 0;
  std::string resize;
};
JSONX_DESCRIBE(media_size, w, h, resize)

struct media_sizes {
  media_size medium;
  media_size small;
  media_size thumb;
  media_size large;
};
JSONX_DESCRIBE(media_sizes, medium, small, thumb, large)

struct media_entity {
  std::uint64_t id = 0;
  std::string id_str;
  twitter::indices indices;
  std::string media_url;
  std::string media_url_https;
  std::string url;
  std::string display_url;
  std::string expanded_url;
  std::string type;
  media_sizes sizes;
  std::optional<std::uint64_t> source_status_id;
  std::optional<std::string> source_status_id_str;
};
JSONX_DESCRIBE(media_entity, id, id_str, indices, media_url, media_url_https, url, display_url,
               expanded_url, type, sizes, source_status_id, source_status_id_str)
JSONX_FIELD_OPTIONS(media_entity, jsonx::omit_null(&media_entity::source_status_id),
                    jsonx::omit_null(&media_entity::source_status_id_str))

struct status_entities {
  std::vector<hashtag> hashtags;
  std::vector<hashtag> symbols;
  std::vector<url_entity> urls;
  std::vector<user_mention> user_mentions;
  std::optional<std::vector<media_entity>> media;
};
JSONX_DESCRIBE(status_entities, hashtags, symbols, urls, user_mentions, media)
JSONX_FIELD_OPTIONS(status_entities, jsonx::omit_null(&status_entities::media))

struct url_list {
  std::vector<url_entity> urls;
};
JSONX_DESCRIBE(url_list, urls)

struct user_entities {
  std::optional<url_list> url;
  url_list description;
};
JSONX_DESCRIBE(user_entities, url, description)
JSONX_FIELD_OPTIONS(user_entities, jsonx::omit_null(&user_entities::url))

struct user {
  std::uint64_t id = 0;
  std::string id_str;
  std::string name;
  std::string screen_name;
  std::string location;
  std::string description;
  std::optional<std::string> url;
  user_entities entities;
  bool protected_ = false;  // "protected"
  std::int64_t followers_count = 0;
  std::int64_t friends_count = 0;
  std::int64_t listed_count = 0;
  std::string created_at;
  std::int64_t favourites_count = 0;
  std::optional<std::int32_t> utc_offset;
  std::optional<std::string> time_zone;
  bool geo_enabled = false;
  bool verified = false;
  std::int64_t statuses_count = 0;
  std::string lang;
  bool contributors_enabled = false;
  bool is_translator = false;
  bool is_translation_enabled = false;
  std::string profile_background_color;
  std::string profile_background_image_url;
  std::string profile_background_image_url_https;
  bool profile_background_tile = false;
  std::string profile_image_url;
  std::string profile_image_url_https;
  std::optional<std::string> profile_banner_url;
  std::string profile_link_color;
  std::string profile_sidebar_border_color;
  std::string profile_sidebar_fill_color;
  std::string profile_text_color;
  bool profile_use_background_image = false;
  bool default_profile = false;
  bool default_profile_image = false;
  bool following = false;
  bool follow_request_sent = false;
  bool notifications = false;
};
JSONX_DESCRIBE(user, id, id_str, name, screen_name, location, description, url, entities,
               protected_, followers_count, friends_count, listed_count, created_at,
               favourites_count, utc_offset, time_zone, geo_enabled, verified, statuses_count, lang,
               contributors_enabled, is_translator, is_translation_enabled,
               profile_background_color, profile_background_image_url,
               profile_background_image_url_https, profile_background_tile, profile_image_url,
               profile_image_url_https, profile_banner_url, profile_link_color,
               profile_sidebar_border_color, profile_sidebar_fill_color, profile_text_color,
               profile_use_background_image, default_profile, default_profile_image, following,
               follow_request_sent, notifications)
JSONX_FIELD_OPTIONS(user, jsonx::rename(&user::protected_, "protected"),
                    jsonx::omit_null(&user::profile_banner_url))

struct status {
  status_metadata metadata;
  std::string created_at;
  std::uint64_t id = 0;
  std::string id_str;
  std::string text;
  std::string source;
  bool truncated = false;
  std::optional<std::uint64_t> in_reply_to_status_id;
  std::optional<std::string> in_reply_to_status_id_str;
  std::optional<std::uint64_t> in_reply_to_user_id;
  std::optional<std::string> in_reply_to_user_id_str;
  std::optional<std::string> in_reply_to_screen_name;
  twitter::user user;
  // Always null in this file; kept as their JSON text when present.
  std::optional<raw_json> geo;
  std::optional<raw_json> coordinates;
  std::optional<raw_json> place;
  std::optional<raw_json> contributors;
  std::unique_ptr<status> retweeted_status;
  std::int64_t retweet_count = 0;
  std::int64_t favorite_count = 0;
  status_entities entities;
  bool favorited = false;
  bool retweeted = false;
  std::optional<bool> possibly_sensitive;
  std::string lang;
};
JSONX_DESCRIBE(status, metadata, created_at, id, id_str, text, source, truncated,
               in_reply_to_status_id, in_reply_to_status_id_str, in_reply_to_user_id,
               in_reply_to_user_id_str, in_reply_to_screen_name, user, geo, coordinates, place,
               contributors, retweeted_status, retweet_count, favorite_count, entities, favorited,
               retweeted, possibly_sensitive, lang)
JSONX_FIELD_OPTIONS(status, jsonx::omit_null(&status::retweeted_status),
                    jsonx::omit_null(&status::possibly_sensitive))

struct search_metadata {
  double completed_in = 0;
  std::uint64_t max_id = 0;
  std::string max_id_str;
  std::string next_results;
  std::string query;
  std::string refresh_url;
  std::int64_t count = 0;
  std::uint64_t since_id = 0;
  std::string since_id_str;
};
JSONX_DESCRIBE(search_metadata, completed_in, max_id, max_id_str, next_results, query, refresh_url,
               count, since_id, since_id_str)

/// The whole file.
struct document {
  std::vector<status> statuses;
  twitter::search_metadata search_metadata;
};
JSONX_DESCRIBE(document, statuses, search_metadata)

}  // namespace jsonx::models::twitter
