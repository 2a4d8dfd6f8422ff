// Everything `uap-host serve` needs for the agent: the panel hub, the one agent session and the
// /panel WebSocket route, with tool metadata taken from the loaded modules.
#pragma once

#include "agent/agent_session.hpp"
#include "app/editor_turns.hpp"
#include "app/module_tools.hpp"
#include "mcp/project_tools.hpp"
#include "modules/module_host.hpp"
#include "panel/panel_endpoint.hpp"
#include "panel/panel_hub.hpp"

#include <memory>

namespace uap::app {

// Our tools' metadata by module tool name, from the module registry.
agent::MetadataLookup metadata_from(const modules::ModuleHost& modules);
// Also the project's C# tools (project_<name>), by their served name.
agent::MetadataLookup metadata_from(const ModuleTools& tools, const mcp::ProjectTools& project);
// Our tools of the moment, by module name (for the fixed permission list of a CLI without the prompt tool).
agent::ToolLister tools_from(const ModuleTools& tools, const mcp::ProjectTools& project);

class AgentService {
public:
    // With an editor, each turn is bracketed there (one Undo step, imports held until its end) and
    // finished turns can be reverted.
    explicit AgentService(agent::AgentOptions options, api::EditorLink* editor = nullptr);
    ~AgentService();

    // Starts the CLI; a failure (e.g. no CLI installed) is reported on the panels and returned,
    // but the route keeps working so a front-end can see why.
    Expected<void> start(const std::string& mcp_url);
    void stop();

    server::UpgradeRoute route() { return m_endpoint.route(); }
    void set_module_catalog(panel::ModuleCatalog* catalog) { m_endpoint.set_module_catalog(catalog); }
    panel::PanelHub& hub() { return m_hub; }
    panel::PanelEndpoint& endpoint() { return m_endpoint; }
    agent::AgentSession& session() { return *m_session; }

private:
    panel::PanelHub m_hub;
    std::unique_ptr<EditorTurns> m_turns; // Outlives the session, which tells it of turns.
    std::unique_ptr<agent::AgentSession> m_session;
    panel::PanelEndpoint m_endpoint;
};

} // namespace uap::app
