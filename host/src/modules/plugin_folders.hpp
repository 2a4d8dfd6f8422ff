// Where module packs are looked for, in precedence order, and which pack folders each holds.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace uap::modules {

enum class Origin { CommandLine, Settings, User, Bundled };

std::string to_string(Origin origin);

struct PluginFolder {
    std::filesystem::path path;
    Origin origin;
};

struct PackCandidate {
    std::filesystem::path folder; // Absolute.
    Origin origin;
};

// --plugins folders, then folders from settings, then the per-user folder, then the bundled one.
std::vector<PluginFolder> standard_plugin_folders(const std::vector<std::filesystem::path>& command_line,
                                                  const std::vector<std::filesystem::path>& from_settings);

// Each folder that holds a manifest is one pack; otherwise each of its sub-folders is a candidate
// (whether or not it has a manifest, so a broken pack is reported rather than ignored). Missing
// folders are skipped; hidden entries (".name") are ignored.
std::vector<PackCandidate> find_pack_candidates(const std::vector<PluginFolder>& folders);

} // namespace uap::modules
