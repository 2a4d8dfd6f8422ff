// The composition root: builds and owns the host's object graph (settings, modules, tokens, the
// HTTP server with /mcp, /bridge and /panel, the editor side and the agent) and starts and stops it
// in order. `uap-host serve` and the tests build the host only through this class.
#pragma once

#include "agent/agent_session.hpp"
#include "app/editor_connection.hpp"
#include "support/clock.hpp"
#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace uap::bridge {
class BridgeServer;
}
namespace uap::mcp {
class ToolProvider;
}
namespace uap::modules {
class ModuleHost;
}
namespace uap::panel {
class PanelHub;
}
namespace uap::profiles {
class ProfileService;
}
namespace uap::server {
class AccessTokens;
}
namespace uap::settings {
class ProjectSettings;
}

namespace uap::app {

class AgentService;

// Whether the claude CLI session starts with the host; the /panel route is served either way.
enum class AgentMode { PanelOnly, StartCli };

struct HostOptions {
    std::filesystem::path project;
    uint16_t port = 0; // 0: a free port chosen by the system.
    EditorMode editor = EditorMode::Unity;
    AgentMode agent = AgentMode::PanelOnly;
    std::vector<std::filesystem::path> plugin_folders; // From --plugins; searched before the others.
    std::string version;
    // The binary the CLI runs as the script gate's hook: this executable unless set (tests, whose
    // own executable is not uap-host).
    std::filesystem::path hook_binary;
    // NAME=value pairs added to the CLI's environment (tests point it at a fake Messages API).
    std::vector<std::string> agent_environment;
    // What the agent opens first: a fresh session, or the project's newest transcript (serve).
    agent::FirstSession first_session = agent::FirstSession::Fresh;
    // The browser panel's files; empty: <prefix>/share/uap/web next to the executable.
    std::filesystem::path web_files;
    // The clock modules read through monotonic_ms (marker time-to-live); null: the steady clock.
    // Tests pass a manual clock to expire markers without sleeping.
    const Clock* module_clock = nullptr;
    // The bundled extension profiles; empty: <prefix>/share/uap/profiles next to the executable.
    std::filesystem::path profiles_folder;
    // The editor's log (serve --editor-log; the package passes Application.consoleLogPath); empty: the
    // project's Logs/Editor.log or the platform's default, whichever was written last.
    std::filesystem::path editor_log;
};

class HostApplication {
public:
    explicit HostApplication(HostOptions options);
    ~HostApplication();
    HostApplication(const HostApplication&) = delete;
    HostApplication& operator=(const HostApplication&) = delete;

    // Loads settings and modules, writes the token and discovery files, serves, connects the
    // simulator when asked and starts the agent. On failure everything started is stopped again.
    Expected<void> start();
    // Stops in reverse order and removes the discovery file. Safe to call twice.
    void stop();

    uint16_t port() const;
    std::string mcp_url() const;
    const server::AccessTokens& tokens() const;
    const settings::ProjectSettings& settings() const;
    // The current module registry (it is rebuilt when packs are enabled, disabled, installed or removed).
    const modules::ModuleHost& modules() const;
    bridge::BridgeServer& bridge();
    // The editor side (the in-process simulator's model with EditorMode::Simulator).
    EditorConnection& editor();
    // Every tool the MCP endpoint serves: the modules' and the project's C# tools.
    const mcp::ToolProvider& served_tools() const;
    panel::PanelHub& panel();
    AgentService& agent();
    profiles::ProfileService& profiles();
    // A fresh one-time sign-in link for the browser panel (http://127.0.0.1:<port>/login?code=...).
    Expected<std::string> sign_in_url();

    // Warnings met while starting (a recovered settings file, an agent that did not start).
    const std::vector<std::string>& notices() const { return m_notices; }

    struct Graph; // The object graph; defined where it is built.

private:

    HostOptions m_options;
    std::unique_ptr<Graph> m_graph;
    std::vector<std::string> m_notices;
};

} // namespace uap::app
