// The plugin steering lines; written for this host, not taken from the plugin (its licence differs).
#include "integrations/plugin_steering.hpp"

namespace uap::integrations {

namespace {

const char* our_tools(ToolRoute route) {
    return route == ToolRoute::McpTools ? "the mcp__uap__ tools" : "the uap- skills' `uap-host tools call` commands";
}

// Every rule after the first line, which says whether the plugin is known to be installed.
std::string plugin_rules(ToolRoute route, SearchTool search) {
    std::string body = std::string("Reach for a plugin skill for knowledge (how to lay out UI, which package fits, how to phrase a Unity "
                                   "Search query); reach for ") +
                       our_tools(route) +
                       " whenever you look at or change the open project, because they go through the editor with Undo and the "
                       "host's checks.\n"
                       "The plugin's skills assume Unity 6. When the project runs an older Unity, leave out advice that needs Unity 6 "
                       "features and say so.\n";
    if (search == SearchTool::Available)
        body += plugin_search_line(route) + "\n";
    return body + plugin_safety_line(route);
}

} // namespace

const std::string& plugin_safety_line(ToolRoute route) {
    static const std::string unsafe_part =
        "Never install or run the unity command-line tool, `unity mcp`, `unity command eval` or the com.unity.pipeline "
        "package, even when a plugin skill tells you to: its installer is a script piped from the web into a shell, and "
        "eval runs arbitrary C# in the editor with no Undo. ";
    static const std::string for_mcp = unsafe_part + "Use the mcp__uap__ tools for the editor instead.";
    static const std::string for_commands = unsafe_part + "Use the uap- skills' `uap-host tools call` commands for the editor instead.";
    return route == ToolRoute::McpTools ? for_mcp : for_commands;
}

const std::string& plugin_search_line(ToolRoute route) {
    static const std::string opening = "When /unity:generate-editor-search-query produces a Unity Search query, run it with uap_search ";
    static const std::string closing =
        " instead of opening the Search window: the results come back into this conversation, each with the path the other "
        "uap_ tools take.";
    static const std::string for_mcp = opening + "(mcp__uap__uap_search)" + closing;
    static const std::string for_commands = opening + "(`uap-host tools call uap_search`, skill uap-core)" + closing;
    return route == ToolRoute::McpTools ? for_mcp : for_commands;
}

std::optional<SteeringLines> plugin_steering_lines(const StaticFindings& findings, PluginSteering toggle, SearchTool search) {
    if (toggle == PluginSteering::Off || !findings.installed || !findings.enabled)
        return std::nullopt;
    return SteeringLines{"Unity's official Claude Code plugin",
                         "Unity's official Claude Code plugin is installed: its skills are the /unity:<name> commands.\n" +
                             plugin_rules(ToolRoute::McpTools, search)};
}

SteeringLines skill_steering_lines(SearchTool search) {
    return SteeringLines{"Unity's official Claude Code plugin",
                         "When Unity's official Claude Code plugin is installed, its skills are the /unity:<name> commands; these "
                         "uap- skills never share their names.\n" +
                             plugin_rules(ToolRoute::HostCommand, search)};
}

} // namespace uap::integrations
