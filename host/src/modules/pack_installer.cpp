// Installs and removes module packs in the per-user plugins folder.
#include "modules/pack_installer.hpp"
#include "support/random.hpp"

#include "modules/module_library.hpp"
#include "modules/plugin_folders.hpp"
#include "settings/project_settings.hpp"
#include "support/utf8_path.hpp"

#include <Poco/Exception.h>
#include <Poco/Zip/ZipArchive.h>
#include <Poco/Zip/ZipCommon.h>
#include <Poco/Zip/ZipStream.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <vector>

namespace uap::modules {

namespace fs = std::filesystem;

namespace {

// A scratch folder removed when it goes out of scope.
class ScratchFolder {
public:
    explicit ScratchFolder(const fs::path& parent) {
        m_path = parent / (".uap-scratch-" + random::unique_suffix());
        fs::create_directories(m_path);
    }
    ~ScratchFolder() {
        std::error_code ignored;
        fs::remove_all(m_path, ignored);
    }
    const fs::path& path() const { return m_path; }

private:
    fs::path m_path;
};

// The pack folder inside an extracted archive: its root, or its single top-level folder.
Expected<fs::path> pack_root_in(const fs::path& extracted) {
    if (fs::exists(extracted / manifest_file_name))
        return extracted;
    std::vector<fs::path> folders;
    for (auto& entry : fs::directory_iterator(extracted))
        if (entry.is_directory())
            folders.push_back(entry.path());
    if (folders.size() == 1 && fs::exists(folders[0] / manifest_file_name))
        return folders[0];
    return Error(std::string("the archive holds no ") + manifest_file_name + " at its top level or in a single top-level folder");
}

std::string megabytes(uint64_t bytes) { return std::to_string(bytes / (1024 * 1024)) + " MiB"; }

// Extracts entry by entry with Poco's zip reader, counting the bytes really written, so a zip
// bomb stops at the cap instead of filling the disk. Entry paths must stay inside the folder.
Expected<void> extract_zip(const fs::path& archive, const fs::path& destination, const ArchiveLimits& limits) {
    std::ifstream input(archive, std::ios::binary);
    if (!input)
        return Error("cannot open " + utf8::from_path(archive));
    const std::string raise = " (a pack this large is unusual; if you trust it, raise the limit with "
                              "`uap-host modules install PATH --max-total-mib N --max-entry-mib N --max-entries N`)";
    try {
        Poco::Zip::ZipArchive zip(input);
        uint64_t entries = static_cast<uint64_t>(std::distance(zip.headerBegin(), zip.headerEnd()));
        if (entries > limits.max_entries)
            return Error("the archive has " + std::to_string(entries) + " entries; the limit is " + std::to_string(limits.max_entries) + raise);
        fs::create_directories(destination);
        uint64_t total = 0;
        std::vector<char> buffer(64 * 1024);
        for (auto it = zip.headerBegin(); it != zip.headerEnd(); ++it) {
            const Poco::Zip::ZipLocalFileHeader& header = it->second;
            const std::string& name = header.getFileName();
            fs::path relative = utf8::to_path(name).lexically_normal();
            if (!Poco::Zip::ZipCommon::isValidPath(name) || relative.is_absolute() || relative.empty() || *relative.begin() == "..")
                return Error("the archive entry \"" + name + "\" would land outside the pack folder");
            fs::path target = destination / relative;
            if (header.isDirectory()) {
                fs::create_directories(target);
                continue;
            }
            if (header.isEncrypted() || !header.hasSupportedCompressionMethod())
                return Error("the archive entry \"" + name + "\" is encrypted or uses an unsupported compression method");
            if (header.getUncompressedSize() > limits.max_entry_bytes)
                return Error("the archive entry \"" + name + "\" declares " + megabytes(header.getUncompressedSize()) +
                             "; the limit per entry is " + megabytes(limits.max_entry_bytes) + raise);
            fs::create_directories(target.parent_path());
            std::ofstream output(target, std::ios::binary | std::ios::trunc);
            if (!output)
                return Error("cannot create " + utf8::from_path(target));
            Poco::Zip::ZipInputStream entry(input, header);
            uint64_t written = 0;
            while (entry) {
                entry.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
                auto got = static_cast<uint64_t>(entry.gcount());
                if (got == 0)
                    break;
                written += got;
                total += got;
                if (written > limits.max_entry_bytes)
                    return Error("the archive entry \"" + name + "\" expands past the limit per entry of " +
                                 megabytes(limits.max_entry_bytes) + " (a zip bomb?)" + raise);
                if (total > limits.max_total_bytes)
                    return Error("the archive expands past the total limit of " + megabytes(limits.max_total_bytes) + " (a zip bomb?)" + raise);
                output.write(buffer.data(), static_cast<std::streamsize>(got));
                if (!output)
                    return Error("cannot write " + utf8::from_path(target));
            }
        }
    } catch (const Poco::Exception& exception) {
        return Error("cannot extract " + utf8::from_path(archive) + ": " + exception.displayText());
    } catch (const std::exception& exception) {
        return Error("cannot extract " + utf8::from_path(archive) + ": " + exception.what());
    }
    return {};
}

// Tools of the pack that a bundled pack (another id) already provides, as "tool (bundled pack)".
std::vector<std::string> bundled_tool_clashes(const Manifest& manifest, const fs::path& bundled) {
    std::vector<std::string> clashes;
    for (auto& candidate : find_pack_candidates({{bundled, Origin::Bundled}})) {
        auto other = read_manifest(candidate.folder);
        if (!other || other->id == manifest.id)
            continue;
        for (auto& tool : manifest.tools)
            if (std::find(other->tools.begin(), other->tools.end(), tool) != other->tools.end())
                clashes.push_back(tool + " (" + other->id + ")");
    }
    return clashes;
}

} // namespace

Expected<Manifest> inspect_pack(const fs::path& folder) {
    auto manifest = read_manifest(folder);
    if (!manifest)
        return manifest.error();
    if (manifest->abi_version < oldest_abi_version || manifest->abi_version > newest_abi_version)
        return Error("the pack needs ABI generation " + std::to_string(manifest->abi_version) + "; this host speaks " +
                     std::to_string(oldest_abi_version) + " to " + std::to_string(newest_abi_version));
    if (auto refusal = host_revision_refusal(*manifest))
        return Error(*refusal);
    auto library = manifest->library_for_this_platform();
    if (!library)
        return library.error();
    if (!fs::is_regular_file(*library))
        return Error("library " + utf8::from_path(*library) + " does not exist");
    auto opened = ModuleLibrary::open(*library);
    if (auto* failure = std::get_if<LibraryError>(&opened))
        return Error(failure->reason);
    return manifest;
}

Expected<fs::path> install_pack(const fs::path& source, const InstallFolders& folders, ExistingPack existing, const ArchiveLimits& limits) {
    const fs::path& plugins = folders.plugins;
    std::error_code error;
    fs::create_directories(plugins, error);
    if (error)
        return Error("cannot create " + utf8::from_path(plugins) + ": " + error.message());
    ScratchFolder scratch(plugins);
    fs::path pack_folder;
    if (fs::is_directory(source)) {
        pack_folder = source;
    } else if (fs::is_regular_file(source) && source.extension() == ".zip") {
        if (auto extracted = extract_zip(source, scratch.path() / "extracted", limits); !extracted)
            return extracted.error();
        auto root = pack_root_in(scratch.path() / "extracted");
        if (!root)
            return root.error();
        pack_folder = *root;
    } else {
        return Error(utf8::from_path(source) + " is neither a pack folder nor a .zip file");
    }
    auto manifest = inspect_pack(pack_folder);
    if (!manifest)
        return manifest.error();
    if (auto clashes = bundled_tool_clashes(*manifest, folders.bundled); !clashes.empty()) {
        std::string names;
        for (auto& clash : clashes)
            names += (names.empty() ? "" : ", ") + clash;
        return Error("pack \"" + manifest->id + "\" would shadow bundled tools: " + names +
                     "; bundled tools always win, so these would never be served. Rename them in the pack, rebuild it and run "
                     "`uap-host modules install " + utf8::from_path(source) + "` again");
    }

    fs::path target = plugins / utf8::to_path(manifest->id);
    bool replacing = fs::exists(target);
    if (!replacing) {
        for (auto& entry : fs::directory_iterator(plugins, error)) {
            auto other = read_manifest(entry.path());
            if (other && other->id == manifest->id) {
                target = entry.path();
                replacing = true;
            }
        }
    }
    if (replacing && existing == ExistingPack::Refuse)
        return Error("a pack with id \"" + manifest->id + "\" is already installed at " + utf8::from_path(target) +
                     "; replace it with `uap-host modules install " + utf8::from_path(source) + " --replace`");

    fs::path staged = scratch.path() / "staged";
    fs::copy(pack_folder, staged, fs::copy_options::recursive, error);
    if (error)
        return Error("cannot copy the pack: " + error.message());
    fs::path retired = scratch.path() / "retired";
    if (replacing) {
        fs::rename(target, retired, error);
        if (error)
            return Error("cannot move the installed pack aside: " + error.message());
    }
    fs::path final_target = plugins / utf8::to_path(manifest->id);
    fs::rename(staged, final_target, error);
    if (error) {
        if (replacing) {
            std::error_code ignored;
            fs::rename(retired, target, ignored);
        }
        return Error("cannot move the pack into place: " + error.message());
    }
    return final_target;
}

Expected<fs::path> remove_pack(const std::string& id, const fs::path& plugins) {
    std::error_code error;
    for (auto& entry : fs::directory_iterator(plugins, error)) {
        auto manifest = read_manifest(entry.path());
        if (manifest && manifest->id == id) {
            fs::remove_all(entry.path(), error);
            if (error)
                return Error("cannot remove " + utf8::from_path(entry.path()) + ": " + error.message());
            return entry.path();
        }
    }
    return Error("no pack with id \"" + id + "\" is installed in " + utf8::from_path(plugins) +
                 "; `uap-host modules list` shows the installed (\"user\") packs. A bundled pack cannot be removed: turn it off with `" +
                 settings::toggle_command(settings::Toggle::Disabled, id, "") + "`");
}

} // namespace uap::modules
