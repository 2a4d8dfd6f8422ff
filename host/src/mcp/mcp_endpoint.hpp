// The MCP Streamable HTTP endpoint as a function from a (guarded) HttpRequest to an HttpResponse:
// sessions (2025 revisions) and stateless requests (2026-07-28) on the one route, protocol revision
// checks, and the initialize / server/discover / ping / tools / tasks methods. No sockets here, so
// unit tests and the fuzzer drive it directly.
#pragma once

#include "api/event_sink.hpp"
#include "mcp/elicitation.hpp"
#include "mcp/in_flight_calls.hpp"
#include "mcp/json_rpc.hpp"
#include "mcp/notification_hub.hpp"
#include "mcp/request_declaration.hpp"
#include "mcp/session_table.hpp"
#include "mcp/tasks.hpp"
#include "mcp/tool_jobs.hpp"
#include "mcp/tool_provider.hpp"
#include "server/router.hpp"

#include <memory>
#include <optional>
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

    // How long a tool's question waits for the user, and how many may wait per session (elicitation_route.cpp).
    void set_elicitation_limits(ElicitationLimits limits) { m_elicitations.set_limits(limits); }

    // The /mcp route for the router, with the MCP role.
    server::Route route(std::string path = "/mcp") const;

    // Resources, prompts and completions (resources.hpp); set before serving. Unset: those
    // methods are not found and their capabilities not advertised.
    void set_resources(McpResources* resources) { m_resources = resources; }

    // Where the panels hear the progress of a call the managed CLI makes (progress_mirror.hpp); set
    // before serving. Unset: progress reaches only the MCP client.
    void set_panel_events(api::EventSink* events) { m_panel_events = events; }

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
        const StatelessRequest* declared = nullptr; // What a stateless request declared; null in a session.
        ClientCapabilities capabilities{};          // What the session's initialize, or the stateless request, declared.
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
    // A 2026-07-28 retry's inputResponses: the answer put into the call's arguments, or the response
    // that ends the call here (a malformed answer, a declined or cancelled question). elicitation_route.cpp.
    std::optional<server::HttpResponse> apply_input_responses(const Message& message, RequestedCall& call, const modules::ToolDescription& tool,
                                                              const ProtocolRevision& revision, Trace& trace) const;
    // How a tool's question reaches this client: asked on the call's stream, returned as input_required, or refused.
    ChoiceRoute choice_route(const Origin& origin, const ProtocolRevision& revision, const modules::ToolDescription& tool) const;
    // Sends the question on the call's event stream and waits for the session client's answer.
    Expected<ChoiceAnswer> ask_on_stream(const modules::ChoiceRequest& question, const std::string& session, const ProtocolRevision& revision,
                                         const api::CallControl& control, const std::function<void(const std::string&)>& send) const;
    // Runs the tool: in the request, or as a job for a long-running tool. Returns the response text.
    std::string run_tool(const rapidjson::Value* id, const modules::ToolDescription& tool, const std::string& arguments_json,
                         const modules::CallOptions& options, const ProtocolRevision& revision, Trace& trace,
                         const ChoiceAsking& asking = {}) const;

    // MCP tasks (tasks_requests.cpp): the tasks/* methods, and a tools/call that becomes a task.
    TaskFace task_face(const ProtocolRevision& revision, const Origin* origin) const;
    TaskOwner task_owner(const Origin& origin) const;
    server::HttpResponse task_request(const Message& message, const ProtocolRevision& revision, Trace& trace, const Origin& origin) const;
    std::optional<server::HttpResponse> start_task(const Message& message, const ProtocolRevision& revision, const modules::ToolDescription& tool,
                                                   const std::string& arguments_json, Trace& trace, const Origin& origin) const;
    // notifications/tasks/status to the session that created a task whose job has finished.
    void announce_finished_task(const TaskOwner& owner, const TaskView& task) const;
    // The work of a call: the tool run through the provider with the options it is handed, its
    // questions asked the way `asking` says (a task's, never: it has no stream, so it gets the refusal).
    ToolJobs::Work tool_work(const std::string& tool, const std::string& arguments_json, const ChoiceAsking& asking = {}) const;

    const ToolProvider& m_tools;
    SessionTable& m_sessions;
    ServerIdentity m_identity;
    ToolJobs* m_jobs;
    NotificationHub* m_notifications;
    api::EventSink* m_panel_events = nullptr;
    McpResources* m_resources = nullptr;
    mutable InFlightCalls m_in_flight;
    std::unique_ptr<ToolTasks> m_tasks; // Present when there are jobs to build tasks on.
    mutable PendingElicitations m_elicitations;
};

} // namespace uap::mcp
