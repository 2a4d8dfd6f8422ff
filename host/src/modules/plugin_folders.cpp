// Where module packs are looked for.
#include "modules/plugin_folders.hpp"

#include "modules/manifest.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <set>

namespace uap::modules {

namespace fs = std::filesystem;

std::string to_string(Origin origin) {
    switch (origin) {
    case Origin::CommandLine: return "command line";
    case Origin::Settings: return "settings";
    case Origin::Package: return "package";
    case Origin::User: return "user";
    case Origin::Bundled: return "bundled";
    }
    return "unknown";
}

std::string source_of(const PackCandidate& candidate) { return candidate.source.empty() ? to_string(candidate.origin) : candidate.source; }

std::vector<PluginFolder> standard_plugin_folders(const std::vector<fs::path>& command_line, const std::vector<fs::path>& from_settings,
                                                  const std::vector<PluginFolder>& from_packages) {
    std::vector<PluginFolder> folders;
    for (auto& path : command_line)
        folders.push_back({path, Origin::CommandLine});
    for (auto& path : from_settings)
        folders.push_back({path, Origin::Settings});
    folders.insert(folders.end(), from_packages.begin(), from_packages.end());
    folders.push_back({paths::user_plugins_folder(), Origin::User});
    folders.push_back({paths::bundled_plugins_folder(), Origin::Bundled});
    return folders;
}

std::vector<PackCandidate> find_pack_candidates(const std::vector<PluginFolder>& folders) {
    std::vector<PackCandidate> candidates;
    std::set<fs::path> seen;
    auto add = [&](const fs::path& folder, const PluginFolder& from) {
        std::error_code error;
        fs::path canonical = fs::weakly_canonical(folder, error);
        if (error)
            canonical = fs::absolute(folder).lexically_normal();
        if (seen.insert(canonical).second)
            candidates.push_back({canonical, from.origin, from.source});
    };
    for (auto& folder : folders) {
        std::error_code error;
        if (!fs::is_directory(folder.path, error))
            continue;
        if (fs::exists(folder.path / manifest_file_name, error)) {
            add(folder.path, folder);
            continue;
        }
        std::vector<fs::path> children;
        for (auto& entry : fs::directory_iterator(folder.path, error))
            if (entry.is_directory(error) && utf8::from_path(entry.path().filename()).rfind('.', 0) != 0)
                children.push_back(entry.path());
        std::sort(children.begin(), children.end());
        for (auto& child : children)
            add(child, folder);
    }
    return candidates;
}

} // namespace uap::modules
