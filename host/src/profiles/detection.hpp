// Which packages a Unity project has, read from its files (Packages/manifest.json, Packages/,
// Library/PackageCache/), and the matching rules a profile's packageIds and typeNames follow.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace uap::profiles {

struct ProjectPackages {
    std::set<std::string> manifest_dependencies; // Keys of Packages/manifest.json "dependencies".
    std::vector<std::string> package_folders;    // Entries of Packages/ (embedded and VPM packages).
    std::vector<std::string> cache_folders;      // Entries of Library/PackageCache/ ("id@version").
    std::vector<std::string> notes;              // E.g. a manifest that could not be read.
    std::string fingerprint;                     // Changes when any of the above may have changed.
};

ProjectPackages read_project_packages(const std::filesystem::path& project);

// Why package_id counts as present ("Packages/manifest.json dependency", ...), or nullopt. A folder
// matches when its name is exactly the id or the id followed by "@": "com.x" never matches "com.x-experimental".
std::optional<std::string> find_package(const std::string& package_id, const ProjectPackages& packages);

// A fingerprint of the inputs alone (times and sizes), cheap enough to check often.
std::string packages_fingerprint(const std::filesystem::path& project);

// One type the editor reported (type.find).
struct FoundType {
    std::string full_name;
    std::string short_name;
};

// A name with a dot matches a full name; otherwise the short name.
bool type_name_matches(const std::string& wanted, const FoundType& type);

// What type.find is asked for a wanted name: the part after the last dot.
std::string type_query(const std::string& wanted);

} // namespace uap::profiles
