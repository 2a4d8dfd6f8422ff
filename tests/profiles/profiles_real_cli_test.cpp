// The real Claude Code CLI (tests/node) against the scripted fake Messages API, with the whole host
// in this process: a project profile's lines reach the model's system prompt only after the user
// approves it, and a module pack's profile leaves it when the pack is disabled. Each change takes
// effect by a restart of the CLI with --resume between turns. Missing node_modules makes the tests
// FAIL, never skip.
#include "panel_client.hpp"

#include "agent/agent_settings.hpp"
#include "support/child_process.hpp"
#include "agent/launch_files.hpp"
#include "app/agent_service.hpp"
#include "app/host_application.hpp"
#include "fake_messages_api.hpp"
#include "server/access_tokens.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::agent_test::PanelClient;

namespace {

const std::string node_dir = UAP_PROFILES_NODE_DIR;

std::string read_text(const fs::path& file) {
    std::ifstream stream(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
}

std::string field(const rapidjson::Value& value, const char* name) { return uap::json::string_field(value, name).value_or(""); }

bool is_type(const rapidjson::Document& message, const char* type) { return message.IsObject() && field(message, "type") == type; }

std::string command_json(const std::string& type, const std::vector<std::pair<std::string, std::string>>& strings,
                         std::optional<bool> enabled = std::nullopt) {
    rapidjson::Document command(rapidjson::kObjectType);
    auto& allocator = command.GetAllocator();
    command.AddMember("type", uap::json::string_value(type, allocator), allocator);
    for (auto& [name, value] : strings)
        command.AddMember(uap::json::string_value(name, allocator), uap::json::string_value(value, allocator), allocator);
    if (enabled)
        command.AddMember("enabled", *enabled, allocator);
    return uap::json::to_text(command);
}

class ProfilesRealCli : public ::testing::Test {
protected:
    void SetUp() override {
        cli = fs::path(node_dir) / "node_modules" / ".bin" / "claude";
        ASSERT_TRUE(fs::exists(cli)) << cli << " is missing: run `npm ci` in tests/node (see tests/node/README.md)";
        char pattern[] = "/tmp/uapf-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        project = root / "project";
        home = root / "home";
        fs::create_directories(project / "Assets");
        fs::create_directories(project / "Packages");
        fs::create_directories(home);
        fs::create_directories(root / "t");
        // Approvals live in the user's config folder: this test's own.
        ::setenv("XDG_CONFIG_HOME", (root / "config").c_str(), 1);
    }

    void TearDown() override {
        client.reset();
        host.reset();
        if (fake) {
            fake->terminate_tree(2000ms);
            fake.reset();
        }
        ::unsetenv("XDG_CONFIG_HOME");
        std::error_code error;
        if (!HasFailure())
            fs::remove_all(root, error);
        else
            std::cerr << "kept the test folder " << root << " (requests in requests.jsonl)\n";
    }

    void start(const std::string& steps_json) {
        auto api = uap::agent_test::start_fake_messages_api(node_dir, root, steps_json);
        ASSERT_TRUE(api) << api.error().message();
        fake = std::move(api->process);
        rapidjson::Document settings(rapidjson::kObjectType);
        settings.AddMember("cli_path", uap::json::string_value(cli.string(), settings.GetAllocator()), settings.GetAllocator());
        fs::create_directories(project / "UserSettings" / "AgentPanel");
        std::ofstream(uap::agent::AgentSettings::file_for(project)) << uap::json::to_text(settings);

        uap::app::HostOptions options;
        options.project = project;
        options.plugin_folders = {fs::path(UAP_PROFILES_TEST_PLUGINS)};
        options.agent = uap::app::AgentMode::StartCli;
        options.version = "test";
        options.hook_binary = UAP_PROFILES_HOST_BINARY;
        options.agent_environment = uap::agent_test::offline_cli_environment(home, root / "t");
        options.agent_environment.push_back("ANTHROPIC_BASE_URL=http://127.0.0.1:" + std::to_string(api->port));
        host = std::make_unique<uap::app::HostApplication>(options);
        auto started = host->start();
        ASSERT_TRUE(started) << started.error().message();
        ASSERT_TRUE(host->notices().empty()) << host->notices().front();
        client = std::make_unique<PanelClient>(host->port(), host->tokens().token(uap::server::Role::Panel));
        ASSERT_EQ(client->wait_for_type("snapshot", 10s), 0);
    }

    // Sends a message and waits for its turn to finish; returns the turn_finished index.
    int turn(const std::string& text) {
        size_t from = client->count();
        client->send(command_json("send", {{"text", text}}));
        return client->wait_for_type("turn_finished", 90s, from);
    }

    // The command_result of a command sent now.
    rapidjson::Document command(const std::string& json_text) {
        size_t from = client->count();
        client->send(json_text);
        int index = client->wait_for_type("command_result", 10s, from);
        if (index < 0)
            return rapidjson::Document();
        return client->message(static_cast<size_t>(index));
    }

    // Waits for the notice of a restart with --resume for changed profiles, after message `from`.
    // reason: what the restart notice names, e.g. "extension profiles changed".
    bool wait_restart(size_t from, const std::string& reason) {
        return client->wait_for(
                   [&](const rapidjson::Document& message) {
                       return is_type(message, "notice") && field(message, "text").find("restarted with --resume") != std::string::npos &&
                              field(message, "text").find(reason) != std::string::npos;
                   },
                   30s, from) >= 0;
    }
    bool wait_profile_restart(size_t from) { return wait_restart(from, "extension profiles changed"); }

    // System prompts of the main-conversation requests the fake API received, in order, as JSON text.
    std::vector<std::string> system_prompts() {
        std::vector<std::string> prompts;
        std::ifstream stream(root / "requests.jsonl");
        std::string line;
        while (std::getline(stream, line)) {
            auto record = uap::json::parse(line);
            if (!record || !record->IsObject() || field(*record, "kind") != "main")
                continue;
            const rapidjson::Value& body = (*record)["body"];
            prompts.push_back(body.HasMember("system") ? uap::json::to_text(body["system"]) : "");
        }
        return prompts;
    }
    std::string last_request_body() {
        std::ifstream stream(root / "requests.jsonl");
        std::string line, last;
        while (std::getline(stream, line)) {
            auto record = uap::json::parse(line);
            if (record && record->IsObject() && field(*record, "kind") == "main")
                last = uap::json::to_text((*record)["body"]);
        }
        return last;
    }

    fs::path cli, root, project, home;
    std::unique_ptr<uap::ChildProcess> fake;
    std::unique_ptr<uap::app::HostApplication> host;
    std::unique_ptr<PanelClient> client;
};

TEST_F(ProfilesRealCli, AProjectProfileReachesTheSystemPromptOnlyAfterApproval) {
    std::ofstream(project / "Packages" / "manifest.json") << R"({"dependencies":{"com.example.localsdk":"1.2.0"}})";
    fs::create_directories(project / ".uap-profiles");
    std::ofstream(project / ".uap-profiles" / "local.json")
        << R"({"schemaVersion":1,"id":"local-sdk","displayName":"Local SDK","detection":{"packageIds":["com.example.localsdk"]},)"
           R"("instructionLines":["LOCAL-RULE-LINE one","LOCAL-RULE-LINE two"],"sources":["https://example.com/local"]})";
    start(R"([{"text":"first answer"},{"text":"second answer"}])");

    ASSERT_GE(turn("before approval"), 0) << ::testing::PrintToString(client->texts());
    auto prompts = system_prompts();
    ASSERT_EQ(prompts.size(), 1u);
    EXPECT_NE(prompts[0].find("You are working inside a Unity project"), std::string::npos) << prompts[0].substr(0, 3000);
    EXPECT_EQ(prompts[0].find("LOCAL-RULE-LINE"), std::string::npos);

    // The panel lists it as pending and shows the exact text and hash to approve.
    auto listed = command(command_json("list_profiles", {}));
    ASSERT_TRUE(listed.IsObject() && listed["ok"].GetBool()) << uap::json::to_text(listed);
    bool pending = false;
    for (auto& item : listed["profiles"].GetArray())
        pending = pending || (field(item, "id") == "local-sdk" && field(item, "state") == "pending_approval");
    EXPECT_TRUE(pending) << uap::json::to_text(listed);
    auto shown = command(command_json("show_profile", {{"profile_id", "local-sdk"}}));
    ASSERT_TRUE(shown.IsObject() && shown["ok"].GetBool()) << uap::json::to_text(shown);
    std::string sha256 = field(shown["profile"], "sha256");
    EXPECT_EQ(field(shown["profile"], "text"), read_text(project / ".uap-profiles" / "local.json"));
    auto refused = command(command_json("approve_profile", {{"profile_id", "local-sdk"}, {"sha256", std::string(64, 'a')}}));
    EXPECT_FALSE(refused["ok"].GetBool());
    EXPECT_NE(field(refused, "error").find("changed since it was shown"), std::string::npos) << uap::json::to_text(refused);

    auto old_pid = host->agent().session().cli_pid();
    size_t before_approval = client->count();
    auto approved = command(command_json("approve_profile", {{"profile_id", "local-sdk"}, {"sha256", sha256}}));
    ASSERT_TRUE(approved["ok"].GetBool()) << uap::json::to_text(approved);
    ASSERT_TRUE(wait_profile_restart(before_approval)) << ::testing::PrintToString(client->texts());
    EXPECT_NE(host->agent().session().cli_pid(), old_pid);
    // The panel's status says which profiles the running CLI has.
    EXPECT_GE(client->wait_for(
                  [](const rapidjson::Document& message) {
                      if (!is_type(message, "status") || !message["status"].HasMember("profiles"))
                          return false;
                      for (auto& item : message["status"]["profiles"].GetArray())
                          if (field(item, "id") == "local-sdk" && field(item, "state") == "active" && item["in_cli"].GetBool())
                              return true;
                      return false;
                  },
                  10s, before_approval),
              0);

    ASSERT_GE(turn("after approval"), 0) << ::testing::PrintToString(client->texts());
    prompts = system_prompts();
    ASSERT_EQ(prompts.size(), 2u);
    EXPECT_NE(prompts[1].find("Profile: Local SDK\\nLOCAL-RULE-LINE one\\nLOCAL-RULE-LINE two"), std::string::npos) << prompts[1].substr(0, 6000);
    // Resumed, not a new conversation: the first turn is in the second request.
    EXPECT_NE(last_request_body().find("before approval"), std::string::npos);
    // The text travels in an owner-only file, never on the command line.
    fs::path prompt_file = uap::agent::agent_state_folder(project) / "appended-system-prompt.md";
    EXPECT_NE(read_text(prompt_file).find("LOCAL-RULE-LINE one"), std::string::npos);
    struct stat info {};
    ASSERT_EQ(::stat(prompt_file.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 077, 0u);
    std::string command_line = read_text("/proc/" + std::to_string(host->agent().session().cli_pid()) + "/cmdline");
    EXPECT_NE(command_line.find("--append-system-prompt-file"), std::string::npos);
    EXPECT_EQ(command_line.find("LOCAL-RULE-LINE"), std::string::npos);
    EXPECT_EQ(command_line.find("You are working inside"), std::string::npos);
}

TEST_F(ProfilesRealCli, DisablingAPackRemovesItsProfileFromTheNextTurn) {
    std::ofstream(project / "Packages" / "manifest.json") << R"({"dependencies":{"com.example.packsdk":"1.0.0"}})";
    start(R"([{"text":"with the pack"},{"text":"without the pack"}])");
    ASSERT_GE(turn("first turn"), 0) << ::testing::PrintToString(client->texts());
    auto prompts = system_prompts();
    ASSERT_EQ(prompts.size(), 1u);
    EXPECT_NE(prompts[0].find("Profile: Pack-provided test rules\\nPACK-RULE-LINE"), std::string::npos) << prompts[0].substr(0, 6000);

    size_t before_disable = client->count();
    auto disabled = command(command_json("set_module_enabled", {{"module_id", "profiletest.pack"}}, false));
    ASSERT_TRUE(disabled["ok"].GetBool()) << uap::json::to_text(disabled);
    // The pack's tool leaves the CLI's list, which restarts it before the profile poll notices;
    // that restart reads the profiles afresh too, so one restart serves both.
    ASSERT_TRUE(wait_restart(before_disable, "tools were removed")) << ::testing::PrintToString(client->texts());

    ASSERT_GE(turn("second turn"), 0) << ::testing::PrintToString(client->texts());
    prompts = system_prompts();
    ASSERT_EQ(prompts.size(), 2u);
    EXPECT_EQ(prompts[1].find("PACK-RULE-LINE"), std::string::npos) << prompts[1].substr(0, 6000);
    EXPECT_NE(prompts[1].find("You are working inside a Unity project"), std::string::npos);
    EXPECT_NE(last_request_body().find("first turn"), std::string::npos);
}

} // namespace

namespace {

TEST_F(ProfilesRealCli, AnApprovalDuringATurnRestartsTheCliOnlyAfterTheTurn) {
    std::ofstream(project / "Packages" / "manifest.json") << R"({"dependencies":{"com.example.localsdk":"1.2.0"}})";
    fs::create_directories(project / ".uap-profiles");
    std::ofstream(project / ".uap-profiles" / "local.json")
        << R"({"id":"local-sdk","detection":{"packageIds":["com.example.localsdk"]},"instructionLines":["MID-TURN-RULE"],"sources":["https://example.com/l"]})";
    // About 24 pieces of 12 characters, 150 ms apart: the turn runs for several seconds.
    start(R"([{"text":")" + std::string(24 * 12, 'z') + R"(","delay_ms":150},{"text":"next"}])");
    size_t from = client->count();
    client->send(command_json("send", {{"text", "slow turn"}}));
    ASSERT_GE(client->wait_for_type("text_delta", 60s, from), 0) << ::testing::PrintToString(client->texts());
    auto pid_during_turn = host->agent().session().cli_pid();
    auto shown = command(command_json("show_profile", {{"profile_id", "local-sdk"}}));
    ASSERT_TRUE(shown["ok"].GetBool());
    size_t approved_at = client->count();
    ASSERT_TRUE(command(command_json("approve_profile", {{"profile_id", "local-sdk"}, {"sha256", field(shown["profile"], "sha256")}}))["ok"].GetBool());
    int finished = client->wait_for_type("turn_finished", 60s, approved_at);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    auto result = client->message(static_cast<size_t>(finished));
    EXPECT_FALSE(result["is_error"].GetBool()) << uap::json::to_text(result); // Not cut short by a restart.
    EXPECT_EQ(field(result, "subtype"), "success");
    ASSERT_TRUE(wait_profile_restart(approved_at));
    int restarted = client->wait_for(
        [](const rapidjson::Document& message) { return is_type(message, "notice") && field(message, "text").find("restarted with --resume") != std::string::npos; },
        1s, approved_at);
    EXPECT_GT(restarted, finished) << "the restart came before the turn ended";
    EXPECT_NE(host->agent().session().cli_pid(), pid_during_turn);
    ASSERT_GE(turn("after the slow turn"), 0);
    auto prompts = system_prompts();
    ASSERT_EQ(prompts.size(), 2u);
    EXPECT_EQ(prompts[0].find("MID-TURN-RULE"), std::string::npos);
    EXPECT_NE(prompts[1].find("MID-TURN-RULE"), std::string::npos);
}

} // namespace
