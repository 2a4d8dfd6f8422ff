// The settings page's view of module packs: the packs as `modules list --json` describes them, plus
// each pack's saved toggle, and the toggle itself (saved to the project's settings, which the MCP
// endpoint re-reads, so a disabled pack's tools leave at once). A pack that was not loaded at start
// needs a restart to load; each answer says whether one is pending (restart_required).
#pragma once

#include "modules/module_host.hpp"
#include "settings/project_settings.hpp"

#include <rapidjson/document.h>

#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace uap::panel {

class ModuleCatalog {
public:
    // current: the running registry, which follows the settings file (it is rebuilt when a toggle changes).
    using CurrentModules = std::function<std::shared_ptr<const modules::ModuleHost>()>;
    ModuleCatalog(CurrentModules current, settings::ProjectSettings& settings) : m_current(std::move(current)), m_settings(settings) {}

    // Adds "packs" (with "enabled", the saved toggle), "project_tools" ({toggle, enabled}: the project's
    // C# tools as one group) and "restart_required" to a command_result.
    void describe(rapidjson::Document& reply) const;
    // Saves the toggle of the pack with this id (or toggle name), or of the project's C# tools
    // ("project-tools"); an error names the unknown pack.
    Expected<void> set_enabled(const std::string& pack_id, settings::Toggle state, rapidjson::Document& reply);

private:
    bool restart_required_locked(const modules::ModuleHost& modules) const;

    CurrentModules m_current;
    settings::ProjectSettings& m_settings;
    mutable std::mutex m_mutex;
};

} // namespace uap::panel
