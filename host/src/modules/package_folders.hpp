// Plugin folders inside the Unity project's packages: each package that Packages/packages-lock.json
// lists and that carries Bin~/<this platform>/plugins gives one plugins folder (the Pro package does).
#pragma once

#include "modules/plugin_folders.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace uap::modules {

// Bounds on what the lock file may make the host read; past them the file is not used at all.
inline constexpr uint64_t max_packages_lock_bytes = 4 * 1024 * 1024;
inline constexpr size_t max_locked_packages = 5'000;

struct PackageFolders {
    std::vector<PluginFolder> folders; // Origin::Package, source "package <name>@<version>", by package name.
    // Each package's Profiles~ folder of extension profiles (docs/profiles.md), with the same source.
    std::vector<PluginFolder> profile_folders;
    // Why a package (or the whole lock file) was not used: a sentence each, naming the fix. Core's
    // own packs never depend on these, so a broken lock file costs only the packages' packs.
    std::vector<std::string> notes;
};

// The folder name of this platform under a package's Bin~ (the names the Core package uses too):
// linux-x64, linux-arm64, win-x64, win-arm64, osx-x64, osx-arm64.
std::string package_platform_name();

// Reads <project>/Packages/packages-lock.json through the project's file jail and finds each
// package's Bin~/<platform>/plugins folder: embedded packages in Packages/<folder>, local `file:`
// packages where their path points, and registry or git packages resolved into
// Library/PackageCache/<name>@<version or hash>. A folder reached through a symbolic link inside the
// project, and a plugins folder that holds a link, are not used (a note says which link).
// An empty project gives nothing.
PackageFolders find_package_folders(const std::filesystem::path& project);

// File stamps of what find_package_folders reads first (the lock file, Packages/,
// Library/PackageCache/): cheap enough for the registry's change checks.
std::string package_folders_fingerprint(const std::filesystem::path& project);

} // namespace uap::modules
