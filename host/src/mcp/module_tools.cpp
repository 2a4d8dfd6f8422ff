// The module host as the MCP endpoint's tool provider, with live toggle re-checks.
#include "mcp/module_tools.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace uap::mcp {

namespace fs = std::filesystem;

ModuleTools::ModuleTools(const modules::ModuleHost& host, fs::path project)
    : m_host(host), m_project(std::move(project)), m_settings(std::make_shared<settings::ProjectSettings>()) {}

std::shared_ptr<const settings::ProjectSettings> ModuleTools::current_settings() const {
    if (m_project.empty())
        return m_settings;
    std::error_code error;
    fs::path file = settings::ProjectSettings::file_for(m_project);
    std::optional<fs::file_time_type> time;
    if (auto written = fs::last_write_time(file, error); !error)
        time = written;
    std::lock_guard lock(m_mutex);
    if (time == m_settings_time)
        return m_settings;
    m_settings_time = time;
    auto loaded = settings::ProjectSettings::load(m_project);
    if (!loaded) {
        spdlog::warn("mcp: keeping the previous module toggles: {}", loaded.error().message());
        return m_settings;
    }
    m_settings = std::make_shared<settings::ProjectSettings>(std::move(*loaded));
    return m_settings;
}

bool ModuleTools::pack_enabled(const modules::PackReport& pack) const {
    if (pack.state != modules::PackState::Loaded || !pack.manifest)
        return false;
    return current_settings()->toggle(pack.manifest->toggle) == settings::Toggle::Enabled;
}

std::vector<const modules::ToolDescription*> ModuleTools::enabled_tools() const {
    std::vector<const modules::ToolDescription*> tools;
    for (const modules::ToolEntry* entry : m_host.tools())
        if (pack_enabled(*entry->pack))
            tools.push_back(entry->description);
    return tools;
}

ToolLookup ModuleTools::lookup(std::string_view name) const {
    if (const modules::ToolEntry* entry = m_host.find_tool(name)) {
        if (pack_enabled(*entry->pack))
            return {Availability::Available, entry->description, entry->pack->id(), {}};
        return {Availability::Disabled, nullptr, entry->pack->id(), "disabled in this project's settings",
                settings::toggle_command(settings::Toggle::Enabled, entry->pack->manifest->toggle, m_project)};
    }
    for (auto& pack : m_host.packs()) {
        if (!pack->manifest)
            continue;
        auto& names = pack->manifest->tools;
        if (std::find(names.begin(), names.end(), name) == names.end())
            continue;
        if (pack->state == modules::PackState::Disabled)
            return {Availability::Disabled, nullptr, pack->id(), "disabled in this project's settings",
                    settings::toggle_command(settings::Toggle::Enabled, pack->manifest->toggle, m_project)};
        return {Availability::Failed, nullptr, pack->id(), modules::to_string(pack->state) + ": " + pack->reason,
                "uap-host modules list --project " + (m_project.empty() ? std::string("DIR") : m_project.string())};
    }
    return {};
}

modules::ToolOutcome ModuleTools::call(std::string_view name, std::string_view arguments_json) const {
    return m_host.call_tool(name, arguments_json);
}

} // namespace uap::mcp
