// Extracting a pack's .zip within size caps, refusing hostile or malformed archives with a sentence
// that says what was refused, why, and what to do.
#pragma once

#include "support/expected.hpp"

#include <uap/sdk/file_jail.hpp>

#include <cstdint>
#include <filesystem>
#include <string>

namespace uap::modules {

// Bounds on extracting a .zip pack, checked on the bytes actually written (a zip's declared sizes
// can lie). Sized for real packs: a library with debug information plus profiles and assets.
struct ArchiveLimits {
    uint64_t max_total_bytes = 512ull * 1024 * 1024;
    uint64_t max_entry_bytes = 256ull * 1024 * 1024;
    uint64_t max_entries = 10'000;
};

// Extracts `archive` into `destination` (a folder relative to the plugins folder's jail) entry by
// entry, every entry written through the jail. Refused: entries past a cap, entries whose path
// leaves the folder, two entries for one file, encrypted entries or unsupported compression, and
// archives the zip reader cannot read. The caller removes `destination` on failure.
Expected<void> extract_pack_archive(const std::filesystem::path& archive, const sdk::FileJail& plugins,
                                    const std::string& destination, const ArchiveLimits& limits);

// The pack folder inside an extracted archive: its root, or its single top-level folder.
Expected<std::filesystem::path> pack_root_in(const std::filesystem::path& extracted);

} // namespace uap::modules
