// An MCP client for one tool call against the project's running host, over Poco's HTTP client.
#include "cli/running_host.hpp"

#include "cli/cli_text.hpp"
#include "mcp/json_rpc.hpp"
#include "support/processes.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

#include <Poco/Exception.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <functional>
#include <istream>

namespace uap::cli {

namespace fs = std::filesystem;

namespace {

constexpr const char* protocol_revision = "2025-06-18";
constexpr std::streamsize max_answer_bytes = 16 * 1024 * 1024;

struct Exchange {
    int status = 0;
    std::string body;
    std::string session;
};

class McpConnection {
public:
    McpConnection(const RunningHost& host) : m_host(host), m_client("127.0.0.1", host.discovery.port) {
        m_client.setTimeout(Poco::Timespan(10 * 60, 0)); // A tool may run long; the host bounds its own calls.
    }

    Expected<Exchange> send(const std::string& method, const std::string& body) {
        try {
            Poco::Net::HTTPRequest request(method, "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
            request.setHost("127.0.0.1", m_host.discovery.port);
            request.setKeepAlive(true);
            request.set("Authorization", "Bearer " + m_host.mcp_token);
            request.set("Accept", "application/json, text/event-stream");
            if (!m_session.empty()) {
                request.set("Mcp-Session-Id", m_session);
                request.set("MCP-Protocol-Version", protocol_revision);
            }
            if (!body.empty()) {
                request.setContentType("application/json");
                request.setContentLength(static_cast<std::streamsize>(body.size()));
            }
            m_client.sendRequest(request) << body;
            Poco::Net::HTTPResponse response;
            std::istream& stream = m_client.receiveResponse(response);
            Exchange exchange;
            exchange.status = response.getStatus();
            Poco::StreamCopier::copyToString(stream, exchange.body, max_answer_bytes);
            if (response.has("Mcp-Session-Id"))
                exchange.session = response.get("Mcp-Session-Id");
            return exchange;
        } catch (const Poco::Exception& exception) {
            return Error("the running host at " + m_host.discovery.mcp_url() + " did not answer: " + exception.displayText());
        }
    }

    void set_session(std::string session) { m_session = std::move(session); }
    const std::string& session() const { return m_session; }

private:
    const RunningHost& m_host;
    Poco::Net::HTTPClientSession m_client;
    std::string m_session;
};

std::string request_text(int id, std::string_view method, const std::function<void(mcp::JsonWriter&)>& params) {
    rapidjson::StringBuffer buffer;
    mcp::JsonWriter writer(buffer);
    writer.StartObject();
    mcp::write_key(writer, "jsonrpc");
    mcp::write_string(writer, "2.0");
    if (id >= 0) {
        mcp::write_key(writer, "id");
        writer.Int(id);
    }
    mcp::write_key(writer, "method");
    mcp::write_string(writer, method);
    if (params) {
        mcp::write_key(writer, "params");
        params(writer);
    }
    writer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
}

// The JSON-RPC result of an answer, or an Error with the server's message.
Expected<rapidjson::Document> result_of(const Exchange& exchange, std::string_view what) {
    auto document = json::parse(exchange.body);
    if (!document || !document->IsObject())
        return Error(std::string(what) + ": the running host answered HTTP " + std::to_string(exchange.status) +
                     " with a body that is not a JSON-RPC message");
    if (auto error = document->FindMember("error"); error != document->MemberEnd() && error->value.IsObject())
        return Error(json::string_field(error->value, "message").value_or("the running host refused " + std::string(what)));
    auto result = document->FindMember("result");
    if (exchange.status != 200 || result == document->MemberEnd() || !result->value.IsObject())
        return Error(std::string(what) + ": the running host answered HTTP " + std::to_string(exchange.status) + " without a result");
    rapidjson::Document copy;
    copy.CopyFrom(result->value, copy.GetAllocator());
    return copy;
}

} // namespace

Expected<std::optional<RunningHost>> find_running_host(const fs::path& project) {
    auto discovery = server::read_discovery(project);
    if (!discovery || !processes::may_be_running(discovery->pid) || discovery->port == 0)
        return std::optional<RunningHost>();
    auto token_file = discovery->token_files.find(server::to_string(server::Role::Mcp));
    fs::path file = token_file != discovery->token_files.end() ? token_file->second
                                                               : server::AccessTokens::file_for(project, server::Role::Mcp);
    auto token = server::AccessTokens::read_file(file);
    if (!token)
        return Error("a host (pid " + std::to_string(discovery->pid) + ") serves " + utf8::from_path(project) +
                     " but its MCP token cannot be read: " + token.error().message());
    return std::optional<RunningHost>(RunningHost{std::move(*discovery), std::move(*token)});
}

Expected<RunningHostAnswer> call_tool_on_running_host(const RunningHost& host, std::string_view tool_name,
                                                      std::string_view arguments_json) {
    auto arguments = json::parse(arguments_json);
    if (!arguments || !arguments->IsObject())
        return Error(cli_text("tools.args_not_object"));
    McpConnection connection(host);
    auto opened = connection.send(Poco::Net::HTTPRequest::HTTP_POST, request_text(1, "initialize", [](mcp::JsonWriter& writer) {
        writer.StartObject();
        mcp::write_key(writer, "protocolVersion");
        mcp::write_string(writer, protocol_revision);
        mcp::write_key(writer, "capabilities");
        writer.StartObject();
        writer.EndObject();
        mcp::write_key(writer, "clientInfo");
        writer.StartObject();
        mcp::write_key(writer, "name");
        mcp::write_string(writer, "uap-host tools call");
        mcp::write_key(writer, "version");
        mcp::write_string(writer, "1");
        writer.EndObject();
        writer.EndObject();
    }));
    if (!opened)
        return opened.error();
    if (auto initialized = result_of(*opened, "initialize"); !initialized)
        return initialized.error();
    if (opened->session.empty())
        return Error("the running host opened no MCP session");
    connection.set_session(opened->session);
    if (auto notified = connection.send(Poco::Net::HTTPRequest::HTTP_POST, request_text(-1, "notifications/initialized", {}));
        !notified)
        return notified.error();

    auto called = connection.send(Poco::Net::HTTPRequest::HTTP_POST, request_text(2, "tools/call", [&](mcp::JsonWriter& writer) {
        writer.StartObject();
        mcp::write_key(writer, "name");
        mcp::write_string(writer, tool_name);
        mcp::write_key(writer, "arguments");
        arguments->Accept(writer);
        writer.EndObject();
    }));
    // Ending the session is a courtesy: the host expires idle sessions anyway.
    if (auto closed = connection.send(Poco::Net::HTTPRequest::HTTP_DELETE, ""); !closed)
        log::cli.debug("tools call: {}", closed.error().message());
    if (!called)
        return called.error();
    auto result = result_of(*called, "tools/call");
    if (!result)
        return result.error();
    std::string text;
    if (auto content = result->FindMember("content"); content != result->MemberEnd() && content->value.IsArray())
        for (auto& block : content->value.GetArray())
            if (block.IsObject())
                text += json::string_field(block, "text").value_or("");
    bool is_error = json::bool_field(*result, "isError").value_or(false);
    return RunningHostAnswer{is_error ? AnswerKind::ToolError : AnswerKind::Result, std::move(text)};
}

} // namespace uap::cli
