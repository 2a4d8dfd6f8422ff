// The stateless 2026-07-28 path of the endpoint: server/discover, tools/list and tools/call, each
// request on its own, with nothing read from or written to the session table.
#include "mcp/http_replies.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/request_declaration.hpp"
#include "mcp/task_replies.hpp"
#include "mcp/resources.hpp"
#include "mcp/tool_results.hpp"

#include <chrono>

namespace uap::mcp {

using server::HttpRequest;
using server::HttpResponse;

namespace {

// Request ids of stateless calls (for notifications/cancelled) live in one scope per role token:
// the bearer token is the only client identity this revision leaves, and no client-sent handle is
// ever trusted as one. Session ids are hex, so this name cannot collide with a session's.
const std::string stateless_scope = "stateless:mcp-token";

// The supported revisions and capabilities cannot change while this host runs; a restart changes
// the port and the token, so a client has to look again anyway.
constexpr std::chrono::hours discover_fresh_for{1};

} // namespace

HttpResponse McpEndpoint::handle_stateless(const HttpRequest& request, const Message& message, Trace& trace) const {
    StatelessRequest declared;
    if (auto refusal = check_declaration(request, message, declared)) {
        trace.outcome = "refused";
        return *refusal;
    }
    trace.revision = std::string(declared.revision->name);
    trace.client = declared.client_name;
    if (message.kind == MessageKind::Response)
        return error_response(400, message.id, InvalidRequest,
                              "Bad Request: the 2026-07-28 revision has no server-to-client requests, so there is no response to send; "
                              "send requests (and notifications/cancelled) only");
    if (message.kind == MessageKind::Notification) {
        notify(message, stateless_scope);
        return accepted();
    }
    if (message.method == "server/discover")
        return discover(message, *declared.revision);
    if (message.method == "subscriptions/listen" && m_notifications)
        return listen(request, message, trace);
    if (message.method == "tools/list" || message.method == "tools/call" || (m_resources && m_resources->serves(message.method, Era::Stateless)))
        return dispatch(message, *declared.revision, trace, Origin{request, stateless_scope, &declared, declared.capabilities});
    if (m_tasks && (message.method == "tasks/get" || message.method == "tasks/update" || message.method == "tasks/cancel"))
        return task_request(message, *declared.revision, trace, Origin{request, stateless_scope, &declared, declared.capabilities});
    trace.outcome = "method not found";
    if (message.method == "initialize")
        return error_response(404, message.id, MethodNotFound,
                              "Method not found: initialize (the 2026-07-28 revision has no handshake: send each request with its "
                              "_meta; to open a 2025-11-25 session instead, send initialize without MCP-Protocol-Version: 2026-07-28)");
    return error_response(404, message.id, MethodNotFound,
                          "Method not found: " + loggable(message.method) +
                              " (under 2026-07-28 this server serves server/discover, subscriptions/listen, tools/list, tools/call, resources/list, "
                              "resources/templates/list, resources/read, prompts/list, prompts/get, completion/complete and the tasks "
                              "extension's tasks/get, tasks/update and tasks/cancel; "
                              "ping and the rest need a 2025-11-25 session opened with initialize)");
}

HttpResponse McpEndpoint::discover(const Message& message, const ProtocolRevision& revision) const {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    write_key(writer, "resultType");
    write_string(writer, "complete");
    write_key(writer, "supportedVersions");
    write_supported_revisions(writer);
    // listChanged: delivered on subscriptions/listen streams, when this endpoint has a hub for them.
    write_key(writer, "capabilities");
    writer.StartObject();
    write_key(writer, "tools");
    writer.StartObject();
    if (m_notifications) {
        write_key(writer, "listChanged");
        writer.Bool(true);
    }
    writer.EndObject();
    if (m_tasks)
        write_tasks_extension(writer);
    if (m_resources)
        m_resources->write_capabilities(writer);
    writer.EndObject();
    write_key(writer, "_meta");
    writer.StartObject();
    write_key(writer, "io.modelcontextprotocol/serverInfo");
    writer.StartObject();
    write_key(writer, "name");
    write_string(writer, m_identity.name);
    write_key(writer, "title");
    write_string(writer, m_identity.title);
    write_key(writer, "version");
    write_string(writer, m_identity.version);
    writer.EndObject();
    writer.EndObject();
    if (!m_identity.instructions.empty()) {
        write_key(writer, "instructions");
        write_string(writer, m_identity.instructions);
    }
    write_caching_hints(writer, revision, discover_fresh_for);
    writer.EndObject();
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

} // namespace uap::mcp
