// A test fixture with a real HostServer on 127.0.0.1: guard, router, session table and the GET event
// stream route, started in SetUp and stopped in TearDown. Tests add their POST routes in add_routes.
#pragma once

#include "mcp_http_client.hpp"

#include "mcp/event_stream_route.hpp"
#include "mcp/notification_hub.hpp"
#include "mcp/session_table.hpp"
#include "server/host_server.hpp"
#include "server/request_guard.hpp"
#include "server/router.hpp"

#include <Poco/Net/HTTPRequest.h>

#include <gtest/gtest.h>

#include <memory>

namespace uap::mcp::testing {

class ServedMcp : public ::testing::Test {
protected:
    static constexpr const char* mcp_token = "mcp-token-aaaaaaaaaaaaaaaa";

    explicit ServedMcp(size_t max_body_bytes = server::default_max_body_bytes, StreamLimits limits = {})
        : guard(tokens, max_body_bytes), hub(limits) {}

    // Called before the server starts.
    virtual void add_routes() {}

    void SetUp() override {
        add_routes();
        server = std::make_unique<server::HostServer>(guard, router, server::ServerOptions{});
        server->add_upgrade_route(event_stream_route(hub, sessions, std::chrono::milliseconds(200)));
        auto bound = server->start();
        ASSERT_TRUE(bound) << bound.error().message();
        port = *bound;
    }
    void TearDown() override {
        hub.stop();
        server->stop();
    }

public:
    static Poco::Net::HTTPRequest request_to_mcp(const std::string& method, uint16_t port, const std::string& body, const Headers& headers) {
        return testing::request_to_mcp(port, mcp_token, method, body, headers);
    }

protected:
    // Sends the request with the MCP token and reads the whole body (an event stream until the server ends it).
    std::string send_for_text(const std::string& method, const std::string& body, const Headers& headers, Reply& reply) {
        return testing::send_for_text(port, mcp_token, method, body, headers, reply);
    }

    Reply send(const std::string& method, const std::string& body, const Headers& headers) {
        return send_json(port, mcp_token, method, body, headers);
    }

    server::AccessTokens tokens{mcp_token, "editor-token-bbbbbbbbbbbbbbbb", "panel-token-cccccccccccccccc"};
    server::RequestGuard guard;
    server::Router router{guard};
    SessionTable sessions;
    NotificationHub hub;
    std::unique_ptr<server::HostServer> server;
    uint16_t port = 0;
};

} // namespace uap::mcp::testing
