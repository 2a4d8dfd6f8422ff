// Where things live: the host's own folder, the per-user data folder, and per-project files.
#pragma once

#include "support/expected.hpp"

#include <filesystem>

namespace uap::paths {

// The running executable (the host binary, also the script gate's hook command).
std::filesystem::path executable_path();

// The folder holding the running uap-host executable.
std::filesystem::path executable_folder();

// Bundled module packs: <prefix>/lib/uap/plugins next to <prefix>/bin/uap-host (build tree too).
std::filesystem::path bundled_plugins_folder();

// The browser panel's static files: <prefix>/share/uap/web next to <prefix>/bin/uap-host (build tree too).
std::filesystem::path web_panel_folder();

// Per-user module packs. UAP_USER_PLUGINS_DIR overrides; otherwise the platform's per-user data
// folder (Linux: $XDG_DATA_HOME or ~/.local/share, then unity-agent-panel/plugins).
std::filesystem::path user_plugins_folder();

// The host's per-project, per-user folder inside a Unity project (UserSettings is never committed).
std::filesystem::path project_state_folder(const std::filesystem::path& project);
// The same folder, created if missing, and refused when UserSettings or AgentPanel is a symbolic
// link or not a folder (a cloned project must not redirect the host's writes elsewhere).
Expected<std::filesystem::path> prepare_project_state_folder(const std::filesystem::path& project);

} // namespace uap::paths
