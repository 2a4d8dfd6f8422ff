// Files the host generates for each CLI launch, all owner-only in
// <project>/UserSettings/AgentPanel/agent/: the MCP config (the only place the MCP token is
// written), the settings file registering the script-gate hook, the appended system prompt, and
// the CLI process record.
#pragma once

#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace uap::agent {

inline constexpr const char* mcp_server_name = "uap";

std::filesystem::path agent_state_folder(const std::filesystem::path& project);

// {"mcpServers":{"uap":{"type":"http","url":...,"headers":{"Authorization":"Bearer <token>"}}}}
Expected<std::filesystem::path> write_mcp_config(const std::filesystem::path& project, const std::string& mcp_url,
                                                 const std::string& mcp_token);

// The PreToolUse hook whose command is this host binary: `<host> hook pre-tool-use --project <dir>`.
Expected<std::filesystem::path> write_gate_settings(const std::filesystem::path& project, const std::filesystem::path& host_binary);

// The text appended to the CLI's system prompt, for --append-system-prompt-file: it can be long
// (extension profiles) and a command line is capped (32,000 characters on Windows).
Expected<std::filesystem::path> write_appended_prompt(const std::filesystem::path& project, const std::string& text);

// Single-quotes a word for a POSIX shell.
std::string shell_quote(const std::string& word);

// The record of the running CLI, so a host that crashed can kill the orphan on its next start.
struct ProcessRecord {
    int pid = 0;
    uint64_t start_time = 0;
};
Expected<void> write_process_record(const std::filesystem::path& project, const ProcessRecord& record);
std::optional<ProcessRecord> read_process_record(const std::filesystem::path& project);
void remove_process_record(const std::filesystem::path& project);
// Kills the recorded process group when the pid is alive with the same start time. True if killed.
bool kill_recorded_orphan(const std::filesystem::path& project);

} // namespace uap::agent
