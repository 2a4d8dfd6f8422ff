// Plugin detection: every state of the table, the two file parsers (malformed, both enabledPlugins
// key forms, scopes), the config folder rule and a system/init with and without plugin_errors.
#include "integrations/claude_plugin.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace uap::integrations;

namespace {

const PluginIdentity& plugin = unity_plugin();

std::string installed_file(const std::string& scope, const std::string& path = "/cache/unity/1.2.3") {
    return R"({"version":2,"plugins":{"unity@unity-agent-plugin":[{"scope":")" + scope + R"(","installPath":")" + path +
           R"(","version":"1.2.3","gitCommitSha":"abc123"}]}})";
}

StaticFindings findings(bool installed, bool enabled) {
    StaticFindings result;
    if (installed)
        result.installed = InstalledPlugin{"/cache/unity/1.2.3", "1.2.3", "abc123"};
    result.enabled = enabled;
    return result;
}

SessionPlugins init(const std::string& text) {
    auto document = uap::json::parse(text);
    EXPECT_TRUE(document) << document.error().message();
    return session_plugins_from_init(*document);
}

} // namespace

TEST(InstalledPlugins, UserScopeEntryGivesPathVersionAndCommit) {
    auto parsed = parse_installed_plugins(installed_file("user"), plugin);
    ASSERT_TRUE(parsed) << parsed.error().message();
    ASSERT_TRUE(parsed->has_value());
    EXPECT_EQ((*parsed)->install_path, "/cache/unity/1.2.3");
    EXPECT_EQ((*parsed)->version, "1.2.3");
    EXPECT_EQ((*parsed)->commit, "abc123");
}

TEST(InstalledPlugins, ProjectScopeOnlyOrOtherPluginIsNotAUserInstall) {
    auto project_scope = parse_installed_plugins(installed_file("project"), plugin);
    ASSERT_TRUE(project_scope);
    EXPECT_FALSE(project_scope->has_value());
    auto other = parse_installed_plugins(R"({"version":2,"plugins":{"other@market":[{"scope":"user","installPath":"/x"}]}})", plugin);
    ASSERT_TRUE(other);
    EXPECT_FALSE(other->has_value());
}

TEST(InstalledPlugins, MalformedOrWrongVersionIsAnError) {
    for (const char* text : {"", "{", "[]", R"({"version":1,"plugins":{}})", R"({"version":2})", R"({"version":2,"plugins":[]})",
                             R"({"version":2,"plugins":{"unity@unity-agent-plugin":{"scope":"user"}}})"})
        EXPECT_FALSE(parse_installed_plugins(text, plugin)) << text;
    std::string deep(200, '[');
    EXPECT_FALSE(parse_installed_plugins(deep, plugin));
}

TEST(EnabledPlugins, BothKeyFormsAndAnExplicitFalse) {
    EXPECT_TRUE(parse_enabled_plugins(R"({"enabledPlugins":{"unity@unity-agent-plugin":true}})", plugin).value());
    EXPECT_TRUE(parse_enabled_plugins(R"({"enabledPlugins":{"unity":true}})", plugin).value());
    EXPECT_FALSE(parse_enabled_plugins(R"({"enabledPlugins":{"unity@unity-agent-plugin":false}})", plugin).value());
    EXPECT_FALSE(parse_enabled_plugins(R"({"enabledPlugins":{"unity@unity-agent-plugin":true,"unity":false}})", plugin).value());
    EXPECT_FALSE(parse_enabled_plugins(R"({"enabledPlugins":{"unity-extra@x":true}})", plugin).value());
    EXPECT_FALSE(parse_enabled_plugins(R"({"enabledPlugins":{"unity@unity-agent-plugin":"yes"}})", plugin).value());
    EXPECT_FALSE(parse_enabled_plugins(R"({"model":"x"})", plugin).value());
    EXPECT_FALSE(parse_enabled_plugins("not json", plugin));
    EXPECT_FALSE(parse_enabled_plugins("[1]", plugin));
}

TEST(ConfigFolder, ClaudeConfigDirWinsOverHomeAndLaterEntriesWin) {
    EXPECT_EQ(claude_config_folder({"HOME=/home/a"}), fs::path("/home/a/.claude"));
    EXPECT_EQ(claude_config_folder({"HOME=/home/a", "CLAUDE_CONFIG_DIR=/cfg"}), fs::path("/cfg"));
    EXPECT_EQ(claude_config_folder({"CLAUDE_CONFIG_DIR=/old", "HOME=/home/a", "CLAUDE_CONFIG_DIR=/new"}), fs::path("/new"));
    EXPECT_EQ(claude_config_folder({"CLAUDE_CONFIG_DIR=", "HOME=/home/a"}), fs::path("/home/a/.claude"));
    EXPECT_EQ(claude_config_folder({"PATH=/bin"}), fs::path());
}

TEST(SystemInit, AbsentKeysAreEmptyAndALoadedPluginIsRead) {
    auto empty = init(R"({"type":"system","subtype":"init","plugins":[]})");
    EXPECT_TRUE(empty.loaded.empty());
    EXPECT_TRUE(empty.errors.empty());
    auto no_keys = init(R"({"type":"system","subtype":"init"})");
    EXPECT_TRUE(no_keys.loaded.empty());
    EXPECT_TRUE(no_keys.errors.empty());
    // Shaped like what CLI 2.1.332 sent with a plugin loaded and one that failed.
    auto loaded = init(R"({"type":"system","subtype":"init","plugins":[
        {"name":"unity","path":"/cfg/plugins/cache/unity-agent-plugin/unity/1.2.3","source":"unity@unity-agent-plugin","version":"1.2.3"},
        {"name":"cc-plugin-privacy","path":"builtin","source":"cc-plugin-privacy@builtin"}, 7, "x"],
        "plugin_errors":[{"plugin":"inline[1]","type":"path-not-found","message":"Path not found: /nope","path":"/nope"}]})");
    ASSERT_EQ(loaded.loaded.size(), 2u);
    EXPECT_EQ(loaded.loaded[0].version, "1.2.3");
    ASSERT_EQ(loaded.errors.size(), 1u);
    EXPECT_EQ(loaded.errors[0].type, "path-not-found");
}

TEST(Resolve, WithoutASessionOnlyTheFilesCount) {
    EXPECT_EQ(resolve_plugin_status(CliPresence::Missing, findings(true, true), nullptr, plugin).state, PluginState::CliUnavailable);
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(false, false), nullptr, plugin).state, PluginState::NotInstalled);
    // A leftover enabled flag without an install is not an install.
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(false, true), nullptr, plugin).state, PluginState::NotInstalled);
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(true, false), nullptr, plugin).state, PluginState::Disabled);
    auto enabled = resolve_plugin_status(CliPresence::Available, findings(true, true), nullptr, plugin);
    EXPECT_EQ(enabled.state, PluginState::EnabledNotLoaded);
    EXPECT_FALSE(enabled.from_session);
    EXPECT_EQ(enabled.version, "1.2.3");
}

TEST(Resolve, ARunningSessionWins) {
    auto loaded_init = init(R"({"plugins":[{"name":"unity","path":"/p","source":"unity@unity-agent-plugin","version":"2.0.0"}]})");
    auto loaded = resolve_plugin_status(CliPresence::Available, findings(true, true), &loaded_init, plugin);
    EXPECT_EQ(loaded.state, PluginState::Loaded);
    EXPECT_TRUE(loaded.from_session);
    EXPECT_EQ(loaded.version, "2.0.0");
    // Loaded even though the files say otherwise (e.g. --plugin-dir, or files changed since).
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(false, false), &loaded_init, plugin).state, PluginState::Loaded);
    auto inline_init = init(R"({"plugins":[{"name":"unity","path":"/p","source":"unity@inline","version":"1.2.3"}]})");
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(true, true), &inline_init, plugin).state, PluginState::Loaded);

    auto other_init = init(R"({"plugins":[{"name":"cc-plugin-privacy","path":"builtin","source":"cc-plugin-privacy@builtin"}]})");
    auto not_loaded = resolve_plugin_status(CliPresence::Available, findings(true, true), &other_init, plugin);
    EXPECT_EQ(not_loaded.state, PluginState::EnabledNotLoaded);
    EXPECT_TRUE(not_loaded.from_session);
    EXPECT_NE(describe(not_loaded, plugin), describe(resolve_plugin_status(CliPresence::Available, findings(true, true), nullptr, plugin), plugin));
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(false, false), &other_init, plugin).state, PluginState::NotInstalled);
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(true, false), &other_init, plugin).state, PluginState::Disabled);

    auto error_init = init(R"({"plugins":[],"plugin_errors":[{"plugin":"unity@unity-agent-plugin","type":"manifest","message":"bad manifest"}]})");
    auto failed = resolve_plugin_status(CliPresence::Available, findings(true, true), &error_init, plugin);
    EXPECT_EQ(failed.state, PluginState::LoadError);
    EXPECT_EQ(failed.error, "bad manifest");
    // An inline (--plugin-dir) failure is matched by the install path it names.
    auto path_error = init(R"({"plugin_errors":[{"plugin":"inline[0]","type":"path-not-found","message":"gone","path":"/cache/unity/1.2.3"}]})");
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(true, true), &path_error, plugin).state, PluginState::LoadError);
    auto unrelated_error = init(R"({"plugin_errors":[{"plugin":"inline[0]","type":"path-not-found","message":"gone","path":"/elsewhere"}]})");
    EXPECT_EQ(resolve_plugin_status(CliPresence::Available, findings(true, true), &unrelated_error, plugin).state,
              PluginState::EnabledNotLoaded);
}

TEST(Resolve, EveryStateHasItsOwnMessageAndJson) {
    std::vector<PluginStatus> statuses(6);
    statuses[0].state = PluginState::CliUnavailable;
    statuses[1].state = PluginState::NotInstalled;
    statuses[2].state = PluginState::Disabled;
    statuses[3].state = PluginState::EnabledNotLoaded;
    statuses[4].state = PluginState::Loaded;
    statuses[5].state = PluginState::LoadError;
    std::set<std::string> messages, names;
    for (auto& status : statuses) {
        messages.insert(describe(status, plugin));
        names.insert(to_string(status.state));
        rapidjson::Document document(rapidjson::kObjectType);
        auto value = status_json(status, plugin, document.GetAllocator());
        EXPECT_EQ(uap::json::string_field(value, "state").value_or(""), to_string(status.state));
        EXPECT_EQ(value.HasMember("enable_command"), status.state == PluginState::Disabled);
    }
    EXPECT_EQ(messages.size(), 6u);
    EXPECT_EQ(names.size(), 6u);
    EXPECT_NE(describe(statuses[2], plugin).find("claude plugin enable unity@unity-agent-plugin"), std::string::npos);
}

class ConfigFolderFiles : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapi-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        folder = pattern;
        fs::create_directories(folder / "plugins");
    }
    void TearDown() override { fs::remove_all(folder); }
    void write(const fs::path& relative, const std::string& text) { std::ofstream(folder / relative) << text; }
    fs::path folder;
};

TEST_F(ConfigFolderFiles, MissingFilesAreNotInstalledWithoutProblems) {
    auto found = read_static_findings(folder, plugin);
    EXPECT_FALSE(found.installed);
    EXPECT_FALSE(found.enabled);
    EXPECT_TRUE(found.problems.empty());
}

TEST_F(ConfigFolderFiles, InstalledAndEnabledFilesAreRead) {
    write("plugins/installed_plugins.json", installed_file("user"));
    write("settings.json", R"({"enabledPlugins":{"unity@unity-agent-plugin":true}})");
    auto found = read_static_findings(folder, plugin);
    ASSERT_TRUE(found.installed);
    EXPECT_TRUE(found.enabled);
    EXPECT_TRUE(found.problems.empty());
}

TEST_F(ConfigFolderFiles, MalformedFilesCountAsNotInstalledAndSaySo) {
    write("plugins/installed_plugins.json", "{\"version\":2, \"plugins\": ");
    write("settings.json", "{\"enabledPlugins\": tru");
    auto found = read_static_findings(folder, plugin);
    EXPECT_FALSE(found.installed);
    EXPECT_FALSE(found.enabled);
    ASSERT_EQ(found.problems.size(), 2u);
    EXPECT_NE(found.problems[0].find("installed_plugins.json"), std::string::npos);
    EXPECT_NE(found.problems[0].find("not installed"), std::string::npos);
    EXPECT_NE(found.problems[1].find("claude plugin enable"), std::string::npos);
    auto status = resolve_plugin_status(CliPresence::Available, found, nullptr, plugin);
    EXPECT_EQ(status.state, PluginState::NotInstalled);
    EXPECT_EQ(status.problems.size(), 2u);
}

TEST_F(ConfigFolderFiles, OversizedFileIsRefused) {
    write("plugins/installed_plugins.json", std::string(5 * 1024 * 1024, ' ') + installed_file("user"));
    auto found = read_static_findings(folder, plugin);
    EXPECT_FALSE(found.installed);
    ASSERT_EQ(found.problems.size(), 1u);
}
