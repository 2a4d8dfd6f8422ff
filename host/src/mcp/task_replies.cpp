// Writing MCP task objects and the capabilities that announce tasks.
#include "mcp/task_replies.hpp"

#include "mcp/tool_results.hpp"

#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>
#include <fmt/format.h>

namespace uap::mcp {

namespace {

std::string iso_8601(std::chrono::system_clock::time_point time) {
    auto microseconds = std::chrono::duration_cast<std::chrono::microseconds>(time.time_since_epoch()).count();
    return Poco::DateTimeFormatter::format(Poco::Timestamp(microseconds), Poco::DateTimeFormat::ISO8601_FRAC_FORMAT);
}

void write_empty_object(JsonWriter& writer, std::string_view key) {
    write_key(writer, key);
    writer.StartObject();
    writer.EndObject();
}

bool tool_answered(const TaskView& task) {
    return task.job.outcome.status != modules::CallStatus::UnknownTool && !task.expired;
}

// "40 of 100: baking lightmaps", when the tool reported progress: each number in the shortest form
// that reads back the same.
std::string progress_text(const ToolJobs::Snapshot& job) {
    if (!job.has_progress)
        return {};
    std::string text = fmt::format("{}", job.progress);
    if (job.total > 0)
        text += fmt::format(" of {}", job.total);
    if (!job.message.empty())
        text += ": " + job.message;
    return text;
}

// What statusMessage says: the last progress while working, the reason of a cancelled or failed task.
std::string status_message(const TaskView& task, std::string_view status) {
    if (status == "working")
        return task.job.has_progress ? progress_text(task.job) : "tool " + task.tool->name + " is running";
    if (status == "completed")
        return {};
    return task.job.outcome.text;
}

} // namespace

void write_task_capabilities(JsonWriter& writer) {
    write_key(writer, "tasks");
    writer.StartObject();
    write_empty_object(writer, "list");
    write_empty_object(writer, "cancel");
    write_key(writer, "requests");
    writer.StartObject();
    write_key(writer, "tools");
    writer.StartObject();
    write_empty_object(writer, "call");
    writer.EndObject();
    writer.EndObject();
    writer.EndObject();
}

void write_tasks_extension(JsonWriter& writer) {
    write_key(writer, "extensions");
    writer.StartObject();
    write_empty_object(writer, "io.modelcontextprotocol/tasks");
    writer.EndObject();
}

std::string_view task_status(const TaskView& task, TaskFace face) {
    if (task.cancelled)
        return "cancelled";
    if (task.working())
        return "working";
    switch (task.job.outcome.status) {
    case modules::CallStatus::Success:
        return "completed";
    case modules::CallStatus::Cancelled:
        return "cancelled";
    default:
        return face == TaskFace::Extension && tool_answered(task) ? "completed" : "failed";
    }
}

void write_task_members(JsonWriter& writer, const TaskView& task, TaskFace face, const ProtocolRevision& revision) {
    std::string_view status = task_status(task, face);
    write_key(writer, "taskId");
    write_string(writer, task.id);
    write_key(writer, "status");
    write_string(writer, status);
    if (std::string message = status_message(task, status); !message.empty()) {
        write_key(writer, "statusMessage");
        write_string(writer, message);
    }
    write_key(writer, "createdAt");
    write_string(writer, iso_8601(task.created));
    write_key(writer, "lastUpdatedAt");
    write_string(writer, iso_8601(task.updated));
    write_key(writer, face == TaskFace::Extension ? "ttlMs" : "ttl");
    writer.Int64(task.ttl.count());
    write_key(writer, face == TaskFace::Extension ? "pollIntervalMs" : "pollInterval");
    writer.Int64(task.poll_interval.count());
    if (face != TaskFace::Extension)
        return;
    // The extension inlines the outcome: tasks/get is its only way to fetch it.
    if (status == "completed") {
        write_key(writer, "result");
        if (task.job.outcome.status == modules::CallStatus::Success)
            write_tool_success(writer, *task.tool, task.job.outcome.text, revision);
        else
            write_tool_error(writer, task.job.outcome.text, revision);
    } else if (status == "failed") {
        write_key(writer, "error");
        writer.StartObject();
        write_key(writer, "code");
        writer.Int(task.expired ? InternalError : InvalidParams);
        write_key(writer, "message");
        write_string(writer, task.job.outcome.text);
        writer.EndObject();
    }
}

} // namespace uap::mcp
