// Bridge + in-process editor simulator for one-off tool calls.
#include "app/simulator_editor.hpp"

#include "version.hpp"

namespace uap::app {

SimulatorEditor::SimulatorEditor(const std::filesystem::path& project, server::AccessTokens tokens)
    : m_tokens(std::move(tokens)), m_guard(m_tokens, server::default_max_body_bytes), m_router(m_guard),
      m_editor(project, host_version), m_server(m_guard, m_router, server::ServerOptions{}) {
    m_server.add_upgrade_route(m_editor.route());
}

SimulatorEditor::~SimulatorEditor() {
    m_editor.stop();
    m_server.stop();
}

Expected<std::unique_ptr<SimulatorEditor>> SimulatorEditor::start(const std::filesystem::path& project) {
    auto tokens = server::AccessTokens::generate();
    if (!tokens)
        return tokens.error();
    std::unique_ptr<SimulatorEditor> editor(new SimulatorEditor(project, std::move(*tokens)));
    auto port = editor->m_server.start();
    if (!port)
        return port.error();
    if (auto started = editor->m_editor.start_simulator(*port, editor->m_tokens.token(server::Role::Editor)); !started)
        return started.error();
    return editor;
}

} // namespace uap::app
