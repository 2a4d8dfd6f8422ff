// The real-CLI fixture: a fresh project, HOME and TMPDIR per test, the fake Messages API, and the
// host built through the same composition root as `uap-host serve --agent`.
#include "real_cli_fixture.hpp"

#include "agent/agent_settings.hpp"
#include "fake_messages_api.hpp"
#include "server/access_tokens.hpp"
#include "support/json.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace uap::agent_test {

namespace {

const std::string node_dir = UAP_AGENT_NODE_DIR;

} // namespace

std::string read_text(const fs::path& file) {
    std::ifstream stream(file);
    return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
}

bool is_type(const rapidjson::Document& message, const char* type) {
    return message.IsObject() && message.HasMember("type") && message["type"].IsString() && std::string(message["type"].GetString()) == type;
}

std::string send_command(const std::string& text, const std::string& extra) {
    rapidjson::Document command(rapidjson::kObjectType);
    command.AddMember("type", "send", command.GetAllocator());
    command.AddMember("text", uap::json::string_value(text, command.GetAllocator()), command.GetAllocator());
    std::string json = uap::json::to_text(command);
    if (!extra.empty())
        json = json.substr(0, json.size() - 1) + "," + extra + "}";
    return json;
}

std::string command_outcome(PanelClient& client, const std::string& json_text, const std::string& id) {
    size_t before = client.count();
    client.send(json_text);
    int index = client.wait_for([&](const rapidjson::Document& m) { return is_type(m, "command_result") && m["id"] == id.c_str(); }, 20s, before);
    if (index < 0)
        return "<no answer>";
    auto result = client.message(static_cast<size_t>(index));
    return result["ok"].GetBool() ? "ok" : uap::json::string_field(result, "error").value_or("<no error>");
}

bool eventually(const std::function<bool()>& condition, std::chrono::milliseconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (!condition()) {
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(50ms);
    }
    return true;
}

void RealCli::SetUp() {
    cli = fs::path(node_dir) / "node_modules" / ".bin" / "claude";
    ASSERT_TRUE(fs::exists(cli)) << cli << " is missing: run `npm ci` in tests/node (see tests/node/README.md)";
    char pattern[] = "/tmp/uapa-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    root = pattern;
    project = root / "project";
    home = root / "home";
    fs::create_directories(project / "Assets" / "Scripts");
    fs::create_directories(home);
    fs::create_directories(root / "t");
}

void RealCli::TearDown() {
    host.reset(); // Stops the panel connections before the session they talk to.
    if (fake) {
        fake->terminate_tree(2000ms);
        fake.reset();
    }
    if (!HasFailure() && !root.empty()) {
        std::error_code error;
        fs::remove_all(root, error);
    } else if (!root.empty()) {
        std::cerr << "kept the test folder " << root << " (requests in requests.jsonl)\n";
    }
}

void RealCli::start(const std::string& steps_json, const std::string& settings_json, StartNotices notices) {
    auto api = start_fake_messages_api(node_dir, root, steps_json);
    ASSERT_TRUE(api) << api.error().message();
    fake = std::move(api->process);
    fake_port = api->port;

    // The agent settings: our CLI (unless the test names another), plus whatever the test asks for.
    auto settings = uap::json::parse(settings_json);
    ASSERT_TRUE(settings);
    if (!settings->HasMember("cli_path"))
        settings->AddMember("cli_path", uap::json::string_value(cli.string(), settings->GetAllocator()), settings->GetAllocator());
    fs::create_directories(project / "UserSettings" / "AgentPanel");
    std::ofstream(uap::agent::AgentSettings::file_for(project)) << uap::json::to_text(*settings);

    uap::app::HostOptions options;
    options.project = project;
    options.plugin_folders = {fs::path(UAP_AGENT_TEST_PLUGINS)};
    options.agent = uap::app::AgentMode::StartCli;
    options.version = "test";
    options.hook_binary = hook_binary;
    options.agent_environment = offline_cli_environment(home, root / "t");
    options.agent_environment.push_back("ANTHROPIC_BASE_URL=http://127.0.0.1:" + std::to_string(fake_port));
    ::setenv("CLAUDECODE", "1", 1); // Inherited by the host as in a nested run: must be scrubbed.
    host = std::make_unique<uap::app::HostApplication>(options);
    auto started = host->start();
    ASSERT_TRUE(started) << started.error().message();
    if (notices == StartNotices::Refused) {
        ASSERT_TRUE(host->notices().empty()) << host->notices().front();
    }
    port = host->port();
    panel_token = host->tokens().token(uap::server::Role::Panel);
}

std::unique_ptr<PanelClient> RealCli::connect() { return std::make_unique<PanelClient>(port, panel_token); }

std::vector<std::string> RealCli::main_requests() {
    std::vector<std::string> bodies;
    std::ifstream stream(root / "requests.jsonl");
    std::string line;
    while (std::getline(stream, line)) {
        auto record = uap::json::parse(line);
        if (record && record->IsObject() && uap::json::string_field(*record, "kind").value_or("") == "main")
            bodies.push_back(uap::json::to_text((*record)["body"]));
    }
    return bodies;
}

int RealCli::wait_turn(PanelClient& client, size_t from, std::chrono::milliseconds limit) {
    return client.wait_for_type("turn_finished", limit, from);
}

} // namespace uap::agent_test
