// Where things live: the host's own folder, the per-user data folder, and per-project files.
#include "support/paths.hpp"

#include "support/files.hpp"

#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

namespace uap::paths {

namespace fs = std::filesystem;

namespace {
fs::path environment_path(const char* name) {
    auto value = platform::environment_value(name);
    return value && !value->empty() ? utf8::to_path(*value) : fs::path();
}
} // namespace

fs::path executable_path() { return platform::executable_path(); }

fs::path executable_folder() { return executable_path().parent_path(); }

fs::path bundled_plugins_folder() { return (executable_folder() / ".." / "lib" / "uap" / "plugins").lexically_normal(); }

fs::path web_panel_folder() { return (executable_folder() / ".." / "share" / "uap" / "web").lexically_normal(); }

fs::path user_plugins_folder() {
    if (auto overridden = environment_path("UAP_USER_PLUGINS_DIR"); !overridden.empty())
        return overridden;
    std::string system = platform::operating_system_name();
    if (system == "windows")
        return environment_path("LOCALAPPDATA") / "UnityAgentPanel" / "plugins";
    if (system == "macos")
        return environment_path("HOME") / "Library" / "Application Support" / "UnityAgentPanel" / "plugins";
    fs::path data = environment_path("XDG_DATA_HOME");
    if (data.empty())
        data = environment_path("HOME") / ".local" / "share";
    return data / "unity-agent-panel" / "plugins";
}

fs::path project_state_folder(const fs::path& project) { return project / "UserSettings" / "AgentPanel"; }

Expected<fs::path> prepare_project_state_folder(const fs::path& project) {
    return files::ensure_real_folders(project, fs::path("UserSettings") / "AgentPanel");
}

} // namespace uap::paths
