// How a cancelled tool call is answered over MCP: a call its client cancelled gets no JSON-RPC
// response (the POST is answered 202 with no body), and a tool that reports "cancelled" on its own
// (UAP_STATUS_CANCELLED, the SDK's ToolResult::cancelled) answers an isError result in its words.
#include "mcp/mcp_endpoint.hpp"
#include "mcp_post.hpp"
#include "server/router.hpp"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <chrono>
#include <future>
#include <thread>

namespace {

using uap::modules::CallStatus;
using uap::server::HttpRequest;
using uap::server::HttpResponse;

constexpr const char* mcp_token = "0123456789abcdef0123456789abcdef";
constexpr uint16_t port = 43211;

// "wait_for_cancel" runs until its caller is cancelled, then reports cancelled; "stops_itself"
// reports cancelled at once, as a tool does when the host cancels it without the client asking.
class CancellingTools final : public uap::mcp::ToolProvider {
public:
    CancellingTools() {
        for (auto* tool : {&m_waits, &m_stops}) {
            tool->description = "a test tool";
            tool->input_schema_json = R"({"type":"object"})";
        }
        m_waits.name = "wait_for_cancel";
        m_stops.name = "stops_itself";
    }
    std::vector<const uap::modules::ToolDescription*> enabled_tools() const override { return {&m_waits, &m_stops}; }
    uap::mcp::ToolLookup lookup(std::string_view name) const override {
        if (name == m_waits.name)
            return {uap::mcp::Availability::Available, &m_waits, "test", {}};
        if (name == m_stops.name)
            return {uap::mcp::Availability::Available, &m_stops, "test", {}};
        return {};
    }
    uap::modules::ToolOutcome call(std::string_view name, std::string_view, const uap::modules::CallOptions& options) const override {
        if (name == m_waits.name) {
            running.set_value();
            while (!options.control->cancelled.load())
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return {CallStatus::Cancelled, "stopped after 3 of 10 steps; the first 3 are renamed"};
    }
    mutable std::promise<void> running; // Set when wait_for_cancel has started.

private:
    uap::modules::ToolDescription m_waits, m_stops;
};

class CancelledAnswer : public ::testing::Test {
protected:
    CancelledAnswer() {
        guard.set_port(port);
        router.add(endpoint.route());
    }

    static HttpRequest post(const std::string& body, const std::string& session) {
        return uap::mcp::testing::mcp_post(port, mcp_token, body, session);
    }

    std::string open_session() {
        HttpResponse response = router.handle(post(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                                                   R"("capabilities":{},"clientInfo":{"name":"gtest","version":"1"}}})",
                                                   ""));
        EXPECT_EQ(response.status, 200) << response.body;
        const std::string* id = response.headers.find("Mcp-Session-Id");
        return id ? *id : std::string();
    }

    CancellingTools tools;
    uap::mcp::SessionTable sessions;
    uap::mcp::McpEndpoint endpoint{tools, sessions, uap::mcp::ServerIdentity{.version = "test"}};
    uap::server::AccessTokens tokens{mcp_token, "editor-token-editor-token-editor", "panel-token-panel-token-panel-to"};
    uap::server::RequestGuard guard{tokens, 64 * 1024};
    uap::server::Router router{guard};
};

TEST_F(CancelledAnswer, ACallTheClientCancelledGetsNoResponse) {
    std::string session = open_session();
    auto answer = std::async(std::launch::async, [&] {
        return router.handle(post(R"({"jsonrpc":"2.0","id":"call-9","method":"tools/call","params":{"name":"wait_for_cancel","arguments":{}}})",
                                  session));
    });
    ASSERT_EQ(tools.running.get_future().wait_for(std::chrono::seconds(10)), std::future_status::ready);
    HttpResponse accepted = router.handle(
        post(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"call-9","reason":"the user pressed stop"}})", session));
    EXPECT_EQ(accepted.status, 202);
    ASSERT_EQ(answer.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    HttpResponse response = answer.get();
    EXPECT_EQ(response.status, 202) << response.body;
    EXPECT_EQ(response.body, "") << "no JSON-RPC message: the client has forgotten the request";
}

TEST_F(CancelledAnswer, AToolThatReportsCancelledOnItsOwnAnswersAnIsErrorResultInItsWords) {
    std::string session = open_session();
    HttpResponse response =
        router.handle(post(R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"stops_itself","arguments":{}}})", session));
    ASSERT_EQ(response.status, 200) << response.body;
    rapidjson::Document document;
    document.Parse(response.body.c_str());
    ASSERT_TRUE(document.IsObject()) << response.body;
    ASSERT_TRUE(document.HasMember("result")) << response.body;
    EXPECT_TRUE(document["result"]["isError"].GetBool());
    EXPECT_STREQ(document["result"]["content"][0]["text"].GetString(), "stopped after 3 of 10 steps; the first 3 are renamed");
}

} // namespace
