// File helpers for the host's own files: bounded reads, atomic owner-only writes (a new temporary
// file in the same folder, then a rename) and deletes, all through the SDK's file-system jail
// (sdk/include/uap/sdk/file_jail.hpp); project content reached by relative paths uses the jail itself.
#pragma once

#include "support/expected.hpp"

#include <uap/sdk/file_jail.hpp>

#include <cstdint>
#include <filesystem>
#include <string>

namespace uap::files {

enum class Visibility { OwnerOnly, Default };
// Whether a symbolic link as the file itself is followed or refused.
enum class Links { Follow, Refuse };

// Reads a whole file, refusing files larger than max_bytes and anything but a regular file.
// With Links::Refuse a link at the file itself is refused (the folders above are the caller's).
Expected<std::string> read(const std::filesystem::path& path, uint64_t max_bytes, Links links = Links::Follow);

// Reads the last max_bytes bytes of a file another process may be writing (the editor's log); the
// first line may be cut. A link at the file is followed, as read() does by default.
Expected<std::string> read_tail(const std::filesystem::path& path, uint64_t max_bytes);

// Replaces path's content atomically: readers see the old file or the new one, never a mix.
// Never writes through a link: refuses when the file or its folder is a symbolic link; a missing
// folder is created from its nearest existing ancestor without following links.
Expected<void> write_atomically(const std::filesystem::path& path, const std::string& content, Visibility visibility);

// Makes base/relative a real folder: each component of `relative` is created if missing and
// refused if it is a symbolic link or not a folder (`base` itself may be reached through links, and is
// created like folder_jail's folder when missing).
// The error says what to remove.
// Visibility::OwnerOnly restricts the last folder to its owner (POSIX: mode 0700).
Expected<std::filesystem::path> ensure_real_folders(const std::filesystem::path& base, const std::filesystem::path& relative,
                                                   Visibility visibility = Visibility::Default);

// A jail on `folder` for the host's own trees (the plugins folder): the folder is created first
// when missing, from its nearest existing ancestor, never through a link below that ancestor.
Expected<sdk::FileJail> folder_jail(const std::filesystem::path& folder);

// Deletes the file (or the link itself, never its target); nothing there is not an error.
Expected<void> remove(const std::filesystem::path& path);

// Renames a file within its folder (to a name such as sibling_backup_name gives).
Expected<void> rename_in_folder(const std::filesystem::path& path, const std::filesystem::path& new_name);

// A fresh, unused name next to path: "<path>.<tag>-<UTC timestamp>[-n]".
std::filesystem::path sibling_backup_name(const std::filesystem::path& path, const std::string& tag);

} // namespace uap::files
