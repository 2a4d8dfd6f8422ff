// The stateless 2026-07-28 revision beside the 2025 sessions, over real HTTP on 127.0.0.1 through
// the real server, guard and router: discovery, the refusals a dual-era client recognizes, GET and
// DELETE, stale session ids, and sessions that keep working after stateless requests.
#include "mcp/mcp_endpoint.hpp"
#include "mcp_http_client.hpp"
#include "served_mcp.hpp"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <map>
#include <thread>

namespace {

using uap::mcp::testing::Headers;
using uap::mcp::testing::Reply;

constexpr const char* modern = "2026-07-28";

// One tool, "echo", that answers {"text": "echoed"}.
class EchoTools final : public uap::mcp::ToolProvider {
public:
    EchoTools() {
        m_echo.name = "echo";
        m_echo.description = "echo";
        m_echo.input_schema_json = R"({"type":"object"})";
    }
    std::vector<const uap::modules::ToolDescription*> enabled_tools() const override { return {&m_echo}; }
    uap::mcp::ToolLookup lookup(std::string_view name) const override {
        if (name == "echo")
            return {uap::mcp::Availability::Available, &m_echo, "test", {}};
        return {};
    }
    uap::modules::ToolOutcome call(std::string_view, std::string_view, const uap::modules::CallOptions&) const override {
        return {uap::modules::CallStatus::Success, R"({"text":"echoed"})"};
    }

private:
    uap::modules::ToolDescription m_echo;
};

class StatelessTest : public uap::mcp::testing::ServedMcp {
protected:
    StatelessTest() : ServedMcp(64 * 1024) {}

    void add_routes() override { router.add(endpoint.route()); }

    EchoTools tools;
    uap::mcp::McpEndpoint endpoint{tools, sessions, uap::mcp::ServerIdentity{.version = "test"}, nullptr, &hub};

    // A 2026-07-28 request whose headers and _meta agree unless the caller overrides them.
    static std::string modern_body(const std::string& method, const std::string& revision = modern, const std::string& params = "") {
        return R"({"jsonrpc":"2.0","id":5,"method":")" + method + R"(","params":{)" + params +
               R"("_meta":{"io.modelcontextprotocol/protocolVersion":")" + revision +
               R"(","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"gtest","version":"1"}}}})";
    }
    static Headers modern_headers(const std::string& method, const std::string& revision = modern) {
        return {{"MCP-Protocol-Version", revision}, {"Mcp-Method", method}};
    }

    std::string open_session(const std::string& requested = "2025-11-25") {
        Reply reply = send("POST", R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":")" + requested +
                                       R"(","capabilities":{},"clientInfo":{"name":"gtest","version":"1"}}})", {});
        EXPECT_EQ(reply.status, 200);
        EXPECT_STREQ(reply.json["result"]["protocolVersion"].GetString(), "2025-11-25") << "initialize never negotiates 2026-07-28";
        return reply.headers["Mcp-Session-Id"];
    }
};

TEST_F(StatelessTest, DiscoverListAndCallNeedNoSession) {
    Reply discovered = send("POST", modern_body("server/discover"), modern_headers("server/discover"));
    ASSERT_EQ(discovered.status, 200);
    const auto& result = discovered.json["result"];
    EXPECT_STREQ(result["resultType"].GetString(), "complete");
    ASSERT_EQ(result["supportedVersions"].Size(), 4u);
    EXPECT_STREQ(result["supportedVersions"][0].GetString(), modern);
    EXPECT_STREQ(result["supportedVersions"][1].GetString(), "2025-11-25");
    EXPECT_TRUE(result["capabilities"]["tools"]["listChanged"].GetBool()) << "delivered on subscriptions/listen";
    EXPECT_STREQ(result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"].GetString(), "uap-host");
    EXPECT_EQ(result["ttlMs"].GetInt64(), 3600000);
    EXPECT_STREQ(result["cacheScope"].GetString(), "private");
    EXPECT_EQ(discovered.headers.count("Mcp-Session-Id"), 0u);

    Reply listed = send("POST", modern_body("tools/list"), modern_headers("tools/list"));
    ASSERT_EQ(listed.status, 200);
    EXPECT_STREQ(listed.json["result"]["resultType"].GetString(), "complete");
    EXPECT_EQ(listed.json["result"]["ttlMs"].GetInt64(), 0);
    EXPECT_STREQ(listed.json["result"]["tools"][0]["name"].GetString(), "echo");

    Headers call_headers = modern_headers("tools/call");
    call_headers["Mcp-Name"] = "echo";
    Reply called = send("POST", modern_body("tools/call", modern, R"("name":"echo","arguments":{},)"), call_headers);
    ASSERT_EQ(called.status, 200);
    EXPECT_STREQ(called.json["result"]["resultType"].GetString(), "complete");
    EXPECT_FALSE(called.json["result"]["isError"].GetBool());
    EXPECT_EQ(sessions.size(), 0u) << "no session was opened";
}

TEST_F(StatelessTest, AnUnsupportedRevisionGetsTheSupportedList) {
    for (const std::string& body : {modern_body("tools/list", "2099-01-01"), std::string(R"({"jsonrpc":"2.0","id":5,"method":"tools/list"})")}) {
        Reply reply = send("POST", body, modern_headers("tools/list", "2099-01-01"));
        EXPECT_EQ(reply.status, 400);
        ASSERT_EQ(reply.error_code(), -32022);
        const auto& data = reply.json["error"]["data"];
        EXPECT_STREQ(data["requested"].GetString(), "2099-01-01");
        ASSERT_EQ(data["supported"].Size(), 4u);
        EXPECT_STREQ(data["supported"][0].GetString(), modern);
        EXPECT_EQ(reply.json["id"].GetInt(), 5);
    }
}

TEST_F(StatelessTest, MissingOrDisagreeingDeclarationsAreRefused) {
    Reply no_meta = send("POST", R"({"jsonrpc":"2.0","id":5,"method":"tools/list","params":{}})", modern_headers("tools/list"));
    EXPECT_EQ(no_meta.status, 400);
    EXPECT_EQ(no_meta.error_code(), -32602);
    EXPECT_NE(std::string(no_meta.json["error"]["message"].GetString()).find("_meta"), std::string::npos);

    Reply disagreeing = send("POST", modern_body("tools/list", "2025-11-25"), modern_headers("tools/list"));
    EXPECT_EQ(disagreeing.status, 400);
    EXPECT_EQ(disagreeing.error_code(), -32020);

    Reply no_version_header = send("POST", modern_body("tools/list"), {{"Mcp-Method", "tools/list"}});
    EXPECT_EQ(no_version_header.status, 400);
    EXPECT_EQ(no_version_header.error_code(), -32020);

    Reply no_method_header = send("POST", modern_body("tools/list"), {{"MCP-Protocol-Version", modern}});
    EXPECT_EQ(no_method_header.error_code(), -32020);

    Reply wrong_method = send("POST", modern_body("tools/list"), modern_headers("tools/call"));
    EXPECT_EQ(wrong_method.error_code(), -32020);

    Reply no_name = send("POST", modern_body("tools/call", modern, R"("name":"echo",)"), modern_headers("tools/call"));
    EXPECT_EQ(no_name.error_code(), -32020) << "tools/call needs Mcp-Name";

    Reply ping = send("POST", modern_body("ping"), modern_headers("ping"));
    EXPECT_EQ(ping.status, 404);
    EXPECT_EQ(ping.error_code(), -32601);

    Reply malformed = send("POST", R"({"jsonrpc":"2.0",)", modern_headers("tools/list"));
    EXPECT_EQ(malformed.status, 400);
    EXPECT_EQ(malformed.error_code(), -32700);

    Reply oversized = send("POST", std::string(65 * 1024, ' '), modern_headers("tools/list"));
    EXPECT_EQ(oversized.status, 413);
}

TEST_F(StatelessTest, GetAndDeleteAre405AndSessionIdsAreIgnored) {
    std::string session = open_session();
    for (const std::string method : {"GET", "DELETE"}) {
        Reply reply = send(method, "", {{"MCP-Protocol-Version", modern}, {"Mcp-Session-Id", session}, {"Accept", "text/event-stream"}});
        EXPECT_EQ(reply.status, 405) << method;
        EXPECT_EQ(reply.headers["Allow"], "POST") << method;
    }
    EXPECT_EQ(sessions.size(), 1u) << "a 2026-07-28 DELETE does not end a session";

    for (const std::string& carried : {std::string("deadbeefdeadbeefdeadbeefdeadbeef"), session}) {
        Headers headers = modern_headers("tools/list");
        headers["Mcp-Session-Id"] = carried;
        headers["Last-Event-ID"] = "3";
        Reply reply = send("POST", modern_body("tools/list"), headers);
        EXPECT_EQ(reply.status, 200) << "stale or live, a session id on a 2026-07-28 request is ignored";
        EXPECT_EQ(reply.headers.count("Mcp-Session-Id"), 0u);
        EXPECT_STREQ(reply.json["result"]["resultType"].GetString(), "complete");
    }
}

TEST_F(StatelessTest, SessionsWorkAsBeforeAfterStatelessRequests) {
    ASSERT_EQ(send("POST", modern_body("tools/list"), modern_headers("tools/list")).status, 200);
    std::string session = open_session(modern); // Asking initialize for 2026-07-28 gets a 2025 session.
    Reply listed = send("POST", R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})",
                        {{"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "2025-11-25"}});
    ASSERT_EQ(listed.status, 200);
    EXPECT_FALSE(listed.json["result"].HasMember("resultType")) << "session results stay untyped";
    Reply without_session = send("POST", R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})", {});
    EXPECT_EQ(without_session.status, 400) << "an undeclared request without a session is still a 400";
    Reply unknown_on_session = send("POST", R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})",
                                    {{"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "1999-01-01"}});
    EXPECT_EQ(unknown_on_session.status, 400);
    EXPECT_EQ(unknown_on_session.error_code(), -32022);
    Reply deleted = send("DELETE", "", {{"Mcp-Session-Id", session}});
    EXPECT_EQ(deleted.status, 200);
}

TEST_F(StatelessTest, AnInitializeThatDeclaresTheStatelessRevisionIsNotFoundAndOpensNoSession) {
    std::string params = R"("protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"gtest","version":"1"},)";
    Reply declared = send("POST", modern_body("initialize", modern, params), modern_headers("initialize"));
    EXPECT_EQ(declared.status, 404);
    EXPECT_EQ(declared.error_code(), -32601);
    EXPECT_EQ(declared.json["id"].GetInt(), 5);
    EXPECT_NE(std::string(declared.json["error"]["message"].GetString()).find("without MCP-Protocol-Version: 2026-07-28"), std::string::npos)
        << "the refusal names how to open a session instead";
    EXPECT_EQ(declared.headers.count("Mcp-Session-Id"), 0u);
    EXPECT_EQ(sessions.size(), 0u);

    Reply unknown = send("POST", modern_body("initialize", "2099-01-01", params), modern_headers("initialize", "2099-01-01"));
    EXPECT_EQ(unknown.status, 400);
    EXPECT_EQ(unknown.error_code(), -32022) << "an unknown revision gets the supported list, initialize or not";

    open_session(); // The 2025 handshake, sent without the header as 2025 clients send it, still opens one.
    EXPECT_EQ(sessions.size(), 1u);
}

TEST_F(StatelessTest, ListenDeliversToolsListChangedAndEndsGracefully) {
    Reply reply;
    std::string events;
    std::thread listener([&] {
        events = send_for_text("POST", modern_body("subscriptions/listen", modern, R"("notifications":{"toolsListChanged":true,"promptsListChanged":true},)"),
                               modern_headers("subscriptions/listen"), reply);
    });
    for (int waited = 0; waited < 200 && hub.open_streams() == 0; ++waited)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(hub.open_streams(), 1u);
    hub.broadcast(uap::mcp::tools_list_changed_notification());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    hub.stop(); // Shutdown ends the subscription with its response.
    listener.join();
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.headers["Content-Type"], "text/event-stream");
    const std::string acknowledged = R"(data: {"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":5},"notifications":{"toolsListChanged":true}}})";
    const std::string changed = R"(data: {"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":5}}})";
    const std::string ended = R"(data: {"jsonrpc":"2.0","id":5,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/subscriptionId":5}}})";
    size_t at_acknowledged = events.find(acknowledged);
    size_t at_changed = events.find(changed);
    size_t at_ended = events.find(ended);
    ASSERT_NE(at_acknowledged, std::string::npos) << events;
    ASSERT_NE(at_changed, std::string::npos) << events;
    ASSERT_NE(at_ended, std::string::npos) << events;
    EXPECT_LT(at_acknowledged, at_changed) << "the acknowledgement comes first; promptsListChanged is not offered, so not agreed";
    EXPECT_LT(at_changed, at_ended);
}

} // namespace
