// A test fixture with a real HostServer on 127.0.0.1: guard, router, session table and the GET event
// stream route, started in SetUp and stopped in TearDown. Tests add their POST routes in add_routes.
#pragma once

#include "mcp/event_stream_route.hpp"
#include "mcp/notification_hub.hpp"
#include "mcp/session_table.hpp"
#include "server/host_server.hpp"
#include "server/request_guard.hpp"
#include "server/router.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <map>
#include <memory>

namespace uap::mcp::testing {

using Headers = std::map<std::string, std::string>;

struct Reply {
    int status = 0;
    Headers headers;
    rapidjson::Document json;
    std::string text; // The body as it came.
    int error_code() const { return json.IsObject() && json.HasMember("error") ? json["error"]["code"].GetInt() : 0; }
};

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
    // A request to /mcp as a client sends it: the MCP token, JSON, both Accept types, then headers.
    static Poco::Net::HTTPRequest request_to_mcp(const std::string& method, uint16_t port, const std::string& body, const Headers& headers) {
        Poco::Net::HTTPRequest request(method, "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
        request.setHost("127.0.0.1", port);
        request.set("Authorization", std::string("Bearer ") + mcp_token);
        request.set("Accept", "application/json, text/event-stream");
        request.setContentType("application/json");
        for (auto& [name, value] : headers)
            request.set(name, value);
        request.setContentLength(static_cast<std::streamsize>(body.size()));
        return request;
    }

protected:
    // Sends the request with the MCP token and reads the whole body (an event stream until the server ends it).
    std::string send_for_text(const std::string& method, const std::string& body, const Headers& headers, Reply& reply) {
        Poco::Net::HTTPClientSession client("127.0.0.1", port);
        client.setTimeout(Poco::Timespan(5, 0));
        Poco::Net::HTTPRequest request = request_to_mcp(method, port, body, headers);
        client.sendRequest(request) << body;
        Poco::Net::HTTPResponse response;
        std::string text;
        Poco::StreamCopier::copyToString(client.receiveResponse(response), text);
        reply.status = response.getStatus();
        for (auto& [name, value] : response)
            reply.headers[name] = value;
        return text;
    }

    Reply send(const std::string& method, const std::string& body, const Headers& headers) {
        Reply reply;
        reply.text = send_for_text(method, body, headers, reply);
        reply.json.Parse(reply.text.c_str());
        return reply;
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
