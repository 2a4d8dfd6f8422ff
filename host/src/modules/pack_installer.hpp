// Installs module packs (a folder or a .zip of one) into the per-user plugins folder, and removes
// them. A pack is checked first: manifest, library present, and ABI negotiation only.
#pragma once

#include "modules/manifest.hpp"
#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>

namespace uap::modules {

enum class ExistingPack { Refuse, Replace };

// Bounds on extracting a .zip pack, checked on the bytes actually written (a zip's declared sizes
// can lie). Sized for real packs: a library with debug information plus profiles and assets.
struct ArchiveLimits {
    uint64_t max_total_bytes = 512ull * 1024 * 1024;
    uint64_t max_entry_bytes = 256ull * 1024 * 1024;
    uint64_t max_entries = 10'000;
};

// Reads the manifest and negotiates with the library's entry point; runs no other module code
// (apart from the library's static initialisers, which any load runs).
Expected<Manifest> inspect_pack(const std::filesystem::path& folder);

struct InstallFolders {
    std::filesystem::path plugins; // Where the pack goes (the per-user folder).
    std::filesystem::path bundled; // The bundled packs, whose tool names an installed pack may not take.
};

// Copies the pack into <plugins>/<id>; refuses a pack that registers a tool a bundled pack has.
// Returns the installed folder. A .zip is extracted into a scratch folder within `limits`; on any
// refusal nothing is left on disk.
Expected<std::filesystem::path> install_pack(const std::filesystem::path& source, const InstallFolders& folders,
                                             ExistingPack existing, const ArchiveLimits& limits = {});

// Removes the pack whose manifest id is id from plugins. Returns the removed folder.
Expected<std::filesystem::path> remove_pack(const std::string& id, const std::filesystem::path& plugins);

} // namespace uap::modules
