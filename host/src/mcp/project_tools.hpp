// Tools written in C# in the user's Unity project, as the editor's hello advertises them
// (projectTools): checked one by one, served as MCP tools under the project_ prefix, and called
// through the bridge's project.tool.call, so the journal's exactly-once delivery covers them.
#pragma once

#include "api/editor_link.hpp"
#include "mcp/tool_provider.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace uap::mcp {

// The prefix that keeps a project tool's name apart from every native tool's.
inline constexpr std::string_view project_tool_prefix = "project_";
// What the host serves of one hello: more tools, or larger ones, are dropped with a warning.
inline constexpr std::size_t max_project_tools = 256;
inline constexpr std::size_t max_project_tool_name = 48;
inline constexpr std::size_t max_project_tool_description = 4096;
inline constexpr std::size_t max_project_tool_schema_bytes = 32 * 1024;

bool is_project_tool_name(std::string_view served_name);

// What one hello's projectTools became: the tools kept and, one sentence each, why others were dropped.
struct ProjectToolSet {
    std::vector<modules::ToolDescription> tools; // Served names (project_<name>), sorted.
    std::vector<std::string> warnings;
};

// Checks a hello's projectTools array (absent: no tools). native: the names of the host's own tools,
// which a project tool may not take.
ProjectToolSet read_project_tools(const rapidjson::Value* advertised, const std::function<bool(std::string_view)>& is_native);

class ProjectTools {
public:
    // enabled: whether the project-tools toggle is on now (read at every request).
    ProjectTools(api::EditorLink& editor, std::function<bool()> enabled, std::string enable_command);

    // A hello was welcomed (its data as JSON text), or the editor went away (empty text): the served
    // set changes. Returns the warnings about dropped tools; changed tells whether the names changed.
    std::vector<std::string> editor_changed(const std::string& hello_json, const std::function<bool(std::string_view)>& is_native,
                                            bool& changed);
    // The editor announced a domain reload: its tools are gone until it says hello again.
    bool editor_reloading();

    std::vector<const modules::ToolDescription*> tools() const; // Empty while disabled or away.
    const modules::ToolDescription* find(std::string_view served_name) const;
    ToolLookup lookup(std::string_view served_name) const;
    modules::ToolOutcome call(std::string_view served_name, std::string_view arguments_json, const modules::CallOptions& options) const;
    // The served names, or while the editor is away those of its last hello: a reload must not make
    // the agent's CLI treat the tools as withdrawn (and restart) when they come back seconds later.
    std::vector<std::string> remembered_names() const;
    // The warnings of the latest hello, for the host's state.
    std::vector<std::string> warnings() const;

private:
    modules::ToolOutcome unavailable(std::string_view served_name) const;
    bool reload_announced() const;

    api::EditorLink& m_editor;
    std::function<bool()> m_enabled;
    std::string m_enable_command;
    mutable std::mutex m_mutex;
    std::shared_ptr<const ProjectToolSet> m_current;
    bool m_reload_announced = false; // From the reloading event to the next hello.
    // Sets replaced by a later hello stay alive: a description handed out may still be in use.
    std::vector<std::shared_ptr<const ProjectToolSet>> m_retired;
};

} // namespace uap::mcp
