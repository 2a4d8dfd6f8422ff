// Builds the host's object graph in dependency order (host_graph.hpp) and tears it down in reverse.
#include "app/host_application.hpp"

#include "app/host_graph.hpp"
#include "server/discovery_file.hpp"
#include "support/log.hpp"

namespace uap::app {

HostApplication::HostApplication(HostOptions options) : m_options(std::move(options)) {
    m_options.project = std::filesystem::absolute(m_options.project);
}

HostApplication::~HostApplication() { stop(); }

Expected<void> HostApplication::start() {
    auto graph = build_foundation(m_options, m_notices);
    if (!graph)
        return graph.error();
    build_tools(**graph, m_options);
    build_server(**graph, m_options);
    build_agent(**graph, m_options);
    build_profiles(**graph, m_options);
    build_panel(**graph, m_options);
    auto port = start_serving(**graph);
    if (!port)
        return port.error();
    m_graph = std::move(*graph);
    // From here on a failure stops what runs, in reverse order.
    if (auto published = publish_discovery(*m_graph, m_options, *port); !published) {
        stop();
        return published.error();
    }
    if (m_options.editor == EditorMode::Simulator)
        if (auto started = m_graph->editor->start_simulator(*port, m_graph->tokens->token(server::Role::Editor)); !started) {
            stop();
            return started.error();
        }
    if (m_options.agent == AgentMode::StartCli)
        if (auto started = m_graph->agent->start(m_graph->discovery.mcp_url()); !started) {
            m_notices.push_back("the claude CLI session did not start: " + started.error().message());
            log::agent.warn("{}", m_notices.back());
        }
    return {};
}

void HostApplication::stop() {
    if (!m_graph)
        return;
    m_graph->editor_log_watch.reset();
    m_graph->registry_watcher->stop();
    m_graph->profile_watcher->stop();
    m_graph->editor_activity_ticker->stop();
    m_graph->editor->bridge().unsubscribe(m_graph->editor_events_ticket);
    m_graph->editor->bridge().unsubscribe(m_graph->project_tools_ticket);
    m_graph->notifications->stop(); // Ends the open event streams, so the server can stop.
    // Jobs see cancellation, and isolated runners stop now, so calls stuck in them end before the
    // server waits for its workers; then the jobs' threads are waited for.
    m_graph->jobs->cancel_all();
    m_graph->tools->host()->abort_calls();
    m_graph->jobs->stop();
    m_graph->agent->stop();
    m_graph->editor->stop();
    if (m_graph->serving)
        m_graph->http->stop();
    server::remove_discovery(m_options.project, m_graph->discovery.pid);
    m_graph.reset();
}

uint16_t HostApplication::port() const { return m_graph->discovery.port; }
std::string HostApplication::mcp_url() const { return m_graph->discovery.mcp_url(); }
const server::AccessTokens& HostApplication::tokens() const { return *m_graph->tokens; }
const settings::ProjectSettings& HostApplication::settings() const { return *m_graph->settings; }
const modules::ModuleHost& HostApplication::modules() const { return *m_graph->tools->host(); }
bridge::BridgeServer& HostApplication::bridge() { return m_graph->editor->bridge(); }
EditorConnection& HostApplication::editor() { return *m_graph->editor; }
const mcp::ToolProvider& HostApplication::served_tools() const { return *m_graph->served_tools; }
panel::PanelHub& HostApplication::panel() { return m_graph->agent->hub(); }
AgentService& HostApplication::agent() { return *m_graph->agent; }
profiles::ProfileService& HostApplication::profiles() { return *m_graph->profiles; }
Expected<std::string> HostApplication::sign_in_url() { return m_graph->web->sign_in_url(port()); }

} // namespace uap::app
