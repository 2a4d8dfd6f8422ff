// Plugin folders inside the project's UPM packages, found from Packages/packages-lock.json.
#include "modules/package_folders.hpp"

#include "support/json.hpp"
#include "support/platform/file_stamp.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/file_jail.hpp>

#include <algorithm>
#include <map>
#include <optional>

namespace uap::modules {

namespace fs = std::filesystem;

namespace {

constexpr const char* lock_file = "Packages/packages-lock.json";
constexpr uint64_t max_package_json_bytes = 256 * 1024;
constexpr size_t max_plugin_entries = 10'000;
constexpr size_t max_cache_entries = 20'000;
constexpr size_t max_notes = 20;

// What Unity's Package Manager accepts as a package name (lower case, digits, '.', '-', '_'), so a
// name can be used as a folder name without escaping anything.
bool valid_package_name(const std::string& name) {
    if (name.empty() || name.size() > 214 || !((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= '0' && name[0] <= '9')))
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
    }) && name.find("..") == std::string::npos;
}

// Text from the lock file that is used in a path or a message: printable and bounded.
bool plain_text(const std::string& text, size_t max_size) {
    return !text.empty() && text.size() <= max_size &&
           std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

std::string string_member(const rapidjson::Value& object, const char* name) {
    auto found = object.FindMember(name);
    if (found == object.MemberEnd() || !found->value.IsString())
        return "";
    return std::string(found->value.GetString(), found->value.GetStringLength());
}

// Where a package's folder is: a jail and the folder's path inside it ("" for the jail's root).
struct PackageRoot {
    fs::path jail_root;
    std::string inside;
};

class Scanner {
public:
    explicit Scanner(const fs::path& project) : m_project(project) {}

    PackageFolders run() {
        auto project_jail = sdk::FileJail::open(m_project);
        if (!project_jail)
            return std::move(m_result);
        m_jail.emplace(std::move(project_jail.value()));
        auto text = m_jail->read(lock_file, max_packages_lock_bytes);
        if (!text) {
            if (text.error().problem != sdk::JailProblem::Missing)
                note_lock_problem(text.error().message);
            return std::move(m_result);
        }
        auto document = json::parse(text->content);
        if (!document) {
            note_lock_problem("it is not valid JSON (" + document.error().message() + ")");
            return std::move(m_result);
        }
        if (!document->IsObject() || !document->HasMember("dependencies") || !(*document)["dependencies"].IsObject()) {
            note_lock_problem("it has no \"dependencies\" object");
            return std::move(m_result);
        }
        auto& dependencies = (*document)["dependencies"];
        if (dependencies.MemberCount() > max_locked_packages) {
            note_lock_problem("it lists " + std::to_string(dependencies.MemberCount()) + " packages, more than the " +
                              std::to_string(max_locked_packages) + " the host reads");
            return std::move(m_result);
        }
        std::map<std::string, const rapidjson::Value*> by_name; // Sorted, so the folders come in one order.
        for (auto& member : dependencies.GetObject()) {
            std::string name(member.name.GetString(), member.name.GetStringLength());
            if (!valid_package_name(name)) {
                note("an entry of " + std::string(lock_file) + " is not a package name (" + printable(name) +
                     "); it was skipped. Unity writes only valid names there: let it rewrite the file (delete it and reopen the project)");
                continue;
            }
            by_name[name] = &member.value;
        }
        for (auto& [name, entry] : by_name)
            scan_package(name, *entry);
        if (m_skipped_notes > 0)
            m_result.notes.push_back(std::to_string(m_skipped_notes) + " more notes about " + lock_file + " were left out");
        return std::move(m_result);
    }

private:
    static std::string printable(const std::string& text) {
        std::string shown;
        for (char c : text.substr(0, 80))
            shown += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
        return "\"" + shown + (text.size() > 80 ? "...\"" : "\"");
    }

    void note(std::string text) {
        if (m_result.notes.size() < max_notes)
            m_result.notes.push_back(std::move(text));
        else
            ++m_skipped_notes;
    }

    void note_lock_problem(const std::string& why) {
        note(utf8::from_path(m_project / "Packages" / "packages-lock.json") + " was not used: " + why +
             "; the packs inside the project's packages are not loaded until it is fixed (Core's packs are not affected). "
             "Unity rewrites the file when it resolves packages: delete it and reopen the project in Unity");
    }

    void scan_package(const std::string& name, const rapidjson::Value& entry) {
        if (!entry.IsObject()) {
            note("package " + name + " in " + lock_file + " is not an object; it was skipped");
            return;
        }
        std::string source = string_member(entry, "source");
        std::string version = string_member(entry, "version");
        if (!plain_text(version, 2048)) {
            if (source != "builtin")
                note("package " + name + " in " + lock_file + " has no usable \"version\"; it was skipped");
            return;
        }
        auto root = locate(name, source, version, string_member(entry, "hash"));
        if (!root)
            return;
        use_package(name, version, *root);
    }

    // The package's folder, or nullopt when it has none in reach (a built-in package, one Unity has
    // not downloaded yet) or when it was refused with a note.
    std::optional<PackageRoot> locate(const std::string& name, const std::string& source, const std::string& version,
                                      const std::string& hash) {
        std::string file_path = version.rfind("file:", 0) == 0 ? version.substr(5) : "";
        if (source == "embedded") {
            // Unity records the embedded package's folder as "file:<folder>".
            std::string folder = file_path.empty() ? name : file_path;
            if (!valid_folder_name(folder)) {
                note("embedded package " + name + " names the folder " + printable(folder) + ", which is not one folder inside Packages/; it was skipped");
                return std::nullopt;
            }
            return PackageRoot{m_project, "Packages/" + folder};
        }
        if (source == "local") {
            if (file_path.empty())
                return std::nullopt;
            fs::path target = utf8::to_path(file_path);
            if (target.is_relative())
                target = m_project / "Packages" / target;
            target = target.lexically_normal();
            auto inside = target.lexically_relative(m_project.lexically_normal());
            std::string inside_text = utf8::from_path(inside);
            if (!inside.empty() && inside_text != "." && inside_text.rfind("..", 0) != 0)
                return PackageRoot{m_project, utf8::generic_from_path(inside)}; // Inside the project: walked through its jail.
            // A folder outside the project that the project's own manifest names ("file:../shared/pkg"):
            // the user chose it as Unity's Package Manager does, so it is the root of a jail of its own.
            return PackageRoot{target, ""};
        }
        if (source == "builtin" || source.empty())
            return std::nullopt;
        // registry, git, local-tarball, url: Unity unpacks them into Library/PackageCache/<name>@<suffix>
        // (the version, a git hash's first characters, or in Unity 6 a content hash).
        auto folder = cache_folder(name, version, hash);
        if (!folder)
            return std::nullopt;
        return PackageRoot{m_project, "Library/PackageCache/" + *folder};
    }

    static bool valid_folder_name(const std::string& folder) {
        return plain_text(folder, 255) && folder != "." && folder != ".." && folder.find_first_of("/\\:") == std::string::npos;
    }

    const std::vector<std::string>& cache_entries() {
        if (!m_cache_entries) {
            m_cache_entries.emplace();
            std::error_code error;
            fs::path cache = m_project / "Library" / "PackageCache";
            for (fs::directory_iterator it(cache, error), end; !error && it != end && m_cache_entries->size() < max_cache_entries;
                 it.increment(error))
                m_cache_entries->push_back(utf8::from_path(it->path().filename()));
            std::sort(m_cache_entries->begin(), m_cache_entries->end());
        }
        return *m_cache_entries;
    }

    std::optional<std::string> cache_folder(const std::string& name, const std::string& version, const std::string& hash) {
        std::vector<std::string> candidates;
        for (auto& entry : cache_entries())
            if (entry.size() > name.size() + 1 && entry.compare(0, name.size() + 1, name + "@") == 0)
                candidates.push_back(entry);
        for (auto& candidate : candidates) {
            std::string suffix = candidate.substr(name.size() + 1);
            if (suffix == version || (!hash.empty() && hash.rfind(suffix, 0) == 0))
                return candidate;
        }
        if (candidates.size() == 1)
            return candidates.front();
        if (candidates.size() > 1) {
            std::string platform_plugins = "/Bin~/" + package_platform_name() + "/plugins";
            size_t with_packs = std::count_if(candidates.begin(), candidates.end(), [&](const std::string& candidate) {
                auto kind = m_jail->kind("Library/PackageCache/" + candidate + platform_plugins);
                return kind && kind.value() != sdk::EntryKind::Missing;
            });
            if (with_packs > 0)
                note("package " + name + " has " + std::to_string(candidates.size()) + " folders in Library/PackageCache and none matches " +
                     lock_file + " (version " + version + "); its packs were not loaded rather than guessing. Close Unity, delete "
                     "the stale Library/PackageCache/" + name + "@* folders and reopen the project");
        }
        return std::nullopt;
    }

    void use_package(const std::string& name, const std::string& lock_version, const PackageRoot& root) {
        std::optional<sdk::FileJail> own_jail;
        const sdk::FileJail* jail = &*m_jail;
        if (root.jail_root != m_project) {
            auto opened = sdk::FileJail::open(root.jail_root);
            if (!opened)
                return; // A local package that is not there: Unity reports it; nothing to load.
            own_jail.emplace(std::move(opened.value()));
            jail = &*own_jail;
        }
        std::string prefix = root.inside.empty() ? "" : root.inside + "/";
        if (!root.inside.empty()) {
            // The package folder itself first, so a linked package gets one note, not one per folder in it.
            auto kind = jail->kind(root.inside);
            if (!kind && kind.error().problem != sdk::JailProblem::Missing)
                return note("the packs and profiles of package " + name + " were not loaded: " + kind.error().message);
            if (kind && kind.value() == sdk::EntryKind::Link)
                return note("the packs and profiles of package " + name + " were not loaded: " + utf8::from_path(jail->host_path(root.inside)) +
                            " is a symbolic link, and a package inside the project is used only as a real folder (the file jail, "
                            "docs/file-jail.md). Replace the link with the package's folder, or list the package in "
                            "Packages/manifest.json as \"file:<its path>\"");
            if (!kind || kind.value() != sdk::EntryKind::Folder)
                return;
        }
        auto plugins = real_folder(*jail, prefix + "Bin~/" + package_platform_name() + "/plugins", name, "packs");
        auto profiles = real_folder(*jail, prefix + "Profiles~", name, "profiles");
        if (!plugins && !profiles)
            return;
        std::string source = "package " + name + "@" + package_version(*jail, prefix, lock_version);
        if (plugins)
            m_result.folders.push_back({*plugins, Origin::Package, source});
        if (profiles)
            m_result.profile_folders.push_back({*profiles, Origin::Package, source});
    }

    // The folder at `relative` when it is a real folder holding only real files and folders; nullopt
    // when it is missing (the common case: most packages carry no packs) or refused with a note.
    std::optional<fs::path> real_folder(const sdk::FileJail& jail, const std::string& relative, const std::string& name, const char* what) {
        auto refuse = [&](const std::string& why) {
            note(std::string("the ") + what + " of package " + name + " were not loaded: " + why);
            return std::nullopt;
        };
        auto kind = jail.kind(relative);
        if (!kind) {
            if (kind.error().problem == sdk::JailProblem::Missing || kind.error().problem == sdk::JailProblem::NotFolder)
                return std::nullopt;
            return refuse(kind.error().message);
        }
        if (kind.value() == sdk::EntryKind::Missing)
            return std::nullopt;
        if (kind.value() != sdk::EntryKind::Folder)
            return refuse(utf8::from_path(jail.host_path(relative)) +
                          (kind.value() == sdk::EntryKind::Link ? " is a symbolic link; they are loaded only from real folders inside the package"
                                                                : " is not a folder"));
        // Every file below must be a real file inside the package: libraries are opened by path.
        auto entries = jail.list(relative, max_plugin_entries);
        if (!entries)
            return refuse(entries.error().message);
        for (auto& entry : entries.value())
            if (entry.kind == sdk::EntryKind::Link)
                return refuse(utf8::from_path(jail.host_path(relative + "/" + entry.relative)) +
                              " is a symbolic link, and a package's files are used only when they are real files inside it. Reinstall "
                              "the package (or, for a package of your own, replace the link with what it points at)");
        return jail.host_path(relative);
    }

    // The version the package says it is (package.json), else the one the lock file records.
    static std::string package_version(const sdk::FileJail& jail, const std::string& prefix, const std::string& lock_version) {
        if (auto text = jail.read(prefix + "package.json", max_package_json_bytes))
            if (auto document = json::parse(text->content); document && document->IsObject())
                if (std::string version = string_member(*document, "version"); plain_text(version, 64))
                    return version;
        return plain_text(lock_version, 64) ? lock_version : "unknown version";
    }

    fs::path m_project;
    std::optional<sdk::FileJail> m_jail;
    std::optional<std::vector<std::string>> m_cache_entries;
    PackageFolders m_result;
    size_t m_skipped_notes = 0;
};

std::string stamp(const fs::path& path) { return platform::file_version_stamp(path).value_or("-"); }

} // namespace

std::string package_platform_name() {
    std::string os = platform::operating_system_name();
    std::string architecture = platform::architecture_name() == "x86_64" ? "x64" : platform::architecture_name();
    if (os == "windows")
        return "win-" + architecture;
    if (os == "macos")
        return "osx-" + architecture;
    return os + "-" + architecture;
}

PackageFolders find_package_folders(const fs::path& project) {
    if (project.empty())
        return {};
    return Scanner(project).run();
}

std::string package_folders_fingerprint(const fs::path& project) {
    if (project.empty())
        return "";
    return "packages " + stamp(project / "Packages" / "packages-lock.json") + "|" + stamp(project / "Packages") + "|" +
           stamp(project / "Library" / "PackageCache") + "\n";
}

} // namespace uap::modules
