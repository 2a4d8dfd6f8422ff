// Files the host generates for each CLI launch, all owner-only in
// <project>/UserSettings/AgentPanel/agent/: the MCP config (the only place the MCP token is
// written), the settings file (script-gate hook, always-allow rules), the appended system prompt, and
// the CLI process record.
#pragma once

#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace uap::agent {

inline constexpr const char* mcp_server_name = "uap";

std::filesystem::path agent_state_folder(const std::filesystem::path& project);

// {"mcpServers":{"uap":{"type":"http","url":...,"headers":{"Authorization":"Bearer <token>"}}}}
Expected<std::filesystem::path> write_mcp_config(const std::filesystem::path& project, const std::string& mcp_url,
                                                 const std::string& mcp_token);

// The tools the script gate's hook sees (PowerShell: the CLI's shell tool on Windows without Git Bash).
inline constexpr const char* gated_tools_matcher = "Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell";

// The settings file for --settings (agent/launch-settings.json, owner-only): the script gate's
// PreToolUse hook, `<hook_binary> hook pre-tool-use --project <dir>` in exec form, when the binary
// is known; the always-allow rules as permissions.allow; and as permissions.deny the tools that
// were withdrawn from a live conversation (the CLI's only way to tell the model to disregard a tool
// definition it already loaded). Nothing here travels on the command line, which Windows caps at
// 32,767 characters, and the rule list grows with every allow-always.
Expected<std::filesystem::path> write_launch_settings(const std::filesystem::path& project, const std::optional<std::filesystem::path>& hook_binary,
                                                      const std::vector<std::string>& allowed, const std::vector<std::string>& denied = {});

// The text appended to the CLI's system prompt, for --append-system-prompt-file: it can be long
// (extension profiles) and a command line is capped (32,000 characters on Windows).
Expected<std::filesystem::path> write_appended_prompt(const std::filesystem::path& project, const std::string& text);

// The record of the running CLI, so a host that crashed can kill the orphan on its next start.
struct ProcessRecord {
    std::int64_t pid = 0;
    uint64_t start_time = 0;
};
Expected<void> write_process_record(const std::filesystem::path& project, const ProcessRecord& record);
std::optional<ProcessRecord> read_process_record(const std::filesystem::path& project);
void remove_process_record(const std::filesystem::path& project);
// Kills the recorded process group when the pid is alive with the same start time. True if killed.
bool kill_recorded_orphan(const std::filesystem::path& project);

} // namespace uap::agent
