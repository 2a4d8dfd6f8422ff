// The serve-shaped host stack with the real Claude Code CLI as its agent, whose Messages API is the
// scripted fake (tests/node/fake-anthropic): the set-up the real-CLI tool tests share.
#pragma once

#include "tool_stack.hpp"

#include "../agent/panel_client.hpp"

#include "support/child_process.hpp"

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace uap::testing {

struct CliStackOptions {
    // The fake API's steps, given the project folder (for steps that name files in it).
    std::function<std::string(const std::filesystem::path& project)> steps;
    std::vector<std::filesystem::path> plugin_folders; // Extra packs (--plugins).
    std::string auto_approve = "all_unity_tools";      // The agent settings' auto_approve level.
    std::vector<std::string> always_allow;             // The agent settings' always_allow rules.
};

class CliStack {
public:
    // Starts everything; check ready() (a gtest ASSERT cannot leave a constructor).
    explicit CliStack(const CliStackOptions& options);
    ~CliStack();
    CliStack(const CliStack&) = delete;
    CliStack& operator=(const CliStack&) = delete;

    // Empty when the stack runs; otherwise what is missing.
    const std::string& problem() const { return m_problem; }
    ToolStack& stack() { return *m_stack; }
    agent_test::PanelClient& client() { return *m_client; }
    // The fake API's record: one JSON line per request it received.
    std::filesystem::path requests_file() const { return m_root / "requests.jsonl"; }
    // The bodies of the main-conversation requests the fake API received, in order.
    std::vector<rapidjson::Document> main_requests() const;
    // Keeps the scratch folder for a failed test's post-mortem.
    void keep_files() { m_keep = true; }

private:
    std::filesystem::path m_root;
    std::string m_problem;
    bool m_keep = false;
    std::unique_ptr<ChildProcess> m_fake;
    std::unique_ptr<ToolStack> m_stack;
    std::unique_ptr<agent_test::PanelClient> m_client;
};

} // namespace uap::testing
