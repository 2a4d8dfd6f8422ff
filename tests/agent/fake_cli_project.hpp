// A temporary folder with a project whose agent settings point at the scripted fake CLI
// (tests/agent/fake-cli/scripted-cli.sh); removed with everything in it at scope exit.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace uap::agent_test {

class FakeCliProject {
public:
    FakeCliProject() {
        std::string pattern = "/tmp/uapf-XXXXXX";
        if (!::mkdtemp(pattern.data()))
            throw std::runtime_error("mkdtemp failed");
        m_root = pattern;
        std::filesystem::create_directories(project() / "UserSettings" / "AgentPanel");
        std::ofstream(project() / "UserSettings" / "AgentPanel" / "agent-settings.json")
            << R"({"cli_path":")" << UAP_AGENT_FAKE_CLI_DIR << R"(/scripted-cli.sh"})";
    }
    ~FakeCliProject() {
        std::error_code ignored;
        std::filesystem::remove_all(m_root, ignored);
    }
    FakeCliProject(const FakeCliProject&) = delete;
    FakeCliProject& operator=(const FakeCliProject&) = delete;

    const std::filesystem::path& root() const { return m_root; }
    std::filesystem::path project() const { return m_root / "project"; }

private:
    std::filesystem::path m_root;
};

} // namespace uap::agent_test
