// RapidJSON helpers shared by the host: parse with a readable error, serialise, read typed fields.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <optional>
#include <string>
#include <string_view>

namespace uap::json {

// Parses text; the error says where and what ("offset 12: Missing a name for object member").
Expected<rapidjson::Document> parse(std::string_view text);

std::string to_text(const rapidjson::Value& value);
std::string to_pretty_text(const rapidjson::Value& value);

// Typed, optional field access: nullopt when absent or of another type.
std::optional<std::string> string_field(const rapidjson::Value& object, const char* name);
std::optional<bool> bool_field(const rapidjson::Value& object, const char* name);
std::optional<int64_t> integer_field(const rapidjson::Value& object, const char* name);

rapidjson::Value string_value(std::string_view text, rapidjson::Document::AllocatorType& allocator);

} // namespace uap::json
