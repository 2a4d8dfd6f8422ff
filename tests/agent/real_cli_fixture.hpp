// The fixture of the real-CLI agent tests: the pinned Claude Code CLI (tests/node) against the
// scripted fake Messages API, with the host (MCP endpoint, modules, hook, /panel) in this process.
#pragma once

#include "panel_client.hpp"

#include "app/host_application.hpp"
#include "support/child_process.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace uap::agent_test {

std::string read_text(const std::filesystem::path& file);
bool is_type(const rapidjson::Document& message, const char* type);
// A panel `send` command; extra is more members, e.g. R"("images":[...])".
std::string send_command(const std::string& text, const std::string& extra = "");
// Sends a command with this id and waits for its command_result: "ok", or the host's error text
// ("<no answer>" when none came within 20 s).
std::string command_outcome(PanelClient& client, const std::string& json_text, const std::string& id);
// Checks condition every 50 ms until it holds (true) or limit has passed (false): a wait for an
// effect nothing announces, never a sleep that stands in for an assertion.
bool eventually(const std::function<bool()>& condition, std::chrono::milliseconds limit);

class RealCli : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;

    // Starts the fake API with these steps, the host (MCP + panel) and the agent session. A host
    // start with notices fails the test unless the test expects them (e.g. a CLI that is missing).
    enum class StartNotices { Refused, Expected };
    void start(const std::string& steps_json, const std::string& settings_json = "{}", StartNotices notices = StartNotices::Refused);
    std::unique_ptr<PanelClient> connect();
    // Main-conversation request bodies the fake API received, in order.
    std::vector<std::string> main_requests();
    // Waits for a turn_finished after message index `from`; returns its index.
    int wait_turn(PanelClient& client, size_t from = 0, std::chrono::milliseconds limit = std::chrono::seconds(60));

    std::filesystem::path cli, root, project, home;
    std::filesystem::path hook_binary = UAP_AGENT_HOST_BINARY;
    int fake_port = 0;
    uint16_t port = 0;
    std::unique_ptr<uap::ChildProcess> fake;
    std::string panel_token;
    std::unique_ptr<uap::app::HostApplication> host;
};

} // namespace uap::agent_test
