// An AgentSession on a project whose CLI is the scripted fake (tests/agent/fake-cli/scripted-cli.sh
// in the mode a test names), with every panel event it published kept for the test to search.
#pragma once

#include "fakes/eventually.hpp"
#include "agent/agent_session.hpp"
#include "fake_cli_project.hpp"
#include "panel/panel_hub.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace uap::agent_test {

inline std::string read_text(const std::filesystem::path& file) {
    std::ifstream stream(file);
    return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
}

using uap::testing::eventually;

class FakeCli : public ::testing::Test {
protected:
    void TearDown() override { session.reset(); }
    void start(const std::string& mode, uap::agent::AgentOptions options = {}) {
        options.project = root / "project";
        options.mcp_url = "http://127.0.0.1:9/mcp";
        options.mcp_token = "t";
        options.environment_overrides = {"FAKE_CLI_MODE=" + mode, "FAKE_CLI_LOG=" + (root / "starts.log").string()};
        options.max_line_bytes = 1024 * 1024;
        options.control_timeout = std::chrono::seconds(2);
        session = std::make_unique<uap::agent::AgentSession>(options, hub);
        hub.subscribe([this](const std::string& text) {
            std::lock_guard lock(mutex);
            events.push_back(text);
            return true;
        });
        ASSERT_TRUE(session->start());
    }
    bool saw(const std::string& fragment) {
        std::lock_guard lock(mutex);
        for (auto& text : events)
            if (text.find(fragment) != std::string::npos)
                return true;
        return false;
    }

    FakeCliProject folder;
    const std::filesystem::path root = folder.root();
    uap::panel::PanelHub hub;
    std::unique_ptr<uap::agent::AgentSession> session;
    std::mutex mutex;
    std::vector<std::string> events;
};

} // namespace uap::agent_test
