// The module host as the MCP endpoint's tool provider, with live toggle re-checks.
#include "app/module_tools.hpp"

#include "support/platform/file_stamp.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

#include <algorithm>

namespace uap::app {

using mcp::Availability;
using mcp::CatalogueEntry;
using mcp::ToolLookup;

namespace fs = std::filesystem;

namespace {

// The coverage that makes the tool step aside, when its integration is present.
std::optional<modules::Coverage> stepping_aside(const modules::ToolEntry& entry, const std::map<std::string, std::string>& present) {
    if (present.empty() || !entry.pack->manifest)
        return std::nullopt;
    auto& covered = entry.pack->manifest->covered_by;
    auto found = covered.find(entry.description->name);
    if (found == covered.end())
        return std::nullopt;
    auto coverage = modules::parse_coverage(found->second);
    if (!coverage || !present.count(coverage->integration))
        return std::nullopt;
    return coverage;
}

} // namespace

ModuleTools::ModuleTools(const modules::ModuleHost& host, fs::path project)
    : m_project(std::move(project)), m_host(std::shared_ptr<const modules::ModuleHost>(&host, [](const modules::ModuleHost*) {})),
      m_settings(std::make_shared<settings::ProjectSettings>()) {}

ModuleTools::ModuleTools(ReloadSource source, fs::path project)
    : m_source(std::move(source)), m_project(std::move(project)), m_settings(std::make_shared<settings::ProjectSettings>()) {
    RegistryBuild first = m_source->build();
    m_host = std::move(first.host);
    m_fingerprint = std::move(first.fingerprint);
    m_present_integrations = std::move(first.present_integrations);
}

ModuleTools::~ModuleTools() = default;

std::shared_ptr<const modules::ModuleHost> ModuleTools::host() const {
    std::lock_guard lock(m_reload_mutex);
    return m_host;
}

ModuleTools::Snapshot ModuleTools::snapshot() const {
    std::lock_guard lock(m_reload_mutex);
    return {m_host, m_present_integrations};
}

std::vector<std::string> ModuleTools::served_names(const modules::ModuleHost& host, const std::map<std::string, std::string>& present) const {
    std::vector<std::string> names;
    for (const modules::ToolEntry* entry : host.tools())
        if (pack_enabled(host, *entry->pack) && !stepping_aside(*entry, present))
            names.push_back(entry->description->name);
    return names;
}

bool ModuleTools::refresh() const {
    if (!m_source)
        return false;
    // Toggles take effect on the very next request (one stat of the settings file); pack folders
    // are listed at most every folder_recheck_interval, so requests do not serialise on the scan.
    int64_t now = std::chrono::steady_clock::now().time_since_epoch().count();
    size_t settings = std::hash<std::string>{}(m_source->settings_fingerprint());
    if (settings == m_settings_hash.load() &&
        now - m_last_full_check.load() < std::chrono::duration_cast<std::chrono::steady_clock::duration>(folder_recheck_interval).count())
        return false;
    m_settings_hash = settings;
    m_last_full_check = now;
    bool changed = reload();
    // Outside the reload lock: the handler may make clients list tools again at once.
    if (changed && m_on_tools_changed)
        m_on_tools_changed();
    return changed;
}

bool ModuleTools::reload() const {
    std::lock_guard lock(m_reload_mutex);
    if (m_source->current_fingerprint() == m_fingerprint)
        return false;
    std::vector<std::string> before = served_names(*m_host, m_present_integrations);
    RegistryBuild rebuilt = m_source->build();
    if (!rebuilt.host) {
        m_fingerprint = std::move(rebuilt.fingerprint);
        return false;
    }
    // The replaced registry stays (see m_retired) but its runners go: otherwise every toggle would
    // leave one more runner per isolated pack, and a disabled pack's runner would keep running.
    m_host->retire();
    m_retired.push_back(std::move(m_host));
    m_host = std::move(rebuilt.host);
    m_fingerprint = std::move(rebuilt.fingerprint);
    m_present_integrations = std::move(rebuilt.present_integrations);
    std::vector<std::string> after = served_names(*m_host, m_present_integrations);
    log::modules.info("the module registry was reloaded ({} tools{})", after.size(), before == after ? ", unchanged" : "");
    return before != after;
}

std::shared_ptr<const settings::ProjectSettings> ModuleTools::current_settings() const {
    if (m_project.empty())
        return m_settings;
    auto stamp = platform::file_version_stamp(settings::ProjectSettings::file_for(m_project));
    std::lock_guard lock(m_mutex);
    if (stamp == m_settings_stamp)
        return m_settings;
    m_settings_stamp = stamp;
    auto loaded = settings::ProjectSettings::load(m_project);
    if (!loaded) {
        log::modules.warn("keeping the previous module toggles: {}", loaded.error().message());
        return m_settings;
    }
    m_settings = std::make_shared<settings::ProjectSettings>(std::move(*loaded));
    return m_settings;
}

settings::Toggle ModuleTools::toggle(const std::string& toggle_id) const {
    auto settings = current_settings();
    return settings ? settings->toggle(toggle_id) : settings::Toggle::Enabled;
}

bool ModuleTools::pack_enabled(const modules::ModuleHost& host, const modules::PackReport& pack) const {
    if (pack.state != modules::PackState::Loaded || !pack.manifest || !host.serving(pack))
        return false;
    if (m_source)
        return true; // A reloadable registry was built from the current settings already.
    return current_settings()->toggle(pack.manifest->toggle) == settings::Toggle::Enabled;
}

std::vector<const modules::ToolDescription*> ModuleTools::enabled_tools() const {
    refresh();
    auto [host, present] = snapshot();
    std::vector<const modules::ToolDescription*> tools;
    for (const modules::ToolEntry* entry : host->tools())
        if (pack_enabled(*host, *entry->pack) && !stepping_aside(*entry, present))
            tools.push_back(entry->description);
    return tools;
}

std::vector<CatalogueEntry> ModuleTools::catalogue() const {
    refresh();
    auto [host, present] = snapshot();
    std::vector<CatalogueEntry> entries;
    for (const modules::ToolEntry* entry : host->tools()) {
        if (!pack_enabled(*host, *entry->pack) || stepping_aside(*entry, present))
            continue;
        const modules::Manifest& manifest = *entry->pack->manifest; // pack_enabled holds only for packs with a manifest.
        entries.push_back({entry->description, manifest.id, manifest.name, manifest.listing_of(entry->description->name), manifest.keywords});
    }
    return entries;
}

ToolLookup ModuleTools::lookup(std::string_view name) const {
    refresh();
    return lookup_without_refresh(name);
}

ToolLookup ModuleTools::lookup_without_refresh(std::string_view name) const {
    auto [host, present] = snapshot();
    if (const modules::ToolEntry* entry = host->find_tool(name)) {
        if (auto serving = host->serving(*entry->pack); !serving)
            return {Availability::Failed, nullptr, entry->pack->id(), serving.error().message()};
        if (auto coverage = stepping_aside(*entry, present))
            return {Availability::SteppedAside, nullptr, entry->pack->id(),
                    present.at(coverage->integration) + " is installed in this project and covers it",
                    coverage->integration + " " + coverage->command};
        if (pack_enabled(*host, *entry->pack))
            return {Availability::Available, entry->description, entry->pack->id(), {}};
        return {Availability::Disabled, nullptr, entry->pack->id(), "disabled in this project's settings",
                settings::toggle_command(settings::Toggle::Enabled, entry->pack->manifest->toggle, m_project)};
    }
    for (auto& pack : host->packs()) {
        if (!pack->manifest)
            continue;
        auto& names = pack->manifest->tools;
        if (std::find(names.begin(), names.end(), name) == names.end())
            continue;
        if (pack->state == modules::PackState::Disabled)
            return {Availability::Disabled, nullptr, pack->id(), "disabled in this project's settings",
                    settings::toggle_command(settings::Toggle::Enabled, pack->manifest->toggle, m_project)};
        return {Availability::Failed, nullptr, pack->id(), modules::to_string(pack->state) + ": " + pack->reason,
                "uap-host modules list --project " + (m_project.empty() ? std::string("DIR") : utf8::from_path(m_project))};
    }
    return {};
}

modules::ToolOutcome ModuleTools::call(std::string_view name, std::string_view arguments_json,
                                       const modules::CallOptions& options) const {
    return host()->call_tool(name, arguments_json, options);
}

std::string registry_fingerprint(const std::vector<modules::PluginFolder>& folders, const fs::path& settings_file) {
    std::string text;
    auto describe = [&](const fs::path& path) { text += utf8::from_path(path) + " " + platform::file_version_stamp(path).value_or("-") + "\n"; };
    describe(settings_file);
    for (auto& folder : folders) {
        describe(folder.path);
        for (auto& candidate : modules::find_pack_candidates({folder})) {
            std::error_code error;
            for (auto& entry : fs::directory_iterator(candidate.folder, error))
                describe(entry.path());
        }
    }
    return text;
}

} // namespace uap::app
