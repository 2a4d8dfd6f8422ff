// The panel protocol v1 endpoint: a WebSocket at /panel (panel-role token, loopback Host and
// Origin checked by the server before the upgrade). A front-end gets a snapshot, then every event;
// it sends commands, each answered by a command_result to that front-end alone.
#pragma once

#include "agent/agent_session.hpp"
#include "panel/module_catalog.hpp"
#include "panel/panel_hub.hpp"
#include "server/host_server.hpp"

#include <string>
#include <string_view>

namespace uap::panel {

inline constexpr int max_command_bytes = 32 * 1024 * 1024; // Images travel base64 inside "send".

class PanelEndpoint {
public:
    PanelEndpoint(PanelHub& hub, agent::AgentSession& session) : m_hub(hub), m_session(session) {}

    server::UpgradeRoute route(std::string path = "/panel");
    // Enables list_modules and set_module_enabled; without it they are refused. Set before serving.
    void set_module_catalog(ModuleCatalog* catalog) { m_catalog = catalog; }

    // Runs one command and returns its command_result as JSON text.
    std::string handle_command(std::string_view text);

private:
    PanelHub& m_hub;
    agent::AgentSession& m_session;
    ModuleCatalog* m_catalog = nullptr;
};

} // namespace uap::panel
