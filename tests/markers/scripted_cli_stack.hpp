// A tool stack whose agent is the scripted stand-in for the claude CLI (tests/agent/fake-cli), for
// tests that send messages from a panel and read what the agent was given.
#pragma once

#include "tool_stack.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace uap::testing {

// The stack's options: the agent started with environment (FAKE_CLI_MODE and the like), and the
// project's agent settings pointing at the scripted CLI.
inline ToolStackOptions scripted_cli_options(std::vector<std::string> environment) {
    ToolStackOptions options;
    options.start_agent = true;
    options.agent_environment = std::move(environment);
    options.prepare = [](const std::filesystem::path& project) {
        std::filesystem::create_directories(project / "UserSettings" / "AgentPanel");
        std::ofstream(project / "UserSettings" / "AgentPanel" / "agent-settings.json")
            << R"({"cli_path":")" << UAP_AGENT_FAKE_CLI_DIR << R"(/scripted-cli.sh"})";
        return std::vector<std::string>{};
    };
    return options;
}

} // namespace uap::testing
