// `uap-host skills export`, shared with the commands that change which packs are enabled: they
// export again into a project that already holds exported skills.
#pragma once

#include "support/command_line.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace uap::cli {

// Exports the skills of the packs enabled in project (with extra --plugins folders), printing what
// changed; returns the exit code.
int export_skills_into(const std::filesystem::path& project, const std::vector<std::string>& plugin_folders);

// After a pack change in project: exports again when the project holds skills an export wrote;
// does nothing otherwise (skills are opt-in). Returns the exit code of that export, or Success.
int refresh_exported_skills(const std::filesystem::path& project, const std::vector<std::string>& plugin_folders);

} // namespace uap::cli
