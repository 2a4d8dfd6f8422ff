// How MCP tasks look on the wire in each era: the capabilities that announce them, and a task's
// members as the 2025-11-25 tasks utility and the 2026-07-28 tasks extension spell them.
#pragma once

#include "mcp/json_rpc.hpp"
#include "mcp/protocol_revision.hpp"
#include "mcp/tasks.hpp"

#include <string_view>

namespace uap::mcp {

// initialize's capabilities.tasks (2025-11-25): tasks/list, tasks/cancel and task-augmented tools/call.
void write_task_capabilities(JsonWriter& writer);

// server/discover's capabilities.extensions["io.modelcontextprotocol/tasks"] (2026-07-28).
void write_tasks_extension(JsonWriter& writer);

// The task's status as the face names it. A tool that answered with an error is "failed" under the
// utility (its text says so) but "completed" with an isError result under the extension, which keeps
// "failed" for JSON-RPC errors.
std::string_view task_status(const TaskView& task, TaskFace face);

// The members of a Task object (the caller opens and closes it): id, status, statusMessage, times,
// ttl and poll interval; under the extension also the result of a completed task or the error of a
// failed one.
void write_task_members(JsonWriter& writer, const TaskView& task, TaskFace face, const ProtocolRevision& revision);

} // namespace uap::mcp
