// A tool as the rest of the host sees it once its module described it and the description was
// checked: names, descriptions, compiled schemas and traits, and how its pack lists it. The MCP
// endpoint serves these without knowing the module host that loaded them.
#pragma once

#include "api/tool_metadata.hpp"

#include <rapidjson/schema.h>

#include <memory>
#include <string>

namespace uap::modules {

struct ToolDescription {
    std::string name;
    std::string description;
    std::string japanese_description; // Empty when the tool offers none.
    std::string input_schema_json;
    std::string output_schema_json; // Empty when the tool declares none.
    ToolMetadata metadata;
    std::shared_ptr<const rapidjson::SchemaDocument> input_schema;
    std::shared_ptr<const rapidjson::SchemaDocument> output_schema; // Null when none.
};

// Whether a pack's tools appear in tools/list, or are found and called through the discovery tools
// (uap_tool_search, uap_tool_call), which keeps the list small whatever is installed.
enum class Listing { Search, Always };

} // namespace uap::modules
