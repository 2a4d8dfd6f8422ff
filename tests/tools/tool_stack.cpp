// The serve-shaped host stack for tool tests; see tool_stack.hpp.
#include "tool_stack.hpp"

#include "bridge/serve_editor.hpp"

#include <uap/editor_sim/editor_simulator.hpp>
#include "mcp/mcp_endpoint.hpp"
#include "mcp/module_tools.hpp"
#include "mcp/session_table.hpp"
#include "modules/module_host.hpp"
#include "server/access_tokens.hpp"
#include "server/host_server.hpp"
#include "server/router.hpp"
#include "settings/project_settings.hpp"
#include "support/files.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <gtest/gtest.h>
#include <rapidjson/pointer.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace uap::testing {

namespace fs = std::filesystem;

struct ToolStack::Parts {
    fs::path project;
    std::unique_ptr<settings::ProjectSettings> settings;
    std::unique_ptr<bridge::ServeEditor> editor;
    std::unique_ptr<modules::ModuleHost> modules;
    std::unique_ptr<mcp::ModuleTools> tools;
    mcp::SessionTable sessions;
    std::unique_ptr<mcp::McpEndpoint> endpoint;
    std::unique_ptr<server::AccessTokens> tokens;
    std::unique_ptr<server::RequestGuard> guard;
    std::unique_ptr<server::Router> router;
    std::unique_ptr<server::HostServer> http;
    uint16_t port = 0;
    std::string session;
    int next_id = 1;

    std::string post(const std::string& body) {
        Poco::Net::HTTPClientSession client("127.0.0.1", port);
        client.setTimeout(Poco::Timespan(60, 0));
        Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_POST, "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
        request.set("Authorization", "Bearer " + tokens->token(server::Role::Mcp));
        request.set("Accept", "application/json, text/event-stream");
        request.setContentType("application/json");
        if (!session.empty()) {
            request.set("Mcp-Session-Id", session);
            request.set("MCP-Protocol-Version", "2025-11-25");
        }
        request.setContentLength(static_cast<std::streamsize>(body.size()));
        client.sendRequest(request) << body;
        Poco::Net::HTTPResponse response;
        std::istream& stream = client.receiveResponse(response);
        std::ostringstream text;
        Poco::StreamCopier::copyStream(stream, text);
        if (session.empty() && response.has("Mcp-Session-Id"))
            session = response.get("Mcp-Session-Id");
        return text.str();
    }
};

ToolStack::ToolStack(const std::string& settings_json, const BeforeStart& before_start) : m_parts(std::make_unique<Parts>()) {
    auto& parts = *m_parts;
    static int counter = 0;
    parts.project = fs::temp_directory_path() / ("uap-tools-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(parts.project);
    fs::create_directories(parts.project);
    if (!settings_json.empty())
        if (!files::write_atomically(settings::ProjectSettings::file_for(parts.project), settings_json, files::Visibility::OwnerOnly))
            throw std::runtime_error("could not write the test settings");
    auto loaded = settings::ProjectSettings::load(parts.project);
    if (!loaded)
        throw std::runtime_error(loaded.error().message());
    parts.settings = std::make_unique<settings::ProjectSettings>(std::move(*loaded));
    parts.editor = std::make_unique<bridge::ServeEditor>(parts.project, "test");
    parts.modules = std::make_unique<modules::ModuleHost>(modules::ModuleHost::Options{
        {{fs::path(UAP_TEST_BUNDLED_DIR), modules::Origin::Bundled}}, parts.settings.get(), &parts.editor->bridge()});
    parts.tools = std::make_unique<mcp::ModuleTools>(*parts.modules, parts.project);
    parts.endpoint = std::make_unique<mcp::McpEndpoint>(*parts.tools, parts.sessions, mcp::ServerIdentity{.version = "test"});
    parts.tokens = std::make_unique<server::AccessTokens>("mcp-token-0123456789abcdef012345", "editor-token-0123456789abcdef0123",
                                                          "panel-token-0123456789abcdef01234");
    parts.guard = std::make_unique<server::RequestGuard>(*parts.tokens, server::default_max_body_bytes);
    parts.router = std::make_unique<server::Router>(*parts.guard);
    parts.router->add(parts.endpoint->route());
    parts.http = std::make_unique<server::HostServer>(*parts.guard, *parts.router, server::ServerOptions{});
    parts.http->add_upgrade_route(parts.editor->route());
    if (before_start)
        before_start(*parts.http, parts.project, *parts.modules);
    auto port = parts.http->start();
    if (!port)
        throw std::runtime_error(port.error().message());
    parts.port = *port;
    if (auto started = parts.editor->start_simulator(parts.port, parts.tokens->token(server::Role::Editor)); !started)
        throw std::runtime_error(started.error().message());
    rpc("initialize", R"({"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tool-tests","version":"1"}})");
    parts.post(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
}

ToolStack::~ToolStack() {
    m_parts->editor->stop();
    m_parts->http->stop();
    std::error_code ignored;
    fs::remove_all(m_parts->project, ignored);
}

std::string ToolStack::rpc_body(const std::string& method, const std::string& params_json) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    writer.StartObject();
    writer.Key("jsonrpc");
    writer.String("2.0");
    writer.Key("id");
    writer.Int(m_parts->next_id++);
    writer.Key("method");
    writer.String(method.c_str());
    writer.Key("params");
    writer.RawValue(params_json.c_str(), params_json.size(), rapidjson::kObjectType);
    writer.EndObject();
    return m_parts->post(buffer.GetString());
}

rapidjson::Document ToolStack::rpc(const std::string& method, const std::string& params_json) {
    rapidjson::Document document;
    std::string body = rpc_body(method, params_json);
    document.Parse(body.c_str());
    if (document.HasParseError())
        ADD_FAILURE() << method << " answered with something that is not JSON: " << body;
    return document;
}

ToolReply ToolStack::call(const std::string& tool, const std::string& arguments_json) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    writer.StartObject();
    writer.Key("name");
    writer.String(tool.c_str());
    writer.Key("arguments");
    writer.RawValue(arguments_json.c_str(), arguments_json.size(), rapidjson::kObjectType);
    writer.EndObject();
    rapidjson::Document envelope = rpc("tools/call", buffer.GetString());
    ToolReply reply;
    if (!envelope.IsObject() || !envelope.HasMember("result")) {
        reply.text = envelope.IsObject() && envelope.HasMember("error") ? envelope["error"]["message"].GetString() : "no result";
        return reply;
    }
    const auto& result = envelope["result"];
    reply.is_error = result.HasMember("isError") && result["isError"].GetBool();
    if (result.HasMember("content") && result["content"].Size() > 0 && result["content"][0].HasMember("text"))
        reply.text = result["content"][0]["text"].GetString();
    reply.value.Parse(reply.text.c_str());
    if (reply.value.HasParseError() || !reply.value.IsObject())
        reply.value.SetObject();
    return reply;
}

std::string ToolStack::editor(const std::string& method, const std::string& params_json) {
    std::string result;
    m_parts->editor->bridge().call(method, params_json, 30000, nullptr, result);
    return result;
}

std::string ToolStack::scene_dump() {
    std::string dump;
    std::string cursor;
    for (;;) {
        std::string params = R"({"depth":64,"maxNodes":5000)" + (cursor.empty() ? std::string() : R"(,"cursor":")" + cursor + "\"") + "}";
        rapidjson::Document walk;
        walk.Parse(editor("hierarchy.subtree", params).c_str());
        if (!walk.IsObject() || !walk.HasMember("nodes")) {
            ADD_FAILURE() << "hierarchy.subtree failed";
            return dump;
        }
        for (const auto& node : walk["nodes"].GetArray()) {
            int id = node["instanceId"].GetInt();
            rapidjson::StringBuffer line;
            rapidjson::Writer<rapidjson::StringBuffer> writer(line);
            node.Accept(writer);
            dump += line.GetString();
            dump += "\n";
            rapidjson::Document components;
            components.Parse(editor("component.list", R"({"object":{"instanceId":)" + std::to_string(id) + "}}").c_str());
            for (const auto& component : components["components"].GetArray()) {
                std::string target = R"({"target":{"component":{"object":{"instanceId":)" + std::to_string(id) + R"(},"type":")" +
                                     component["type"].GetString() + R"(","index":)" + std::to_string(component["index"].GetInt()) +
                                     R"(}},"limit":5000})";
                dump += "  " + editor("property.list", target) + "\n";
            }
        }
        if (!walk.HasMember("nextCursor"))
            break;
        cursor = walk["nextCursor"].GetString();
    }
    return dump;
}

const fs::path& ToolStack::project() const { return m_parts->project; }

uint16_t ToolStack::port() const { return m_parts->port; }

std::string ToolStack::token(const char* role) const {
    std::string_view name(role);
    return m_parts->tokens->token(name == "editor" ? server::Role::Editor : name == "panel" ? server::Role::Panel : server::Role::Mcp);
}

void ToolStack::add_flat_objects(std::size_t count) { m_parts->editor->simulator()->add_flat_objects(count, "Object"); }

std::string text_at(const rapidjson::Value& document, const char* pointer) {
    const rapidjson::Value* value = rapidjson::Pointer(pointer).Get(document);
    if (!value)
        return "<missing>";
    if (value->IsString())
        return value->GetString();
    if (value->IsBool())
        return value->GetBool() ? "true" : "false";
    if (value->IsNumber())
        return std::to_string(value->GetDouble());
    if (value->IsNull())
        return "null";
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    value->Accept(writer);
    return buffer.GetString();
}

double number_at(const rapidjson::Value& document, const char* pointer) {
    const rapidjson::Value* value = rapidjson::Pointer(pointer).Get(document);
    return value && value->IsNumber() ? value->GetDouble() : -99999.0;
}

} // namespace uap::testing
