// The discovery file a running host writes into its project (owner-only): pid, port, start time
// and the paths of the token files. It never holds a token itself.
#pragma once

#include "server/access_tokens.hpp"
#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace uap::server {

struct Discovery {
    int64_t pid = 0;
    uint16_t port = 0;
    std::string started_at; // ISO 8601, UTC.
    std::string version;
    std::map<std::string, std::filesystem::path> token_files; // Role name → file.
    std::filesystem::path editor_log; // The editor's log when serve was told it (--editor-log); may be empty.

    std::string mcp_url() const { return "http://127.0.0.1:" + std::to_string(port) + "/mcp"; }
};

// <project>/UserSettings/AgentPanel/host.json
std::filesystem::path discovery_file_for(const std::filesystem::path& project);

Expected<void> write_discovery(const std::filesystem::path& project, const Discovery& discovery);
Expected<Discovery> read_discovery(const std::filesystem::path& project);
// Removes the file only when it still describes this process.
void remove_discovery(const std::filesystem::path& project, int64_t own_pid);


} // namespace uap::server
