// Installs and removes module packs in the per-user plugins folder. Everything written, renamed or
// deleted there goes through a file jail on the plugins folder, so neither an archive's entries nor
// a link inside a pack folder can reach anything outside it.
#include "modules/pack_installer.hpp"

#include "modules/module_library.hpp"
#include "modules/plugin_folders.hpp"
#include "settings/project_settings.hpp"
#include "support/files.hpp"
#include "support/random.hpp"
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

// A scratch folder inside the plugins folder, removed (without following links) when it goes out
// of scope; names below it are relative to the plugins folder's jail.
class ScratchFolder {
public:
    explicit ScratchFolder(sdk::FileJail plugins)
        : m_plugins(std::move(plugins)), m_name(".uap-scratch-" + random::unique_suffix()) {}
    ~ScratchFolder() { static_cast<void>(m_plugins.remove_tree(m_name)); }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    Expected<void> create() const {
        if (auto made = m_plugins.make_folders(m_name); !made)
            return Error(made.error().message);
        return {};
    }
    std::string relative(std::string_view inside) const { return m_name + "/" + std::string(inside); }
    fs::path path(std::string_view inside) const { return m_plugins.host_path(relative(inside)); }

private:
    sdk::FileJail m_plugins;
    std::string m_name;
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

// Copies a pack folder into `destination` (relative to the jail) as real files: a link in the pack
// is refused, since a copy that followed it would install whatever it points at.
Expected<void> copy_pack_folder(const fs::path& source, const sdk::FileJail& plugins, const std::string& destination,
                                const ArchiveLimits& limits) {
    auto from = sdk::FileJail::open(source);
    if (!from)
        return Error(from.error().message);
    auto entries = from->list(".", static_cast<std::size_t>(limits.max_entries));
    if (!entries)
        return Error(entries.error().message);
    if (auto made = plugins.make_folders(destination); !made)
        return Error(made.error().message);
    std::vector<char> buffer(64 * 1024);
    for (const auto& entry : entries.value()) {
        std::string target = destination + "/" + entry.relative;
        if (entry.kind == sdk::EntryKind::Link)
            return Error("the pack folder holds a symbolic link, " + utf8::from_path(from->host_path(entry.relative)) +
                         "; a pack is installed as real files: replace the link with the file or folder it points at and "
                         "run `uap-host modules install` again");
        if (entry.kind == sdk::EntryKind::Folder) {
            if (auto made = plugins.make_folders(target); !made)
                return Error(made.error().message);
            continue;
        }
        if (entry.kind != sdk::EntryKind::File)
            continue;
        auto writer = plugins.begin_write(target);
        if (!writer)
            return Error(writer.error().message);
        // The source is the user's own folder, just listed without links; read it in pieces.
        std::ifstream input(from->host_path(entry.relative), std::ios::binary);
        while (input) {
            input.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            if (auto appended = writer->append(std::string_view(buffer.data(), static_cast<size_t>(input.gcount()))); !appended)
                return Error(appended.error().message);
        }
        if (!input.eof())
            return Error("cannot read " + utf8::from_path(from->host_path(entry.relative)));
        if (auto committed = writer->commit(); !committed)
            return Error(committed.error().message);
    }
    return {};
}

// Extracts entry by entry with Poco's zip reader, counting the bytes really written, so a zip
// bomb stops at the cap instead of filling the disk. Entry paths are split by the jail's rules, and
// every entry is written through the plugins folder's jail beneath `destination`.
Expected<void> extract_zip(const fs::path& archive, const sdk::FileJail& plugins, const std::string& destination,
                           const ArchiveLimits& limits) {
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
        if (auto made = plugins.make_folders(destination); !made)
            return Error(made.error().message);
        uint64_t total = 0;
        std::vector<char> buffer(64 * 1024);
        for (auto it = zip.headerBegin(); it != zip.headerEnd(); ++it) {
            const Poco::Zip::ZipLocalFileHeader& header = it->second;
            const std::string& name = header.getFileName();
            auto components = sdk::split_beneath(name);
            if (!Poco::Zip::ZipCommon::isValidPath(name) || !components)
                return Error("the archive entry \"" + name + "\" would land outside the pack folder");
            std::string target = destination + "/" + sdk::join_components(components.value(), components->size());
            if (header.isDirectory()) {
                if (auto made = plugins.make_folders(target); !made)
                    return Error(made.error().message);
                continue;
            }
            if (header.isEncrypted() || !header.hasSupportedCompressionMethod())
                return Error("the archive entry \"" + name + "\" is encrypted or uses an unsupported compression method");
            if (header.getUncompressedSize() > limits.max_entry_bytes)
                return Error("the archive entry \"" + name + "\" declares " + megabytes(header.getUncompressedSize()) +
                             "; the limit per entry is " + megabytes(limits.max_entry_bytes) + raise);
            auto output = plugins.begin_write(target);
            if (!output)
                return Error(output.error().message);
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
                if (auto appended = output->append(std::string_view(buffer.data(), static_cast<size_t>(got))); !appended)
                    return Error(appended.error().message);
            }
            if (auto committed = output->commit(); !committed)
                return Error(committed.error().message);
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
    auto jail = files::folder_jail(plugins);
    if (!jail)
        return jail.error();
    ScratchFolder scratch(jail.value());
    if (auto created = scratch.create(); !created)
        return created.error();
    fs::path pack_folder;
    std::error_code error;
    if (fs::is_directory(source)) {
        pack_folder = source;
    } else if (fs::is_regular_file(source) && source.extension() == ".zip") {
        if (auto extracted = extract_zip(source, jail.value(), scratch.relative("extracted"), limits); !extracted)
            return extracted.error();
        auto root = pack_root_in(scratch.path("extracted"));
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

    if (auto copied = copy_pack_folder(pack_folder, jail.value(), scratch.relative("staged"), limits); !copied)
        return copied.error().within("cannot copy the pack");
    std::string installed_name = utf8::from_path(target.filename());
    if (replacing) {
        if (auto moved = jail->rename(installed_name, scratch.relative("retired")); !moved)
            return Error("cannot move the installed pack aside: " + moved.error().message);
    }
    if (auto moved = jail->rename(scratch.relative("staged"), manifest->id); !moved) {
        if (replacing)
            static_cast<void>(jail->rename(scratch.relative("retired"), installed_name));  // Put the old pack back.
        return Error("cannot move the pack into place: " + moved.error().message);
    }
    return plugins / utf8::to_path(manifest->id);
}

Expected<fs::path> remove_pack(const std::string& id, const fs::path& plugins) {
    std::error_code error;
    for (auto& entry : fs::directory_iterator(plugins, error)) {
        auto manifest = read_manifest(entry.path());
        if (manifest && manifest->id == id) {
            auto jail = sdk::FileJail::open(plugins);
            if (!jail)
                return Error(jail.error().message);
            // A link inside the pack is removed as a link; what it points at stays.
            if (auto removed = jail->remove_tree(utf8::from_path(entry.path().filename())); !removed)
                return Error("cannot remove " + utf8::from_path(entry.path()) + ": " + removed.error().message);
            return entry.path();
        }
    }
    return Error("no pack with id \"" + id + "\" is installed in " + utf8::from_path(plugins) +
                 "; `uap-host modules list` shows the installed (\"user\") packs. A bundled pack cannot be removed: turn it off with `" +
                 settings::toggle_command(settings::Toggle::Disabled, id, "") + "`");
}

} // namespace uap::modules
