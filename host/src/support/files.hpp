// File helpers: bounded reads, and atomic owner-only writes (temp file in the same folder + rename).
#pragma once

#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <string>

namespace uap::files {

enum class Visibility { OwnerOnly, Default };

// Reads a whole file, refusing files larger than max_bytes.
Expected<std::string> read(const std::filesystem::path& path, uint64_t max_bytes);

// Replaces path's content atomically: readers see the old file or the new one, never a mix.
Expected<void> write_atomically(const std::filesystem::path& path, const std::string& content, Visibility visibility);

// A fresh, unused name next to path: "<path>.<tag>-<UTC timestamp>[-n]".
std::filesystem::path sibling_backup_name(const std::filesystem::path& path, const std::string& tag);

} // namespace uap::files
