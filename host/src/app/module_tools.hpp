// The MCP endpoint's ToolProvider over the module host (in app/, since only the composition root
// knows both). Module toggles are re-read from the project's settings file
// whenever it changes. A reloadable provider also rebuilds the whole registry when its inputs
// (settings file, pack folders) change, so enable, disable, install and remove reach a running
// host: checked before every request and by a watcher that announces the change to clients.
#pragma once

#include "mcp/tool_provider.hpp"
#include "modules/module_host.hpp"
#include "settings/project_settings.hpp"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace uap::app {

// Builds a module host from the current settings and folders, and says what it was built from.
struct RegistryBuild {
    std::shared_ptr<const modules::ModuleHost> host;
    std::string fingerprint; // Of the inputs it was built from; see current_fingerprint.
    // Integrations present in the project when it was built: id → name ("uloop" → "uLoop"). A tool
    // whose manifest says it is covered by one of them steps aside.
    std::map<std::string, std::string> present_integrations;
};

struct ReloadSource {
    std::function<RegistryBuild()> build;
    std::function<std::string()> current_fingerprint; // File times and sizes of everything the build reads.
    std::function<std::string()> settings_fingerprint; // The settings file alone: one stat, checked on every request.
};

// How stale the pack folders may be seen by a request (the settings file is checked every time).
inline constexpr std::chrono::milliseconds folder_recheck_interval{100};

class ModuleTools final : public mcp::ToolProvider {
public:
    // A fixed registry. project: empty for a host without a project (every loaded module stays enabled).
    ModuleTools(const modules::ModuleHost& host, std::filesystem::path project);
    // A reloadable registry.
    ModuleTools(ReloadSource source, std::filesystem::path project);
    ~ModuleTools() override;

    std::vector<const modules::ToolDescription*> enabled_tools() const override;
    std::vector<mcp::CatalogueEntry> catalogue() const override;
    mcp::Discovery discovery() const override { return mcp::Discovery::Offered; }
    mcp::ToolLookup lookup(std::string_view name) const override;
    // lookup against the registry as it is, without first rebuilding it: for callers holding a lock
    // that the change handler takes (the agent session's, while it composes the CLI's instructions).
    mcp::ToolLookup lookup_without_refresh(std::string_view name) const;
    modules::ToolOutcome call(std::string_view name, std::string_view arguments_json,
                              const modules::CallOptions& options) const override;

    // Rebuilds the registry when its inputs changed. True when the served tool list changed; then
    // the change handler runs too (whichever caller noticed the change).
    bool refresh() const;
    // Set before serving: runs after a reload changed the served tool list.
    void on_tools_changed(std::function<void()> handler) { m_on_tools_changed = std::move(handler); }
    std::shared_ptr<const modules::ModuleHost> host() const;
    // A toggle of the project's settings as they are now (re-read when the file changed).
    settings::Toggle toggle(const std::string& toggle_id) const;

private:
    bool reload() const; // The rebuild itself, under the reload lock.
    // host: the registry the pack belongs to (the caller holds it; the reload lock may be held).
    bool pack_enabled(const modules::ModuleHost& host, const modules::PackReport& pack) const;
    std::shared_ptr<const settings::ProjectSettings> current_settings() const;
    std::vector<std::string> served_names(const modules::ModuleHost& host, const std::map<std::string, std::string>& present) const;
    struct Snapshot {
        std::shared_ptr<const modules::ModuleHost> host;
        std::map<std::string, std::string> present_integrations;
    };
    Snapshot snapshot() const;

    std::optional<ReloadSource> m_source;
    std::function<void()> m_on_tools_changed;
    std::filesystem::path m_project;
    mutable std::mutex m_reload_mutex;
    mutable std::shared_ptr<const modules::ModuleHost> m_host;
    mutable std::string m_fingerprint;
    mutable std::map<std::string, std::string> m_present_integrations;
    mutable std::atomic<size_t> m_settings_hash{0};
    mutable std::atomic<int64_t> m_last_full_check{0}; // steady_clock ticks.
    // Replaced registries stay alive until this object ends: descriptions handed out earlier may
    // still be in use, and module libraries are unloaded only when the host shuts down. Their
    // isolated packs' runners are stopped (ModuleHost::retire).
    mutable std::vector<std::shared_ptr<const modules::ModuleHost>> m_retired;
    mutable std::mutex m_mutex;
    mutable std::shared_ptr<const settings::ProjectSettings> m_settings;
    mutable std::optional<std::string> m_settings_stamp; // platform::file_version_stamp of the settings file.
};

// A fingerprint of the files a registry is built from: the settings file and every entry of every
// pack folder (names, sizes, modification times).
std::string registry_fingerprint(const std::vector<modules::PluginFolder>& folders, const std::filesystem::path& settings_file);

} // namespace uap::app
