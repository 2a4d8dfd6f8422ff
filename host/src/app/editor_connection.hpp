// The host's editor side: the bridge server mounted at /bridge for the editor role and, with
// `--editor sim`, the editor simulator running in-process as the connected editor.
#pragma once

#include "bridge/bridge_server.hpp"
#include "server/host_server.hpp"
#include "support/expected.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace uap::editor_sim {
class EditorSimulator;
class SimulatedEditor;
}

namespace uap::app {

enum class EditorMode { Unity, Simulator };

// Parses the --editor value: absent or "unity" waits for the Unity shim; "sim" runs the simulator.
Expected<EditorMode> parse_editor_mode(const std::optional<std::string>& text);

// The /bridge upgrade route for the editor role: refuses any Origin, then serves the socket on the
// bridge (Host and the editor token are checked by the server's guard).
server::UpgradeRoute bridge_route(bridge::BridgeServer& bridge);

class EditorConnection {
public:
    EditorConnection(const std::filesystem::path& project, std::string host_version);
    ~EditorConnection();

    bridge::BridgeServer& bridge() { return *m_bridge; }
    // The /bridge upgrade route for the editor role.
    server::UpgradeRoute route();
    // Starts the simulator with the sample scene and connects it to the running server.
    Expected<void> start_simulator(uint16_t port, const std::string& editor_token);
    // The running simulator's model (for tests and benchmarks that build large scenes); null before start_simulator.
    editor_sim::EditorSimulator* simulator() { return m_simulator.get(); }
    // The running simulated editor's connection (tests inject reloads through it); null before start_simulator.
    editor_sim::SimulatedEditor* simulated_editor() { return m_editor.get(); }
    void stop();

private:
    std::filesystem::path m_project;
    std::unique_ptr<bridge::BridgeServer> m_bridge;
    std::unique_ptr<editor_sim::EditorSimulator> m_simulator;
    std::unique_ptr<editor_sim::SimulatedEditor> m_editor;
};

} // namespace uap::app
