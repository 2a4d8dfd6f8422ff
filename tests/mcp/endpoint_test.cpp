// Unit tests of the guarded MCP handler core (Router + RequestGuard + McpEndpoint) over real test
// modules: the happy path, and every rejection the issue lists.
#include "runner/isolated_module.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp_post.hpp"
#include "app/module_tools.hpp"
#include "modules/module_host.hpp"
#include "server/router.hpp"
#include "support/files.hpp"
#include "support/random.hpp"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <filesystem>
#include <fstream>
#include <thread>

namespace {

namespace fs = std::filesystem;
using uap::server::HttpRequest;
using uap::server::HttpResponse;

constexpr const char* mcp_token = "0123456789abcdef0123456789abcdef";
constexpr uint16_t port = 43210;

void write_settings(const fs::path& project, const std::string& json) {
    auto written = uap::files::write_atomically(uap::settings::ProjectSettings::file_for(project), json, uap::files::Visibility::OwnerOnly);
    ASSERT_TRUE(written);
}

class McpEndpointTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        project = fs::temp_directory_path() / ("uap-mcp-test-" + uap::random::unique_suffix());
        fs::create_directories(project);
        write_settings(project, R"({"settingsVersion":1,"modules":{"mcptest-hidden":{"enabled":false}}})");
        auto loaded = uap::settings::ProjectSettings::load(project);
        ASSERT_TRUE(loaded);
        settings = new uap::settings::ProjectSettings(std::move(*loaded));
        host = new uap::modules::ModuleHost(uap::modules::ModuleHost::Options{
            {{fs::path(UAP_MCP_TEST_PLUGINS), uap::modules::Origin::CommandLine}}, settings, nullptr, uap::runner::module_runner()});
        tools = new uap::app::ModuleTools(*host, project);
        sessions = new uap::mcp::SessionTable();
        endpoint = new uap::mcp::McpEndpoint(*tools, *sessions, uap::mcp::ServerIdentity{.version = "test"});
        tokens = new uap::server::AccessTokens(mcp_token, "editor-token-editor-token-editor", "panel-token-panel-token-panel-to");
        guard = new uap::server::RequestGuard(*tokens, 64 * 1024);
        guard->set_port(port);
        router = new uap::server::Router(*guard);
        router->add(endpoint->route());
    }
    static void TearDownTestSuite() {
        delete router;
        delete guard;
        delete tokens;
        delete endpoint;
        delete sessions;
        delete tools;
        delete host;
        delete settings;
        std::error_code error;
        fs::remove_all(project, error);
    }

    static HttpRequest post(const std::string& body, const std::string& session = {}) {
        return uap::mcp::testing::mcp_post(port, mcp_token, body, session);
    }

    static std::string open_session(const std::string& version = "2025-11-25") {
        HttpResponse response = router->handle(post(
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":")" + version +
            R"(","capabilities":{},"clientInfo":{"name":"gtest","version":"1"}}})"));
        EXPECT_EQ(response.status, 200) << response.body;
        const std::string* id = response.headers.find("Mcp-Session-Id");
        return id ? *id : std::string();
    }

    static rapidjson::Document parse(const HttpResponse& response) {
        rapidjson::Document document;
        document.Parse(response.body.c_str());
        EXPECT_FALSE(document.HasParseError()) << response.body;
        return document;
    }

    static HttpResponse call(const std::string& session, const std::string& tool, const std::string& arguments) {
        return router->handle(post(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":")" + tool +
                                       R"(","arguments":)" + arguments + "}}",
                                   session));
    }

    static int error_code(const HttpResponse& response) {
        auto document = parse(response);
        return document.HasMember("error") ? document["error"]["code"].GetInt() : 0;
    }

    static inline fs::path project;
    static inline uap::settings::ProjectSettings* settings;
    static inline uap::modules::ModuleHost* host;
    static inline uap::app::ModuleTools* tools;
    static inline uap::mcp::SessionTable* sessions;
    static inline uap::mcp::McpEndpoint* endpoint;
    static inline uap::server::AccessTokens* tokens;
    static inline uap::server::RequestGuard* guard;
    static inline uap::server::Router* router;
};

TEST_F(McpEndpointTest, InitializeNegotiatesTheRevisionAndOpensASession) {
    for (auto [requested, answered] : std::vector<std::pair<std::string, std::string>>{
             {"2025-11-25", "2025-11-25"}, {"2025-06-18", "2025-06-18"}, {"2025-03-26", "2025-03-26"}, {"2024-11-05", "2025-11-25"}}) {
        HttpResponse response = router->handle(post(R"({"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":")" +
                                                    requested + R"(","capabilities":{}}})"));
        ASSERT_EQ(response.status, 200);
        auto document = parse(response);
        EXPECT_EQ(std::string(document["result"]["protocolVersion"].GetString()), answered);
        EXPECT_STREQ(document["id"].GetString(), "a");
        EXPECT_TRUE(document["result"]["capabilities"].HasMember("tools"));
        const std::string* session = response.headers.find("mcp-session-id");
        ASSERT_NE(session, nullptr);
        EXPECT_EQ(session->size(), 32u);
    }
}

TEST_F(McpEndpointTest, InitializedNotificationIsAcceptedWith202AndPingAnswersEmpty) {
    std::string session = open_session();
    HttpResponse notified = router->handle(post(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", session));
    EXPECT_EQ(notified.status, 202);
    EXPECT_TRUE(notified.body.empty());
    HttpResponse ping = router->handle(post(R"({"jsonrpc":"2.0","id":2,"method":"ping"})", session));
    ASSERT_EQ(ping.status, 200);
    auto document = parse(ping);
    EXPECT_TRUE(document["result"].IsObject());
    EXPECT_EQ(document["result"].MemberCount(), 0u);
}

TEST_F(McpEndpointTest, ToolsListShowsEnabledModulesWithExplicitAnnotations) {
    std::string session = open_session();
    auto document = parse(router->handle(post(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})", session)));
    std::map<std::string, const rapidjson::Value*> listed;
    for (auto& tool : document["result"]["tools"].GetArray())
        listed[tool["name"].GetString()] = &tool;
    EXPECT_TRUE(listed.count("echo"));
    EXPECT_TRUE(listed.count("count_words"));
    EXPECT_FALSE(listed.count("hidden_tool")) << "a disabled module's tool was listed";
    const rapidjson::Value& echo = *listed["echo"];
    EXPECT_TRUE(echo.HasMember("outputSchema"));
    EXPECT_TRUE(echo["annotations"]["readOnlyHint"].GetBool());
    EXPECT_FALSE(echo["annotations"]["destructiveHint"].GetBool());
    EXPECT_TRUE(echo["annotations"]["idempotentHint"].GetBool());
    EXPECT_FALSE(echo["annotations"]["openWorldHint"].GetBool());
    const rapidjson::Value& count = *listed["count_words"];
    EXPECT_FALSE(count.HasMember("outputSchema"));
    EXPECT_FALSE(count["annotations"]["readOnlyHint"].GetBool());
    EXPECT_TRUE(count["annotations"]["destructiveHint"].GetBool());
    EXPECT_FALSE(count["annotations"]["idempotentHint"].GetBool());
    EXPECT_TRUE(count["_meta"]["agentpanel.unity/undoable"].GetBool());
}

TEST_F(McpEndpointTest, OldRevisionSessionsGetNoOutputSchemaOrStructuredContent) {
    std::string session = open_session("2025-03-26");
    auto listed = parse(router->handle(post(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})", session)));
    for (auto& tool : listed["result"]["tools"].GetArray())
        EXPECT_FALSE(tool.HasMember("outputSchema"));
    auto called = parse(call(session, "echo", R"({"text":"hi"})"));
    EXPECT_FALSE(called["result"].HasMember("structuredContent"));
}

TEST_F(McpEndpointTest, ToolCallReturnsContentAndStructuredContent) {
    std::string session = open_session();
    HttpResponse response = call(session, "echo", R"({"text":"héllo \"world\""})");
    ASSERT_EQ(response.status, 200);
    auto document = parse(response);
    const auto& result = document["result"];
    EXPECT_FALSE(result["isError"].GetBool());
    EXPECT_STREQ(result["structuredContent"]["text"].GetString(), "héllo \"world\"");
    EXPECT_STREQ(result["content"][0]["type"].GetString(), "text");
    EXPECT_EQ(document["id"].GetInt(), 7);
}

TEST_F(McpEndpointTest, ToolFailureIsAnIsErrorResult) {
    std::string session = open_session();
    auto document = parse(call(session, "count_words", R"({"text":"fail"})"));
    EXPECT_TRUE(document["result"]["isError"].GetBool());
    EXPECT_NE(std::string(document["result"]["content"][0]["text"].GetString()).find("refused on purpose"), std::string::npos);
}

TEST_F(McpEndpointTest, ToolThatThrowsIsAnIsErrorResult) {
    std::string session = open_session();
    HttpResponse response = call(session, "explode", "{}");
    ASSERT_EQ(response.status, 200);
    auto document = parse(response);
    EXPECT_TRUE(document["result"]["isError"].GetBool());
    EXPECT_NE(std::string(document["result"]["content"][0]["text"].GetString()).find("kaboom"), std::string::npos);
}

TEST_F(McpEndpointTest, SchemaInvalidArgumentsAreAnIsErrorResultNamingTheSchema) {
    std::string session = open_session();
    for (std::string arguments : {R"({"text":5})", R"({})", R"({"text":"x","extra":1})"}) {
        auto document = parse(call(session, "echo", arguments));
        ASSERT_TRUE(document.HasMember("result")) << arguments;
        EXPECT_TRUE(document["result"]["isError"].GetBool()) << arguments;
        EXPECT_NE(std::string(document["result"]["content"][0]["text"].GetString()).find("input schema"), std::string::npos);
    }
}

TEST_F(McpEndpointTest, DisabledModulesToolIsAProtocolErrorThatSaysHowToEnableIt) {
    std::string session = open_session();
    HttpResponse response = call(session, "hidden_tool", "{}");
    EXPECT_EQ(error_code(response), -32602);
    EXPECT_NE(response.body.find("mcptest.hidden"), std::string::npos) << response.body;
}

TEST_F(McpEndpointTest, ToggleChangedWhileRunningIsRecheckedOnEveryCall) {
    std::string session = open_session();
    ASSERT_EQ(error_code(call(session, "echo", R"({"text":"a"})")), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    write_settings(project, R"({"settingsVersion":1,"modules":{"mcptest-hidden":{"enabled":false},"mcptest-echo":{"enabled":false}}})");
    EXPECT_EQ(error_code(call(session, "echo", R"({"text":"a"})")), -32602);
    auto listed = router->handle(post(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})", session));
    EXPECT_EQ(listed.body.find("\"echo\""), std::string::npos);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    write_settings(project, R"({"settingsVersion":1,"modules":{"mcptest-hidden":{"enabled":false}}})");
    EXPECT_EQ(error_code(call(session, "echo", R"({"text":"a"})")), 0);
}

TEST_F(McpEndpointTest, UnknownToolAndMalformedParamsAreProtocolErrors) {
    std::string session = open_session();
    EXPECT_EQ(error_code(call(session, "no_such_tool", "{}")), -32602);
    EXPECT_EQ(error_code(router->handle(post(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}})", session))), -32602);
    EXPECT_EQ(error_code(call(session, "echo", "[1]")), -32602);
    EXPECT_EQ(error_code(router->handle(post(R"({"jsonrpc":"2.0","id":1,"method":"no/such"})", session))), -32601);
}

TEST_F(McpEndpointTest, MissingOrWrongTokenIs401) {
    HttpRequest request = post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
    HttpRequest without;
    without.method = "POST";
    without.path = "/mcp";
    for (auto& [name, value] : request.headers.fields())
        if (name != "Authorization")
            without.headers.add(name, value);
    without.body = request.body;
    HttpResponse response = router->handle(without);
    EXPECT_EQ(response.status, 401);
    EXPECT_NE(response.headers.find("WWW-Authenticate"), nullptr);

    for (std::string wrong : {"Bearer 0123456789abcdef0123456789abcdee", "Bearer 0123", "Basic abc", "Bearer ", "editor-token"}) {
        HttpRequest forged = without;
        forged.headers.add("Authorization", wrong);
        EXPECT_EQ(router->handle(forged).status, 401) << wrong;
    }
    HttpRequest other_role = without;
    other_role.headers.add("Authorization", "Bearer editor-token-editor-token-editor");
    EXPECT_EQ(router->handle(other_role).status, 401) << "a token of another role must not open /mcp";
}

HttpRequest with_header(HttpRequest request, const std::string& name, const std::string& value) {
    HttpRequest changed;
    changed.method = request.method;
    changed.path = request.path;
    changed.body = request.body;
    for (auto& [field, existing] : request.headers.fields())
        if (!uap::server::equal_ignoring_case(field, name))
            changed.headers.add(field, existing);
    changed.headers.add(name, value);
    return changed;
}

TEST_F(McpEndpointTest, ForeignOriginWithValidHostIs403) {
    HttpRequest request = post(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})");
    EXPECT_EQ(router->handle(with_header(request, "Origin", "http://127.0.0.1:" + std::to_string(port))).status, 200);
    EXPECT_EQ(router->handle(with_header(request, "Origin", "http://localhost:" + std::to_string(port))).status, 200);
    for (std::string origin : {"http://evil.example.com", "http://evil.example.com:43210", "null", "http://127.0.0.1:1",
                               "https://127.0.0.1:43210", "http://127.0.0.1.evil.com:43210"})
        EXPECT_EQ(router->handle(with_header(request, "Origin", origin)).status, 403) << origin;
}

TEST_F(McpEndpointTest, ForeignHostWithValidOriginIs403) {
    HttpRequest request = with_header(post(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})"),
                                      "Origin", "http://127.0.0.1:" + std::to_string(port));
    EXPECT_EQ(router->handle(with_header(request, "Host", "[::1]:" + std::to_string(port))).status, 200);
    for (std::string foreign : {"evil.example.com", "evil.example.com:43210", "127.0.0.1", "127.0.0.1:80", "localhost.evil:43210", ""})
        EXPECT_EQ(router->handle(with_header(request, "Host", foreign)).status, 403) << foreign;
}

TEST_F(McpEndpointTest, BodyOverTheCapIs413EvenWithoutToken) {
    HttpRequest request = post(std::string(64 * 1024 + 1, ' '));
    EXPECT_EQ(router->handle(request).status, 413);
    EXPECT_EQ(router->handle(with_header(request, "Authorization", "Bearer nope")).status, 413);
}

TEST_F(McpEndpointTest, MalformedJsonIs400ParseError) {
    std::string session = open_session();
    // The last: a lone low surrogate escape, which RapidJSON would decode into bytes that are not UTF-8.
    for (std::string body : {"{", "not json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} trailing", "\"\xff\"",
                             R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\uDC00"}})"}) {
        HttpResponse response = router->handle(post(body, session));
        EXPECT_EQ(response.status, 400) << body;
        EXPECT_EQ(error_code(response), -32700) << body;
    }
    HttpResponse deep = router->handle(post(std::string(1000, '[') + std::string(1000, ']'), session));
    EXPECT_EQ(deep.status, 400);
    HttpResponse deep_object =
        router->handle(post(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":)" + std::string(200, '[') + std::string(200, ']') + "}}", session));
    EXPECT_EQ(deep_object.status, 400);
}

TEST_F(McpEndpointTest, BatchIsRejectedWith400) {
    std::string session = open_session();
    HttpResponse response = router->handle(post(R"([{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}])", session));
    EXPECT_EQ(response.status, 400);
    EXPECT_EQ(error_code(response), -32600);
}

TEST_F(McpEndpointTest, UnknownSessionIs404AndMissingSessionIs400) {
    EXPECT_EQ(router->handle(post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", "ffffffffffffffffffffffffffffffff")).status, 404);
    EXPECT_EQ(router->handle(post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})")).status, 400);
}

TEST_F(McpEndpointTest, UnsupportedProtocolVersionHeaderIs400ButOlderSupportedOnesPass) {
    std::string session = open_session();
    HttpRequest request = post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session);
    HttpResponse unknown = router->handle(with_header(request, "MCP-Protocol-Version", "1999-01-01"));
    EXPECT_EQ(unknown.status, 400);
    EXPECT_EQ(error_code(unknown), -32022) << "an unknown revision gets the list of supported ones, session or not";
    HttpResponse stateless = router->handle(with_header(request, "MCP-Protocol-Version", "2026-07-28"));
    EXPECT_EQ(stateless.status, 400);
    EXPECT_EQ(error_code(stateless), -32602) << "a 2026-07-28 request is stateless and needs its _meta, whatever session it names";
    EXPECT_EQ(router->handle(with_header(request, "MCP-Protocol-Version", "2025-06-18")).status, 200);
    EXPECT_EQ(router->handle(with_header(request, "MCP-Protocol-Version", "2025-03-26")).status, 200);
}

TEST_F(McpEndpointTest, DeleteEndsTheSession) {
    std::string session = open_session();
    HttpRequest remove = post("", session);
    remove.method = "DELETE";
    EXPECT_EQ(router->handle(remove).status, 200);
    EXPECT_EQ(router->handle(post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session)).status, 404);
    EXPECT_EQ(router->handle(remove).status, 404);
}

TEST_F(McpEndpointTest, GetIs405AndAnUndeclaredServerDiscoverIsMethodNotFound) {
    HttpRequest get = post("");
    get.method = "GET";
    HttpResponse response = router->handle(get);
    EXPECT_EQ(response.status, 405);
    EXPECT_NE(response.headers.find("Allow"), nullptr);
    // Without any revision declared (and no session) server/discover keeps its 2025 answer, on
    // which a dual-era client falls back to initialize; declared, it is served (stateless_test.cpp).
    HttpResponse discover = router->handle(post(R"({"jsonrpc":"2.0","id":1,"method":"server/discover"})"));
    EXPECT_EQ(discover.status, 200);
    EXPECT_EQ(error_code(discover), -32601);
}

TEST_F(McpEndpointTest, ContentTypeAndAcceptAreChecked) {
    std::string session = open_session();
    HttpRequest request = post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", session);
    EXPECT_EQ(router->handle(with_header(request, "Content-Type", "text/plain")).status, 415);
    EXPECT_EQ(router->handle(with_header(request, "Accept", "text/html")).status, 406);
}

TEST_F(McpEndpointTest, UnknownPathIs404) {
    HttpRequest request = post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
    request.path = "/other";
    EXPECT_EQ(router->handle(request).status, 404);
}

} // namespace
