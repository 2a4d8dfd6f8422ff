// The host's panel side as the panel tests drive it: an agent session on the scripted fake CLI
// behind a real /panel WebSocket on 127.0.0.1, torn down in order (server, endpoint, session).
#pragma once

#include "agent/agent_session.hpp"
#include "fake_cli_project.hpp"
#include "panel/panel_endpoint.hpp"
#include "server/host_server.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace uap::agent_test {

class FakeCliPanelHost {
public:
    explicit FakeCliPanelHost(const std::string& panel_token)
        : tokens{"mcp-token-for-panel-tests-0123456789", "editor-token-for-panel-tests-012345", panel_token} {}
    ~FakeCliPanelHost() {
        http.reset();
        endpoint.reset();
        session.reset();
    }

    // Starts the session with the fake CLI's environment (FAKE_CLI_MODE=...) and serves /panel;
    // `port` is the server's port afterwards. Use with ASSERT_NO_FATAL_FAILURE.
    void start_panel(std::vector<std::string> environment, uap::panel::PanelLimits limits) {
        uap::agent::AgentOptions options;
        options.project = root / "project";
        options.mcp_url = "http://127.0.0.1:9/mcp";
        options.mcp_token = "t";
        options.environment_overrides = std::move(environment);
        options.control_timeout = std::chrono::seconds(5);
        session = std::make_unique<uap::agent::AgentSession>(options, hub);
        endpoint = std::make_unique<uap::panel::PanelEndpoint>(hub, *session, limits);
        http = std::make_unique<uap::server::HostServer>(guard, router, uap::server::ServerOptions{});
        http->add_upgrade_route(endpoint->route());
        auto bound = http->start();
        ASSERT_TRUE(bound) << bound.error().message();
        port = *bound;
        ASSERT_TRUE(session->start());
    }

    FakeCliProject folder;
    const std::filesystem::path root = folder.root();
    uint16_t port = 0;
    uap::panel::PanelHub hub;
    std::unique_ptr<uap::agent::AgentSession> session;
    std::unique_ptr<uap::panel::PanelEndpoint> endpoint;
    uap::server::AccessTokens tokens;
    uap::server::RequestGuard guard{tokens, uap::server::default_max_body_bytes};
    uap::server::Router router{guard};
    std::unique_ptr<uap::server::HostServer> http;
};

} // namespace uap::agent_test
