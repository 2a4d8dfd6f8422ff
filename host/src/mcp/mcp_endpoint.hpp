// The MCP Streamable HTTP endpoint as a function from a (guarded) HttpRequest to an HttpResponse:
// sessions (2025 revisions) and stateless requests (2026-07-28) on the one route, protocol revision
// checks, and the initialize / server/discover / ping / tools methods. No sockets here, so unit
// tests and the fuzzer drive it directly.
#pragma once

#include "mcp/in_flight_calls.hpp"
#include "mcp/json_rpc.hpp"
#include "mcp/notification_hub.hpp"
#include "mcp/session_table.hpp"
#include "mcp/tool_jobs.hpp"
#include "mcp/tool_provider.hpp"
#include "server/router.hpp"

#include <string>
#include <variant>

namespace uap::mcp {

class McpResources;

struct ServerIdentity {
    std::string name = "uap-host";
    std::string title = "Agent Panel for Unity";
    std::string version;
    std::string instructions;
};

class McpEndpoint {
public:
    // jobs: where calls of long-running tools continue when they outlast the short wait; null: they
    // run to the end (or their deadline) inside the request like any other call. notifications:
    // where 2026-07-28 clients' subscriptions/listen streams get tools/list_changed; null: that
    // method is not offered.
    McpEndpoint(const ToolProvider& tools, SessionTable& sessions, ServerIdentity identity, ToolJobs* jobs = nullptr,
                NotificationHub* notifications = nullptr);

    // Runs after the RequestGuard admitted the request. Logs one line per request.
    server::HttpResponse handle(const server::HttpRequest& request) const;

    // A guard rejection as a JSON-RPC error without id (the body the specification suggests).
    static server::HttpResponse rejection(const server::Rejection& rejection);

    // The /mcp route for the router, with the MCP role.
    server::Route route(std::string path = "/mcp") const;

    // Resources, prompts and completions (resources.hpp); set before serving. Unset: those
    // methods are not found and their capabilities not advertised.
    void set_resources(McpResources* resources) { m_resources = resources; }

private:
    // What the request log line reports.
    struct Trace {
        std::string rpc_method;
        std::string tool;
        std::string outcome;
        std::string revision; // The revision the request was served under, once known.
        std::string client;   // clientInfo.name of a stateless request.
    };
    // The HTTP request a message arrived in, and the scope its request ids live in: the session, or
    // for stateless requests the MCP role's token (the only client identity left).
    struct Origin {
        const server::HttpRequest& request;
        const std::string& session;
    };

    server::HttpResponse handle_post(const server::HttpRequest& request, Trace& trace) const;
    server::HttpResponse handle_delete(const server::HttpRequest& request) const;
    // The 2026-07-28 path: no session is read, opened or echoed (stateless_requests.cpp).
    server::HttpResponse handle_stateless(const server::HttpRequest& request, const Message& message, Trace& trace) const;
    server::HttpResponse discover(const Message& message, const ProtocolRevision& revision) const;
    // subscriptions/listen: a long-lived event stream of the change notifications asked for (subscriptions.cpp).
    server::HttpResponse listen(const server::HttpRequest& request, const Message& message, Trace& trace) const;
    server::HttpResponse initialize(const server::HttpRequest& request, const Message& message) const;
    server::HttpResponse dispatch(const Message& message, const ProtocolRevision& revision, Trace& trace, const Origin& origin) const;
    server::HttpResponse call_tool(const Message& message, const ProtocolRevision& revision, Trace& trace, const Origin& origin) const;
    // The tool a tools/call runs: the one it names, or the target a uap_tool_call names (docs/tools.md, "Finding tools").
    struct RequestedCall {
        std::string tool;
        std::string arguments_json;
    };
    // The tool a tools/call runs and its arguments, or the whole response when the request ends
    // here: malformed params, a uap_tool_search (answered at once) or a refused uap_tool_call.
    std::variant<RequestedCall, server::HttpResponse> requested_call(const Message& message, const ProtocolRevision& revision, Trace& trace) const;
    // The refusal of a call whose tool is unknown, disabled, failed or stepping aside: what, why, and the fix.
    server::HttpResponse unavailable_tool_reply(const Message& message, std::string_view tool_name, const ToolLookup& lookup, Trace& trace) const;
    server::HttpResponse tool_reply(const rapidjson::Value* id, const modules::ToolDescription& tool, const modules::ToolOutcome& outcome,
                                    const ProtocolRevision& revision) const;
    void notify(const Message& message, const std::string& session) const;
    // Runs the tool: in the request, or as a job for a long-running tool. Returns the response text.
    std::string run_tool(const rapidjson::Value* id, const modules::ToolDescription& tool, const std::string& arguments_json,
                         const modules::CallOptions& options, const ProtocolRevision& revision, Trace& trace) const;

    const ToolProvider& m_tools;
    SessionTable& m_sessions;
    ServerIdentity m_identity;
    ToolJobs* m_jobs;
    NotificationHub* m_notifications;
    McpResources* m_resources = nullptr;
    mutable InFlightCalls m_in_flight;
};

} // namespace uap::mcp
