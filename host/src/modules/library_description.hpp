// Asks a module library what it offers, without a pack around it: load, negotiate, init with an
// empty settings object and no editor, describe, shut down. Used to write a pack's manifest at
// build time from the module itself, so a tool's name is written once (in its C++ class).
#pragma once

#include "modules/manifest.hpp"
#include "modules/tool_description.hpp"
#include "support/expected.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace uap::modules {

Expected<ModuleDescription> describe_library(const std::filesystem::path& library);

// The manifest template with its "tools" set to the library's tool names (in the order the module
// describes them), checked as a manifest of folder. The error says which step failed.
Expected<std::string> manifest_from_library(const std::string& template_text, const std::filesystem::path& library,
                                            const std::filesystem::path& folder);

// Whether the library reports what the manifest promised: the same id and the same set of tool
// names; the error says what differs.
Expected<void> check_manifest_matches(const Manifest& manifest, const ModuleDescription& description);

// Names sorted and joined with ", " for a message; "(none)" when there are none.
std::string joined_names(std::vector<std::string> names);

} // namespace uap::modules
