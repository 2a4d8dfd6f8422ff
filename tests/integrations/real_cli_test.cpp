// The real Claude Code CLI (tests/node) against the fake Messages API, with CLAUDE_CONFIG_DIR in a
// temporary folder holding a local stand-in for Unity's plugin: the status follows system/init,
// and the steering lines reach the model only when the plugin is installed, enabled and toggled on
// (the line routing the plugin's search queries only while uap_search is on, too).
// Missing node_modules makes the tests FAIL, never skip.
#include "../agent/fake_messages_api.hpp"
#include "../agent/panel_client.hpp"

#include "agent/agent_settings.hpp"
#include "app/host_application.hpp"
#include "integrations/integration_settings.hpp"
#include "integrations/plugin_steering.hpp"
#include "server/access_tokens.hpp"
#include "modules/module_host.hpp"
#include "settings/project_settings.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::agent_test::PanelClient;

namespace {

const std::string node_dir = UAP_NODE_DIR;

enum class Installed { Yes, No };
enum class Enabled { Yes, No };

class PluginWithRealCli : public ::testing::Test {
protected:
    void SetUp() override {
        cli = fs::path(node_dir) / "node_modules" / ".bin" / "claude";
        ASSERT_TRUE(fs::exists(cli)) << cli << " is missing: run `npm ci` in tests/node (see tests/node/README.md)";
        char pattern[] = "/tmp/uapi-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        project = root / "project";
        config = root / "config";
        plugin_folder = config / "plugins" / "cache" / "unity-agent-plugin" / "unity" / "1.2.3";
        for (auto& folder : {project / "Assets", root / "home", root / "t", plugin_folder / ".claude-plugin", plugin_folder / "skills" / "ui"})
            fs::create_directories(folder);
        // A local stand-in for the plugin: a manifest and one skill, nothing from the real plugin.
        std::ofstream(plugin_folder / ".claude-plugin" / "plugin.json") << R"({"name":"unity","version":"1.2.3","description":"test stand-in"})";
        std::ofstream(plugin_folder / "skills" / "ui" / "SKILL.md") << "---\nname: ui\ndescription: test skill\n---\nA test skill.\n";
    }

    void TearDown() override {
        host.reset();
        if (fake) {
            fake->terminate_tree(2000ms);
            fake.reset();
        }
        if (!HasFailure())
            fs::remove_all(root);
        else
            std::cerr << "kept the test folder " << root << "\n";
    }

    void install(Installed installed, Enabled enabled) {
        if (installed == Installed::Yes)
            std::ofstream(config / "plugins" / "installed_plugins.json")
                << R"({"version":2,"plugins":{"unity@unity-agent-plugin":[{"scope":"user","installPath":")" + plugin_folder.string() +
                       R"(","version":"1.2.3","gitCommitSha":"abc"}]}})";
        std::ofstream(config / "settings.json")
            << (enabled == Enabled::Yes ? R"({"enabledPlugins":{"unity@unity-agent-plugin":true}})" : R"({"enabledPlugins":{}})");
    }

    void configure(uap::integrations::PluginSteering steering, uap::integrations::PluginDirFallback fallback) {
        uap::integrations::IntegrationSettings settings;
        settings.plugin_steering = steering;
        settings.plugin_dir_fallback = fallback;
        ASSERT_TRUE(settings.save(project));
    }

    void start(const std::string& steps = R"([{"text":"done"}])", const std::vector<std::string>& rules = {},
               const std::vector<std::string>& extra_environment = {}) {
        auto api = uap::agent_test::start_fake_messages_api(node_dir, root, steps);
        ASSERT_TRUE(api) << api.error().message();
        fake = std::move(api->process);
        uap::agent::AgentSettings agent_settings;
        agent_settings.cli_path = cli.string();
        agent_settings.always_allow = rules;
        ASSERT_TRUE(agent_settings.save(project));
        uap::app::HostOptions options;
        options.project = project;
        options.agent = uap::app::AgentMode::StartCli;
        options.version = "test";
        options.hook_binary = UAP_HOST_BINARY;
        options.plugin_folders = plugin_folders;
        options.agent_environment = uap::agent_test::offline_cli_environment(root / "home", root / "t");
        options.agent_environment.push_back("ANTHROPIC_BASE_URL=http://127.0.0.1:" + std::to_string(api->port));
        options.agent_environment.push_back("CLAUDE_CONFIG_DIR=" + config.string());
        options.agent_environment.insert(options.agent_environment.end(), extra_environment.begin(), extra_environment.end());
        host = std::make_unique<uap::app::HostApplication>(options);
        auto started = host->start();
        ASSERT_TRUE(started) << started.error().message();
        client = std::make_unique<PanelClient>(host->port(), host->tokens().token(uap::server::Role::Panel));
    }

    // The plugin's entry of the newest status event at or after `from` whose source is `source`.
    // The snapshot or status event whose integrations say source (a status event carries them
    // only when they changed, so the snapshot may be the one that does).
    int wait_plugin_status(const std::string& source, size_t from = 0) {
        return client->wait_for(
            [&](const rapidjson::Document& message) {
                auto type = message.IsObject() ? uap::json::string_field(message, "type").value_or("") : "";
                if (type != "status" && type != "snapshot")
                    return false;
                const auto& status = message["status"];
                return status.HasMember("integrations") && status["integrations"].IsArray() && !status["integrations"].Empty() &&
                       uap::json::string_field(status["integrations"][0], "source").value_or("") == source;
            },
            60s, from);
    }
    std::string state_at(int index, const char* field = "state") {
        auto message = client->message(static_cast<size_t>(index));
        return uap::json::string_field(message["status"]["integrations"][0], field).value_or("");
    }

    // Runs one turn; returns the system prompt of the main request the fake API received.
    std::string one_turn(const std::string& text = "hello") {
        size_t from = client->count();
        rapidjson::Document command(rapidjson::kObjectType);
        command.AddMember("type", "send", command.GetAllocator());
        command.AddMember("text", uap::json::string_value(text, command.GetAllocator()), command.GetAllocator());
        client->send(uap::json::to_text(command));
        EXPECT_GE(client->wait_for_type("turn_finished", 60s, from), 0) << ::testing::PrintToString(client->texts());
        std::ifstream stream(root / "requests.jsonl");
        std::string line, system;
        while (std::getline(stream, line)) {
            auto record = uap::json::parse(line);
            if (record && uap::json::string_field(*record, "kind").value_or("") == "main")
                system = uap::json::to_text((*record)["body"]["system"]);
        }
        return system;
    }

    fs::path cli, root, project, config, plugin_folder;
    std::vector<fs::path> plugin_folders; // The host's own packs, when a test needs its tools.
    std::unique_ptr<uap::ChildProcess> fake;
    std::unique_ptr<uap::app::HostApplication> host;
    std::unique_ptr<PanelClient> client;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A line as it appears inside the JSON text of the request's system field.
std::string in_json(const std::string& line) {
    rapidjson::Document holder;
    std::string quoted = uap::json::to_text(uap::json::string_value(line, holder.GetAllocator()));
    return quoted.substr(1, quoted.size() - 2);
}

std::string safety_line_in_json() { return in_json(uap::integrations::plugin_safety_line()); }
std::string search_line_in_json() { return in_json(uap::integrations::plugin_search_line()); }

enum class SearchToolToggle { On, Off };

// The host with its bundled packs, so uap_search exists unless the core pack is toggled off.
class SearchLineWithRealCli : public PluginWithRealCli {
protected:
    std::string system_prompt(Installed installed, Enabled enabled, SearchToolToggle search) {
        plugin_folders = {UAP_BUNDLED_PLUGINS};
        install(installed, enabled);
        configure(uap::integrations::PluginSteering::On, uap::integrations::PluginDirFallback::Off);
        if (search == SearchToolToggle::Off) {
            auto settings = uap::settings::ProjectSettings::load(project);
            EXPECT_TRUE(settings);
            settings->set_toggle("core", uap::settings::Toggle::Disabled);
            EXPECT_TRUE(settings->save());
        }
        start();
        bool served = host->modules().find_tool("uap_search") != nullptr;
        EXPECT_EQ(served, search == SearchToolToggle::On) << "the host must serve uap_search exactly when the test says so";
        return one_turn();
    }
};

} // namespace

TEST_F(PluginWithRealCli, LoadedThroughPluginDirFollowsSystemInitAndSteersTheAgent) {
    install(Installed::Yes, Enabled::Yes);
    configure(uap::integrations::PluginSteering::On, uap::integrations::PluginDirFallback::On);
    start();
    // Before the first turn there is no system/init: the files decide.
    int before = wait_plugin_status("files");
    ASSERT_GE(before, 0);
    EXPECT_EQ(state_at(before), "enabled_not_loaded");
    std::string system = one_turn();
    EXPECT_TRUE(contains(system, safety_line_in_json())) << system.substr(0, 400);
    EXPECT_TRUE(contains(system, "Unity 6"));
    int after = wait_plugin_status("session");
    ASSERT_GE(after, 0) << ::testing::PrintToString(client->texts());
    EXPECT_EQ(state_at(after), "loaded");
    EXPECT_EQ(state_at(after, "version"), "1.2.3");
}

TEST_F(PluginWithRealCli, EnabledButNotLoadedBySessionAndToggleOffKeepsThePromptClean) {
    install(Installed::Yes, Enabled::Yes);
    configure(uap::integrations::PluginSteering::Off, uap::integrations::PluginDirFallback::Off);
    start();
    std::string system = one_turn();
    EXPECT_FALSE(contains(system, safety_line_in_json()));
    EXPECT_TRUE(contains(system, "uap_")) << "the host's own steering text must still be there";
    int after = wait_plugin_status("session");
    ASSERT_GE(after, 0);
    // This CLI does not load a plugin from the files alone without its marketplace, so the
    // session says what it really loaded: nothing of ours.
    EXPECT_EQ(state_at(after), "enabled_not_loaded");
}

TEST_F(PluginWithRealCli, DisabledPluginGetsNoSteeringLines) {
    install(Installed::Yes, Enabled::No);
    configure(uap::integrations::PluginSteering::On, uap::integrations::PluginDirFallback::On);
    start();
    std::string system = one_turn();
    EXPECT_FALSE(contains(system, safety_line_in_json()));
    EXPECT_TRUE(contains(system, "uap_")) << "the host's own steering text must still be there";
    int after = wait_plugin_status("session");
    ASSERT_GE(after, 0);
    EXPECT_EQ(state_at(after), "disabled");
}

TEST_F(PluginWithRealCli, TheModelIsToldToUseOurTestRunWithoutUloop) {
    plugin_folders = {UAP_BUNDLED_PLUGINS};
    start();
    std::string system = one_turn();
    EXPECT_TRUE(contains(system, in_json("uLoop is not installed in this project: run the project's tests with uap_tests_run"))) << system;
    EXPECT_TRUE(contains(system, "Settings > Integrations > Install uLoop")) << system;
    EXPECT_FALSE(contains(system, "uloop run-tests")) << system;
}

TEST_F(PluginWithRealCli, TheModelIsToldToUseUloopWhereItIsInstalled) {
    plugin_folders = {UAP_BUNDLED_PLUGINS};
    fs::create_directories(project / "Library" / "PackageCache" / "io.github.hatayama.uloopmcp@1.2.1");
    start();
    std::string system = one_turn();
    EXPECT_TRUE(contains(system, in_json("run the project's tests with `uloop run-tests`"))) << system;
    EXPECT_TRUE(contains(system, in_json("use `uloop execute-dynamic-code`"))) << system;
    EXPECT_FALSE(contains(system, "uLoop is not installed")) << system;
}

TEST_F(PluginWithRealCli, UloopPresetLetsCompileRunButExecuteDynamicCodeStillAsks) {
    auto log = root / "uloop-calls.log";
    auto bash = [](const std::string& command) {
        return R"({"tool_use":{"name":"Bash","input":{"command":")" + command + R"(","description":"uloop"}}})";
    };
    start("[" + bash("uloop execute-dynamic-code --code broad") + R"(,{"text":"phase one done"},)" + bash("uloop compile") + "," +
              bash("uloop execute-dynamic-code --code narrow") + R"(,{"text":"phase two done"}])",
          {"Bash(uloop *)"},
          {"PATH=" + std::string(UAP_FAKE_BIN) + ":/usr/bin:/bin", "FAKE_ULOOP_LOG=" + log.string()});
    auto read_log = [&] {
        std::ifstream stream(log);
        return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
    };
    // The broad rule (the original's own bug): dynamic code runs without a question.
    one_turn("phase one");
    EXPECT_EQ(read_log(), "uloop execute-dynamic-code --code broad\n") << "the fake uloop on PATH must be what ran";

    size_t from = client->count();
    client->send(R"({"type":"apply_uloop_preset"})");
    ASSERT_GE(client->wait_for_type("command_result", 10s, from), 0);
    client->send(R"({"type":"new_session"})"); // The rules are given to the CLI at its start.
    ASSERT_GE(client->wait_for([](const rapidjson::Document& message) {
        return uap::json::string_field(message, "type").value_or("") == "command_result" &&
               uap::json::string_field(message, "command").value_or("") == "new_session";
    }, 20s, from), 0);

    from = client->count();
    client->send(R"({"type":"send","text":"phase two"})");
    int asked = client->wait_for_type("permission_requested", 60s, from);
    ASSERT_GE(asked, 0) << ::testing::PrintToString(client->texts());
    auto request = client->message(static_cast<size_t>(asked));
    EXPECT_EQ(uap::json::string_field(request["permission"], "tool_name").value_or(""), "Bash");
    EXPECT_NE(uap::json::to_text(request["permission"]).find("execute-dynamic-code --code narrow"), std::string::npos);
    // compile ran before, without a question; dynamic code has not run.
    EXPECT_EQ(read_log(), "uloop execute-dynamic-code --code broad\nuloop compile\n");
    std::string id = request["permission"]["permission_id"].GetString();
    client->send(R"({"type":"answer_permission","permission_id":")" + id + R"(","decision":"deny","message":"no"})");
    ASSERT_GE(client->wait_for_type("turn_finished", 60s, static_cast<size_t>(asked)), 0);
    EXPECT_EQ(read_log(), "uloop execute-dynamic-code --code broad\nuloop compile\n");
}

TEST_F(SearchLineWithRealCli, PresentWithThePluginInstalledAndEnabledAndUapSearchOn) {
    std::string system = system_prompt(Installed::Yes, Enabled::Yes, SearchToolToggle::On);
    EXPECT_TRUE(contains(system, search_line_in_json())) << system.substr(0, 600);
    EXPECT_TRUE(contains(system, safety_line_in_json()));
}

TEST_F(SearchLineWithRealCli, AbsentWithoutThePlugin) {
    std::string system = system_prompt(Installed::No, Enabled::Yes, SearchToolToggle::On);
    EXPECT_FALSE(contains(system, search_line_in_json()));
    EXPECT_FALSE(contains(system, "generate-editor-search-query"));
    EXPECT_TRUE(contains(system, "uap_search")) << "the host's own steering text still names the tool";
}

TEST_F(SearchLineWithRealCli, AbsentWithThePluginDisabled) {
    std::string system = system_prompt(Installed::Yes, Enabled::No, SearchToolToggle::On);
    EXPECT_FALSE(contains(system, search_line_in_json()));
    EXPECT_FALSE(contains(system, "generate-editor-search-query"));
}

TEST_F(SearchLineWithRealCli, AbsentWithUapSearchOff) {
    std::string system = system_prompt(Installed::Yes, Enabled::Yes, SearchToolToggle::Off);
    EXPECT_FALSE(contains(system, search_line_in_json()));
    EXPECT_FALSE(contains(system, "generate-editor-search-query"));
    EXPECT_TRUE(contains(system, safety_line_in_json())) << "the plugin's other lines stay";
}
