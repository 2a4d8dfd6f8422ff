// The running host's module registry, kept in step with the files it is built from: the project's
// settings, the pack folders and the project's packages (Packages/packages-lock.json). The host polls them (ModuleTools::refresh, every 500 ms), so enabling, disabling, installing or
// removing a pack reaches a running host and is announced to MCP clients.
#pragma once

#include "api/editor_link.hpp"
#include "app/module_tools.hpp"
#include "modules/module_host.hpp"

#include <filesystem>
#include <vector>

namespace uap::app {

// Builds the registry from the same settings and folders as `uap-host modules list` does, so the
// two never disagree. command_line_folders: the --plugins folders. base: the editor, the isolated
// starter and the disabled-pack handler; each build fills in the folders and settings.
ReloadSource registry_source(const std::filesystem::path& project, std::vector<std::filesystem::path> command_line_folders,
                             modules::ModuleHost::Options base);

} // namespace uap::app
