// The user's integration choices for one project, in UserSettings/AgentPanel/integrations.json:
// whether the agent is told how to use Unity's plugin, and the opt-in --plugin-dir fallback.
#pragma once

#include "support/expected.hpp"

#include <filesystem>

namespace uap::integrations {

enum class PluginSteering { On, Off };
// Off: nothing. On: when the plugin is installed and enabled but a session did not load it, the
// next CLI gets --plugin-dir <its install folder> (for a CLI that stops loading plugins by itself).
enum class PluginDirFallback { Off, On };

struct IntegrationSettings {
    PluginSteering plugin_steering = PluginSteering::On;
    PluginDirFallback plugin_dir_fallback = PluginDirFallback::Off;

    static std::filesystem::path file_for(const std::filesystem::path& project);
    // Defaults when the file is missing; an error (saying which file) when it is malformed.
    static Expected<IntegrationSettings> load(const std::filesystem::path& project);
    Expected<void> save(const std::filesystem::path& project) const;
};

} // namespace uap::integrations
