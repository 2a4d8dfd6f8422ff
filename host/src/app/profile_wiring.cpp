// Profile wiring: instruction source, pack folders, and the poll.
#include "app/profile_wiring.hpp"

#include "modules/package_folders.hpp"

#include <mutex>

namespace uap::app {

agent::InstructionSource profile_instructions(profiles::ProfileService& service) {
    return [&service] {
        std::vector<agent::InstructionSection> sections;
        for (auto& section : service.sections_for_spawn())
            sections.push_back({std::move(section.heading), std::move(section.body)});
        return sections;
    };
}

std::vector<profiles::PackProfiles> loaded_pack_profiles(const ModuleTools& tools) {
    std::vector<profiles::PackProfiles> packs;
    auto host = tools.host();
    if (!host)
        return packs;
    for (auto& pack : host->packs())
        if (pack->state == modules::PackState::Loaded && pack->manifest && !pack->manifest->profiles.empty() && host->serving(*pack))
            packs.push_back({pack->manifest->id, pack->manifest->profiles});
    return packs;
}

std::function<std::vector<profiles::PackProfiles>()> package_profiles(const std::filesystem::path& project) {
    struct Cache {
        std::mutex mutex;
        std::string fingerprint;
        std::vector<profiles::PackProfiles> folders;
        bool read = false;
    };
    auto cache = std::make_shared<Cache>();
    return [project, cache] {
        std::lock_guard lock(cache->mutex);
        std::string fingerprint = modules::package_folders_fingerprint(project);
        if (!cache->read || fingerprint != cache->fingerprint) {
            cache->folders.clear();
            for (auto& folder : modules::find_package_folders(project).profile_folders)
                cache->folders.push_back({folder.source, folder.path});
            cache->fingerprint = fingerprint;
            cache->read = true;
        }
        return cache->folders;
    };
}

void poll_profiles(profiles::ProfileService& service, agent::AgentSession& session) {
    if (service.poll())
        session.request_relaunch("because the extension profiles changed");
}

std::vector<mcp::ProfileView> profile_views(const profiles::ProfileService& service) {
    std::vector<mcp::ProfileView> views;
    profiles::Catalog catalog = service.catalog();
    for (const profiles::ProfileEntry* entry : catalog.active()) {
        if (!entry->profile)
            continue;
        const profiles::Profile& profile = *entry->profile;
        mcp::ProfileView view{profile.id, profile.display_name, profile.instruction_lines, profile.sources, {}};
        for (const profiles::QuickAction& action : profile.quick_actions)
            view.quick_actions.push_back({action.id, action.label, action.prompt});
        views.push_back(std::move(view));
    }
    return views;
}

} // namespace uap::app
