// The running host's module registry, kept in step with the files it is built from: the project's
// settings and the pack folders. A watcher polls them, so enabling, disabling, installing or
// removing a pack reaches a running host and is announced to MCP clients.
#pragma once

#include "api/editor_link.hpp"
#include "mcp/module_tools.hpp"
#include "modules/module_host.hpp"

#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>
#include <vector>

namespace uap::app {

// Builds the registry from the same settings and folders as `uap-host modules list` does, so the
// two never disagree. command_line_folders: the --plugins folders. base: the editor, the isolated
// starter and the disabled-pack handler; each build fills in the folders and settings.
mcp::ReloadSource registry_source(const std::filesystem::path& project, std::vector<std::filesystem::path> command_line_folders,
                                  modules::ModuleHost::Options base);

// Calls tools.refresh() every interval until stopped; a changed tool list is announced by the
// handler ModuleTools was given.
class RegistryWatcher {
public:
    explicit RegistryWatcher(const mcp::ModuleTools& tools, std::chrono::milliseconds interval = std::chrono::milliseconds(500));
    ~RegistryWatcher();
    RegistryWatcher(const RegistryWatcher&) = delete;
    RegistryWatcher& operator=(const RegistryWatcher&) = delete;
    void stop();

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread; // Last: starts after the members it uses exist.
};

} // namespace uap::app
