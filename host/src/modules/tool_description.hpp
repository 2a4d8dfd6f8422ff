// A tool as a module described it, checked: name, description, schemas (compiled), and the five
// explicit metadata flags.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>
#include <rapidjson/schema.h>

#include <memory>
#include <string>
#include <vector>

namespace uap::modules {

struct ToolMetadata {
    // A description built without metadata claims no trait, rather than whatever the memory held.
    bool read_only = false;
    bool undoable = false;
    bool destructive = false;
    bool idempotent = false;
    bool long_running = false;
};

// The metadata in words for people and agents: "read-only, undoable", "writes, not undoable, destructive".
std::string traits_in_words(const ToolMetadata& metadata);

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

struct ModuleDescription {
    std::string id;
    std::string version;
    uint32_t abi_revision = 0; // The header revision the module was built against; 0 when it does not say.
    std::vector<ToolDescription> tools;
};

// Parses and checks a module's describe() output. The error names the offending tool and field.
Expected<ModuleDescription> parse_module_description(const std::string& text);

} // namespace uap::modules
