// The lines the agent's appended instructions gain when Unity's plugin is installed and enabled:
// when to use its skills and when our tools, its Unity 6 assumption, and what never to run.
#pragma once

#include "integrations/claude_plugin.hpp"
#include "integrations/integration_settings.hpp"

#include <optional>
#include <string>

namespace uap::integrations {

struct SteeringLines {
    std::string heading;
    std::string body; // One rule per line, ASCII, English (it goes to the model).
};

// Whether the agent can call uap_search now (its module enabled and loaded in this project).
enum class SearchTool { Available, Unavailable };

// Decided from the files alone: at spawn there is no system/init yet. nullopt unless the plugin is
// installed and enabled and the user's toggle is on. The line routing the plugin's search queries to
// uap_search is there only while that tool is available.
std::optional<SteeringLines> plugin_steering_lines(const StaticFindings& findings, PluginSteering toggle, SearchTool search);

// The safety line on its own, so tests can look for it in what the model receives.
const std::string& plugin_safety_line();

// The line that sends the queries /unity:generate-editor-search-query writes to uap_search.
const std::string& plugin_search_line();

} // namespace uap::integrations
