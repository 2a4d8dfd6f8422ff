// Whether a Claude Code plugin (Unity's official one) is installed, enabled and loaded: the files
// the CLI keeps in its configuration folder (static) and the running session's system/init
// (dynamic), folded into one state per plugin. Everything but read_static_findings is pure.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::integrations {

struct PluginIdentity {
    std::string name;               // "unity": the plugin's own name, as system/init reports it.
    std::string marketplace;        // "unity-agent-plugin": the marketplace's name.
    std::string marketplace_source; // "Unity-Technologies/unity-agent-plugin": what `marketplace add` takes.
    std::string qualified() const { return name + "@" + marketplace; }
};

// Unity's official Claude Code plugin.
const PluginIdentity& unity_plugin();

enum class PluginState { CliUnavailable, NotInstalled, Disabled, EnabledNotLoaded, Loaded, LoadError };
std::string to_string(PluginState state); // "cli_unavailable", "not_installed", "disabled", ...

// The CLI's configuration folder for this environment (NAME=value entries, later entries win):
// $CLAUDE_CONFIG_DIR when set and not empty, else $HOME/.claude; empty when neither is known.
std::filesystem::path claude_config_folder(const std::vector<std::string>& environment);

struct InstalledPlugin {
    std::string install_path;
    std::string version;
    std::string commit;
};

// <config>/plugins/installed_plugins.json (version 2): the user-scope entry of the plugin, nullopt
// when the plugin has none. An error when the text is not such a file.
Expected<std::optional<InstalledPlugin>> parse_installed_plugins(std::string_view text, const PluginIdentity& plugin);

// <config>/settings.json: whether enabledPlugins turns the plugin on, under its qualified name or
// its bare name. An explicit false under either name wins. An error when the text is not a JSON object.
Expected<bool> parse_enabled_plugins(std::string_view text, const PluginIdentity& plugin);

struct StaticFindings {
    std::optional<InstalledPlugin> installed;
    bool enabled = false;
    std::vector<std::string> problems; // A malformed file, in words; it counts as "not installed".
};

// Reads both files under config_folder (missing files are not problems; size-capped).
StaticFindings read_static_findings(const std::filesystem::path& config_folder, const PluginIdentity& plugin);

struct LoadedPlugin {
    std::string name, source, path, version;
};
struct PluginLoadError {
    std::string plugin, type, message, path;
};
struct SessionPlugins {
    std::vector<LoadedPlugin> loaded;
    std::vector<PluginLoadError> errors;
};

// plugins[] and plugin_errors[] of a system/init message; an absent key is an empty list.
SessionPlugins session_plugins_from_init(const rapidjson::Value& init);

enum class CliPresence { Available, Missing };

struct PluginStatus {
    PluginState state = PluginState::NotInstalled;
    bool from_session = false; // Decided by a running session's system/init, not by the files alone.
    std::string version;       // Loaded: the session's; otherwise the installed one.
    std::string error;         // LoadError: the CLI's message.
    std::string install_path;
    std::vector<std::string> problems;
};

// One state. session is null when no session has reported a system/init: then only the files count.
PluginStatus resolve_plugin_status(CliPresence cli, const StaticFindings& findings, const SessionPlugins* session,
                                   const PluginIdentity& plugin);

// What the user can do in the state, in English (front-ends translate by state).
std::string describe(const PluginStatus& status, const PluginIdentity& plugin);
// The terminal command that turns a disabled plugin back on.
std::string enable_command(const PluginIdentity& plugin);

// {"id","kind":"claude_plugin","state","source":"session"|"files","version","error","install_path",
//  "problems":[],"message","enable_command"?}
rapidjson::Value status_json(const PluginStatus& status, const PluginIdentity& plugin, rapidjson::Document::AllocatorType& allocator);

} // namespace uap::integrations
