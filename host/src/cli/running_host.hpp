// A host already serving a project, found through its discovery file and reached as an MCP
// client would reach it (bearer token read from the owner-only MCP token file).
#pragma once

#include "server/discovery_file.hpp"
#include "support/expected.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace uap::cli {

struct RunningHost {
    server::Discovery discovery;
    std::string mcp_token;
};

// The host serving project, when its discovery file names a live process and its MCP token file
// is readable; nullopt when no host serves the project (a stale discovery file counts as none).
Expected<std::optional<RunningHost>> find_running_host(const std::filesystem::path& project);

enum class AnswerKind { Result, ToolError };

struct RunningHostAnswer {
    AnswerKind kind;
    std::string text; // The result object's JSON text, or the tool's error message.
};

// initialize → notifications/initialized → tools/call → DELETE of the session. A JSON-RPC error
// (unknown tool, disabled pack) is an Error carrying the server's message.
Expected<RunningHostAnswer> call_tool_on_running_host(const RunningHost& host, std::string_view tool_name,
                                                      std::string_view arguments_json);

} // namespace uap::cli
