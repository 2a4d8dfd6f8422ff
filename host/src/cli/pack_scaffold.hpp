// `uap-host modules new`: a ready tool pack (two tools, their unit tests, CMake using
// find_package(uap-sdk)) written from the compiled-in template into a new folder.
#pragma once

#include "support/expected.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace uap::cli {

// Refuses an id a new pack should not have, saying the rule and an example.
Expected<void> check_new_pack_id(const std::string& id);

// Writes the pack into folder, which must be missing or empty (never overwritten). Returns the
// written files' paths relative to folder, in the order written.
Expected<std::vector<std::string>> scaffold_pack(const std::string& id, const std::filesystem::path& folder);

} // namespace uap::cli
