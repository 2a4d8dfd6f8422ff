// The panel's module catalog over the running module registry: each pack's saved toggle (written to
// the project's settings, which the MCP endpoint re-reads, so a disabled pack's tools leave at once).
// A pack that was not loaded at start needs a restart to load; each answer says whether one is pending.
#pragma once

#include "modules/module_host.hpp"
#include "panel/module_catalog.hpp"
#include "settings/project_settings.hpp"
#include "support/mutex.hpp"

#include <functional>
#include <memory>

namespace uap::app {

class PackCatalog final : public panel::ModuleCatalog {
public:
    // current: the running registry, which follows the settings file (it is rebuilt when a toggle changes).
    using CurrentModules = std::function<std::shared_ptr<const modules::ModuleHost>()>;
    PackCatalog(CurrentModules current, settings::ProjectSettings& settings) : m_current(std::move(current)), m_settings(settings) {}

    void describe(rapidjson::Document& reply) const override;
    Expected<void> set_enabled(const std::string& pack_id, settings::Toggle state, rapidjson::Document& reply) override;

private:
    bool restart_required(const modules::ModuleHost& modules) const UAP_REQUIRES(m_mutex);

    CurrentModules m_current;
    settings::ProjectSettings& m_settings;
    // Serialises this catalogue's reads and writes of the settings' toggles and their save.
    mutable Mutex m_mutex;
};

} // namespace uap::app
