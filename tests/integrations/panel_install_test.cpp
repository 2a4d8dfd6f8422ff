// The install flow as a front-end drives it: install_plugin over the /panel WebSocket of a real
// host, integration_install events with elapsed seconds, the final state in status, the refusal
// for a disabled plugin, and set_integration_settings. The CLI is the fake in fake-bin on PATH.
#include "../agent/panel_client.hpp"

#include "agent/agent_settings.hpp"
#include "app/host_application.hpp"
#include "integrations/integration_settings.hpp"
#include "integrations/uloop.hpp"
#include "server/access_tokens.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <uap/editor_sim/editor_simulator.hpp>

#include <cstdlib>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::agent_test::PanelClient;

namespace {

std::string field(const rapidjson::Value& value, const char* name) { return uap::json::string_field(value, name).value_or(""); }

class PanelInstall : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapi-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        fs::create_directories(root / "project");
        fs::create_directories(root / "config");
        saved_path = std::getenv("PATH") ? std::getenv("PATH") : "";
        ::unsetenv("UAP_CLAUDE_BIN");
        ::setenv("PATH", (std::string(UAP_FAKE_BIN) + ":" + saved_path).c_str(), 1);
    }
    void TearDown() override {
        client.reset();
        host.reset();
        ::setenv("PATH", saved_path.c_str(), 1);
        fs::remove_all(root);
    }
    void start(const std::string& mode, uap::app::EditorMode editor = uap::app::EditorMode::Unity) {
        uap::app::HostOptions options;
        options.editor = editor;
        options.project = root / "project";
        options.agent = uap::app::AgentMode::PanelOnly;
        options.version = "test";
        options.agent_environment = {"CLAUDE_CONFIG_DIR=" + (root / "config").string(), "FAKE_CLAUDE_MODE=" + mode,
                                     "FAKE_CLAUDE_LOG=" + (root / "calls.log").string()};
        host = std::make_unique<uap::app::HostApplication>(options);
        auto started = host->start();
        ASSERT_TRUE(started) << started.error().message();
        client = std::make_unique<PanelClient>(host->port(), host->tokens().token(uap::server::Role::Panel));
        ASSERT_EQ(client->wait_for_type("snapshot", 10s), 0);
    }
    int wait_result(const std::string& command, size_t from) {
        return client->wait_for([&](const rapidjson::Document& message) {
            return field(message, "type") == "command_result" && field(message, "command") == command;
        }, 10s, from);
    }
    int wait_install(const std::string& phase, size_t from) {
        return client->wait_for([&](const rapidjson::Document& message) {
            return field(message, "type") == "integration_install" && field(message, "phase") == phase;
        }, 30s, from);
    }
    std::string plugin_state(const rapidjson::Value& status) {
        if (!status.IsObject() || !status.HasMember("integrations") || !status["integrations"].IsArray() || status["integrations"].Empty())
            return "";
        return field(status["integrations"][0], "state");
    }
    fs::path root;
    std::string saved_path;
    std::unique_ptr<uap::app::HostApplication> host;
    std::unique_ptr<PanelClient> client;
};

} // namespace

TEST_F(PanelInstall, InstallReportsProgressThenTheNewStateAndRerunSucceeds) {
    start("slow");
    EXPECT_EQ(plugin_state(client->message(0)["status"]), "not_installed");
    size_t from = client->count();
    client->send(R"({"type":"install_plugin","id":"c1","plugin":"unity@unity-agent-plugin"})");
    int reply = wait_result("install_plugin", from);
    ASSERT_GE(reply, 0);
    auto result = client->message(static_cast<size_t>(reply));
    ASSERT_TRUE(result["ok"].GetBool()) << uap::json::to_text(result);
    EXPECT_EQ(field(result, "id"), "c1") << "the command's own id is echoed";
    EXPECT_NE(field(result, "note").find("next chat"), std::string::npos);

    int finished = wait_install("succeeded", from);
    ASSERT_GE(finished, 0) << ::testing::PrintToString(client->texts());
    int max_elapsed = -1;
    std::set<std::string> steps;
    for (int index = static_cast<int>(from); index < finished; ++index) {
        auto message = client->message(static_cast<size_t>(index));
        if (field(message, "type") == "integration_install" && field(message, "phase") == "running") {
            max_elapsed = std::max(max_elapsed, static_cast<int>(message["elapsed_seconds"].GetInt()));
            steps.insert(field(message, "step"));
        }
    }
    EXPECT_GE(max_elapsed, 1);
    EXPECT_EQ(steps, (std::set<std::string>{"marketplace_add", "install"}));
    int status = client->wait_for([&](const rapidjson::Document& message) {
        return field(message, "type") == "status" && plugin_state(message["status"]) == "enabled_not_loaded";
    }, 10s, static_cast<size_t>(finished));
    EXPECT_GE(status, 0) << "the panels see the installed plugin";

    // While one runs, a second is refused; after it, a re-run succeeds.
    from = client->count();
    client->send(R"({"type":"install_plugin"})");
    client->send(R"({"type":"install_plugin"})");
    int first = wait_result("install_plugin", from);
    int second = wait_result("install_plugin", static_cast<size_t>(first + 1));
    ASSERT_GE(second, 0);
    EXPECT_TRUE(client->message(static_cast<size_t>(first))["ok"].GetBool());
    auto refused = client->message(static_cast<size_t>(second));
    EXPECT_FALSE(refused["ok"].GetBool());
    EXPECT_NE(field(refused, "error").find("already running"), std::string::npos);
    EXPECT_GE(wait_install("succeeded", from), 0);
}

TEST_F(PanelInstall, FailureIsReportedWithItsKind) {
    start("offline");
    size_t from = client->count();
    client->send(R"({"type":"install_plugin"})");
    int failed = wait_install("failed", from);
    ASSERT_GE(failed, 0);
    auto event = client->message(static_cast<size_t>(failed));
    EXPECT_EQ(field(event, "failure"), "offline");
    EXPECT_EQ(field(event, "failed_step"), "marketplace_add");
}

TEST_F(PanelInstall, DisabledPluginIsToldTheEnableCommandInsteadOfAnInstall) {
    fs::create_directories(root / "config" / "plugins");
    std::ofstream(root / "config" / "plugins" / "installed_plugins.json")
        << R"({"version":2,"plugins":{"unity@unity-agent-plugin":[{"scope":"user","installPath":"/x","version":"1.0.0"}]}})";
    start("ok");
    EXPECT_EQ(plugin_state(client->message(0)["status"]), "disabled");
    size_t from = client->count();
    client->send(R"({"type":"install_plugin"})");
    int reply = wait_result("install_plugin", from);
    ASSERT_GE(reply, 0);
    auto result = client->message(static_cast<size_t>(reply));
    EXPECT_FALSE(result["ok"].GetBool());
    EXPECT_NE(field(result, "error").find("claude plugin enable unity@unity-agent-plugin"), std::string::npos);
    EXPECT_FALSE(fs::exists(root / "calls.log")) << "nothing ran";
}

TEST_F(PanelInstall, SettingsCommandSavesTheToggleAndRefusesNonsense) {
    start("ok");
    size_t from = client->count();
    client->send(R"({"type":"set_integration_settings","plugin_steering":false})");
    int reply = wait_result("set_integration_settings", from);
    ASSERT_GE(reply, 0);
    EXPECT_TRUE(client->message(static_cast<size_t>(reply))["ok"].GetBool());
    auto saved = uap::integrations::IntegrationSettings::load(root / "project");
    ASSERT_TRUE(saved);
    EXPECT_EQ(saved->plugin_steering, uap::integrations::PluginSteering::Off);
    from = client->count();
    client->send(R"({"type":"set_integration_settings","plugin_steering":"no"})");
    reply = wait_result("set_integration_settings", from);
    ASSERT_GE(reply, 0);
    EXPECT_FALSE(client->message(static_cast<size_t>(reply))["ok"].GetBool());
    client->send(R"({"type":"install_plugin","plugin":"other@market"})");
    reply = wait_result("install_plugin", from);
    ASSERT_GE(reply, 0);
    EXPECT_FALSE(client->message(static_cast<size_t>(reply))["ok"].GetBool());
}

namespace {
rapidjson::Value* uloop_entry(rapidjson::Document& message) {
    auto& status = message["status"];
    if (!status.IsObject() || !status.HasMember("integrations"))
        return nullptr;
    for (auto& entry : status["integrations"].GetArray())
        if (uap::json::string_field(entry, "id").value_or("") == "uloop")
            return &entry;
    return nullptr;
}
} // namespace

TEST_F(PanelInstall, UloopInstallShowsTheExactDiffThenWritesItAndWaitsForResolution) {
    fs::create_directories(root / "project" / "Packages");
    std::string original = "{\r\n  \"dependencies\": {\r\n    \"com.unity.ugui\": \"1.0.0\"\r\n  }\r\n}\r\n";
    std::ofstream(root / "project" / "Packages" / "manifest.json", std::ios::binary) << original;
    start("ok");
    auto snapshot = client->message(0);
    ASSERT_NE(uloop_entry(snapshot), nullptr);
    EXPECT_EQ(field(*uloop_entry(snapshot), "state"), "not_installed");

    size_t from = client->count();
    client->send(R"({"type":"install_uloop","expected_diff":["+ something else"]})");
    int refused = wait_result("install_uloop", from);
    ASSERT_GE(refused, 0);
    EXPECT_FALSE(client->message(static_cast<size_t>(refused))["ok"].GetBool());

    client->send(R"({"type":"preview_uloop_install"})");
    int preview = wait_result("preview_uloop_install", from);
    ASSERT_GE(preview, 0);
    auto shown = client->message(static_cast<size_t>(preview));
    ASSERT_TRUE(shown["ok"].GetBool()) << uap::json::to_text(shown);
    ASSERT_EQ(shown["diff"].Size(), 1u);
    rapidjson::Document install(rapidjson::kObjectType);
    install.AddMember("type", "install_uloop", install.GetAllocator());
    install.AddMember("expected_diff", rapidjson::Value(shown["diff"], install.GetAllocator()), install.GetAllocator());
    from = client->count();
    client->send(uap::json::to_text(install));
    int applied = wait_result("install_uloop", from);
    ASSERT_GE(applied, 0);
    auto result = client->message(static_cast<size_t>(applied));
    ASSERT_TRUE(result["ok"].GetBool()) << uap::json::to_text(result);
    EXPECT_EQ(field(result, "state"), "resolving");
    EXPECT_EQ(field(result, "via"), "manifest") << "no editor is connected: the host edits the manifest itself";
    std::ifstream backup(field(result, "backup"), std::ios::binary);
    EXPECT_EQ(std::string((std::istreambuf_iterator<char>(backup)), std::istreambuf_iterator<char>()), original);
    int resolving = client->wait_for([&](const rapidjson::Document& message) {
        if (field(message, "type") != "status")
            return false;
        rapidjson::Document copy;
        copy.CopyFrom(message, copy.GetAllocator());
        auto* entry = uloop_entry(copy);
        return entry && field(*entry, "state") == "resolving";
    }, 10s, from);
    EXPECT_GE(resolving, 0) << "listed in the manifest but not resolved yet is not \"installed\"";
}

TEST_F(PanelInstall, UloopPresetReplacesABroadRuleAndReportsBoth) {
    uap::agent::AgentSettings settings;
    settings.always_allow = {"Bash(uloop *)", "Bash(ls:*)"};
    ASSERT_TRUE(settings.save(root / "project"));
    start("ok");
    auto snapshot = client->message(0);
    ASSERT_NE(uloop_entry(snapshot), nullptr);
    EXPECT_TRUE((*uloop_entry(snapshot))["broad_rule"].GetBool());
    size_t from = client->count();
    client->send(R"({"type":"apply_uloop_preset"})");
    int reply = wait_result("apply_uloop_preset", from);
    ASSERT_GE(reply, 0);
    auto result = client->message(static_cast<size_t>(reply));
    ASSERT_TRUE(result["ok"].GetBool()) << uap::json::to_text(result);
    EXPECT_EQ(result["removed"].Size(), 1u);
    EXPECT_EQ(result["added"].Size(), 8u);
    auto saved = uap::agent::AgentSettings::load(root / "project");
    ASSERT_TRUE(saved);
    EXPECT_EQ(saved->always_allow.size(), 9u);
    EXPECT_EQ(std::count(saved->always_allow.begin(), saved->always_allow.end(), "Bash(uloop *)"), 0);
    EXPECT_EQ(std::count(saved->always_allow.begin(), saved->always_allow.end(), "Bash(ls:*)"), 1);
}

namespace {

// With the simulated editor connected: preview, then install_uloop with the shown diff; returns the
// command_result and leaves `from` at the first message after it.
class PanelUloopThroughEditor : public PanelInstall {
protected:
    void start_with_editor() {
        fs::create_directories(root / "project" / "Packages");
        std::ofstream(root / "project" / "Packages" / "manifest.json", std::ios::binary) << "{\n  \"dependencies\": {\n    \"com.unity.ugui\": \"1.0.0\"\n  }\n}\n";
        start("ok", uap::app::EditorMode::Simulator);
        for (int attempt = 0; attempt < 100 && !host->editor().bridge().connected(); ++attempt)
            std::this_thread::sleep_for(50ms);
        ASSERT_TRUE(host->editor().bridge().connected());
    }
    rapidjson::Document install() {
        size_t from = client->count();
        client->send(R"({"type":"preview_uloop_install"})");
        int preview = wait_result("preview_uloop_install", from);
        EXPECT_GE(preview, 0);
        auto shown = client->message(static_cast<size_t>(preview));
        rapidjson::Document command(rapidjson::kObjectType);
        command.AddMember("type", "install_uloop", command.GetAllocator());
        command.AddMember("expected_diff", rapidjson::Value(shown["diff"], command.GetAllocator()), command.GetAllocator());
        after = client->count();
        client->send(uap::json::to_text(command));
        int applied = wait_result("install_uloop", after);
        EXPECT_GE(applied, 0);
        return client->message(static_cast<size_t>(applied));
    }
    int wait_uloop_install(size_t from) {
        return client->wait_for([&](const rapidjson::Document& message) { return field(message, "type") == "uloop_install"; }, 30s, from);
    }
    std::string manifest() {
        std::ifstream stream(root / "project" / "Packages" / "manifest.json", std::ios::binary);
        return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
    }
    size_t after = 0;
};

} // namespace

TEST_F(PanelUloopThroughEditor, TheConnectedEditorsPackageManagerAddsItAndTheStateBecomesInstalled) {
    start_with_editor();
    host->editor().simulator()->add_package_source(uap::integrations::uloop_git_url, uap::integrations::uloop_package_id, "1.2.1");
    auto result = install();
    ASSERT_TRUE(result["ok"].GetBool()) << uap::json::to_text(result);
    EXPECT_EQ(field(result, "via"), "package_manager");
    EXPECT_EQ(field(result, "state"), "adding");
    EXPECT_FALSE(result.HasMember("backup")) << "the host did not edit the manifest itself";
    int finished = wait_uloop_install(after);
    ASSERT_GE(finished, 0);
    auto event = client->message(static_cast<size_t>(finished));
    EXPECT_EQ(field(event, "phase"), "succeeded") << uap::json::to_text(event);
    EXPECT_EQ(field(event, "version"), "1.2.1");
    EXPECT_NE(manifest().find(uap::integrations::uloop_git_url), std::string::npos);
    int installed = client->wait_for([&](const rapidjson::Document& message) {
        if (field(message, "type") != "status")
            return false;
        rapidjson::Document copy;
        copy.CopyFrom(message, copy.GetAllocator());
        auto* entry = uloop_entry(copy);
        return entry && field(*entry, "state") == "installed";
    }, 10s, after);
    EXPECT_GE(installed, 0) << "resolved into Library/PackageCache by the Package Manager";
}

TEST_F(PanelUloopThroughEditor, APackageManagerFailureIsReportedWithItsMessageAndNothingIsWritten) {
    start_with_editor();
    host->editor().simulator()->fail_package_adds("NotFound", "Cannot perform upm operation: Unable to add package: repository not found");
    std::string before = manifest();
    auto result = install();
    ASSERT_TRUE(result["ok"].GetBool()) << uap::json::to_text(result);
    EXPECT_EQ(field(result, "via"), "package_manager");
    int finished = wait_uloop_install(after);
    ASSERT_GE(finished, 0);
    auto event = client->message(static_cast<size_t>(finished));
    EXPECT_EQ(field(event, "phase"), "failed");
    EXPECT_NE(field(event, "error").find("repository not found"), std::string::npos) << field(event, "error");
    EXPECT_NE(field(event, "error").find("Add package from git URL"), std::string::npos) << "says what to do instead";
    EXPECT_EQ(manifest(), before);
    EXPECT_FALSE(fs::exists(root / "project" / "Library" / "PackageCache"));
}
