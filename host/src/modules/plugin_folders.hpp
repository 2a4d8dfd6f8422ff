// Where module packs are looked for, in precedence order, and which pack folders each holds.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace uap::modules {

enum class Origin { CommandLine, Settings, Package, User, Bundled };

std::string to_string(Origin origin);

struct PluginFolder {
    std::filesystem::path path;
    Origin origin;
    std::string source = {}; // Where it came from, in words, when the origin alone does not say: "package com.x@1.2.0".
};

struct PackCandidate {
    std::filesystem::path folder; // Absolute.
    Origin origin;
    std::string source = {};
};

// The words `modules list` shows for where a pack came from: the folder's source, else its origin.
std::string source_of(const PackCandidate& candidate);

// --plugins folders, then folders from settings, then those of the project's packages
// (modules/package_folders.hpp), then the per-user folder, then the bundled one.
std::vector<PluginFolder> standard_plugin_folders(const std::vector<std::filesystem::path>& command_line,
                                                  const std::vector<std::filesystem::path>& from_settings,
                                                  const std::vector<PluginFolder>& from_packages = {});

// Each folder that holds a manifest is one pack; otherwise each of its sub-folders is a candidate
// (whether or not it has a manifest, so a broken pack is reported rather than ignored). Missing
// folders are skipped; hidden entries (".name") are ignored.
std::vector<PackCandidate> find_pack_candidates(const std::vector<PluginFolder>& folders);

} // namespace uap::modules
