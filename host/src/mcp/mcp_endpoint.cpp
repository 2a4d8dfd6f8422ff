// The MCP endpoint: HTTP method and header rules of Streamable HTTP, sessions, and dispatch.
#include "mcp/mcp_endpoint.hpp"
#include "mcp/progress_mirror.hpp"

#include "mcp/http_replies.hpp"
#include "mcp/request_declaration.hpp"
#include "mcp/task_replies.hpp"
#include "mcp/resources.hpp"
#include "mcp/tool_discovery.hpp"
#include "mcp/tool_results.hpp"
#include "support/json.hpp"
#include "support/log.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

namespace uap::mcp {

using server::HttpRequest;
using server::HttpResponse;

namespace {

constexpr const char* session_header = "Mcp-Session-Id";

// params._meta.progressToken (a string or an integer) as JSON text, when the request has one.
std::optional<std::string> progress_token(const rapidjson::Value& params) {
    auto meta = params.FindMember("_meta");
    if (meta == params.MemberEnd() || !meta->value.IsObject())
        return std::nullopt;
    auto token = meta->value.FindMember("progressToken");
    if (token == meta->value.MemberEnd() || !(token->value.IsString() || token->value.IsInt64()))
        return std::nullopt;
    return json::to_text(token->value);
}

std::string progress_notification_text(const std::string& token, double progress, double total, std::string_view message) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_notification(writer, "notifications/progress");
    write_key(writer, "params");
    writer.StartObject();
    write_key(writer, "progressToken");
    writer.RawValue(token.data(), token.size(), rapidjson::kStringType);
    write_key(writer, "progress");
    writer.Double(progress);
    if (total > 0) {
        write_key(writer, "total");
        writer.Double(total);
    }
    if (!message.empty()) {
        write_key(writer, "message");
        write_string(writer, message);
    }
    writer.EndObject();
    writer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
}

// The question a needs-a-choice outcome still carries: run_tool leaves it only for a 2026-07-28
// client that declared elicitation, which gets it as input_required.
std::optional<modules::ChoiceRequest> question_to_return(const modules::ToolOutcome& outcome) {
    if (outcome.status != modules::CallStatus::NeedsChoice || outcome.choice_json.empty())
        return std::nullopt;
    auto question = modules::read_choice_request(outcome.choice_json);
    return question ? std::optional<modules::ChoiceRequest>(std::move(*question)) : std::nullopt;
}

// The tools/call response for an outcome: a result (content, isError) or, for a tool that
// vanished, the unknown-tool error.
std::string call_response_text(const rapidjson::Value* id, const modules::ToolDescription& tool, const modules::ToolOutcome& outcome,
                               const ProtocolRevision& revision) {
    if (outcome.status == modules::CallStatus::UnknownTool)
        return error_text(id, InvalidParams, "Unknown tool: " + loggable(tool.name));
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, id);
    if (outcome.status == modules::CallStatus::Success)
        write_tool_success(writer, tool, outcome.text, revision);
    else if (auto question = question_to_return(outcome))
        write_input_required(writer, *question, revision);
    else
        write_tool_error(writer, outcome.text, revision);
    finish_result(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

} // namespace

McpEndpoint::McpEndpoint(const ToolProvider& tools, SessionTable& sessions, ServerIdentity identity, ToolJobs* jobs,
                         NotificationHub* notifications)
    : m_tools(tools), m_sessions(sessions), m_identity(std::move(identity)), m_jobs(jobs), m_notifications(notifications),
      m_tasks(jobs ? std::make_unique<ToolTasks>(*jobs, TaskLimits{},
                                                 [this](const TaskOwner& owner, const TaskView& task) { announce_finished_task(owner, task); })
                   : nullptr) {}

HttpResponse McpEndpoint::rejection(const server::Rejection& rejection) {
    HttpResponse response = error_response(rejection.status, nullptr, ServerError, rejection.reason);
    if (rejection.status == 401)
        response.headers.add("WWW-Authenticate", "Bearer");
    return response;
}

server::Route McpEndpoint::route(std::string path) const {
    return server::Route{std::move(path), server::Role::Mcp, [this](const HttpRequest& request) { return handle(request); },
                         &McpEndpoint::rejection};
}

HttpResponse McpEndpoint::handle(const HttpRequest& request) const {
    auto started = std::chrono::steady_clock::now();
    Trace trace;
    HttpResponse response;
    if (request.method == "POST") {
        response = handle_post(request, trace);
    } else if (request.method == "DELETE") {
        response = handle_delete(request);
    } else {
        // GET (the event stream) is served by event_stream_route on the socket side; anything else
        // reaching this pure core is not part of the transport.
        response = error_response(405, nullptr, ServerError, "Method not allowed: use POST, GET (event stream) or DELETE");
        response.headers.add("Allow", "GET, POST, DELETE");
    }
    if (spdlog::should_log(spdlog::level::info)) {
        double milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        log::mcp.info("{} {}{}{}{}{}{}{} -> {}{}{} {:.3f} ms", request.method, loggable(trace.rpc_method),
                      trace.tool.empty() ? "" : " tool=", loggable(trace.tool), trace.revision.empty() ? "" : " revision=", trace.revision,
                      trace.client.empty() ? "" : " client=", trace.client, response.status, trace.outcome.empty() ? "" : " ",
                      trace.outcome, milliseconds);
    }
    return response;
}

HttpResponse McpEndpoint::handle_delete(const HttpRequest& request) const {
    if (declares_stateless_revision(request)) {
        HttpResponse response = error_response(405, nullptr, InvalidRequest, stateless_method_refusal("DELETE"));
        response.headers.add("Allow", "POST");
        return response;
    }
    const std::string* session = request.headers.find(session_header);
    if (!session)
        return error_response(400, nullptr, InvalidRequest, "Bad Request: DELETE needs the Mcp-Session-Id header");
    if (!m_sessions.close(*session))
        return error_response(404, nullptr, SessionNotFound, "Session not found");
    if (m_resources)
        m_resources->forget(*session);
    if (size_t cancelled = m_in_flight.cancel_session(*session))
        log::mcp.info("session ended; cancelled {} running tool call(s)", cancelled);
    HttpResponse response;
    response.status = 200;
    return response;
}

HttpResponse McpEndpoint::handle_post(const HttpRequest& request, Trace& trace) const {
    const std::string* content_type = request.headers.find("Content-Type");
    if (!content_type || !contains_ignoring_case(*content_type, "application/json"))
        return error_response(415, nullptr, InvalidRequest, "Unsupported Media Type: Content-Type must be application/json");
    if (const std::string* accept = request.headers.find("Accept"))
        if (!contains_ignoring_case(*accept, "application/json") && !contains_ignoring_case(*accept, "*/*"))
            return error_response(406, nullptr, InvalidRequest,
                                  "Not Acceptable: the client must accept application/json (and text/event-stream)");

    Message message;
    if (auto problem = parse_message(request.body, message)) {
        trace.outcome = problem->code == ParseError ? "parse error" : "invalid request";
        return error_response(400, message.id, problem->code, problem->message);
    }
    trace.rpc_method = std::string(message.method);
    const std::string* session = request.headers.find(session_header);

    // A request that declares a stateless (or an unknown) revision is served statelessly, whatever
    // Mcp-Session-Id it carries; that includes initialize, which the stateless revision removed.
    // Every other initialize opens a session: 2025 clients send it with no revision header.
    if (requested_era(request, message) == Era::Stateless)
        return handle_stateless(request, message, trace);
    if (message.kind == MessageKind::Request && message.method == "initialize") {
        if (session)
            return error_response(400, message.id, InvalidRequest, "Bad Request: initialize must not carry Mcp-Session-Id");
        return initialize(request, message);
    }
    if (!session) {
        // The Claude Code CLI probes the stateless 2026-07-28 revision first and falls back to
        // initialize when the method is not found.
        if (message.kind == MessageKind::Request && message.method == "server/discover")
            return error_response(200, message.id, MethodNotFound,
                                  "Method not found: server/discover (this server speaks " + supported_revision_names() + "; send initialize)");
        return error_response(400, message.id, InvalidRequest,
                              "Bad Request: Mcp-Session-Id header is required (send initialize first, or declare MCP-Protocol-Version "
                              "2026-07-28 and its _meta to be served without a session)");
    }
    const ProtocolRevision* revision = m_sessions.touch(*session);
    if (!revision)
        return error_response(404, message.id, SessionNotFound, "Session not found (it ended or expired); send initialize again");
    // An unknown MCP-Protocol-Version never gets here: requested_era sent it to the stateless
    // path, which answers with the supported revisions.
    trace.revision = std::string(revision->name);
    if (message.kind == MessageKind::Notification)
        notify(message, *session);
    if (message.kind == MessageKind::Response && m_elicitations.deliver(*session, message))
        trace.outcome = "answered a question";
    if (message.kind != MessageKind::Request)
        return accepted(); // Notifications (initialized, cancelled, ...) and responses.
    return dispatch(message, *revision, trace, Origin{request, *session, nullptr, m_sessions.capabilities(*session)});
}

HttpResponse McpEndpoint::initialize(const HttpRequest&, const Message& message) const {
    const rapidjson::Value* params = message.params;
    auto requested = params ? params->FindMember("protocolVersion") : rapidjson::Value::ConstMemberIterator();
    if (!params || requested == params->MemberEnd() || !requested->value.IsString())
        return error_response(200, message.id, InvalidParams, "Invalid params: initialize needs params.protocolVersion (a string)");
    const ProtocolRevision& revision =
        negotiate_revision(std::string_view(requested->value.GetString(), requested->value.GetStringLength()));
    std::string client_name;
    if (auto info = params->FindMember("clientInfo"); info != params->MemberEnd() && info->value.IsObject())
        if (auto name = info->value.FindMember("name"); name != info->value.MemberEnd() && name->value.IsString())
            client_name = loggable(name->value.GetString());
    ClientCapabilities capabilities;
    if (auto declared = params->FindMember("capabilities"); declared != params->MemberEnd() && declared->value.IsObject())
        capabilities = capabilities_of(declared->value);
    auto session = m_sessions.open(revision, client_name, capabilities);
    if (!session)
        return error_response(500, message.id, InternalError, session.error().message());

    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    write_key(writer, "protocolVersion");
    write_string(writer, revision.name);
    write_key(writer, "capabilities");
    writer.StartObject();
    write_key(writer, "tools");
    writer.StartObject();
    write_key(writer, "listChanged");
    writer.Bool(true); // Sent on the session's GET event stream when the registry is reloaded.
    writer.EndObject();
    if (task_face(revision, nullptr) == TaskFace::Utility)
        write_task_capabilities(writer);
    if (m_resources)
        m_resources->write_capabilities(writer);
    writer.EndObject();
    write_key(writer, "serverInfo");
    writer.StartObject();
    write_key(writer, "name");
    write_string(writer, m_identity.name);
    if (revision.structured_output == StructuredOutput::Supported) {
        write_key(writer, "title");
        write_string(writer, m_identity.title);
    }
    write_key(writer, "version");
    write_string(writer, m_identity.version);
    writer.EndObject();
    if (!m_identity.instructions.empty()) {
        write_key(writer, "instructions");
        write_string(writer, m_identity.instructions);
    }
    writer.EndObject();
    finish_result(writer);
    HttpResponse response = json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
    response.headers.add(session_header, *session);
    log::mcp.info("session opened for client \"{}\" with protocol {}", client_name, revision.name);
    return response;
}

void McpEndpoint::notify(const Message& message, const std::string& session) const {
    if (message.method != "notifications/cancelled" || !message.params || !message.params->IsObject())
        return;
    auto request_id = message.params->FindMember("requestId");
    if (request_id == message.params->MemberEnd() || !(request_id->value.IsString() || request_id->value.IsInt64()))
        return;
    // A request that already finished, or was never seen, is ignored as the specification asks.
    if (m_in_flight.cancel(session, json::to_text(request_id->value)))
        log::mcp.info("the client cancelled request {}", loggable(json::to_text(request_id->value)));
}

HttpResponse McpEndpoint::dispatch(const Message& message, const ProtocolRevision& revision, Trace& trace, const Origin& origin) const {
    if (message.method == "tools/call")
        return call_tool(message, revision, trace, origin);
    if (message.method.starts_with("tasks/") && task_face(revision, &origin) != TaskFace::None)
        return task_request(message, revision, trace, origin);
    if (m_resources && m_resources->serves(message.method, revision.era))
        return m_resources->answer(message, revision, origin.session);
    if (message.method == "ping" || message.method == "tools/list") {
        rapidjson::StringBuffer buffer;
        JsonWriter writer(buffer);
        begin_result(writer, message.id);
        if (message.method == "ping") {
            writer.StartObject();
            writer.EndObject();
        } else {
            write_tool_list(writer, listed_tools(m_tools.catalogue(), m_tools.discovery()), revision,
                            task_face(revision, nullptr) == TaskFace::Utility ? TaskSupport::OptionalForLongRunning : TaskSupport::NotOffered);
        }
        finish_result(writer);
        return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
    }
    trace.outcome = "method not found";
    return error_response(200, message.id, MethodNotFound, "Method not found: " + loggable(message.method));
}

std::variant<McpEndpoint::RequestedCall, HttpResponse> McpEndpoint::requested_call(const Message& message, const ProtocolRevision& revision,
                                                                                   Trace& trace) const {
    const rapidjson::Value* params = message.params;
    auto name = params ? params->FindMember("name") : rapidjson::Value::ConstMemberIterator();
    if (!params || name == params->MemberEnd() || !name->value.IsString())
        return error_response(200, message.id, InvalidParams, "Invalid params: tools/call needs params.name (a string)");
    RequestedCall call{std::string(name->value.GetString(), name->value.GetStringLength()), "{}"};
    trace.tool = call.tool;
    const rapidjson::Value empty(rapidjson::kObjectType);
    const rapidjson::Value* arguments = &empty;
    if (auto given = params->FindMember("arguments"); given != params->MemberEnd()) {
        if (!given->value.IsObject())
            return error_response(200, message.id, InvalidParams, "Invalid params: params.arguments must be an object");
        arguments = &given->value;
    }
    if (m_tools.discovery() == Discovery::Offered && call.tool == search_tool_name) {
        trace.outcome = "search";
        return tool_reply(message.id, search_tool_description(), search_tools(json::to_text(*arguments), m_tools.catalogue()), revision);
    }
    if (m_tools.discovery() != Discovery::Offered || call.tool != call_tool_name) {
        call.arguments_json = json::to_text(*arguments);
        return call;
    }
    auto forwarded = forwarded_call(*arguments);
    if (!forwarded) {
        trace.outcome = "refused forwarding";
        return tool_reply(message.id, call_tool_description(), {modules::CallStatus::InvalidArguments, forwarded.error().message()}, revision);
    }
    trace.tool = forwarded->tool + " (through " + std::string(call_tool_name) + ")";
    return RequestedCall{std::move(forwarded->tool), std::move(forwarded->arguments_json)};
}

HttpResponse McpEndpoint::tool_reply(const rapidjson::Value* id, const modules::ToolDescription& tool, const modules::ToolOutcome& outcome,
                                     const ProtocolRevision& revision) const {
    return json_response(200, call_response_text(id, tool, outcome, revision));
}

HttpResponse McpEndpoint::unavailable_tool_reply(const Message& message, std::string_view tool_name, const ToolLookup& lookup, Trace& trace) const {
    if (lookup.availability == Availability::Unknown) {
        trace.outcome = "unknown tool";
        // The name may come from the model's memory of a search: say where the exact one is.
        std::string advice = m_tools.discovery() == Discovery::Offered ? unknown_target_advice() : std::string();
        return error_response(200, message.id, InvalidParams, "Unknown tool: " + loggable(tool_name) + advice);
    }
    if (lookup.availability == Availability::SteppedAside) {
        trace.outcome = "stepped aside";
        return error_response(200, message.id, InvalidParams,
                              "Tool " + loggable(tool_name) + " of module " + lookup.module_id + " steps aside in this project (" + lookup.reason +
                                  "); run `" + lookup.remedy + "` instead");
    }
    trace.outcome = "unavailable";
    std::string advice;
    if (!lookup.remedy.empty())
        advice = lookup.availability == Availability::Disabled ? "; a user can enable it with `" + lookup.remedy + "`"
                                                               : "; `" + lookup.remedy + "` shows the details";
    return error_response(200, message.id, InvalidParams,
                          "Tool " + loggable(tool_name) + " belongs to module " + lookup.module_id + ", which is not available (" + lookup.reason +
                              ")" + advice);
}

HttpResponse McpEndpoint::call_tool(const Message& message, const ProtocolRevision& revision, Trace& trace, const Origin& origin) const {
    auto requested = requested_call(message, revision, trace);
    if (auto* response = std::get_if<HttpResponse>(&requested))
        return std::move(*response);
    RequestedCall& call = std::get<RequestedCall>(requested);
    std::string_view tool_name = call.tool;
    std::string& arguments_json = call.arguments_json;
    const rapidjson::Value* params = message.params;
    ToolLookup lookup = m_tools.lookup(tool_name);
    if (lookup.availability != Availability::Available)
        return unavailable_tool_reply(message, tool_name, lookup, trace);
    if (auto ended = apply_input_responses(message, call, *lookup.tool, revision, trace))
        return std::move(*ended);
    if (auto task = start_task(message, revision, *lookup.tool, arguments_json, trace, origin))
        return std::move(*task);
    ChoiceRoute route = choice_route(origin, revision, *lookup.tool);

    std::shared_ptr<InFlightCalls::Registration> registration =
        m_in_flight.add(origin.session, json::to_text(*message.id), origin.request.peer_gone);
    modules::CallOptions options;
    options.control = &registration->control();
    if (m_panel_events)
        if (auto tool_use = tool_use_id_of(*params))
            options.on_progress = mirrored_progress(*m_panel_events, std::move(*tool_use));

    auto token = progress_token(*params);
    const std::string* accept = origin.request.headers.find("Accept");
    // A client that can be asked gets an event stream, since a question must travel on it.
    if ((!token && route != ChoiceRoute::AskClient) || !accept || !contains_ignoring_case(*accept, "text/event-stream")) {
        std::string response_text = run_tool(message.id, *lookup.tool, arguments_json, options, revision, trace, ChoiceAsking{route, {}});
        // The specification asks for no response to a request its client cancelled (the client
        // has forgotten the id and would report one as unexpected); the POST itself must still
        // be answered, so it gets the reply of a message that needs none.
        if (registration->control().cancelled.load()) {
            trace.outcome = "cancelled by the client (no response)";
            return accepted();
        }
        return json_response(200, std::move(response_text));
    }
    // The client asked for progress: answer with an event stream that carries the progress
    // notifications and then the response. The call runs while the stream is being sent.
    trace.outcome = "streamed";
    if (m_jobs && lookup.tool->metadata.long_running)
        trace.outcome = "streamed, may become a job";
    HttpResponse response;
    response.status = 200;
    response.content_type = "text/event-stream";
    response.headers.add("Cache-Control", "no-cache");
    auto id = std::make_shared<rapidjson::Document>();
    id->CopyFrom(*message.id, id->GetAllocator());
    response.stream = [this, registration, options, id, token, tool = lookup.tool, revision = &revision, arguments_json, route,
                       session = origin.session](const server::BodyWriter& write) mutable {
        std::mutex writing;
        double last_progress = -1e300;
        if (token)
            options.on_progress = [&, mirror = std::move(options.on_progress)](double progress, double total, std::string_view text) {
                if (mirror)
                    mirror(progress, total, text);
                std::lock_guard lock(writing);
                if (progress <= last_progress) // The specification asks for increasing values.
                    return;
                last_progress = progress;
                write(event_stream_message(progress_notification_text(*token, progress, total, text)));
            };
        ChoiceAsking asking{route, {}};
        if (route == ChoiceRoute::AskClient)
            asking.ask = [&](const modules::ChoiceRequest& question) {
                return ask_on_stream(question, session, *revision, registration->control(), [&](const std::string& text) {
                    std::lock_guard lock(writing);
                    write(event_stream_message(text));
                });
            };
        Trace unused;
        std::string response_text = run_tool(id.get(), *tool, arguments_json, options, *revision, unused, asking);
        if (registration->control().cancelled.load())
            return; // Cancelled by the client: the stream ends without a response (see above).
        std::lock_guard lock(writing);
        write(event_stream_message(response_text));
    };
    return response;
}

ToolJobs::Work McpEndpoint::tool_work(const std::string& tool, const std::string& arguments_json, const ChoiceAsking& asking) const {
    int rounds = m_elicitations.limits().max_rounds;
    return [this, tool, arguments_json, asking, rounds](const modules::CallOptions& options) {
        return call_settling_choices(m_tools, tool, arguments_json, options, asking, rounds);
    };
}

std::string McpEndpoint::run_tool(const rapidjson::Value* id, const modules::ToolDescription& tool, const std::string& arguments_json,
                                  const modules::CallOptions& options, const ProtocolRevision& revision, Trace& trace,
                                  const ChoiceAsking& asking) const {
    ToolJobs::Work call = tool_work(tool.name, arguments_json, asking);
    std::optional<modules::ToolOutcome> outcome;
    if (m_jobs && tool.metadata.long_running) {
        ToolJobs::Reply reply = m_jobs->run(tool.name, call, options);
        if (!reply.finished) {
            // A normal, successful result: the work goes on, and the text says how to get its outcome.
            trace.outcome = "job";
            rapidjson::StringBuffer buffer;
            JsonWriter writer(buffer);
            begin_result(writer, id);
            write_tool_success(writer, tool, reply.job_json, revision);
            finish_result(writer);
            return std::string(buffer.GetString(), buffer.GetSize());
        }
        outcome = std::move(reply.finished);
    } else {
        outcome = call(options);
    }
    if (trace.outcome.empty())
        trace.outcome = outcome->status == modules::CallStatus::Success       ? "ok"
                        : outcome->status == modules::CallStatus::NeedsChoice ? "needs a choice"
                                                                              : "tool error";
    // The question goes back as input_required only to a client that declared elicitation; any
    // other gets the refusal, which lists the choices and names the argument.
    if (outcome->status == modules::CallStatus::NeedsChoice && asking.route != ChoiceRoute::InputRequired)
        outcome->choice_json.clear();
    return call_response_text(id, tool, *outcome, revision);
}

} // namespace uap::mcp
