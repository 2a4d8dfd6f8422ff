// The host built through the composition root exactly as `uap-host serve --editor sim` builds it
// (the bundled packs, the MCP endpoint and the bridge on one loopback HTTP server, the in-process
// simulator as the editor), driven by an MCP client session over HTTP. Tests also reach the editor
// directly for full-scene dumps and undo, which no tool offers.
#pragma once

#include "fakes/json_at.hpp"

#include <rapidjson/document.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace uap {
class Clock;
namespace app {
class HostApplication;
}
} // namespace uap

namespace uap::testing {

// A project file as a test plants it (folders created) and as a test reads it back, byte for byte.
void write_project_file(const std::filesystem::path& path, const std::string& text);
std::string read_project_file(const std::filesystem::path& path);

struct ToolReply {
    bool is_error = true;
    std::string text;             // The first text content block.
    rapidjson::Document value;    // text parsed as JSON when it is an object (successful calls).
};

// Which editor the host serves: the in-process simulator (connected at once), or a Unity editor that
// never connects (as one that cannot load the package).
enum class StackEditor { Simulator, NeverConnects };

struct ToolStackOptions {
    StackEditor editor = StackEditor::Simulator;
    // serve --editor-log, relative to the project folder (empty: the host's own search).
    std::filesystem::path editor_log;
    std::string settings_json;    // The project's host-settings.json; empty for the defaults.
    bool start_agent = false;     // Start the claude CLI session (with agent_environment).
    std::filesystem::path hook_binary;
    std::vector<std::string> agent_environment;
    // Runs on the fresh project folder before the host starts (for example to write agent settings);
    // returns more NAME=value entries for the agent's environment.
    std::function<std::vector<std::string>(const std::filesystem::path& project)> prepare;
    const Clock* module_clock = nullptr;               // What modules' monotonic_ms reads; null: the steady clock.
    std::vector<std::filesystem::path> plugin_folders; // Extra packs (--plugins).
};

class ToolStack {
public:
    explicit ToolStack(ToolStackOptions options = {});
    ~ToolStack();
    ToolStack(const ToolStack&) = delete;
    ToolStack& operator=(const ToolStack&) = delete;

    // One JSON-RPC request on the MCP session; the parsed response envelope.
    rapidjson::Document rpc(const std::string& method, const std::string& params_json);
    // The raw body of a JSON-RPC request (for measuring tools/list).
    std::string rpc_body(const std::string& method, const std::string& params_json);
    ToolReply call(const std::string& tool, const std::string& arguments_json);

    // A primitive sent straight to the editor over the bridge; the result JSON, or the error JSON.
    std::string editor(const std::string& method, const std::string& params_json);
    // Every object of every open scene with every component's serialized properties, in order.
    std::string scene_dump();

    const std::filesystem::path& project() const;
    uint16_t port() const;
    int cli_pid() const; // The agent's claude CLI process (0 when none runs).
    // The tool names of one loaded pack ("uap.core").
    std::vector<std::string> pack_tools(const std::string& pack_id) const;
    std::string token(const char* role) const; // "mcp", "editor" or "panel".
    // Loads a simulator fixture (user types, menus, calls; docs/simulator-deviations.md); why it was refused, or empty.
    std::string load_fixture(const std::string& fixture_json);
    // Adds count root objects to the simulated scene directly (for benchmarks at scale).
    void add_flat_objects(std::size_t count);
    // Adds count objects as chains chain_length deep ("/Chain<n>/Link1/Link2/...").
    void add_nested_objects(std::size_t count, std::size_t chain_length);
    // The host itself (its simulator, bridge and module registry), for tests that drive the editor side.
    app::HostApplication& host();

private:
    struct Parts;
    std::unique_ptr<Parts> m_parts;
};

} // namespace uap::testing
