// The editor a one-off `tools call --editor sim` runs against: the bridge on a private loopback
// port (fresh tokens, never written to disk) with the editor simulator connected to it.
#pragma once

#include "app/editor_connection.hpp"
#include "server/access_tokens.hpp"
#include "server/host_server.hpp"
#include "server/request_guard.hpp"
#include "server/router.hpp"
#include "support/expected.hpp"

#include <filesystem>
#include <memory>

namespace uap::app {

class SimulatorEditor {
public:
    // Starts the bridge and the simulator with its sample scene; returns once they are connected.
    static Expected<std::unique_ptr<SimulatorEditor>> start(const std::filesystem::path& project);
    ~SimulatorEditor();

    api::EditorLink& link() { return m_editor.bridge(); }

private:
    SimulatorEditor(const std::filesystem::path& project, server::AccessTokens tokens);

    server::AccessTokens m_tokens;
    server::RequestGuard m_guard;
    server::Router m_router;
    app::EditorConnection m_editor;
    server::HostServer m_server;
};

} // namespace uap::app
