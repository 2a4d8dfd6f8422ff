// The panel protocol v1 endpoint: a WebSocket at /panel (panel-role token, loopback Host and
// Origin checked by the server before the upgrade). A front-end gets a snapshot, then every event;
// it sends commands, each answered by a command_result to that front-end alone.
#pragma once

#include "agent/agent_session.hpp"
#include "panel/command_extension.hpp"
#include "panel/module_catalog.hpp"
#include "panel/panel_hub.hpp"
#include "panel/panel_outbox.hpp"
#include "panel/context_chips.hpp"
#include "settings/project_settings.hpp"
#include "server/host_server.hpp"

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace uap::panel {

inline constexpr int max_command_bytes = 32 * 1024 * 1024; // Images travel base64 inside "send".

struct PanelLimits {
    OutboxLimits outbox;
    // Longest pause between two pieces of one incoming frame before the connection is closed.
    std::chrono::milliseconds frame_gap_timeout{std::chrono::seconds(30)};
    // One socket write, including the close frame sent to a front-end that stopped reading.
    std::chrono::milliseconds send_timeout{std::chrono::seconds(10)};

    // The defaults, overridden by the project's "limits" (panelOutboxMessages, panelOutboxBytes).
    static PanelLimits from(const settings::ProjectSettings& settings);
};

class PanelEndpoint {
public:
    PanelEndpoint(PanelHub& hub, agent::AgentSession& session, PanelLimits limits = {})
        : m_hub(hub), m_session(session), m_limits(limits) {}
    void set_limits(const PanelLimits& limits) { m_limits = limits; }

    server::UpgradeRoute route(std::string path = "/panel");
    // Enables list_modules and set_module_enabled; without it they are refused. Set before serving.
    void set_module_catalog(ModuleCatalog* catalog) { m_catalog = catalog; }
    // Commands this extension handles are passed to it. Add before serving.
    void add_command_extension(CommandExtension* extension) { m_extensions.push_back(extension); }
    // The attached context chips open the next "send".
    void set_context_chips(ContextChips* chips) { m_context_chips = chips; }

    // Runs one command and returns its command_result as JSON text.
    std::string handle_command(std::string_view text);

private:
    PanelHub& m_hub;
    agent::AgentSession& m_session;
    PanelLimits m_limits;
    ModuleCatalog* m_catalog = nullptr;
    std::vector<CommandExtension*> m_extensions;
    ContextChips* m_context_chips = nullptr;
};

} // namespace uap::panel
