// One version of a file or folder told apart from the next, for code that reloads what changed.
// Part of the platform layer's interface (platform.hpp), kept apart so few files depend on it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace uap::platform {

// The file's identity (device and inode; volume and file index), its modification time at the
// system's full resolution and its size, as one comparable text; nullopt when it cannot be read.
// std::filesystem::last_write_time is not enough: with mingw-w64 it counts whole seconds, so two
// saves within a second looked the same; and an atomic replace (a new file) changes the identity.
std::optional<std::string> file_version_stamp(const std::filesystem::path& path);

} // namespace uap::platform
