// The host's editor side: the bridge route and the optional in-process simulator.
#include "app/editor_connection.hpp"
#include "support/processes.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

#include <uap/editor_sim/editor_simulator.hpp>
#include <uap/editor_sim/simulated_editor.hpp>

namespace uap::app {

using bridge::BridgeOptions;
using bridge::BridgeServer;

Expected<EditorMode> parse_editor_mode(const std::optional<std::string>& text) {
    if (!text || *text == "unity")
        return EditorMode::Unity;
    if (*text == "sim")
        return EditorMode::Simulator;
    return Error("--editor must be unity or sim");
}

EditorConnection::EditorConnection(const std::filesystem::path& project, std::string host_version) : m_project(project) {
    BridgeOptions options;
    options.project_path = utf8::from_path(project);
    options.host_version = std::move(host_version);
    m_bridge = std::make_unique<BridgeServer>(options);
}

EditorConnection::~EditorConnection() { stop(); }

server::UpgradeRoute bridge_route(bridge::BridgeServer& bridge) {
    auto admit = [](const server::HeaderList& headers) -> std::optional<server::Rejection> {
        // The shared guard admits loopback Origins (the web panel); the editor bridge admits none.
        if (headers.find("Origin"))
            return server::Rejection{403, "requests carrying an Origin (web pages) may not reach the editor bridge; only the Unity "
                                          "package connects here"};
        return std::nullopt;
    };
    return server::UpgradeRoute{"/bridge", server::Role::Editor, [&bridge](Poco::Net::WebSocket& socket) { bridge.serve_connection(socket); },
                                admit};
}

server::UpgradeRoute EditorConnection::route() { return bridge_route(*m_bridge); }

Expected<void> EditorConnection::start_simulator(uint16_t port, const std::string& editor_token) {
    editor_sim::SimulatorIdentity identity;
    identity.project_path = utf8::from_path(m_project);
    identity.editor_pid = processes::current_id();
    identity.editor_session_id = "sim-in-host-" + std::to_string(::getpid());
    m_simulator = std::make_unique<editor_sim::EditorSimulator>(identity);
    m_simulator->build_sample_scene();
    editor_sim::HostEndpoint endpoint;
    endpoint.port = port;
    endpoint.token = editor_token;
    m_editor = std::make_unique<editor_sim::SimulatedEditor>(*m_simulator, endpoint,
                                                             [](const std::string& line) { log::simulator.info("{}", line); });
    m_editor->start();
    if (!m_editor->wait_connected(std::chrono::seconds(10)))
        return Error("the editor simulator did not connect to the bridge" +
                     (m_editor->refused() ? ": " + m_editor->refusal() : std::string()));
    return {};
}

void EditorConnection::stop() {
    if (m_editor)
        m_editor->stop();
    m_editor.reset();
    if (m_bridge)
        m_bridge->shutdown();
}

} // namespace uap::app
