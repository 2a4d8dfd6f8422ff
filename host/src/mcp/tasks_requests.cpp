// The endpoint's MCP task methods in both eras: a tools/call that becomes a task, and tasks/get,
// tasks/result, tasks/list, tasks/cancel (2025-11-25 utility) and tasks/get, tasks/update,
// tasks/cancel (2026-07-28 extension), over the task table (tasks.hpp) on top of the job table.
#include "mcp/http_replies.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/task_replies.hpp"
#include "mcp/tool_results.hpp"

#include <cmath>

namespace uap::mcp {

using server::HttpResponse;

namespace {

// Task ids are "task-" and 32 hex digits; anything much longer is not one of ours.
constexpr size_t max_task_id_length = 128;

// The session revisions from 2025-11-25 on have the tasks utility.
constexpr std::string_view first_utility_revision = "2025-11-25";

HttpResponse reply(const rapidjson::Value* id, const std::function<void(JsonWriter&)>& write_result) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, id);
    write_result(writer);
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

// {"resultType": "complete"}: the extension's acknowledgement of tasks/update and tasks/cancel.
HttpResponse acknowledgement(const rapidjson::Value* id) {
    return reply(id, [](JsonWriter& writer) {
        writer.StartObject();
        write_key(writer, "resultType");
        write_string(writer, "complete");
        writer.EndObject();
    });
}

// The -32021 a stateless task method gets without the extension, naming what to declare.
HttpResponse missing_extension(const Message& message) {
    return json_response(200, error_text(message.id, MissingRequiredClientCapability,
                                         "Missing required client capability: " + loggable(message.method) +
                                             " needs the tasks extension; declare extensions[\"io.modelcontextprotocol/tasks\"] in "
                                             "_meta[\"io.modelcontextprotocol/clientCapabilities\"]",
                                         [](JsonWriter& writer) {
                                             writer.StartObject();
                                             write_key(writer, "requiredCapabilities");
                                             writer.StartObject();
                                             write_tasks_extension(writer);
                                             writer.EndObject();
                                             writer.EndObject();
                                         }));
}

} // namespace

TaskFace McpEndpoint::task_face(const ProtocolRevision& revision, const Origin* origin) const {
    if (!m_tasks)
        return TaskFace::None;
    if (revision.era == Era::Session)
        return revision.name >= first_utility_revision ? TaskFace::Utility : TaskFace::None;
    bool declared = origin && origin->declared && origin->declared->capabilities.tasks_extension;
    return declared ? TaskFace::Extension : TaskFace::None;
}

TaskOwner McpEndpoint::task_owner(const Origin& origin) const {
    // A stateless request's session is the scope its request ids live in (stateless_requests.cpp),
    // which then holds the tasks of nameless stateless clients too.
    if (origin.declared)
        return TaskOwner{origin.declared->client_name, origin.session};
    return TaskOwner{m_sessions.client_name(origin.session), origin.session};
}

std::optional<HttpResponse> McpEndpoint::start_task(const Message& message, const ProtocolRevision& revision, const modules::ToolDescription& tool,
                                                    const std::string& arguments_json, Trace& trace, const Origin& origin) const {
    TaskFace face = task_face(revision, &origin);
    if (face == TaskFace::None)
        return std::nullopt; // Today's call (and job past the short wait); a params.task is ignored as the spec asks.
    std::optional<std::chrono::milliseconds> ttl;
    if (face == TaskFace::Utility) {
        auto asked = message.params->FindMember("task");
        if (asked == message.params->MemberEnd())
            return std::nullopt; // taskSupport is optional: a plain call stays a plain call.
        if (!asked->value.IsObject())
            return error_response(200, message.id, InvalidParams, "Invalid params: params.task must be an object (with ttl, a number of milliseconds, or empty)");
        if (auto wanted = asked->value.FindMember("ttl"); wanted != asked->value.MemberEnd() && !wanted->value.IsNull()) {
            if (!wanted->value.IsNumber() || !std::isfinite(wanted->value.GetDouble()) || wanted->value.GetDouble() < 0)
                return error_response(200, message.id, InvalidParams,
                                      "Invalid params: params.task.ttl must be a number of milliseconds (0 or more), or left out");
            ttl = std::chrono::milliseconds(static_cast<int64_t>(std::min(wanted->value.GetDouble(), 1e12)));
        }
        if (!tool.metadata.long_running) {
            trace.outcome = "task refused";
            return error_response(200, message.id, MethodNotFound,
                                  "Method not found: tool " + loggable(tool.name) +
                                      " does not run as a task (its execution.taskSupport is forbidden: it is not long-running); call it "
                                      "without params.task");
        }
    } else if (!tool.metadata.long_running) {
        return std::nullopt; // The extension lets the server decide; short tools answer at once.
    }
    auto created = m_tasks->create(task_owner(origin), tool, tool_work(tool.name, arguments_json), ttl);
    if (!created) {
        trace.outcome = "task refused";
        return error_response(200, message.id, InvalidRequest, created.error().message());
    }
    trace.outcome = "task " + created->id;
    return reply(message.id, [&](JsonWriter& writer) {
        writer.StartObject();
        if (face == TaskFace::Extension) {
            write_key(writer, "resultType");
            write_string(writer, "task");
            write_task_members(writer, *created, face, revision);
        } else {
            write_key(writer, "task");
            writer.StartObject();
            write_task_members(writer, *created, face, revision);
            writer.EndObject();
            // What a host may hand the model at once while the task runs.
            write_key(writer, "_meta");
            writer.StartObject();
            write_key(writer, "io.modelcontextprotocol/model-immediate-response");
            write_string(writer, "tool " + tool.name + " is running as task " + created->id + "; its result follows when it finishes");
            writer.EndObject();
        }
        writer.EndObject();
    });
}

void McpEndpoint::announce_finished_task(const TaskOwner& owner, const TaskView& task) const {
    // Only a session has a stream of its own (its GET); a stateless task's owner scope has none, so
    // the hub drops the message there, and the extension's clients poll.
    if (!m_notifications)
        return;
    const ProtocolRevision* revision = find_revision(first_utility_revision);
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_notification(writer, "notifications/tasks/status");
    write_key(writer, "params");
    writer.StartObject();
    write_task_members(writer, task, TaskFace::Utility, *revision);
    writer.EndObject();
    writer.EndObject();
    m_notifications->send(owner.session, std::string(buffer.GetString(), buffer.GetSize()));
}

HttpResponse McpEndpoint::task_request(const Message& message, const ProtocolRevision& revision, Trace& trace, const Origin& origin) const {
    auto refusal = [&](int code, std::string_view text) {
        trace.outcome = "refused";
        return error_response(200, message.id, code, text);
    };
    TaskFace face = task_face(revision, &origin);
    if (face == TaskFace::None && revision.era == Era::Stateless) {
        trace.outcome = "refused";
        return missing_extension(message);
    }
    bool utility_method = message.method == "tasks/result" || message.method == "tasks/list";
    bool extension_method = message.method == "tasks/update";
    if (face == TaskFace::None || (utility_method && face != TaskFace::Utility) || (extension_method && face != TaskFace::Extension) ||
        !(utility_method || extension_method || message.method == "tasks/get" || message.method == "tasks/cancel"))
        return refusal(MethodNotFound,
                       "Method not found: " + loggable(message.method) +
                           " (2025-11-25 sessions have tasks/get, tasks/result, tasks/list and tasks/cancel; 2026-07-28 requests that "
                           "declare the tasks extension have tasks/get, tasks/update and tasks/cancel)");
    TaskOwner owner = task_owner(origin);
    const rapidjson::Value* params = message.params;
    if (message.method == "tasks/list") {
        if (params && params->HasMember("cursor"))
            return refusal(InvalidParams,
                           "Invalid params: unknown cursor (this server lists all of a client's tasks on one page and never issues a "
                           "cursor); send tasks/list without one");
        std::vector<TaskView> tasks = m_tasks->list(owner);
        return reply(message.id, [&](JsonWriter& writer) {
            writer.StartObject();
            write_key(writer, "tasks");
            writer.StartArray();
            for (const TaskView& task : tasks) {
                writer.StartObject();
                write_task_members(writer, task, face, revision);
                writer.EndObject();
            }
            writer.EndArray();
            writer.EndObject();
        });
    }
    auto id = params ? params->FindMember("taskId") : rapidjson::Value::ConstMemberIterator();
    if (!params || id == params->MemberEnd() || !id->value.IsString() || id->value.GetStringLength() == 0 ||
        id->value.GetStringLength() > max_task_id_length)
        return refusal(InvalidParams,
                       "Invalid params: " + loggable(message.method) + " needs params.taskId, the task id (a string of at most " +
                           std::to_string(max_task_id_length) + " characters) that tools/call returned");
    std::string_view task_id(id->value.GetString(), id->value.GetStringLength());
    if (message.method == "tasks/update") {
        if (auto responses = params->FindMember("inputResponses"); responses != params->MemberEnd() && !responses->value.IsObject())
            return refusal(InvalidParams, "Invalid params: params.inputResponses must be an object");
        auto task = m_tasks->find(owner, task_id);
        if (!task)
            return refusal(InvalidParams, task.error().message());
        // This server's tasks never ask for input, so no response is outstanding and all are ignored.
        return acknowledgement(message.id);
    }
    if (message.method == "tasks/cancel" && face == TaskFace::Extension) {
        auto task = m_tasks->find(owner, task_id);
        if (!task)
            return refusal(InvalidParams, task.error().message());
        // The extension acknowledges a finished task's cancel too: cancellation is only a wish there.
        if (task->working())
            (void)m_tasks->cancel(owner, task_id);
        trace.outcome = "task cancel";
        return acknowledgement(message.id);
    }
    Expected<TaskView> task = message.method == "tasks/cancel"   ? m_tasks->cancel(owner, task_id)
                              : message.method == "tasks/result" ? m_tasks->wait(owner, task_id, origin.request.peer_gone)
                                                                 : m_tasks->find(owner, task_id);
    if (!task)
        return refusal(task.error().code() == uap::ErrorCode::Unavailable ? InvalidRequest : InvalidParams, task.error().message());
    if (message.method != "tasks/result")
        return reply(message.id, [&](JsonWriter& writer) {
            writer.StartObject();
            if (face == TaskFace::Extension) {
                write_key(writer, "resultType");
                write_string(writer, "complete");
            }
            write_task_members(writer, *task, face, revision);
            writer.EndObject();
        });
    if (task->working())
        return refusal(InternalError, "tasks/result stopped waiting: the client went away or the host is stopping");
    // Exactly what the tools/call would have answered, with the task it belongs to in _meta.
    trace.outcome = std::string(task_status(*task, face));
    if (task->job.outcome.status == modules::CallStatus::UnknownTool || task->expired)
        return error_response(200, message.id, task->expired ? InternalError : InvalidParams, task->job.outcome.text);
    return reply(message.id, [&](JsonWriter& writer) {
        if (task->job.outcome.status == modules::CallStatus::Success && !task->cancelled)
            write_tool_success(writer, *task->tool, task->job.outcome.text, revision, task->id);
        else
            write_tool_error(writer, task->job.outcome.text, revision, task->id);
    });
}

} // namespace uap::mcp
