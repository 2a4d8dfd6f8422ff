// The serve-shaped host stack for tool tests; see tool_stack.hpp.
#include "tool_stack.hpp"

#include "app/agent_service.hpp"
#include "app/host_application.hpp"
#include "bridge/bridge_server.hpp"
#include "server/access_tokens.hpp"
#include "support/files.hpp"

#include <uap/editor_sim/editor_simulator.hpp>

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <gtest/gtest.h>
#include <rapidjson/pointer.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace uap::testing {

namespace fs = std::filesystem;

struct ToolStack::Parts {
    fs::path root;
    fs::path project;
    std::unique_ptr<app::HostApplication> host;
    std::string session;
    int next_id = 1;

    std::string post(const std::string& body) {
        Poco::Net::HTTPClientSession client("127.0.0.1", host->port());
        client.setTimeout(Poco::Timespan(60, 0));
        Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_POST, "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
        request.set("Authorization", "Bearer " + host->tokens().token(server::Role::Mcp));
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

ToolStack::ToolStack(ToolStackOptions options) : m_parts(std::make_unique<Parts>()) {
    auto& parts = *m_parts;
    static int counter = 0;
    parts.root = fs::temp_directory_path() / ("uap-tools-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    parts.project = parts.root / "project";
    fs::remove_all(parts.root);
    fs::create_directories(parts.project);
    // Only the bundled packs: an empty per-user folder keeps a developer's installed packs out.
    fs::create_directories(parts.root / "user-plugins");
    ::setenv("UAP_USER_PLUGINS_DIR", (parts.root / "user-plugins").c_str(), 1);
    if (!options.settings_json.empty()) {
        fs::create_directories(parts.project / "UserSettings" / "AgentPanel");
        std::ofstream(parts.project / "UserSettings" / "AgentPanel" / "host-settings.json") << options.settings_json;
    }
    if (options.prepare)
        for (auto& entry : options.prepare(parts.project))
            options.agent_environment.push_back(entry);
    app::HostOptions host_options;
    host_options.project = parts.project;
    host_options.editor = options.editor == StackEditor::Simulator ? app::EditorMode::Simulator : app::EditorMode::Unity;
    if (!options.editor_log.empty())
        host_options.editor_log = parts.project / options.editor_log;
    host_options.agent = options.start_agent ? app::AgentMode::StartCli : app::AgentMode::PanelOnly;
    host_options.version = "test";
    host_options.hook_binary = options.hook_binary;
    host_options.agent_environment = options.agent_environment;
    host_options.module_clock = options.module_clock;
    host_options.plugin_folders = options.plugin_folders;
    parts.host = std::make_unique<app::HostApplication>(host_options);
    if (auto started = parts.host->start(); !started)
        throw std::runtime_error("the host did not start: " + started.error().message());
    rpc("initialize", R"({"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tool-tests","version":"1"}})");
    parts.post(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
}

ToolStack::~ToolStack() {
    m_parts->host->stop();
    std::error_code ignored;
    fs::remove_all(m_parts->root, ignored);
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
    // The result, or the editor's error object: the tests read either as JSON.
    auto answer = m_parts->host->bridge().call(method, params_json, 30000, nullptr);
    return answer ? *answer : answer.error().detail();
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

uint16_t ToolStack::port() const { return m_parts->host->port(); }
std::vector<std::string> ToolStack::pack_tools(const std::string& pack_id) const {
    std::vector<std::string> names;
    for (const auto& pack : m_parts->host->modules().packs())
        if (pack->id() == pack_id)
            for (const auto& tool : pack->tools)
                names.push_back(tool.name);
    return names;
}

int ToolStack::cli_pid() const { return m_parts->host->agent().session().cli_pid(); }

std::string ToolStack::token(const char* role) const {
    std::string_view name(role);
    return m_parts->host->tokens().token(name == "editor" ? server::Role::Editor : name == "panel" ? server::Role::Panel : server::Role::Mcp);
}

std::string ToolStack::load_fixture(const std::string& fixture_json) {
    return m_parts->host->editor().simulator()->load_fixture(fixture_json);
}

app::HostApplication& ToolStack::host() { return *m_parts->host; }

void ToolStack::add_flat_objects(std::size_t count) { m_parts->host->editor().simulator()->add_flat_objects(count, "Object"); }

void ToolStack::add_nested_objects(std::size_t count, std::size_t chain_length) {
    m_parts->host->editor().simulator()->add_nested_objects(count, "Chain", chain_length);
}

void write_project_file(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

std::string read_project_file(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), {});
}

} // namespace uap::testing
