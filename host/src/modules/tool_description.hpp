// A module's describe() output, parsed and checked into tool descriptions (api/tool_description.hpp),
// and a tool's traits in words.
#pragma once

#include "api/tool_description.hpp"
#include "support/expected.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace uap::modules {

// The metadata in words for people and agents: "read-only, undoable", "writes, not undoable, destructive".
std::string traits_in_words(const ToolMetadata& metadata);

struct ModuleDescription {
    std::string id;
    std::string version;
    uint32_t abi_revision = 0; // The header revision the module was built against; 0 when it does not say.
    std::vector<ToolDescription> tools;
};

// Parses and checks a module's describe() output. The error names the offending tool and field.
Expected<ModuleDescription> parse_module_description(const std::string& text);

} // namespace uap::modules
