// Package detection from the project's files, and type-name matching.
#include "profiles/detection.hpp"

#include "support/json.hpp"
#include "support/platform/file_stamp.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/file_jail.hpp>

#include <algorithm>

namespace uap::profiles {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t max_manifest_bytes = 4 * 1024 * 1024;
constexpr size_t max_folder_entries = 10'000;

std::vector<std::string> folder_names(const fs::path& folder) {
    std::vector<std::string> names;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end && names.size() < max_folder_entries; it.increment(error)) {
        std::error_code kind_error;
        if (it->is_directory(kind_error))
            names.push_back(utf8::from_path(it->path().filename()));
    }
    std::sort(names.begin(), names.end());
    return names;
}

bool folder_matches(const std::string& package_id, const std::string& folder) {
    return folder == package_id || (folder.size() > package_id.size() && folder.compare(0, package_id.size(), package_id) == 0 &&
                                    folder[package_id.size()] == '@');
}

std::string stamp(const fs::path& path) { return platform::file_version_stamp(path).value_or("-"); }

} // namespace

std::string packages_fingerprint(const fs::path& project) {
    return stamp(project / "Packages" / "manifest.json") + "|" + stamp(project / "Packages") + "|" +
           stamp(project / "Library" / "PackageCache");
}

ProjectPackages read_project_packages(const fs::path& project) {
    ProjectPackages packages;
    packages.fingerprint = packages_fingerprint(project);
    // Through the project's jail: a manifest that is (or lies behind) a link is reported, never followed.
    auto files = sdk::FileJail::open(project);
    auto text = files ? files->read("Packages/manifest.json", max_manifest_bytes) : sdk::JailResult<sdk::JailFile>(files.error());
    if (text || text.error().problem != sdk::JailProblem::Missing) {
        std::string problem;
        if (!text) {
            problem = text.error().message;
        } else if (auto document = json::parse(text->content); !document) {
            problem = "it is not valid JSON (" + document.error().message() + ")";
        } else if (!document->IsObject() || !document->HasMember("dependencies") || !(*document)["dependencies"].IsObject()) {
            problem = "it has no \"dependencies\" object";
        } else {
            for (auto& member : (*document)["dependencies"].GetObject())
                packages.manifest_dependencies.insert(std::string(member.name.GetString(), member.name.GetStringLength()));
        }
        if (!problem.empty())
            packages.notes.push_back("Packages/manifest.json was not used: " + problem +
                                     "; packages are detected from the Packages/ and Library/PackageCache/ folders only");
    }
    packages.package_folders = folder_names(project / "Packages");
    packages.cache_folders = folder_names(project / "Library" / "PackageCache");
    return packages;
}

std::optional<std::string> find_package(const std::string& package_id, const ProjectPackages& packages) {
    if (packages.manifest_dependencies.count(package_id))
        return "package " + package_id + " is a dependency in Packages/manifest.json";
    for (auto& folder : packages.package_folders)
        if (folder_matches(package_id, folder))
            return "package folder Packages/" + folder;
    for (auto& folder : packages.cache_folders)
        if (folder_matches(package_id, folder))
            return "package folder Library/PackageCache/" + folder;
    return std::nullopt;
}

bool type_name_matches(const std::string& wanted, const FoundType& type) {
    if (wanted.find('.') != std::string::npos)
        return type.full_name == wanted;
    return type.short_name == wanted;
}

std::string type_query(const std::string& wanted) {
    auto dot = wanted.rfind('.');
    return dot == std::string::npos ? wanted : wanted.substr(dot + 1);
}

} // namespace uap::profiles
