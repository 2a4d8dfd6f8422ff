// Installs and removes module packs in the per-user plugins folder. Everything written, renamed or
// deleted there goes through a file jail on the plugins folder, so neither an archive's entries nor
// a link inside a pack folder can reach anything outside it.
#include "modules/pack_installer.hpp"

#include "modules/install_scratch.hpp"
#include "loader/module_library.hpp"
#include "modules/pack_dry_load.hpp"
#include "modules/plugin_folders.hpp"
#include "settings/project_settings.hpp"
#include "support/files.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <vector>

namespace uap::modules {

namespace fs = std::filesystem;

namespace {

// The folder of the bundled pack whose id is `id`, if there is one.
std::optional<fs::path> bundled_pack_with_id(const std::string& id, const fs::path& bundled) {
    for (auto& candidate : find_pack_candidates({{bundled, Origin::Bundled}}))
        if (auto other = read_manifest(candidate.folder); other && other->id == id)
            return candidate.folder;
    return std::nullopt;
}

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

// Nothing when the pack's signature lets it be installed; otherwise the refusal, with the way out.
std::optional<Error> signature_refusal(const SignatureCheck& check, const InstallTrust& trust, const fs::path& source) {
    std::string again = "`uap-host modules install " + platform::shell_word(utf8::from_path(source));
    switch (check.state) {
    case SignatureState::Trusted:
        return std::nullopt;
    case SignatureState::Broken:
        return Error("refused: the pack's signature does not hold (" + check.detail + "). It was changed after " +
                     (check.publisher.empty() ? std::string("its publisher") : "\"" + check.publisher + "\"") +
                     " signed it, or damaged on the way; get the pack again from its publisher. Nothing was installed");
    case SignatureState::Untrusted:
        if (trust.unsigned_packs == UnsignedPacks::Allow)
            return std::nullopt;
        return Error("refused: the pack is signed by \"" + check.publisher + "\" with the key " + check.public_key +
                     ", which no trust file lists, so nothing says the key is theirs. If you trust this publisher, run `uap-host "
                     "modules trust " + check.public_key + " --publisher " + platform::shell_word(check.publisher) + "` and then " +
                     again + "` again; to install it this once without trusting the key, add --allow-unsigned");
    case SignatureState::Unsigned:
        if (trust.unsigned_packs == UnsignedPacks::Allow)
            return std::nullopt;
        return Error("refused: the pack is unsigned, so nothing says who made it or that it is unchanged, and an installed pack's "
                     "native code runs inside uap-host. If you trust where it came from, run " + again +
                     " --allow-unsigned`; a publisher signs a pack with `uap-host modules sign`");
    }
    return std::nullopt;
}

} // namespace

Expected<Manifest> inspect_manifest(const fs::path& folder) {
    auto manifest = read_manifest(folder);
    if (!manifest)
        return manifest.error();
    if (manifest->abi_version < loader::oldest_abi_version || manifest->abi_version > loader::newest_abi_version)
        return Error("the pack needs ABI generation " + std::to_string(manifest->abi_version) + "; this host speaks " +
                     std::to_string(loader::oldest_abi_version) + " to " + std::to_string(loader::newest_abi_version));
    UAP_TRY(check_host_revision(*manifest));
    auto library = manifest->library_for_this_platform();
    if (!library)
        return library.error();
    if (!fs::is_regular_file(*library))
        return Error("library " + utf8::from_path(*library) + " does not exist");
    return manifest;
}

Expected<Manifest> inspect_pack(const fs::path& folder) {
    auto manifest = inspect_manifest(folder);
    if (!manifest)
        return manifest;
    auto library = manifest->library_for_this_platform();
    if (!library)
        return library.error();
    UAP_TRY(loader::ModuleLibrary::open(*library));
    return manifest;
}

Expected<InstalledPack> install_pack(const fs::path& source, const InstallFolders& folders, ExistingPack existing,
                                     const InstallTrust& trust, const IsolatedStarter& dry_load, const ArchiveLimits& limits) {
    const fs::path& plugins = folders.plugins;
    auto jail = files::folder_jail(plugins);
    if (!jail)
        return jail.error();
    if (size_t removed = remove_abandoned_scratch(jail.value()); removed > 0)
        spdlog::info("removed {} scratch folder(s) that interrupted installs left in {}", removed, utf8::from_path(plugins));
    auto scratch = InstallScratch::create(jail.value());
    if (!scratch)
        return scratch.error();
    fs::path pack_folder;
    std::error_code error;
    if (fs::is_directory(source)) {
        pack_folder = source;
    } else if (fs::is_regular_file(source) && source.extension() == ".zip") {
        if (auto extracted = extract_pack_archive(source, jail.value(), scratch->relative("extracted"), limits); !extracted)
            return extracted.error();
        auto root = pack_root_in(scratch->path() / "extracted");
        if (!root)
            return root.error();
        pack_folder = *root;
    } else {
        return Error(utf8::from_path(source) + " is neither a pack folder nor a .zip file");
    }
    // Before the manifest is trusted or any of the pack's code runs in the dry load.
    SignatureCheck signature = check_pack_signature(pack_folder, trust.trust);
    if (auto refusal = signature_refusal(signature, trust, source))
        return *refusal;
    // Checked on the manifest alone, before inspection opens the library.
    if (auto declared = read_manifest(pack_folder); declared)
        if (auto bundled = bundled_pack_with_id(declared->id, folders.bundled))
            return Error("pack id \"" + declared->id + "\" is the id of the bundled pack at " + utf8::from_path(*bundled) +
                         "; two packs with one id both fail to load, so every tool of the bundled pack would disappear. Give the "
                         "pack an id of its own (uap_add_module(... ID com.example.name ...), or \"id\" in its " + manifest_file_name +
                         "), rebuild it and run `uap-host modules install " + utf8::from_path(source) + "` again");
    auto manifest = dry_load ? inspect_manifest(pack_folder) : inspect_pack(pack_folder);
    if (!manifest)
        return manifest.error();
    if (dry_load) {
        // In a runner: a pack whose init crashes ends the runner, not this command.
        auto library = manifest->library_for_this_platform();
        if (!library)
            return library.error();
        if (auto loaded = dry_load_pack(*manifest, *library, dry_load); !loaded) {
            std::string reason = loaded.error().message();
            if (!reason.empty() && reason.back() == '.')
                reason.pop_back(); // The sentence goes on below.
            return Error("pack \"" + manifest->id + "\" does not load, so it was not installed and " + utf8::from_path(plugins) +
                         " is unchanged: " + reason + ". Fix the pack (or ask its author to), rebuild it and run "
                         "`uap-host modules install " + utf8::from_path(source) + "` again (a test of the pack with "
                         "uap::testkit's ModuleHarness shows the same failure)");
        }
    }
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

    if (auto copied = copy_pack_folder(pack_folder, jail.value(), scratch->relative("staged"), limits); !copied)
        return copied.error().within("cannot copy the pack");
    std::string installed_name = utf8::from_path(target.filename());
    if (replacing) {
        if (auto moved = jail->rename(installed_name, scratch->relative("retired")); !moved)
            return Error("cannot move the installed pack aside: " + moved.error().message);
    }
    if (auto moved = jail->rename(scratch->relative("staged"), manifest->id); !moved) {
        if (replacing)
            static_cast<void>(jail->rename(scratch->relative("retired"), installed_name));  // Put the old pack back.
        return Error("cannot move the pack into place: " + moved.error().message);
    }
    return InstalledPack{plugins / utf8::to_path(manifest->id), std::move(signature)};
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
