// When to use Unity's official plugin's skills and when our tools, its Unity 6 assumption, and what
// never to run: for our own chats' instructions and for the skills `uap-host skills export` writes.
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

// How the agent reaches our tools: as MCP tools (our own chats, MCP clients), or as the
// `uap-host tools call` commands of the exported skills.
enum class ToolRoute { McpTools, HostCommand };

// Decided from the files alone: at spawn there is no system/init yet. nullopt unless the plugin is
// installed and enabled and the user's toggle is on. The line routing the plugin's search queries to
// uap_search is there only while that tool is available.
std::optional<SteeringLines> plugin_steering_lines(const StaticFindings& findings, PluginSteering toggle, SearchTool search);

// The same rules for an exported skill, which outlives any one look at the user's plugins: worded
// for whether or not the plugin is installed, with our tools reached through `uap-host tools call`.
SteeringLines skill_steering_lines(SearchTool search);

// The safety line on its own, so tests can look for it in what the model receives.
const std::string& plugin_safety_line(ToolRoute route = ToolRoute::McpTools);

// The line that sends the queries /unity:generate-editor-search-query writes to uap_search.
const std::string& plugin_search_line(ToolRoute route = ToolRoute::McpTools);

} // namespace uap::integrations
