// File helpers: bounded reads, and atomic owner-only writes (temp file in the same folder + rename).
#pragma once

#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <string>

namespace uap::files {

enum class Visibility { OwnerOnly, Default };
// Whether a symbolic link as the file itself is followed or refused.
enum class Links { Follow, Refuse };

// Reads a whole file, refusing files larger than max_bytes.
// With Links::Refuse the file is opened without following a link (O_NOFOLLOW).
Expected<std::string> read(const std::filesystem::path& path, uint64_t max_bytes, Links links = Links::Follow);

// Replaces path's content atomically: readers see the old file or the new one, never a mix.
// Never writes through a link: refuses when the file or its folder is a symbolic link, and opens
// the temporary file with O_NOFOLLOW (see also ensure_real_folders for the folders above).
Expected<void> write_atomically(const std::filesystem::path& path, const std::string& content, Visibility visibility);

// Makes base/relative a real folder: each component of `relative` is created if missing and
// refused if it is a symbolic link or not a folder (`base` itself may be reached through links).
// The error says what to remove.
Expected<std::filesystem::path> ensure_real_folders(const std::filesystem::path& base, const std::filesystem::path& relative);

// A fresh, unused name next to path: "<path>.<tag>-<UTC timestamp>[-n]".
std::filesystem::path sibling_backup_name(const std::filesystem::path& path, const std::string& tag);

} // namespace uap::files
