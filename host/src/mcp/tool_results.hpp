// The tools/list and tools/call result objects: tool metadata as explicit MCP annotations, and
// tool outcomes as content (+ structuredContent when the tool declares an output schema).
#pragma once

#include "mcp/json_rpc.hpp"
#include "mcp/protocol_revision.hpp"
#include "api/tool_description.hpp"

#include <chrono>
#include <vector>

namespace uap::mcp {

// resultType "complete", for revisions that type every result.
void write_result_type(JsonWriter& writer, const ProtocolRevision& revision);

// ttlMs and cacheScope, for revisions whose list results carry caching hints.
void write_caching_hints(JsonWriter& writer, const ProtocolRevision& revision, std::chrono::milliseconds fresh_for);

// Whether tools/list says which tools take task-augmented calls (execution.taskSupport, 2025-11-25):
// the long-running ones may run as MCP tasks.
enum class TaskSupport { NotOffered, OptionalForLongRunning };

void write_tool_list(JsonWriter& writer, const std::vector<const modules::ToolDescription*>& tools, const ProtocolRevision& revision,
                     TaskSupport task_support = TaskSupport::NotOffered);

// A successful call: the result object as text content, and as structuredContent when declared
// (never for a long-running tool, whose reply may name a job instead; neither is its outputSchema listed).
// A result's "_images" member ([{"mimeType": "image/png|jpeg|gif|webp", "data": base64}]) becomes
// MCP image content blocks after the text instead (entries of any other shape stay in the text).
// related_task: the MCP task whose result this is (tasks/result), written as its _meta.
void write_tool_success(JsonWriter& writer, const modules::ToolDescription& tool, std::string_view result_json,
                        const ProtocolRevision& revision, std::string_view related_task = {});

// A tool execution error the model can act on: isError true, the message as text content.
void write_tool_error(JsonWriter& writer, std::string_view message, const ProtocolRevision& revision, std::string_view related_task = {});

} // namespace uap::mcp
