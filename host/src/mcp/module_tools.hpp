// ToolProvider over the module host. Module toggles are re-read from the project's settings
// file whenever it changes, so `uap-host modules disable X` takes effect on a running host.
#pragma once

#include "mcp/tool_provider.hpp"
#include "modules/module_host.hpp"
#include "settings/project_settings.hpp"

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>

namespace uap::mcp {

class ModuleTools final : public ToolProvider {
public:
    // project: empty for a host without a project (every loaded module stays enabled).
    ModuleTools(const modules::ModuleHost& host, std::filesystem::path project);

    std::vector<const modules::ToolDescription*> enabled_tools() const override;
    ToolLookup lookup(std::string_view name) const override;
    modules::ToolOutcome call(std::string_view name, std::string_view arguments_json) const override;

private:
    bool pack_enabled(const modules::PackReport& pack) const;
    std::shared_ptr<const settings::ProjectSettings> current_settings() const;

    const modules::ModuleHost& m_host;
    std::filesystem::path m_project;
    mutable std::mutex m_mutex;
    mutable std::shared_ptr<const settings::ProjectSettings> m_settings;
    mutable std::optional<std::filesystem::file_time_type> m_settings_time;
};

} // namespace uap::mcp
