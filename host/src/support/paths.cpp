// Where things live: the host's own folder, the per-user data folder, and per-project files.
#include "support/paths.hpp"

#include <boost/dll/runtime_symbol_info.hpp>

#include <cstdlib>

namespace uap::paths {

namespace fs = std::filesystem;

namespace {
fs::path environment_path(const char* name) {
    const char* value = std::getenv(name);
    return value && *value ? fs::path(value) : fs::path();
}
} // namespace

fs::path executable_path() { return fs::path(boost::dll::program_location().string()); }

fs::path executable_folder() { return executable_path().parent_path(); }

fs::path bundled_plugins_folder() { return (executable_folder() / ".." / "lib" / "uap" / "plugins").lexically_normal(); }

fs::path user_plugins_folder() {
    if (auto overridden = environment_path("UAP_USER_PLUGINS_DIR"); !overridden.empty())
        return overridden;
#if defined(_WIN32)
    return environment_path("LOCALAPPDATA") / "UnityAgentPanel" / "plugins";
#elif defined(__APPLE__)
    return environment_path("HOME") / "Library" / "Application Support" / "UnityAgentPanel" / "plugins";
#else
    fs::path data = environment_path("XDG_DATA_HOME");
    if (data.empty())
        data = environment_path("HOME") / ".local" / "share";
    return data / "unity-agent-panel" / "plugins";
#endif
}

fs::path project_state_folder(const fs::path& project) { return project / "UserSettings" / "AgentPanel"; }

} // namespace uap::paths
