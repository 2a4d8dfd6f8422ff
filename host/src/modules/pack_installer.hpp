// Installs module packs (a folder or a .zip of one) into the per-user plugins folder, and removes
// them. A pack is checked first: its manifest, then a load in a module runner (init and describe)
// that must succeed before anything is copied.
#pragma once

#include "modules/manifest.hpp"
#include "modules/module_backend.hpp"
#include "modules/pack_archive.hpp"
#include "modules/pack_signature.hpp"
#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>

namespace uap::modules {

enum class ExistingPack { Refuse, Replace };

// Reads and checks the manifest (generation, host revision, a library for this platform that
// exists); opens no library.
Expected<Manifest> inspect_manifest(const std::filesystem::path& folder);

// inspect_manifest, then negotiates with the library's entry point in this process; runs no other
// module code (apart from the library's static initialisers, which any load runs).
Expected<Manifest> inspect_pack(const std::filesystem::path& folder);

struct InstallFolders {
    std::filesystem::path plugins; // Where the pack goes (the per-user folder).
    std::filesystem::path bundled; // The bundled packs, whose tool names an installed pack may not take.
};

// Whether a pack that no trusted publisher signed (unsigned, or signed with a key no trust file
// lists) may be installed. A pack whose signature does not hold is refused either way.
enum class UnsignedPacks { Refuse, Allow };

struct InstallTrust {
    const PublisherTrust& trust;
    UnsignedPacks unsigned_packs = UnsignedPacks::Refuse;
};

struct InstalledPack {
    std::filesystem::path folder;
    SignatureCheck signature;
};

// Copies the pack into <plugins>/<id>, after its signature is checked (before any of its code
// runs); refuses a pack whose id is a bundled pack's or that
// registers a tool a bundled pack has, and one that does not load in a runner started by
// `dry_load` (init, describe, the description checked against the manifest; without a starter
// the library is only negotiated with in this process). Returns the installed folder. A .zip is
// extracted into a scratch folder within `limits`; on any refusal nothing is left on disk.
// Scratch folders that killed installs left in <plugins> are removed first.
Expected<InstalledPack> install_pack(const std::filesystem::path& source, const InstallFolders& folders, ExistingPack existing,
                                     const InstallTrust& trust, const IsolatedStarter& dry_load, const ArchiveLimits& limits = {});

// Removes the pack whose manifest id is id from plugins. Returns the removed folder.
Expected<std::filesystem::path> remove_pack(const std::string& id, const std::filesystem::path& plugins);

} // namespace uap::modules
