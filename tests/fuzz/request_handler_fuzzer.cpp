// libFuzzer target for the request handler: bytes → HTTP request (method and header variants from
// the first two bytes, the rest as body) → guard → JSON-RPC → MCP dispatch, with a fake tool set.
#include "mcp/mcp_endpoint.hpp"
#include "server/router.hpp"
#include "support/json.hpp"

#include <rapidjson/document.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace {

using namespace uap;

modules::ToolDescription make_tool(std::string name, std::string output_schema) {
    modules::ToolDescription tool;
    tool.name = std::move(name);
    tool.description = "fuzz tool";
    tool.input_schema_json = R"({"type":"object"})";
    tool.output_schema_json = std::move(output_schema);
    tool.metadata = {true, false, false, true, false};
    return tool;
}

// Echo returns its "text" argument; "fail" always fails; "hidden" is disabled.
class FakeTools final : public mcp::ToolProvider {
public:
    FakeTools() : m_echo(make_tool("echo", R"({"type":"object"})")), m_fail(make_tool("fail", "")) {}

    std::vector<const modules::ToolDescription*> enabled_tools() const override { return {&m_echo, &m_fail}; }
    mcp::ToolLookup lookup(std::string_view name) const override {
        if (name == "echo")
            return {mcp::Availability::Available, &m_echo, "fuzz", {}};
        if (name == "fail")
            return {mcp::Availability::Available, &m_fail, "fuzz", {}};
        if (name == "hidden")
            return {mcp::Availability::Disabled, nullptr, "fuzz.hidden", "disabled"};
        return {};
    }
    modules::ToolOutcome call(std::string_view name, std::string_view arguments_json, const modules::CallOptions& options) const override {
        if (options.on_progress)
            options.on_progress(1, 2, "halfway");
        rapidjson::Document arguments;
        arguments.Parse<rapidjson::kParseIterativeFlag>(arguments_json.data(), arguments_json.size());
        if (arguments.HasParseError() || !arguments.IsObject())
            return {modules::CallStatus::InvalidArguments, "arguments must be an object"};
        if (name == "fail")
            return {modules::CallStatus::ToolError, "failed on purpose"};
        auto text = arguments.FindMember("text");
        if (text == arguments.MemberEnd() || !text->value.IsString())
            return {modules::CallStatus::InvalidArguments, "text must be a string"};
        return {modules::CallStatus::Success, std::string(R"({"text":)") + json::to_text(text->value) + "}"};
    }

private:
    modules::ToolDescription m_echo;
    modules::ToolDescription m_fail;
};

constexpr const char* token = "fuzz-token-fuzz-token-fuzz-token";

struct World {
    FakeTools tools;
    mcp::SessionTable sessions{mcp::SessionLimits{16, std::chrono::seconds(3600)}};
    mcp::McpEndpoint endpoint{tools, sessions, mcp::ServerIdentity{.version = "fuzz"}};
    server::AccessTokens tokens{token, "editor", "panel"};
    server::RequestGuard guard{tokens, 64 * 1024};
    server::Router router{guard};
    std::string session;

    World() {
        guard.set_port(8080);
        router.add(endpoint.route());
        server::HttpRequest initialize = base("POST", 0);
        initialize.body = R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})";
        auto response = router.handle(initialize);
        if (const std::string* id = response.headers.find("Mcp-Session-Id"))
            session = *id;
    }

    server::HttpRequest base(const char* method, uint8_t flags) const {
        server::HttpRequest request;
        request.method = method;
        request.path = (flags & 0x80) ? "/other" : "/mcp";
        request.headers.add("Host", (flags & 0x01) ? "evil.example.com" : "127.0.0.1:8080");
        if (flags & 0x02)
            request.headers.add("Origin", (flags & 0x04) ? "http://evil.example.com" : "http://localhost:8080");
        if (!(flags & 0x08))
            request.headers.add("Authorization", (flags & 0x04) && (flags & 0x02) == 0 ? "Bearer wrong" : std::string("Bearer ") + token);
        request.headers.add("Content-Type", (flags & 0x40) ? "text/plain" : "application/json");
        request.headers.add("Accept", "application/json, text/event-stream");
        return request;
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static World* world = new World();
    if (size < 2)
        return 0;
    static const char* const methods[] = {"POST", "POST", "POST", "GET", "DELETE", "PUT"};
    const char* method = methods[data[0] % 6];
    uint8_t flags = data[1];
    server::HttpRequest request = world->base(method, flags);
    switch ((data[0] >> 4) % 4) {
    case 0: request.headers.add("Mcp-Session-Id", world->session); break;
    case 1: request.headers.add("Mcp-Session-Id", "0000"); break;
    case 2: // No session; with 0x20 the stateless revision's headers (the body decides whether they agree).
        if (flags & 0x20) {
            request.headers.add("MCP-Protocol-Version", "2026-07-28");
            request.headers.add("Mcp-Method", (flags & 0x10) ? "tools/list" : "tools/call");
            request.headers.add("Mcp-Name", (flags & 0x04) ? "=?base64?ZWNobw==?=" : "echo");
        }
        break;
    case 3:
        request.headers.add("Mcp-Session-Id", world->session);
        request.headers.add("MCP-Protocol-Version", (flags & 0x10) ? "2025-06-18" : "2099-01-01");
        break;
    }
    request.body.assign(reinterpret_cast<const char*>(data + 2), size - 2);
    server::HttpResponse response = world->router.handle(request);
    if (response.status < 200 || response.status > 599)
        __builtin_trap();
    if (response.stream) { // An event stream: every event's data must be valid JSON too.
        response.stream([](std::string_view piece) {
            auto data = piece.find("data: ");
            if (piece.rfind("event: message\n", 0) != 0 || data == std::string_view::npos || piece.size() < data + 8)
                __builtin_trap();
            std::string_view json = piece.substr(data + 6, piece.size() - data - 8);
            rapidjson::Document document;
            document.Parse(json.data(), json.size());
            if (document.HasParseError())
                __builtin_trap();
            return true;
        });
    }
    if (!response.body.empty() && response.content_type == "application/json") {
        rapidjson::Document document;
        document.Parse(response.body.c_str(), response.body.size());
        if (document.HasParseError()) // Every JSON body we send must be valid JSON.
            __builtin_trap();
    }
    if (world->session.empty() || world->sessions.size() == 0) { // DELETE may end it: open a new one.
        delete world;
        world = new World();
    }
    return 0;
}
