// Claude Code plugin detection: parsing the CLI's plugin files and system/init, and the state table.
#include "integrations/claude_plugin.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <array>
#include <utility>

namespace uap::integrations {

namespace fs = std::filesystem;

namespace {

// Both files are a few kilobytes; anything much larger is not the CLI's.
constexpr uint64_t max_config_file_bytes = 4 * 1024 * 1024;

const rapidjson::Value* object_member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject())
        return nullptr;
    auto found = object.FindMember(name);
    return found == object.MemberEnd() ? nullptr : &found->value;
}

bool matches(const PluginIdentity& plugin, const std::string& name, const std::string& source) {
    // Observed: name "unity" with source "unity@unity-agent-plugin" when installed, "unity@inline"
    // when loaded with --plugin-dir; either field naming the plugin is enough.
    return source == plugin.qualified() || name == plugin.name;
}

} // namespace

const PluginIdentity& unity_plugin() {
    static const PluginIdentity identity{"unity", "unity-agent-plugin", "Unity-Technologies/unity-agent-plugin"};
    return identity;
}

std::string to_string(PluginState state) {
    static constexpr std::array<std::pair<PluginState, const char*>, 6> names = {{{PluginState::CliUnavailable, "cli_unavailable"},
                                                                                  {PluginState::NotInstalled, "not_installed"},
                                                                                  {PluginState::Disabled, "disabled"},
                                                                                  {PluginState::EnabledNotLoaded, "enabled_not_loaded"},
                                                                                  {PluginState::Loaded, "loaded"},
                                                                                  {PluginState::LoadError, "load_error"}}};
    for (auto& [value, name] : names)
        if (value == state)
            return name;
    return "not_installed";
}

fs::path claude_config_folder(const std::vector<std::string>& environment) {
    std::string config, home;
    for (auto& entry : environment) {
        if (entry.rfind("CLAUDE_CONFIG_DIR=", 0) == 0)
            config = entry.substr(18);
        else if (entry.rfind("HOME=", 0) == 0)
            home = entry.substr(5);
    }
    if (!config.empty())
        return utf8::to_path(config);
    if (!home.empty())
        return utf8::to_path(home) / ".claude";
    return {};
}

Expected<std::optional<InstalledPlugin>> parse_installed_plugins(std::string_view text, const PluginIdentity& plugin) {
    auto document = json::parse(text);
    if (!document)
        return document.error();
    if (!document->IsObject())
        return Error("the file is not a JSON object");
    auto version = json::integer_field(*document, "version");
    if (!version || *version != 2)
        return Error("the file is not version 2 (the format this host reads)");
    const rapidjson::Value* plugins = object_member(*document, "plugins");
    if (!plugins || !plugins->IsObject())
        return Error("the file has no \"plugins\" object");
    const rapidjson::Value* entries = object_member(*plugins, plugin.qualified().c_str());
    if (!entries)
        return std::optional<InstalledPlugin>();
    if (!entries->IsArray())
        return Error("the entry for " + plugin.qualified() + " is not a list");
    for (auto& entry : entries->GetArray()) {
        if (json::string_field(entry, "scope").value_or("") != "user")
            continue;
        InstalledPlugin installed;
        installed.install_path = json::string_field(entry, "installPath").value_or("");
        installed.version = json::string_field(entry, "version").value_or("");
        installed.commit = json::string_field(entry, "gitCommitSha").value_or("");
        return std::optional<InstalledPlugin>(std::move(installed));
    }
    return std::optional<InstalledPlugin>();
}

Expected<bool> parse_enabled_plugins(std::string_view text, const PluginIdentity& plugin) {
    auto document = json::parse(text);
    if (!document)
        return document.error();
    if (!document->IsObject())
        return Error("the file is not a JSON object");
    const rapidjson::Value* enabled = object_member(*document, "enabledPlugins");
    if (!enabled || !enabled->IsObject())
        return false;
    bool on = false;
    for (const std::string& key : {plugin.qualified(), plugin.name}) {
        auto flag = json::bool_field(*enabled, key.c_str());
        if (flag && !*flag)
            return false; // Turned off on purpose.
        on = on || flag.value_or(false);
    }
    return on;
}

StaticFindings read_static_findings(const fs::path& config_folder, const PluginIdentity& plugin) {
    StaticFindings findings;
    if (config_folder.empty()) {
        findings.problems.push_back("neither CLAUDE_CONFIG_DIR nor HOME is set, so Claude Code's configuration folder is unknown");
        return findings;
    }
    std::error_code error;
    auto installed_file = config_folder / "plugins" / "installed_plugins.json";
    if (fs::exists(installed_file, error)) {
        auto text = files::read(installed_file, max_config_file_bytes);
        auto parsed = text ? parse_installed_plugins(*text, plugin) : Expected<std::optional<InstalledPlugin>>(text.error());
        if (parsed)
            findings.installed = std::move(*parsed);
        else
            findings.problems.push_back(utf8::from_path(installed_file) + " is unreadable (" + parsed.error().message() +
                                        "), so the plugin counts as not installed; `claude plugin list` shows what the CLI sees");
    }
    auto settings_file = config_folder / "settings.json";
    if (fs::exists(settings_file, error)) {
        auto text = files::read(settings_file, max_config_file_bytes);
        auto parsed = text ? parse_enabled_plugins(*text, plugin) : Expected<bool>(text.error());
        if (parsed)
            findings.enabled = *parsed;
        else
            findings.problems.push_back(utf8::from_path(settings_file) + " is unreadable (" + parsed.error().message() +
                                        "), so the plugin counts as not enabled; fix the file or run `" + enable_command(plugin) + "`");
    }
    return findings;
}

SessionPlugins session_plugins_from_init(const rapidjson::Value& init) {
    SessionPlugins session;
    if (const rapidjson::Value* plugins = object_member(init, "plugins"); plugins && plugins->IsArray())
        for (auto& entry : plugins->GetArray())
            if (entry.IsObject())
                session.loaded.push_back({json::string_field(entry, "name").value_or(""), json::string_field(entry, "source").value_or(""),
                                          json::string_field(entry, "path").value_or(""), json::string_field(entry, "version").value_or("")});
    if (const rapidjson::Value* errors = object_member(init, "plugin_errors"); errors && errors->IsArray())
        for (auto& entry : errors->GetArray())
            if (entry.IsObject())
                session.errors.push_back({json::string_field(entry, "plugin").value_or(""), json::string_field(entry, "type").value_or(""),
                                          json::string_field(entry, "message").value_or(""), json::string_field(entry, "path").value_or("")});
    return session;
}

PluginStatus resolve_plugin_status(CliPresence cli, const StaticFindings& findings, const SessionPlugins* session,
                                   const PluginIdentity& plugin) {
    PluginStatus status;
    status.problems = findings.problems;
    if (findings.installed) {
        status.version = findings.installed->version;
        status.install_path = findings.installed->install_path;
    }
    if (cli == CliPresence::Missing) {
        status.state = PluginState::CliUnavailable;
        return status;
    }
    if (session) {
        status.from_session = true;
        for (auto& error : session->errors)
            if (error.plugin == plugin.qualified() || error.plugin == plugin.name ||
                (!error.path.empty() && findings.installed && error.path == findings.installed->install_path)) {
                status.state = PluginState::LoadError;
                status.error = error.message.empty() ? error.type : error.message;
                return status;
            }
        for (auto& loaded : session->loaded)
            if (matches(plugin, loaded.name, loaded.source)) {
                status.state = PluginState::Loaded;
                if (!loaded.version.empty())
                    status.version = loaded.version;
                if (!loaded.path.empty())
                    status.install_path = loaded.path;
                return status;
            }
    }
    if (!findings.installed)
        status.state = PluginState::NotInstalled; // A leftover enabledPlugins flag without an install is not an install.
    else if (!findings.enabled)
        status.state = PluginState::Disabled;
    else
        status.state = PluginState::EnabledNotLoaded;
    return status;
}

std::string enable_command(const PluginIdentity& plugin) { return "claude plugin enable " + plugin.qualified(); }

std::string describe(const PluginStatus& status, const PluginIdentity& plugin) {
    switch (status.state) {
    case PluginState::CliUnavailable:
        return "The claude CLI was not found, so plugins cannot be checked or installed. Run `uap-host doctor` to see where it was looked for.";
    case PluginState::NotInstalled:
        return "Not installed. Install it from the panel, or run `claude plugin marketplace add " + plugin.marketplace_source +
               "` then `claude plugin install " + plugin.qualified() + " --scope user`.";
    case PluginState::Disabled:
        return "Installed but turned off in Claude Code. Turn it on with `" + enable_command(plugin) + "`; it takes effect in the next chat.";
    case PluginState::EnabledNotLoaded:
        return status.from_session ? "Installed and enabled, but this chat did not load it. Start a new chat to load it."
                                   : "Installed and enabled; a chat started now loads it.";
    case PluginState::Loaded:
        return "Loaded by this chat" + (status.version.empty() ? std::string(".") : " (version " + status.version + ").");
    case PluginState::LoadError:
        return "Claude Code could not load it: " + status.error + ". Run `claude plugin list` in a terminal for details.";
    }
    return {};
}

rapidjson::Value status_json(const PluginStatus& status, const PluginIdentity& plugin, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value entry(rapidjson::kObjectType);
    auto text = [&](const char* name, const std::string& value) {
        entry.AddMember(rapidjson::StringRef(name), json::string_value(value, allocator), allocator);
    };
    text("id", plugin.qualified());
    text("kind", "claude_plugin");
    text("state", to_string(status.state));
    text("source", status.from_session ? "session" : "files");
    text("version", status.version);
    text("error", status.error);
    text("install_path", status.install_path);
    rapidjson::Value problems(rapidjson::kArrayType);
    for (auto& problem : status.problems)
        problems.PushBack(json::string_value(problem, allocator), allocator);
    entry.AddMember("problems", problems, allocator);
    text("message", describe(status, plugin));
    if (status.state == PluginState::Disabled)
        text("enable_command", enable_command(plugin));
    return entry;
}

} // namespace uap::integrations
