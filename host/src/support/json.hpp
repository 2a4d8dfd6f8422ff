// RapidJSON helpers shared by the host: parse with a readable error, serialise, read typed fields.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <optional>
#include <string>
#include <string_view>

namespace uap::json {

// Nesting deeper than this is refused: RapidJSON's writer and schema validator recurse.
inline constexpr unsigned default_max_depth = 64;

// Parses text iteratively (hostile nesting cannot overflow the stack), checks UTF-8 and refuses
// nesting deeper than max_depth. The error says where and what ("offset 12: Missing a name ...").
Expected<rapidjson::Document> parse(std::string_view text, unsigned max_depth = default_max_depth);

// True when value nests deeper than limit (a scalar is depth 1). Iterative.
bool nests_deeper_than(const rapidjson::Value& value, unsigned limit);
// RapidJSON decodes a \u escape naming a lone low surrogate into bytes that are not UTF-8, so a
// reply quoting the string back would be invalid JSON: parsers refuse such documents. `text` is
// what was parsed (only texts with a \u escape are walked).
bool has_lone_surrogate(std::string_view text, const rapidjson::Value& parsed);

std::string to_text(const rapidjson::Value& value);
std::string to_pretty_text(const rapidjson::Value& value);

// Typed, optional field access: nullopt when absent or of another type.
std::optional<std::string> string_field(const rapidjson::Value& object, const char* name);
std::optional<bool> bool_field(const rapidjson::Value& object, const char* name);
std::optional<int64_t> integer_field(const rapidjson::Value& object, const char* name);

rapidjson::Value string_value(std::string_view text, rapidjson::Document::AllocatorType& allocator);

} // namespace uap::json
